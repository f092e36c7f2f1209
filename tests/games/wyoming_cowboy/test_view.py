"""What each seat sees: its own hand, every table, counts of the rest; never a hidden card."""

from __future__ import annotations

import json
from itertools import permutations

import pytest

from games.base import RandomBot
from games.leaks import leaked
from games.play import playout
from games.rng import Rng
from games.wyoming_cowboy import GAME
from games.wyoming_cowboy.bots import SmartBot
from games.wyoming_cowboy.cards import sort_key
from games.wyoming_cowboy.state import Phase, State, Step
from tests.games.wyoming_cowboy.helpers import act, build, options


def position():
    return build(hands={0: "KH QS 7S", 1: "KD 5C 6C", 2: "JC", 3: "2H"}, badges={1: "AD"},
                 tens={2: "TS"}, guns={3: [("45", "4H 5H")]}, discards="9C 8H", shots="3D")


def test_a_seat_sees_its_own_hand_and_never_anothers():
    st = position()
    v = GAME.view(st, 0)
    assert v["my_hand"] == ["KH", "7S", "QS"]
    assert "5C" not in json.dumps(v) and "6C" not in json.dumps(v)
    assert not leaked(v, GAME.secrets(st, 0))


def test_the_view_shows_every_table_guns_tens_badges_and_couples():
    st = position()
    st.couples[0] = ["H"]
    seats = GAME.view(st, 2)["seats"]
    assert seats[3]["guns"] == [{"id": "g1", "kind": "45", "cards": ["4H", "5H"],
                                 "ready": True, "waits": None}]
    assert seats[2]["tens"] == ["TS"]
    assert seats[1]["badges"] == ["AD"]
    assert seats[0]["couples"] == ["H"]


def test_a_protected_cowboy_is_known_to_all_by_his_badge():
    st = position()
    assert "KD" not in GAME.secrets(st, 0)


def test_the_view_shows_hand_sizes_the_top_discard_and_pile_sizes():
    st = position()
    v = GAME.view(st, None)
    assert [s["hand_size"] for s in v["seats"]] == [3, 3, 1, 1]
    assert v["top_discard"] == "8H" and v["takeable_discard"] == "8H"
    assert v["top_shot"] == "3D" and v["shot_pile"] == 1
    assert v["draw_pile"] == len(st.pile) and v["discard_pile"] == 2


def test_the_view_shows_the_scores_the_phase_who_acts_and_a_prompt():
    v = GAME.view(position(), 1)
    assert v["scores"] == [0, 0, 0, 0] and v["phase"] == "turn" and v["to_act"] == [0]
    assert "{seat:0}" in v["prompt"]


def test_a_spectator_sees_no_hand():
    st = position()
    v = GAME.view(st, None)
    assert v["my_hand"] is None
    assert not leaked(v, GAME.secrets(st, None))
    assert GAME.secrets(st, None) >= {"7S", "5C", "JC", "2H"}


def test_cards_being_passed_are_hidden_from_the_others():
    st = build(hands={0: "9H 2C 3C 4C", 1: "5D 6D 7D"})
    st, _ = act(st, 0, type="nine", card="9H", direction="left")
    st, ev = act(st, 0, type="pass", cards=["2C", "3C"])
    assert st.phase == Phase.PASS
    assert GAME.view(st, 0)["my_pass"] == ["2C", "3C"]
    assert {"2C", "3C"} <= GAME.secrets(st, 1)
    assert not leaked(GAME.view(st, 1), GAME.secrets(st, 1))
    public = [e for e in ev if "only" not in e]
    assert not leaked(public, GAME.secrets(st, 1))


def test_a_protected_king_set_aside_to_pass_keeps_his_badge_in_view_until_all_have_chosen():
    """A badge leaving the table at once told every seat (the receiver first) that its
    king was being passed, before they chose their own cards."""
    def chosen(cards: list[str]) -> State:
        st = build(hands={0: "9C 3C 4C 5C", 1: "KD 2D 3D 4D", 2: "2H 3H 4H 5H",
                          3: "2S 3S 4S 5S"}, badges={1: "AD"}, turn=0)
        st, _ = act(st, 0, type="nine", card="9C", direction="left")
        return act(st, 1, type="pass", cards=cards)[0]

    king, plain = chosen(["2D", "KD"]), chosen(["2D", "3D"])
    assert king.phase == plain.phase == Phase.PASS and king.badges[1] == []
    for viewer in (0, 2, 3, None):
        assert GAME.view(king, viewer) == GAME.view(plain, viewer), viewer
    assert GAME.view(king, 2)["seats"][1]["badges"] == ["AD"]
    # Once every seat has chosen, the badge goes with its king.
    for seat, cards in ((0, ["3C", "4C"]), (2, ["2H", "3H"]), (3, ["2S", "3S"])):
        king, _ = act(king, seat, type="pass", cards=cards)
    assert king.phase != Phase.PASS
    assert GAME.view(king, 0)["seats"][1]["badges"] == []
    assert GAME.view(king, 0)["seats"][2]["badges"] == ["AD"]


