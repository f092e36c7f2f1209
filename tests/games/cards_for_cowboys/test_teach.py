"""The game in words: moves, refusals, why a card waits, the score so far, hints."""

from __future__ import annotations

import json
from typing import Any

from games.cards_for_cowboys import GAME
from games.cards_for_cowboys import store as pyramid
from games.cards_for_cowboys.bots import PushYourLuckBot
from games.cards_for_cowboys.state import Phase, State
from games.leaks import leaked
from games.play import playout
from games.testing import play_one


def test_the_herd_so_far_is_the_herd_after_the_draw_for_every_seat_the_last_move_left_alone():
    checked = 0
    for seed in range(4):
        g = play_one(GAME, 3, seed, first=True)
        for i, (seat, _) in enumerate(g.actions):
            before, after = g.states[i], g.states[i + 1]
            if before.phase != Phase.DRAW or after.phase == Phase.DRAW:
                continue
            for s in range(3):
                if s != seat:
                    assert GAME.score_so_far(before, s)["total"] == after.players[s].herd
                    checked += 1
    assert checked >= 10


def test_every_card_is_noted_with_its_effect_and_price():
    notes = GAME.card_notes()
    assert "you must draw four more cards" in notes["c54"].lower()
    assert "Costs $5" in notes["c54"]
    assert notes["c91"].endswith("A starter card.")


def test_a_store_card_too_dear_says_what_it_costs():
    for seed in range(10):
        g = play_one(GAME, 2, seed, first=True)
        for st in g.states:
            if st.phase == Phase.BUY:
                buyer = st.order[st.buyer]
                for rule in GAME.why_not(st, buyer).values():
                    if rule.anchor == "buying" and "costs" in rule.text:
                        assert rule.text.startswith("It costs $")
                        return
    raise AssertionError("no Store card was ever too dear")


# ---- teaching parts built from kept pieces ---------------------------------------------
# The tallies and the refusals every seat shares are kept per state; the score so far,
# the refusals and the sentences on a card are cached on what they read.

def taught(state: State, seat: int) -> dict[str, Any]:
    """Returns what a document tells ``seat`` of ``state`` in words, as JSON."""
    return {
        "moves": [GAME.describe(state, seat, a) for a in GAME.known_legal(state, seat)],
        "why_not": {k: r.to_json() for k, r in GAME.why_not(state, seat).items()},
        "score": GAME.score_so_far(state, seat),
        "hints": {k: r.to_json() for k, r in GAME.situations(state, seat).items()},
    }


def smart_game(seats: int, seed: int) -> list[State]:
    states: list[State] = []
    playout(GAME, seats=seats, seed=seed, on_step=lambda st, *_: states.append(st),
            bots=[PushYourLuckBot() for _ in range(seats)])
    return states


def test_every_seats_teaching_part_in_any_order_equals_one_built_afresh_and_leaks_nothing():
    phases = set()
    for seats, seed in ((2, 0), (3, 5), (4, 6)):
        for n, st in enumerate(smart_game(seats, seed)):
            order = list(range(seats))[n % seats:] + list(range(seats))[:n % seats]
            if n % 2:
                order.reverse()
            if n % 3 == 0:
                GAME.view(st, None)  # the views keep the tallies too
            parts = {seat: taught(st, seat) for seat in order}
            for seat, part in parts.items():
                alone = GAME.load(GAME.dump(st))  # shares nothing with ``st``: asked once
                assert json.dumps(part) == json.dumps(taught(alone, seat)), (n, seat)
                assert not leaked(part, GAME.secrets(st, seat)), (n, seat)
            phases.add(st.phase)
    assert {Phase.DRAW, Phase.BUY, Phase.OVER} <= phases


def test_a_teaching_part_once_given_stays_as_it_was_while_later_states_are_taught():
    """What later parts share with it (the score so far, the rules) is read, never changed."""
    given = []
    for st in smart_game(3, 5):
        parts = {seat: taught(st, seat) for seat in (2, 0, 1)}
        given.append((st, parts, json.dumps(parts)))
    for st, parts, text in given:
        assert json.dumps(parts) == text
        assert json.dumps({seat: taught(st, seat) for seat in (2, 0, 1)}) == text


