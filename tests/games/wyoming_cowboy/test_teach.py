"""The game in words: moves, refusals, why a card waits, the score so far, hints."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from games.base import GameError
from games.testing import play_one
from games.wyoming_cowboy import GAME
from games.wyoming_cowboy.state import Phase, Step
from tests.games.wyoming_cowboy.helpers import act, build


def test_a_shot_with_a_45_says_it_can_hit_a_protected_cowboy():
    st = build(hands={0: "9C 9D"}, guns={0: [("45", "4H 5H")]})
    shoot = {"type": "shoot", "gun": "g1", "target": 2}
    assert GAME.describe(st, 0, shoot) == ("Shoot {seat:2} with your .45 — can hit a "
                                           "protected cowboy")


def test_a_5_discarded_says_it_draws_two():
    st = build(hands={0: "5C 9D"})
    words = [GAME.describe(st, 0, a) for a in GAME.legal_actions(st, 0)
             if a["type"] == "discard" and a["card"] == "5C" and a["pile"] == 2]
    assert words == ["Skip your action and discard the Five of clubs, then draw 2 from the "
                     "pile (a 5 lets you draw two)"]


def test_a_6_that_may_not_go_is_explained_and_its_refusal_names_the_rule():
    st = build(hands={0: "6C QH 9D"})
    why = GAME.why_not(st, 0)
    assert why["6C"].anchor == "sixes"
    assert "every other card" in why["6C"].text
    with pytest.raises(GameError) as err:
        GAME.apply(st, 0, {"type": "discard", "card": "6C", "pile": 1, "discard": 0})
    assert err.value.rule is not None and err.value.rule.anchor == "sixes"


def test_a_gun_pulled_this_turn_says_when_it_fires():
    st = build(hands={0: "9C"}, guns={0: [("38", "3H 8H")]}, fresh_guns=True,
               step=Step.DISCARD)
    assert "next turn" in GAME.why_not(st, 0)["3H"].text


def test_a_card_is_noted_with_what_it_does():
    # Every gun a card is part of: the plain .357 (3-5-7 of any suits) was left out of the 5's.
    assert GAME.card_notes()["5H"].startswith("Part of the .45 (with the 4 of its suit), the "
                                              ".357 (with a 3 and a 7) and the quick draw; "
                                              "discarding it lets you draw two")


def test_the_score_so_far_is_the_hand_as_it_will_score_for_every_seat_the_last_move_left_alone():
    checked = 0
    for seed in range(6):
        g = play_one(GAME, 4, seed, first=True)
        for i, (seat, _) in enumerate(g.actions):
            before, after, events = g.states[i], g.states[i + 1], g.events[i]
            end = next((e for e in events if e["type"] == "hand_end"), None)
            if end is None:
                continue
            touched = {seat, before.pending.get("victim"), before.pending.get("shooter")}
            for s in range(4):
                if s in touched:
                    continue
                so_far = GAME.score_so_far(before, s)
                bonus = 30 if s == end["ender"] else 0
                assert so_far["total"] + bonus == after.totals[s]
                checked += 1
    assert checked >= 6


def test_the_score_so_fars_lines_add_up_to_its_total():
    """The earlier hands are a line of their own: a total that is not the sum of the
    lines above it reads as a mistake."""
    rng = random.Random(4)
    state = GAME.new_game(GAME.parse_options({"max_hands": 2}), 3, 4)
    earlier = 0
    while GAME.result(state) is None:
        for s in range(3):
            so_far = GAME.score_so_far(state, s)
            assert sum(p for _, p in so_far["lines"]) == so_far["total"], so_far
            earlier += so_far["lines"][0][0] == "Earlier hands"
        seat = rng.choice(sorted(GAME.to_act(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert earlier  # the second hand was reached


def test_a_score_so_far_a_move_left_alone_is_the_object_it_was():
    # A document then holds the very object it held, which a patch passes over.
    kept = changed = 0
    g = play_one(GAME, 4, 3, first=True)
    for before, after in pairwise(g.states):
        for s in range(4):
            old, new = GAME.score_so_far(before, s), GAME.score_so_far(after, s)
            if old == new and before.phase == after.phase == Phase.TURN:
                assert old is new
                kept += 1
            elif old != new:
                assert old is not new
                changed += 1
    assert kept >= 20 and changed >= 20


def test_why_a_card_waits_and_the_hints_follow_each_state_not_an_earlier_one():
    # The words once read a legal list kept on the state itself, which every copy
    # carried along: after the first state asked, each later one read its legal list.
    st = GAME.new_game(GAME.parse_options(GAME.quick_options), 4, 7)
    for n in range(120):
        if GAME.is_over(st):
            break
        fresh = GAME.load(GAME.dump(st))  # nothing kept on it yet
        for seat in range(4):
            assert GAME.why_not(st, seat) == GAME.why_not(fresh, seat)
            assert GAME.situations(st, seat) == GAME.situations(fresh, seat)
        seat = min(GAME.to_act(st))
        legal = GAME.legal_actions(st, seat)
        st, _ = GAME.apply(st, seat, legal[n % len(legal)])


@pytest.mark.parametrize(("seats", "opts", "across"), [
    (3, None, False), (4, None, True), (5, None, False),
    (5, {"across_with_odd_seats": "left"}, True)])
def test_the_dealers_hint_offers_the_directions_the_table_has(seats, opts, across):
    st = build(seats, phase=Phase.DIRECTION, dealer=0, opts=opts)
    hint = GAME.situations(st, 0)["direction"].text
    assert ("across the table" in hint) is across
    offered = {a["direction"] for a in GAME.legal_actions(st, 0)}
    assert ("across" in offered) is across


def shot_at(victim: str, *, pile_empty: bool = False, kind: str = "38", cards: str = "3C 8D"):
    """Returns the position where seat 1, holding ``victim``, is asked to answer a shot."""
    st = build(hands={0: "7S", 1: victim}, guns={0: [(kind, cards)]})
    if pile_empty:
        st.hands[2] = st.pile
        st.pile = []
    st, _ = GAME.apply(st, 0, {"type": "shoot", "gun": "g1", "target": 1})
    return st


@pytest.mark.parametrize(("victim", "pile_empty", "said"), [
    ("KH 8C", False, "a card turned from the pile decides"),
    ("8C 9D", False, "it can reach none of your cowboys, so it misses"),
    ("KH 8C", True, "no card is left to turn for it, so it misses")])
def test_letting_a_shot_come_says_what_will_happen(victim, pile_empty, said):
    st = shot_at(victim, pile_empty=pile_empty)
    assert GAME.describe(st, 1, {"type": "stand"}) == f"Let the shot come: {said}"
    # As said, so done: a shot that can only miss, misses, with no card turned.
    _, events = GAME.apply(st, 1, {"type": "stand"})
    if "misses" in said:
        assert [e["type"] for e in events][:1] == ["miss"]  # nothing rebuilt or turned
    else:
        assert any(e["type"] == "shot_card" for e in events)


def test_the_nine_pass_hint_says_to_lose_a_6_only_to_a_hand_holding_one():
    st = build(hands={0: "9H 2C 3C 4C", 1: "5D 6D", 2: "8S JS", 3: "KD QC"})
    st, _ = act(st, 0, type="nine", card="9H", direction="left")
    with_six, without = GAME.situations(st, 1)["nine_pass"], GAME.situations(st, 2)["nine_pass"]
    assert with_six.anchor == without.anchor == "playing-a-9"
    assert "Time to lose a 6" in with_six.text
    assert "6" not in without.text and "lone queen (-25)" in without.text, without.text