def test_the_views_of_one_state_share_what_all_see_and_nothing_of_a_seat():
    """What every viewer sees alike is built once per state; a seat's own hand and the
    cards it chose to pass join only its own view, whatever order the views are asked in."""
    st = build(hands={0: "9H 2C 3C 4C", 1: "5D 6D 7D"})
    st, _ = act(st, 0, type="nine", card="9H", direction="left")
    st, _ = act(st, 0, type="pass", cards=["2C", "3C"])
    for order in permutations([0, 1, None, 2, 3]):
        s = GAME.copy(st)  # a copy keeps nothing of the views asked of another
        views = {v: GAME.view(s, v) for v in order}
        assert views[0]["seats"] is views[None]["seats"] is views[1]["seats"]
        assert views[0]["my_pass"] == ["2C", "3C"] and views[1]["my_pass"] is None
        assert views[0]["my_hand"] == ["4C"] and views[None]["my_hand"] is None
        for v, view in views.items():
            assert view["you"] == v
            assert not leaked(view, GAME.secrets(s, v)), (order, v)
            assert json.dumps(view) == json.dumps(GAME.view(GAME.copy(s), v))


def test_views_asked_in_any_order_equal_views_built_afresh():
    states: list[State] = []
    playout(GAME, seats=4, seed=3, options=GAME.parse_options(GAME.quick_options),
            on_step=lambda st, *_: states.append(st))
    for n, st in enumerate(states):
        order = [None, 3, 0, 1, 2] if n % 2 else [1, 0, 2, 3, None]
        views = {v: GAME.view(st, v) for v in order}
        for v, view in views.items():
            assert json.dumps(view) == json.dumps(GAME.view(GAME.copy(st), v))  # key order too
            assert not leaked(view, GAME.secrets(st, v))
            assert GAME.view(st, v) == view


def test_hands_are_revealed_when_the_hand_ends_and_the_breakdown_is_shown():
    st = build(hands={0: "TH 5C", 1: "KS QD"}, tens={1: "TC TD TS"},
               guns={2: [("22", "2C 2D")]})
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    v = GAME.view(st, 2)
    assert v["revealed"][0] == ["5C"]
    assert ["Cowboy: King of spades", 25] in v["last_hand"]["lines"][1]
    st, _ = act(st, GAME.to_act(st).__iter__().__next__(), type="deal")
    v = GAME.view(st, 2)
    assert v["revealed"] is None and v["last_hand"]["points"] == [40, 30, 0, 0]
    # How the last hand scored, shown to all as it ended, stays through the next.
    assert ["Cowboy: King of spades", 25] in v["last_hand"]["lines"][1]


def test_the_result_has_a_line_by_line_breakdown_per_seat():
    st = build(hands={0: "TH 5C", 1: "KS"}, tens={1: "TC TD TS"},
               guns={2: [("22", "2C 2D")]}, totals=[480, 0, 0, 0])
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    res = GAME.result(st)
    assert res is not None
    lines = res.detail["seats"][0]["lines"]
    assert {"hand": 1, "label": "Ending the hand: all the 10s and a .22 are on the table",
            "points": 30} in lines
    assert GAME.view(st, 0)["result"]["winners"] == [0]


def test_the_omniscient_view_shows_everything_but_the_generator():
    st = position()
    omni = GAME.omniscient_view(st)
    assert "rng" not in omni and omni["revealed"][1] == ["5C", "6C", "KD"]
    assert json.loads(json.dumps(omni)) == omni
    # Shaped like a seat's view (the spectator's), with what no seat sees added to it.
    spectator = GAME.view(st, None)
    assert {k: v for k, v in omni.items() if k in spectator and k != "revealed"} == {
        k: v for k, v in spectator.items() if k != "revealed"}
    assert omni["pile"] == st.pile and omni["discards"] == st.discards
    # Every card of the game is in it, where it lies.
    shown = [*sum(omni["revealed"], []), *omni["pile"], *omni["discards"], *omni["shots"],
             *omni["ace_pile"]]
    for seat in omni["seats"]:
        shown += [*seat["badges"], *seat["tens"], *(c for g in seat["guns"] for c in g["cards"])]
    held = [*sum(st.hands, []), *st.pile, *st.discards, *st.shots, *st.ace_pile,
            *sum(st.badges, []), *sum(st.tens, []),
            *(c for guns in st.guns for g in guns for c in g["cards"])]
    assert sorted(shown) == sorted(held) and {"KD", "4H", "TS", "AD", "3D", "9C"} <= set(shown)