def test_a_seat_not_buying_is_told_why_and_the_buyer_what_each_card_costs():
    for st in smart_game(3, 5):
        if st.phase != Phase.BUY:
            continue
        buyer = st.order[st.buyer]
        for seat in range(3):
            rules = GAME.why_not(st, seat)
            up = [c for c in pyramid.face_up(st.store) if c in rules]
            if seat == buyer:
                assert all(rules[c].text.startswith("It costs $") for c in up)
            elif st.players[seat].status == "busted":
                assert all(rules[c].anchor == "busting" for c in up)
            else:
                assert all(rules[c].text.startswith(f"{{seat:{buyer}}} is buying") for c in up)
                assert set(up) == set(pyramid.face_up(st.store))


def test_passing_on_the_buy_says_more_only_after_a_card_was_bought():
    g = play_one(GAME, 2, 0, first=True)
    st = next(st for st in g.states if st.phase == Phase.BUY
              and not st.players[st.order[st.buyer]].bought
              and any(a["type"] == "buy" for a in GAME.known_legal(st, st.order[st.buyer])))
    buyer = st.order[st.buyer]
    pass_ = {"type": "pass"}
    assert pass_ in GAME.known_legal(st, buyer)
    # One name whether a card is affordable or not: passing declines the burns too.
    assert GAME.describe(st, buyer, pass_) == "Pass: neither buy nor burn a card this round"
    bought = st.clone()
    bought.own(buyer).bought = ["c74"]  # as after a buy with a buy left (an extra buy card)
    assert GAME.describe(bought, buyer, pass_) == \
        "Pass: neither buy nor burn another card this round"


def test_passing_when_every_card_can_only_be_burned_says_it_burns_nothing_either():
    for seed in range(40):
        g = play_one(GAME, 2, seed, first=True)
        found = [st for st in g.states if st.phase == Phase.BUY
                 and not any(a["type"] == "buy"
                             for a in GAME.known_legal(st, st.order[st.buyer]))]
        if found:
            break
    st = found[0]
    buyer = st.order[st.buyer]
    legal = GAME.known_legal(st, buyer)
    assert {a["type"] for a in legal} == {"burn", "pass"}
    pass_ = {"type": "pass"}
    said = GAME.describe(st, buyer, pass_)
    assert said == ("Pass: neither buy nor burn another card this round"
                    if st.players[buyer].bought
                    else "Pass: neither buy nor burn a card this round"), said


def test_a_draw_says_what_its_backs_cacti_mean():
    state = GAME.new_game(GAME.parse_options({}), 2, 0)
    said = {GAME.describe(state, s, a) for s in range(2) for a in GAME.known_legal(state, s)
            if a["type"] == "draw"}
    assert said and all(any(w in d for w in ("cactus: safe)", "cacti: mixed)", "cacti: risky)"))
                        for d in said), said


def test_a_trash_says_what_it_gives_once():
    """Trashing a card is said by its name and what it gives, never the card's rule twice
    ("Trash the 'Trash while drawing: ...' card: trash it while drawing: ...")."""
    from games.cards_for_cowboys.cards import SPEC_OF, spec
    from games.cards_for_cowboys.teach import describe

    state = play_one(GAME, 3, 0, first=True).states[0]
    said = {describe(state, 0, {"type": "trash", "card": c})
            for c in SPEC_OF if spec(c).effect.startswith("trash")}
    assert len(said) >= 5, said
    for text in said:
        words = text.lower().replace(":", "").split()
        runs = [" ".join(words[i:i + 3]) for i in range(len(words) - 2)]
        assert len(runs) == len(set(runs)), f"{text!r} says a thing twice"
        assert "while drawing" not in text and "leaves the game" in text, text
        # Named by words its face shows, not by its back (a strip of colour once drawn).
        assert not any(f"your {back} card" in text for back in ("river", "cactus",
                                                                 "rattlesnake")), text