def hands_exchanged(st: State, keep: set[int], rng: Rng) -> State:
    """Returns a copy in which the seats not in ``keep`` hold each other's cards at random.

    Hand sizes stay, and so does one king per badge (a protected king is public).
    """
    out = st.clone()
    others = [s for s in range(st.seats) if s not in keep]
    pinned: dict[int, list[str]] = {}
    pool: list[str] = []
    for s in others:
        hand = list(out.hands[s])
        pinned[s] = [hand.pop(hand.index("K" + a[1])) for a in out.badges[s]]
        pool += hand
    rng.shuffle(pool)
    for s in others:
        n = len(out.hands[s]) - len(pinned[s])
        out.hands[s] = sorted(pinned[s] + pool[:n], key=sort_key)
        pool = pool[n:]
    assert not GAME.invariants(out)
    return out


@pytest.mark.parametrize("seats,seed", [(3, 1), (4, 2), (4, 5), (5, 3)])
def test_whether_and_when_a_seat_is_asked_never_depends_on_cards_hidden_from_the_viewer(
        seats, seed):
    # The same action from a position that differs only in cards hidden from both the
    # actor and the viewer must lead to the same view: nobody learns a hidden card
    # from who is asked next, or from being asked at all.
    opts = GAME.parse_options(GAME.quick_options)
    bots = [SmartBot() if s % 2 else RandomBot() for s in range(seats)]
    st = GAME.new_game(opts, seats, seed)
    rng = Rng(seed)
    while GAME.result(st) is None:
        actor = rng.choice(sorted(GAME.to_act(st)))
        action = bots[actor].choose(GAME.view(st, actor), GAME.legal_actions(st, actor), rng)
        nxt, _ = GAME.apply(st, actor, action)
        for viewer in [None, *(s for s in range(seats) if s != actor)]:
            keep = {actor} if viewer is None else {actor, viewer}
            alt, _ = GAME.apply(hands_exchanged(st, keep, rng), actor, action)
            assert alt.phase == nxt.phase
            if nxt.phase not in (Phase.SCORING, Phase.OVER):
                assert GAME.view(alt, viewer) == GAME.view(nxt, viewer), (viewer, action)
        st = nxt


@pytest.mark.parametrize(("gun", "hand", "answers"), [
    ("38", "KD 8C", "you have no same-suit 3-5-7 to quick draw: let the shot come."),
    ("22", "KD 8C", "you have no 6 to backfire with and no same-suit 3-5-7 to quick draw"),
    ("22", "6D 8C", "you may backfire with a 6, or let the shot come."),
    ("38", "6D 3H 5H 7H", "you may quick draw a same-suit 3-5-7, or let the shot come."),
])
def test_a_shot_tells_its_victim_only_the_answers_its_hand_allows(gun, hand, answers):
    cards = {"38": "3C 8D", "22": "2C 2D"}[gun]

    def shot_at(victims_hand: str) -> State:
        st = build(hands={0: "7S", 1: victims_hand}, guns={0: [(gun, cards)]})
        return act(st, 0, type="shoot", gun="g1", target=1)[0]

    st = shot_at(hand)
    assert answers in GAME.view(st, 1)["prompt"]
    # The others are told the rule, the same whatever the victim holds, and that it
    # depends on what the victim holds (it read as if the victim could quick draw).
    others = GAME.view(st, 2)["prompt"]
    assert "a same-suit 3-5-7 to quick draw, if they hold one, or let the shot come" in others
    assert others == GAME.view(shot_at("KD 8C"), 2)["prompt"]


def test_a_hit_says_why_from_the_card_the_shot_turned():
    # The shot turns the Four of hearts: the King of spades cannot duck a heart.
    st = build(hands={0: "7S", 1: "KS 8C"}, guns={0: [("38", "3C 8D")]}, pile="4H")
    st, _ = act(st, 0, type="shoot", gun="g1", target=1)
    st, _ = act(st, 1, type="stand")
    assert st.step == Step.HAND_OVER
    victim, other = GAME.view(st, 1)["prompt"], GAME.view(st, 2)["prompt"]
    assert victim.startswith("You are hit (the shot turned the Four of hearts, and no cowboy "
                             "of yours without a badge is of hearts to duck it): hand"), victim
    assert "is hit (the shot turned the Four of hearts, and no cowboy of theirs" in other


def test_a_45s_hit_on_a_protected_king_says_so():
    st = build(hands={0: "7S", 1: "KS 8C"}, badges={1: "AS"}, guns={0: [("45", "4C 5C")]},
               pile="4S")
    st, _ = act(st, 0, type="shoot", gun="g1", target=1)
    st, _ = act(st, 1, type="stand")
    assert st.step == Step.HAND_OVER and st.pending["protected"]
    assert GAME.view(st, 1)["prompt"].startswith(
        "You are hit (the shot turned the Four of spades: the .45 gets a protected King of "
        "spades): hand")


def test_a_gun_that_may_not_fire_says_why():
    st = build(hands={0: "8D 3S 7C", 1: "KD 8C"}, guns={0: [("22", "2C 2D")]})
    st, _ = act(st, 0, type="shoot", gun="g1", target=1)
    st, _ = act(st, 1, type="stand")
    [gun] = GAME.view(st, 2)["seats"][0]["guns"]
    assert (gun["ready"], gun["waits"]) == (False, "fired")
    fresh = build(hands={0: "7C", 1: "KD"}, guns={0: [("22", "2C 2D")]}, fresh_guns=True)
    [gun] = GAME.view(fresh, 1)["seats"][0]["guns"]
    assert (gun["ready"], gun["waits"]) == (False, "new")


def test_a_pass_names_whom_each_seat_passes_to_and_receives_from():
    st = GAME.new_game(GAME.parse_options({}), 4, 3)
    st, _ = GAME.apply(st, st.dealer, {"type": "direction", "direction": "left"})
    for seat in range(4):
        said = GAME.view(st, seat)["prompt"]
        assert (f"You pass to {{seat:{(seat + 1) % 4}}} and receive from "
                f"{{seat:{(seat - 1) % 4}}}.") in said, said
    assert "You pass" not in GAME.view(st, None)["prompt"]


def test_the_prompt_at_the_end_names_who_won_and_with_what():
    """Once over, the prompt names the winner and the points (the end screen says how
    each scored); a shared win names every winner."""
    over = playout(GAME, seats=3, seed=5, options=GAME.parse_options(GAME.quick_options)).state
    assert over.phase == Phase.OVER
    top = max(over.totals)
    won = [s for s in range(3) if over.totals[s] == top]
    prompt = GAME.view(over, 0)["prompt"]
    if len(won) == 1:
        assert prompt == f"The game is over: {{seat:{won[0]}}} wins with {top} points", prompt
    tied = over.clone()
    tied.totals, tied.winners = [top, top, top - 5], [0, 1]
    assert GAME.view(tied, None)["prompt"] == (
        f"The game is over: {{seat:0}} and {{seat:1}} share the win with {top} points each")


def test_the_result_says_how_each_hand_was_ended_beside_its_ending_line():
    """"Ending the hand +30" said nothing of why (the log alone did): the result's line
    says it, from the hand's history."""
    over = playout(GAME, seats=3, seed=5, options=GAME.parse_options(GAME.quick_options)).state
    lines = [line for seat in GAME.view(over, None)["result"]["seats"] for line in seat["lines"]
             if line["label"].startswith("Ending the hand")]
    whys = {h["hand"]: h["why"] for h in over.history if h["ender"] >= 0}
    assert lines and len(lines) == len(whys), (lines, whys)
    for line in lines:
        assert line["label"] == f"Ending the hand: {whys[line['hand']]}" and line["points"] > 0


def test_under_the_inventors_way_an_action_taken_shows_no_discard_to_take():
    """Taking the top discard, or a 5's second card, is an action the inventor's way: once
    the turn's action is taken the view offers neither, as the legal draws do not."""
    st = build(hands={0: "KH QH 5C 7D", 1: "2C 3C", 2: "2D 3D", 3: "2S 3S"}, discards="8H",
               opts=options(discard_dispute="inventor"), turn=0)
    assert GAME.view(st, 0)["takeable_discard"] == "8H"
    st, _ = act(st, 0, type="couple", suit="H")
    assert {(a["pile"], a["discard"]) for a in GAME.legal_actions(st, 0)} == {(1, 0)}
    mine, theirs = GAME.view(st, 0), GAME.view(st, 1)
    assert mine["takeable_discard"] is None and theirs["takeable_discard"] is None
    assert mine["prompt"].startswith("Discard and draw one from the pile")
    assert "5 lets" not in mine["prompt"] and "5 lets" not in theirs["prompt"]


def test_a_couple_shown_is_no_secret_while_its_cards_stay_in_the_hand() -> None:
    st = build(hands={0: "KH QH 7S", 1: "KD QD 5C"}, couples=[[], ["D"], [], []])
    assert {"KD", "QD"}.isdisjoint(GAME.secrets(st, 0))
    assert {"KH", "QH"} <= GAME.secrets(st, 1)
