"""The rules of play, one test per sentence of the rules and per FAQ answer."""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

import pytest

from games.base import IllegalAction, NotYourTurn
from games.wyoming_cowboy import GAME
from games.wyoming_cowboy.cards import sort_key
from games.wyoming_cowboy.rules import (
    _discard_tables,
    _draw_choices,
    _draw_counts,
    _tables,
    directions,
    offset,
)
from games.wyoming_cowboy.state import Phase, Step
from tests.games.wyoming_cowboy.helpers import act, build, fire, legal, options, texts


def valves(state: Any) -> Any:
    """Returns the safety valves the finished game's result reports."""
    result = GAME.result(state)
    assert result is not None
    return result.detail["valves"]


def new(seats: int = 4, seed: int = 1, **opts):
    return GAME.new_game(GAME.parse_options(opts), seats, seed)


# ---- setup and deal ----------------------------------------------------------------


def test_aces_are_set_aside_face_up_as_the_badge_pile():
    st = new()
    assert sorted(st.ace_pile) == ["AC", "AD", "AH", "AS"]
    assert not any(c[0] == "A" for h in st.hands for c in h + st.pile)


def test_the_dealer_deals_seven_cards_to_each_player_and_the_rest_is_the_draw_pile():
    st = new()
    assert [len(h) for h in st.hands] == [7, 7, 7, 7]
    assert len(st.pile) == 48 - 28


def test_no_card_is_turned_face_up_on_the_discard_pile_at_the_beginning():
    assert new().discards == []


def test_the_dealer_must_choose_the_direction_of_the_initial_pass():
    st = new()
    assert GAME.to_act(st) == {st.dealer}
    assert {a["direction"] for a in legal(st, st.dealer)} == {"left", "right", "across"}


def test_across_is_offered_only_when_a_seat_sits_across():
    assert directions(new(3)) == ["left", "right"]
    assert directions(new(5)) == ["left", "right"]
    assert directions(new(6)) == ["left", "right", "across"]
    assert directions(new(5, across_with_odd_seats="left")) == ["left", "right", "across"]


def test_across_with_odd_seats_goes_half_the_table_on_the_chosen_side():
    assert offset(new(5, across_with_odd_seats="left"), "across") == 2
    assert offset(new(5, across_with_odd_seats="right"), "across") == 3
    assert offset(new(4), "across") == 2


def test_every_player_passes_three_cards_at_once():
    st = new()
    st, _ = act(st, st.dealer, type="direction", direction="left")
    assert st.phase == Phase.PASS and GAME.to_act(st) == {0, 1, 2, 3}
    assert all(len(a["cards"]) == 3 for a in legal(st, 0))
    assert len(legal(st, 0)) == 35  # every 3 of 7


def test_a_player_passes_before_looking_at_the_cards_passed_to_him():
    st = new()
    st, _ = act(st, st.dealer, type="direction", direction="left")
    given = legal(st, 3)[0]["cards"]
    st, _ = act(st, 3, **legal(st, 3)[0])
    assert not set(given) & set(GAME.view(st, 0)["my_hand"])  # not received yet
    for s in (0, 1, 2):
        st, _ = act(st, s, **legal(st, s)[0])
    assert set(given) <= set(st.hands[0])


def test_you_must_pass_three_and_can_pass_only_three():
    st = new()
    st, _ = act(st, st.dealer, type="direction", direction="left")
    two = st.hands[0][:2]
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, {"type": "pass", "cards": two})


def test_play_begins_with_the_player_to_the_left_of_the_dealer():
    st = new()
    st, _ = act(st, st.dealer, type="direction", direction="right")
    for s in range(4):
        st, _ = act(st, s, **legal(st, s)[0])
    assert GAME.to_act(st) == {(st.dealer + 1) % 4}


def test_the_player_to_the_dealers_right_deals_the_next_hand():
    st = build(hands={0: "TH 5C", 1: "KS"}, tens={1: "TC TD TS"}, guns={2: [("22", "2C 2D")]})
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    assert st.phase == Phase.SCORING
    dealer = st.dealer
    assert GAME.to_act(st) == {(dealer - 1) % 4}
    st, _ = act(st, (dealer - 1) % 4, type="deal")
    assert st.dealer == (dealer - 1) % 4 and st.hand_no == 2
    assert GAME.to_act(st) == {st.dealer}


# ---- a turn ------------------------------------------------------------------------


def test_each_turn_one_action_then_discard_then_draw():
    st = build(hands={0: "KH QH 3C 8D 7S"})
    kinds = {a["type"] for a in legal(st, 0)}
    assert {"couple", "pull", "discard"} <= kinds
    st, _ = act(st, 0, type="couple", suit="H")
    assert st.step == Step.DISCARD
    assert {a["type"] for a in legal(st, 0)} == {"discard"}  # no second action


def test_nothing_is_discarding_straight_away():
    st = build(hands={0: "KH 7S"}, pile="4D")
    st, _ = act(st, 0, type="discard", card="7S", pile=1, discard=0)
    assert st.hands[0] == ["4D", "KH"] and st.turn == 1


def test_always_discard_before_drawing():
    st = build(hands={0: "7S"}, pile="4D")
    st, _ = act(st, 0, type="discard", card="7S", pile=1, discard=0)
    assert st.hands[0] == ["4D"] and st.discards == ["7S"]


def test_play_moves_clockwise_to_the_left():
    st = build(hands={0: "7S", 1: "8S"}, turn=0)
    st, _ = act(st, 0, type="discard", card="7S", pile=1, discard=0)
    assert GAME.to_act(st) == {1}


def test_you_always_have_to_draw_after_you_discard():
    st = build(hands={0: "7S 8C"}, discards="4D")
    draws = {(a["pile"], a["discard"]) for a in legal(st, 0, "discard")}
    assert draws == {(1, 0), (0, 1)}


def test_a_seat_acting_out_of_turn_is_refused():
    st = build(hands={0: "7S", 1: "8S"})
    with pytest.raises(NotYourTurn):
        GAME.apply(st, 1, {"type": "discard", "card": "8S", "pile": 1, "discard": 0})


# ---- couples --------------------------------------------------------------------------


def test_showing_a_couple_scores_25_now():
    st = build(hands={0: "KH QH 7S"})
    st, ev = act(st, 0, type="couple", suit="H")
    assert GAME.scores(st)[0] == 25
    assert "Queen of hearts" in texts(ev) and "QH" not in str(ev)


def test_a_couple_shown_is_added_to_the_running_total_once_however_the_score_is_read():
    # Seat 0 shows the heart couple, parts with the queen and ends the hand with a cowboy.
    st = build(3, hands={0: "7C QH KH", 1: "TS", 2: "8C"}, tens={1: "TC TD TH"},
               guns={1: [("22", "2C 2D")]}, pile="4D", opts=options(max_hands=1))
    read = [GAME.scores(st)[0]]
    st, _ = act(st, 0, type="couple", suit="H")
    read.append(GAME.scores(st)[0])
    st, _ = act(st, 0, type="discard", card="QH", pile=1, discard=0)
    read.append(GAME.scores(st)[0])
    st, _ = act(st, 1, type="discard", card="TS", pile=0, discard=0)
    read.append(GAME.scores(st)[0])
    assert read == [0, 25, 25, 50]  # couple 25 when shown, cowboy 25 at the end
    hand = st.history[-1]["seats"][0]
    assert hand["total"] == sum(p for _, p in hand["lines"]) == 50
    result = GAME.result(st)
    assert result is not None
    assert result.scores[0] == 50 and st.totals[0] == 50
    assert sum(x["points"] for x in result.detail["seats"][0]["lines"]) == 50


def test_one_couple_of_each_suit_per_hand_even_if_they_get_back_together():
    st = build(hands={0: "KH QH KS QS 7S"}, couples=[["H"], [], [], []])
    assert [a["suit"] for a in legal(st, 0, "couple")] == ["S"]


def test_a_queen_may_be_discarded_on_the_turn_she_is_shown():
    st = build(hands={0: "KH QH 7S"})
    st, _ = act(st, 0, type="couple", suit="H")
    assert any(a["card"] == "QH" for a in legal(st, 0, "discard"))


# ---- the 9 ---------------------------------------------------------------------------


def test_a_nine_makes_every_player_pass_two_cards_in_the_chosen_direction():
    st = build(hands={0: "9H 2C 3C 4C", 1: "5D 6D 7D", 2: "8S JS", 3: "KD QC"})
    st, _ = act(st, 0, type="nine", card="9H", direction="right")
    assert st.phase == Phase.PASS and st.discards == ["9H"]
    assert GAME.to_act(st) == {0, 1, 2, 3}
    assert all(len(a["cards"]) == 2 for a in legal(st, 1))
    # Every seat's prompt says why it must pass: whose 9.
    assert GAME.view(st, 1)["prompt"].startswith("{seat:0} played a 9: everyone passes 2 cards")
    assert GAME.view(st, 0)["prompt"].startswith("You played a 9: ")
    st, _ = act(st, 0, type="pass", cards=["2C", "3C"])
    # A seat that has chosen is told whom it waits for.
    assert GAME.view(st, 0)["prompt"].endswith(
        " Waiting for {seat:1}, {seat:2} and {seat:3} to choose.")
    assert "Waiting" not in GAME.view(st, 1)["prompt"]
    st, _ = act(st, 1, type="pass", cards=["5D", "6D"])
    st, _ = act(st, 2, type="pass", cards=["8S", "JS"])
    st, _ = act(st, 3, type="pass", cards=["QC", "KD"])
    # right: each seat to the seat on its right; seat 0 receives from its left (seat 1)
    assert sorted(st.hands[3]) == ["2C", "3C"]
    assert sorted(st.hands[0]) == ["4C", "5D", "6D"]


def test_any_card_may_be_passed_including_sixes_and_harlots():
    st = build(hands={0: "9H 6C QS 4C"})
    st, _ = act(st, 0, type="nine", card="9H", direction="left")
    assert {"type": "pass", "cards": ["6C", "QS"]} in legal(st, 0)


def test_after_a_nine_pass_the_passer_must_discard_and_draw_as_usual():
    st = build(hands={0: "9H 2C 3C 4C", 1: "5D 6D", 2: "8S JS", 3: "KD QC"})
    st, _ = act(st, 0, type="nine", card="9H", direction="left")
    for s, cards in ((0, ["2C", "3C"]), (1, ["5D", "6D"]), (2, ["8S", "JS"]),
                     (3, ["QC", "KD"])):
        st, _ = act(st, s, type="pass", cards=cards)
    assert st.step == Step.DISCARD and GAME.to_act(st) == {0}
    assert len(st.hands[0]) == 3  # the 9 is gone: the hand is one card smaller


def test_a_player_holding_no_cards_gets_two_and_the_one_he_should_have_passed_to_gets_none():
    st = build(hands={0: "9H 2C 3C", 1: "", 2: "8S JS", 3: "KD QC"})
    st, _ = act(st, 0, type="nine", card="9H", direction="left")
    assert GAME.to_act(st) == {0, 2, 3}
    st, _ = act(st, 0, type="pass", cards=["2C", "3C"])
    st, _ = act(st, 2, type="pass", cards=["8S", "JS"])
    st, _ = act(st, 3, type="pass", cards=["QC", "KD"])
    assert sorted(st.hands[1]) == ["2C", "3C"]
    assert st.hands[2] == []  # seat 1 had nothing to pass
    assert sorted(st.hands[0]) == ["KD", "QC"]


def test_you_can_pass_the_same_way_twice():
    st = build(hands={0: "9H 9C 4C"})
    assert {a["direction"] for a in legal(st, 0, "nine")} == {"left", "right", "across"}


# ---- guns --------------------------------------------------------------------------


def test_pulling_a_gun_lays_its_cards_face_up_on_the_table():
    st = build(hands={0: "4H 5H 7S"})
    st, ev = act(st, 0, type="pull", gun="45", cards=["4H", "5H"])
    assert st.hands[0] == ["7S"]
    assert st.guns[0][0]["kind"] == "45" and st.guns[0][0]["cards"] == ["4H", "5H"]
    assert st.step == Step.DISCARD  # one gun per turn


def test_only_one_gun_may_be_pulled_per_turn_but_any_number_per_hand():
    st = build(hands={0: "4H 5H 2C 2D 7S"}, pile="8C 9C")
    st, _ = act(st, 0, type="pull", gun="45", cards=["4H", "5H"])
    assert not legal(st, 0, "pull")
    st = build(hands={0: "2C 2D 7S"}, guns={0: [("45", "4H 5H")]})
    assert legal(st, 0, "pull")


def test_a_gun_may_shoot_only_in_turns_after_it_was_pulled():
    st = build(hands={0: "2C 2D 4H 5H 7S", 1: "KS"})
    st, _ = act(st, 0, type="pull", gun="45", cards=["4H", "5H"])
    assert not legal(st, 0, "shoot")
    st = build(hands={0: "7S", 1: "KS"}, guns={0: [("45", "4H 5H")]}, fresh_guns=True)
    assert not legal(st, 0, "shoot")


def test_each_gun_on_the_table_may_be_fired_once_each_turn():
    st = build(hands={0: "7S", 1: "8C", 2: "9C", 3: "JC"},
               guns={0: [("38", "3C 8D"), ("45", "4H 5H")]})
    st, _ = fire(st, 0, "g1", 1)
    assert st.step == Step.SHOOT
    assert {a["gun"] for a in legal(st, 0, "shoot")} == {"g2"}
    st, _ = fire(st, 0, "g2", 2)
    assert not legal(st, 0, "shoot") and st.step == Step.DISCARD


def test_you_do_not_have_to_fire_every_gun():
    st = build(hands={0: "7S", 1: "8C"}, guns={0: [("38", "3C 8D"), ("45", "4H 5H")]})
    st, _ = fire(st, 0, "g1", 1)
    assert legal(st, 0, "discard")


def test_you_do_not_need_a_cowboy_to_shoot_only_a_gun():
    st = build(hands={0: "7S", 1: "KC"}, guns={0: [("38", "3C 8D")]})
    assert legal(st, 0, "shoot")


# ---- shooting ------------------------------------------------------------------------


def test_asking_is_shooting_a_victim_without_cowboys_says_no_and_the_shot_misses():
    st = build(hands={0: "7S", 1: "8C 9D"}, guns={0: [("38", "3C 8D")]})
    pile = list(st.pile)
    st, ev = fire(st, 0, "g1", 1)
    assert "No" in texts(ev) and st.pile == pile and st.shots == []
    assert st.fired == ["g1"]


@pytest.mark.parametrize("kind,cards", [("22", "2C 2D"), ("38", "3C 8D"), ("45", "4C 5C")])
@pytest.mark.parametrize("victim", ["8C 9D", "KH 8C", "6C KD", "3H 5H 7H"])
def test_can_i_shoot_you_the_victim_is_asked_every_time_whatever_he_holds(kind, cards, victim):
    st = build(hands={0: "7S", 1: victim}, guns={0: [(kind, cards)]})
    st, ev = act(st, 0, type="shoot", gun="g1", target=1)
    assert st.step == Step.REACT and GAME.to_act(st) == {1}
    assert {"type": "stand"} in legal(st, 1)
    assert [e["type"] for e in ev] == ["shoot"]  # nothing is settled before he answers


def test_a_victim_with_no_backfire_and_no_quick_draw_may_only_let_the_shot_come():
    st = build(hands={0: "7S", 1: "KH 8C"}, guns={0: [("38", "3C 8D")]})
    st, _ = act(st, 0, type="shoot", gun="g1", target=1)
    assert legal(st, 1) == [{"type": "stand"}]


def test_backfire_a_victim_of_a_22_holding_a_6_may_give_the_shooter_the_6():
    st = build(hands={0: "7S", 1: "6C KD"}, guns={0: [("22", "2C 2D")]})
    st, _ = act(st, 0, type="shoot", gun="g1", target=1)
    assert st.step == Step.REACT and GAME.to_act(st) == {1}
    assert {"type": "backfire", "card": "6C"} in legal(st, 1)
    st, ev = act(st, 1, type="backfire", card="6C")
    assert "6C" in st.hands[0] and st.hands[1] == ["KD"]
    assert "6C" not in str([e for e in ev if "only" not in e])


def test_backfire_only_against_a_22():
    st = build(hands={0: "7S", 1: "6C 3H 5H 7H"}, guns={0: [("38", "3C 8D")]})
    st, _ = act(st, 0, type="shoot", gun="g1", target=1)
    assert st.step == Step.REACT
    assert not [a for a in legal(st, 1) if a["type"] == "backfire"]


def test_backfire_victim_may_decline_and_the_shot_goes_ahead():
    st = build(hands={0: "7S", 1: "6C KD"}, guns={0: [("22", "2C 2D")]}, pile="3S")
    st, _ = act(st, 0, type="shoot", gun="g1", target=1)
    st, _ = act(st, 1, type="stand")
    assert st.shots == ["3S"] and st.step == Step.HAND_OVER


def test_quick_draw_the_victim_pulls_a_same_suit_357_and_takes_the_shooters_gun():
    st = build(hands={0: "7S", 1: "3H 5H 7H KD"}, guns={0: [("45", "4C 5C")]})
    st, _ = act(st, 0, type="shoot", gun="g1", target=1)
    assert {"type": "quick_draw", "cards": ["3H", "5H", "7H"]} in legal(st, 1)
    st, _ = act(st, 1, type="quick_draw", cards=["3H", "5H", "7H"])
    assert st.guns[0] == []
    kinds = sorted(g["kind"] for g in st.guns[1])
    assert kinds == ["357", "45"] and st.hands[1] == ["KD"]
    assert st.shots == []  # no shot is fired


def test_the_victim_may_shoot_with_both_guns_on_his_next_turn():
    st = build(hands={0: "7S", 1: "3H 5H 7H KD", 2: "8C"}, guns={0: [("45", "4C 5C")]})
    st, _ = act(st, 0, type="shoot", gun="g1", target=1)
    st, _ = act(st, 1, type="quick_draw", cards=["3H", "5H", "7H"])
    st, _ = act(st, 0, **legal(st, 0, "discard")[0])
    assert len({a["gun"] for a in legal(st, 1, "shoot")}) == 2


def test_a_quick_drawn_357_functions_like_a_normal_357():
    st = build(hands={0: "7S", 1: "KD"}, guns={0: [("357", "3H 5H 7H")], 1: [("357", "3C 5C 7C")]})
    st, _ = act(st, 0, type="shoot", gun="g1", target=1)
    assert legal(st, 1) == [{"type": "stand"}]  # a gun on the table is no quick draw


def test_a_shot_card_of_the_same_suit_as_an_unprotected_cowboy_misses_and_he_gets_his_badge():
    st = build(hands={0: "7S", 1: "KH KS 8C"}, guns={0: [("38", "3C 8D")]}, pile="4H")
    st, ev = fire(st, 0, "g1", 1)
    assert st.shots == ["4H"] and st.badges[1] == ["AH"] and "AH" not in st.ace_pile
    assert "Miss" in texts(ev) and st.hands[1] == ["8C", "KH", "KS"]


def test_a_shot_card_of_a_different_suit_hits_and_the_victim_hands_over_a_cowboy_of_his_choice():
    st = build(hands={0: "7S", 1: "KH KS 8C"}, guns={0: [("38", "3C 8D")]}, pile="4D")
    st, _ = fire(st, 0, "g1", 1)
    assert st.step == Step.HAND_OVER and GAME.to_act(st) == {1}
    assert {a["card"] for a in legal(st, 1)} == {"KH", "KS"}
    st, ev = act(st, 1, type="hand_over", card="KS", draw=0)
    assert "KS" in st.hands[0] and st.hands[1] == ["8C", "KH"]
    assert "KS" not in str([e for e in ev if "only" not in e])


def test_a_hit_victim_may_draw_a_replacement_before_the_shooter_discards():
    st = build(hands={0: "7S", 1: "KS 8C"}, guns={0: [("38", "3C 8D")]}, pile="9C 4D")
    st, _ = fire(st, 0, "g1", 1)
    assert {a["draw"] for a in legal(st, 1)} == {0, 1}
    st, _ = act(st, 1, type="hand_over", card="KS", draw=1)
    assert st.hands[1] == ["8C", "9C"] and st.step == Step.DISCARD


def test_you_do_not_have_to_draw_to_replace_a_cowboy():
    st = build(hands={0: "7S", 1: "KS 8C"}, guns={0: [("38", "3C 8D")]}, pile="9C 4D")
    st, _ = fire(st, 0, "g1", 1)
    st, _ = act(st, 1, type="hand_over", card="KS", draw=0)
    assert st.hands[1] == ["8C"]


def test_22_38_and_357_act_as_if_protected_kings_do_not_exist():
    for kind, cards in (("22", "2C 2D"), ("38", "3C 8D"), ("357", "3D 5C 7S")):
        st = build(hands={0: "9S", 1: "KH 8C"}, badges={1: "AH"}, guns={0: [(kind, cards)]},
                   pile="4H")
        st, ev = fire(st, 0, "g1", 1)
        assert "No" in texts(ev) and st.shots == []


def test_only_a_45_can_shoot_a_protected_cowboy_and_hits_him_with_a_shot_of_his_suit():
    st = build(hands={0: "7S", 1: "KH 8C"}, badges={1: "AH"}, guns={0: [("45", "4C 5C")]},
               pile="3H")
    st, _ = fire(st, 0, "g1", 1)
    assert st.step == Step.HAND_OVER
    assert {a["draw"] for a in legal(st, 1)} == {0, 1, 2}
    st, _ = act(st, 1, type="hand_over", card="KH", draw=2)
    assert "KH" in st.hands[0] and st.badges[0] == ["AH"] and st.badges[1] == []
    assert len(st.hands[1]) == 3  # the 8 and two replacements


def test_a_45_misses_a_protected_cowboy_with_a_shot_of_another_suit():
    st = build(hands={0: "7S", 1: "KH 8C"}, badges={1: "AH"}, guns={0: [("45", "4C 5C")]},
               pile="3S")
    st, ev = fire(st, 0, "g1", 1)
    assert "miss" in texts(ev).lower() and st.hands[1] == ["8C", "KH"]


def test_a_45_aims_at_protected_cowboys_first():
    st = build(hands={0: "7S", 1: "KH KS"}, badges={1: "AH"}, guns={0: [("45", "4C 5C")]},
               pile="3H")
    st, _ = fire(st, 0, "g1", 1)
    assert [a["card"] for a in legal(st, 1)] == ["KH", "KH", "KH"]


def test_a_45_shot_of_another_suit_ricochets_onto_an_unprotected_cowboy():
    st = build(hands={0: "7S", 1: "KH KS"}, badges={1: "AH"}, guns={0: [("45", "4C 5C")]},
               pile="3D")
    st, _ = fire(st, 0, "g1", 1)
    assert {a["card"] for a in legal(st, 1)} == {"KS"}
    assert {a["draw"] for a in legal(st, 1)} == {0, 1}


def test_a_45_ricochet_of_the_unprotected_cowboys_suit_misses_and_gives_him_a_badge():
    st = build(hands={0: "7S", 1: "KH KS"}, badges={1: "AH"}, guns={0: [("45", "4C 5C")]},
               pile="3S")
    st, _ = fire(st, 0, "g1", 1)
    assert sorted(st.badges[1]) == ["AH", "AS"]


def test_a_badge_is_passed_with_its_cowboy():
    st = build(hands={0: "9C KH 4C", 1: "5D 6D"}, badges={0: "AH"})
    st, _ = act(st, 0, type="nine", card="9C", direction="left")
    st, events = act(st, 0, type="pass", cards=["4C", "KH"])
    # The passer is told the badge goes too; the others are told only that he chose.
    told = {e["type"]: e["text"] for e in events}
    assert told["you_passed"] == ("You pass the Four of clubs, the King of hearts with his "
                                  "badge (the Ace of hearts)")
    st, events = act(st, 1, type="pass", cards=["5D", "6D"])
    assert [e["text"] for e in events if e["type"] == "you_passed"] == [
        "You pass the Five of diamonds, the Six of diamonds"]
    # Cards received are said in the same words as cards passed.
    assert {e["only"][0]: e["text"] for e in events if e["type"] == "received"} == {
        1: "You receive the Four of clubs, the King of hearts, the Ace of hearts from {seat:0}",
        2: "You receive the Five of diamonds, the Six of diamonds from {seat:1}"}
    assert st.badges[1] == ["AH"] and "KH" in st.hands[1] and st.badges[0] == []


def test_with_two_decks_which_of_two_like_kings_is_discarded_is_the_players_choice():
    # "He's yours; you can do what you like with him": the protected copy or the other.
    st = build(5, hands={0: "KH KH 7S"}, badges={0: "AH"}, pile="4D")
    kings = [a for a in legal(st, 0, "discard") if a["card"] == "KH"]
    assert {tuple(a["badges"]) for a in kings} == {("AH",), ()}
    protected, _ = act(st, 0, type="discard", card="KH", badges=["AH"], pile=1, discard=0)
    assert protected.badges[0] == [] and "AH" in protected.ace_pile
    plain, _ = act(st, 0, type="discard", card="KH", badges=[], pile=1, discard=0)
    assert plain.badges[0] == ["AH"] and "KH" in plain.hands[0]


def test_with_two_decks_which_of_two_like_kings_is_passed_is_the_players_choice():
    st = build(5, hands={0: "9C KH KH 4C", 1: "5D 6D"}, badges={0: "AH"})
    st, _ = act(st, 0, type="nine", card="9C", direction="left")
    passes = [a for a in legal(st, 0, "pass") if a["cards"] == ["4C", "KH"]]
    assert {tuple(a["badges"]) for a in passes} == {("AH",), ()}
    kept, _ = act(st, 0, type="pass", cards=["4C", "KH"], badges=[])
    given, _ = act(st, 0, type="pass", cards=["4C", "KH"], badges=["AH"])
    for s in (1, 2, 3, 4):
        if GAME.to_act(kept) >= {s}:
            kept, _ = act(kept, s, **legal(kept, s)[0])
            given, _ = act(given, s, **legal(given, s)[0])
    assert kept.badges[0] == ["AH"] and kept.badges[1] == []
    assert given.badges[0] == [] and given.badges[1] == ["AH"]


def test_no_choice_is_asked_when_the_kings_of_a_suit_are_all_protected_or_all_not():
    st = build(5, hands={0: "KH KH KS 7S"}, badges={0: "AH AH"})
    assert all("badges" not in a for a in legal(st, 0, "discard"))


def test_discarding_a_protected_cowboy_returns_his_badge_to_the_ace_pile():
    st = build(hands={0: "KH 7S"}, badges={0: "AH"})
    st, _ = act(st, 0, type="discard", card="KH", pile=1, discard=0)
    assert "AH" in st.ace_pile and st.badges[0] == []


def test_you_can_discard_cowboys():
    st = build(hands={0: "KH 7S"})
    assert any(a["card"] == "KH" for a in legal(st, 0, "discard"))


# ---- special discards ------------------------------------------------------------------


def test_discarding_a_ten_lays_it_on_your_table_and_counts_as_the_discard():
    st = build(hands={0: "TH 7S"}, pile="4D")
    st, ev = act(st, 0, type="discard", card="TH", pile=1, discard=0)
    assert st.tens[0] == ["TH"] and st.discards == [] and st.hands[0] == ["4D", "7S"]
    assert GAME.scores(st)[0] == 0  # +10 is counted when the hand ends


def test_no_player_may_take_another_players_tens():
    st = build(hands={0: "7S"}, tens={1: "TH"})
    assert all(a.get("card") != "TH" for a in legal(st, 0))


def test_discarding_a_five_lets_you_draw_two_from_the_pile_or_one_and_the_top_discard():
    st = build(hands={0: "5H 7S"}, discards="9C", pile="2D 3D")
    draws = {(a["pile"], a["discard"]) for a in legal(st, 0, "discard") if a["card"] == "5H"}
    assert {(2, 0), (1, 1)} <= draws
    st, _ = act(st, 0, type="discard", card="5H", pile=1, discard=1)
    assert st.hands[0] == ["9C", "3D", "7S"]


@pytest.mark.parametrize("variant,fives", [
    ({}, {(2, 0), (1, 1), (1, 0), (0, 1)}),
    ({"top_discard": "own"}, {(2, 0), (1, 0), (0, 1)}),
    ({"discard_dispute": "inventor"}, {(2, 0), (1, 0), (0, 1)}),
])
def test_after_a_five_the_player_may_draw_two_or_only_one(variant, fives):
    st = build(hands={0: "5H 7S"}, discards="9C", opts=options(**variant))
    draws = {(a["pile"], a["discard"]) for a in legal(st, 0, "discard") if a["card"] == "5H"}
    assert draws == fives


def test_six_may_not_be_discarded_while_another_card_would_not_score():
    st = build(hands={0: "6H 7S"})
    assert [a["card"] for a in legal(st, 0, "discard")] == ["7S"]


def test_six_may_be_discarded_when_every_other_card_would_score():
    st = build(hands={0: "6H KS"})
    assert {a["card"] for a in legal(st, 0, "discard")} == {"6H", "KS"}


def test_six_may_be_discarded_when_only_sixes_are_held():
    st = build(hands={0: "6H 6S"})
    assert {a["card"] for a in legal(st, 0, "discard")} == {"6H", "6S"}


def test_with_a_couple_you_have_to_discard_one_of_them_rather_than_the_six():
    st = build(hands={0: "6H KS QS"})
    assert {a["card"] for a in legal(st, 0, "discard")} == {"KS", "QS"}


def test_with_a_ten_you_should_discard_the_ten_not_the_six():
    st = build(hands={0: "6H TS KD"})
    assert {a["card"] for a in legal(st, 0, "discard")} == {"TS", "KD"}


def test_with_three_jacks_you_have_to_discard_a_jack():
    st = build(hands={0: "6H JS JD JC"})
    assert {a["card"] for a in legal(st, 0, "discard")} == {"JS", "JD", "JC"}


def test_a_six_may_go_when_the_other_cards_make_an_orphanage():
    st = build(hands={0: "6H JS JD JC JH"})
    assert "6H" in {a["card"] for a in legal(st, 0, "discard")}


# ---- the discard pile and the draw pile ------------------------------------------------


def test_players_may_draw_the_top_discarded_card():
    st = build(hands={0: "7S"}, discards="4C 9D")
    st, ev = act(st, 0, type="discard", card="7S", pile=0, discard=1)
    assert st.hands[0] == ["9D"] and st.discards == ["4C", "7S"]
    # The log does not name the card now in a hand, but says it is not the top card now
    # lying on the discards.
    assert "9D" not in str([e for e in ev if "only" not in e])
    (taken,) = [e for e in ev if e["type"] == "take_discard"]
    assert taken["text"] == "{seat:0} takes the discard that lay under the card just discarded"


def test_the_top_discard_after_your_own_discard_is_the_card_under_it():
    st = build(hands={0: "7S"}, discards="9D")
    assert GAME.view(st, 0)["takeable_discard"] == "9D"
    st2, _ = act(st, 0, type="discard", card="7S", pile=0, discard=1)
    assert "9D" in st2.hands[0]


def test_top_discard_option_own_lets_you_take_back_your_own_discard():
    st = build(hands={0: "7S"}, discards="9D", opts=options(top_discard="own"))
    st, ev = act(st, 0, type="discard", card="7S", pile=0, discard=1)
    assert st.hands[0] == ["7S"] and st.discards == ["9D"]


def test_you_can_never_pick_up_the_shot_but_can_pick_up_the_discard_under_it():
    st = build(hands={0: "7S", 1: "KH 8C"}, guns={0: [("38", "3C 8D")]}, discards="9D",
               pile="4H")
    st, _ = fire(st, 0, "g1", 1)
    assert st.shots == ["4H"] and GAME.view(st, 0)["takeable_discard"] == "9D"
    st, _ = act(st, 0, type="discard", card="7S", pile=0, discard=1)
    assert "9D" in st.hands[0] and "4H" not in st.hands[0]


def test_the_draw_pile_is_rebuilt_from_the_discards_keeping_the_top_discarded_card():
    st = build(hands={0: "7S"}, discards="2C 3C 4C 9D", shots="5S")
    cards = list(st.pile)
    st.pile = []
    st.discards = cards + st.discards  # every card but the hand is in the discards
    st, ev = act(st, 0, type="discard", card="7S", pile=1, discard=0)
    assert st.discards == ["7S"] and st.shots == []
    assert "ran out" in texts(ev) and len(st.hands[0]) == 1


@pytest.mark.parametrize("top", ["previous", "own"])
def test_leave_the_top_discarded_card_as_the_discard_pile_whatever_the_top_discard_option(top):
    st = build(hands={0: "7C"}, discards="6H 9H", shots="4S", opts=options(top_discard=top))
    st.discards = st.pile + st.discards  # the draw pile is empty
    st.pile = []
    st, ev = act(st, 0, type="discard", card="7C", pile=1, discard=0)
    assert st.discards == ["7C"] and st.shots == [] and len(st.hands[0]) == 1


def scarce(top: str, hand: str, discards: str):
    """A position where the draw pile is empty and every other card is in seat 1's hand."""
    st = build(hands={0: hand}, discards=discards, opts=options(top_discard=top))
    st.hands[1] = sorted(st.pile)
    st.pile = []
    return st


@pytest.mark.parametrize("top", ["previous", "own"])
@pytest.mark.parametrize("discards", ["", "9C", "9C 8D", "9C 8D 4S"])
def test_every_draw_offered_happens_and_the_events_say_what_was_drawn(top, discards):
    for hand in ("5H 7S", "TH 7S"):
        st = scarce(top, hand, discards)
        for a in legal(st, 0, "discard"):
            after, ev = act(st, 0, **a)
            gained = len(after.hands[0]) - (len(st.hands[0]) - 1)
            assert gained == a["pile"] + a["discard"], a
            said = sum(e["count"] for e in ev if e["type"] == "draw")
            assert said == a["pile"], (a, texts(ev))


def test_under_own_a_five_taken_straight_back_does_not_also_draw_a_pile_card():
    st = build(hands={0: "5H 7S"}, discards="9C", opts=options(top_discard="own"))
    draws = {(a["pile"], a["discard"]) for a in legal(st, 0, "discard") if a["card"] == "5H"}
    assert (1, 1) not in draws
    st, ev = act(st, 0, type="discard", card="5H", pile=0, discard=1)
    assert st.hands[0] == ["5H", "7S"] and st.discards == ["9C"]


@pytest.mark.parametrize("hand", ["5H 7S", "5H 5S 9C", "KH QH 5D", "TH 5C"])
def test_under_own_no_turn_keeps_its_discard_and_grows_the_hand(hand):
    st = build(hands={0: hand, 1: "8C"}, discards="4D 9S", opts=options(top_discard="own"))
    for a in legal(st, 0):
        if a["type"] != "discard":
            continue
        after, _ = act(st, 0, **a)
        kept = after.hands[0].count(a["card"]) == st.hands[0].count(a["card"])
        assert not (kept and len(after.hands[0]) > len(st.hands[0])), a


def test_a_player_holding_no_cards_cannot_discard_or_draw_but_may_shoot():
    st = build(hands={0: "", 1: "KC"}, guns={0: [("38", "3C 8D")]})
    kinds = {a["type"] for a in legal(st, 0)}
    assert kinds == {"shoot", "nothing"}
    st, _ = act(st, 0, type="nothing")
    assert st.turn == 1 and st.hands[0] == []


def test_no_draw_when_no_card_is_left_anywhere():
    st2 = build(hands={0: "7S"})
    st2.hands[1] = st2.pile
    st2.pile = []
    assert [(a["pile"], a["discard"]) for a in legal(st2, 0, "discard")] == [(0, 0)]


# ---- the end of a hand ---------------------------------------------------------------


def test_the_hand_ends_when_all_tens_and_a_22_are_on_the_table_last_ten_credited():
    st = build(hands={0: "TH 5C", 1: "KS"}, tens={1: "TC TD TS"}, guns={2: [("22", "2C 2D")]})
    assert [(a["pile"], a["discard"]) for a in legal(st, 0, "discard") if a["card"] == "TH"] \
        == [(0, 0)]
    st, ev = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    assert st.phase == Phase.SCORING and st.ender == 0
    assert st.history[-1]["seats"][0]["lines"][0] == ["Ending the hand", 30]


def test_pulling_the_22_after_all_the_tens_ends_the_hand_credited_to_its_puller():
    st = build(hands={0: "2H 2S 5C"}, tens={1: "TC TD TS TH"})
    st, _ = act(st, 0, type="pull", gun="22", cards=["2H", "2S"])
    assert st.phase == Phase.SCORING and st.ender == 0


def test_the_hand_ends_when_every_ace_has_been_handed_out_credited_to_the_shooter():
    st = build(hands={0: "7S", 1: "KH", 2: "KC", 3: "KD KS"}, badges={2: "AC", 3: "AD AS"},
               guns={0: [("38", "3C 8D")]}, pile="4H")
    st, ev = fire(st, 0, "g1", 1)
    assert st.phase == Phase.SCORING and st.ender == 0
    assert "every badge" in texts(ev)


def test_all_hands_are_laid_down_and_scored_at_the_end_of_a_hand():
    st = build(hands={0: "TH 5C", 1: "KS QD"}, tens={1: "TC TD TS"},
               guns={2: [("22", "2C 2D")]})
    st, ev = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    view = GAME.view(st, 3)
    assert view["revealed"][1] == ["QD", "KS"]
    assert view["last_hand"]["points"][1] == 30 + 25 - 25
    assert st.totals == [30 + 10, 30, 0, 0]


def test_a_hand_that_reaches_the_turn_limit_is_scored_as_it_stands():
    st = build(hands={0: "7S", 1: "KS"}, turns=9, opts=options(turn_limit=10, max_hands=1))
    st, ev = act(st, 0, type="discard", card="7S", pile=1, discard=0)
    assert st.phase == Phase.OVER and st.ender == -1 and "limit" in texts(ev)
    assert valves(st) == {"turn_limit": 1, "no_cards": 0}


def test_a_hand_in_which_nobody_holds_a_card_can_never_end_and_ends_at_once():
    # Without a card nobody can discard, draw, pass, pull or be hit: nothing can change.
    st = build(hands={0: "2C 2D"}, opts=options(max_hands=1))
    st, _ = act(st, 0, type="pull", gun="22", cards=["2C", "2D"])
    st, ev = act(st, 0, type="nothing")
    assert st.phase == Phase.OVER and st.ender == -1 and "nobody holds a card" in texts(ev)
    assert valves(st) == {"turn_limit": 0, "no_cards": 1}


def test_no_valve_fires_in_a_hand_that_ends_by_the_rules():
    st = build(hands={0: "TH 5C"}, tens={1: "TC TD TS"}, guns={2: [("22", "2C 2D")]},
               opts=options(max_hands=1))
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    assert valves(st) == {"turn_limit": 0, "no_cards": 0}


def test_without_a_hand_limit_the_game_goes_on_until_someone_reaches_the_target():
    st = build(hands={0: "TH 5C"}, tens={1: "TC TD TS"}, guns={2: [("22", "2C 2D")]},
               hand_no=200, totals=[450, 0, 0, 0])
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    assert st.phase == Phase.SCORING and st.totals[0] == 490


# ---- the end of the game ---------------------------------------------------------------


def test_the_first_player_to_reach_the_target_wins():
    st = build(hands={0: "TH 5C", 1: "KS"}, tens={1: "TC TD TS"},
               guns={2: [("22", "2C 2D")]}, totals=[480, 100, 0, 0])
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    assert st.phase == Phase.OVER and st.winners == [0]
    result = GAME.result(st)
    assert result is not None and result.winners == [0]


def test_if_several_pass_the_target_in_one_hand_the_highest_wins():
    st = build(hands={0: "TH 5C", 1: "KS"}, tens={1: "TC TD TS"},
               guns={2: [("22", "2C 2D")]}, totals=[480, 490, 0, 0])
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    assert st.totals[:2] == [520, 545] and st.winners == [1]


def test_the_game_ends_after_max_hands_with_the_highest_total():
    st = build(hands={0: "TH 5C"}, tens={1: "TC TD TS"}, guns={2: [("22", "2C 2D")]},
               hand_no=3, opts=options(max_hands=3))
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    assert st.phase == Phase.OVER and st.winners == [0]


def test_nothing_may_be_played_after_the_game_is_over():
    st = build(hands={0: "TH 5C"}, tens={1: "TC TD TS"}, guns={2: [("22", "2C 2D")]},
               hand_no=3, opts=options(max_hands=3))
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    with pytest.raises(Exception, match="over"):
        GAME.apply(st, 0, {"type": "deal"})


# ---- the discard dispute ---------------------------------------------------------------


def test_written_rules_draw_the_top_discard_after_another_action():
    st = build(hands={0: "KH QH 7S"}, discards="9D")
    st, _ = act(st, 0, type="couple", suit="H")
    assert any(a["discard"] for a in legal(st, 0, "discard"))


def test_inventor_variant_taking_the_top_discard_is_your_action():
    opts = options(discard_dispute="inventor")
    st = build(hands={0: "KH QH 7S"}, discards="9D", opts=opts)
    assert any(a["discard"] for a in legal(st, 0, "discard"))
    st, _ = act(st, 0, type="couple", suit="H")
    assert not any(a["discard"] for a in legal(st, 0, "discard"))


def test_inventor_variant_discarding_a_five_to_draw_two_is_an_action():
    opts = options(discard_dispute="inventor")
    st = build(hands={0: "KH QH 5S"}, discards="9D", opts=opts)
    fives = {(a["pile"], a["discard"]) for a in legal(st, 0, "discard") if a["card"] == "5S"}
    assert fives == {(2, 0), (1, 0), (0, 1)}  # two or one from the pile, or the discard
    st, _ = act(st, 0, type="couple", suit="H")
    fives = {(a["pile"], a["discard"]) for a in legal(st, 0, "discard") if a["card"] == "5S"}
    assert fives == {(1, 0)}


# ---- more players ------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [5, 6, 7, 8])
def test_five_to_eight_players_play_with_two_decks_and_eight_aces(seats):
    st = new(seats)
    assert st.decks == 2 and len(st.ace_pile) == 8
    assert len(st.pile) + 7 * seats == 96


def test_with_two_decks_the_hand_ends_when_all_eight_tens_and_a_22_are_down():
    st = build(5, hands={0: "TH 5C"}, tens={1: "TC TD TS TC TD TS"},
               guns={2: [("22", "2C 2D")]})
    st, _ = act(st, 0, type="discard", card="TH", pile=1, discard=0)
    assert st.phase != Phase.SCORING
    st = build(5, hands={0: "TH 5C"}, tens={1: "TC TD TS TC TD TS TH"},
               guns={2: [("22", "2C 2D")]})
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    assert st.phase == Phase.SCORING


def test_with_two_decks_the_hand_ends_when_all_eight_aces_are_handed_out():
    st = build(5, hands={0: "7S", 1: "KH 8C", 2: "KC KC KD KD KH KS KS"},
               badges={2: "AC AC AD AD AH AS AS"}, guns={0: [("38", "3C 8D")]}, pile="4H")
    assert st.ace_pile == ["AH"]
    st, _ = fire(st, 0, "g1", 1)
    assert st.phase == Phase.SCORING and st.ender == 0


# ---- more FAQ answers and corners -----------------------------------------------------


def test_guns_are_not_worth_points_in_themselves():
    st = build(hands={0: "TH 5C"}, tens={1: "TC TD TS"},
               guns={2: [("22", "2C 2D"), ("45", "4H 5H")]})
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    assert st.totals[2] == 0


def test_after_a_nine_you_pass_two_and_only_two_cards():
    st = build(hands={0: "9H 2C 3C 4C"})
    st, _ = act(st, 0, type="nine", card="9H", direction="left")
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, {"type": "pass", "cards": ["2C", "3C", "4C"]})


def test_a_victim_of_a_22_with_a_6_and_a_quick_draw_may_choose_either():
    st = build(hands={0: "7S", 1: "6C 3H 5H 7H"}, guns={0: [("22", "2C 2D")]})
    st, _ = act(st, 0, type="shoot", gun="g1", target=1)
    assert {a["type"] for a in legal(st, 1)} == {"backfire", "quick_draw", "stand"}


def test_a_shot_with_no_card_left_to_turn_misses():
    st = build(hands={0: "7S", 1: "KH"}, guns={0: [("38", "3C 8D")]})
    st.hands[2] = st.pile
    st.pile = []
    st, ev = fire(st, 0, "g1", 1)
    assert "no card left" in texts(ev) and st.hands[1] == ["KH"]
    assert "rebuild" not in [e["type"] for e in ev]  # nothing there to rebuild a pile from


def test_after_playing_a_nine_the_top_discard_to_draw_is_the_card_under_the_nine():
    st = build(hands={0: "9H 7S 4C", 1: "5D 6D"}, discards="8C")
    st, _ = act(st, 0, type="nine", card="9H", direction="left")
    st, _ = act(st, 0, type="pass", cards=["4C", "7S"])
    st, _ = act(st, 1, type="pass", cards=["5D", "6D"])
    assert GAME.view(st, 0)["takeable_discard"] == "8C"


def test_a_shooter_cannot_shoot_himself():
    st = build(hands={0: "KS 7S"}, guns={0: [("38", "3C 8D")]})
    assert all(a["target"] != 0 for a in legal(st, 0, "shoot"))


def test_the_couple_score_stays_when_the_couple_separates():
    st = build(hands={0: "KH QH 7S"})
    st, _ = act(st, 0, type="couple", suit="H")
    st, _ = act(st, 0, type="discard", card="QH", pile=1, discard=0)
    assert GAME.scores(st)[0] == 25


def test_the_dealer_in_one_hand_takes_the_first_turn_in_the_next():
    st = build(hands={0: "TH 5C"}, tens={1: "TC TD TS"}, guns={2: [("22", "2C 2D")]},
               dealer=2)
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    st, _ = act(st, 1, type="deal")
    st, _ = act(st, 1, type="direction", direction="left")
    for s in range(4):
        st, _ = act(st, s, **legal(st, s)[0])
    assert GAME.to_act(st) == {2}


# ---- what the legal lists keep between positions --------------------------------------


def test_the_small_draw_counts_give_the_same_draws_as_the_counts_themselves():
    for discards, fresh, pile, shots in product(range(9), range(11), range(6), range(4)):
        small = _draw_counts(discards, fresh, pile, shots)
        for ten, bonus, acted, own, inventor in product((False, True), repeat=5):
            assert (_draw_choices(ten, bonus, discards, fresh, acted, pile, shots, own, inventor)
                    == _draw_choices(ten, bonus, small[0], small[1], acted, small[2], small[3],
                                     own, inventor)), (discards, fresh, pile, shots)


def test_the_discard_tables_read_by_index_are_those_of_the_small_counts():
    for top, dispute in product(("previous", "own"), ("written", "inventor")):
        for discards, fresh, pile, shots, acted in product(range(7), range(8), range(5),
                                                           range(4), ("", "pull")):
            st = build(pile=" ".join(["4D", "5D", "7D", "8D"][:pile]),
                       discards=" ".join(["2C", "3C", "4C", "5C", "7C", "8C"][:discards]),
                       shots=" ".join(["2H", "3H", "4H"][:shots]),
                       opts=options(top_discard=top, discard_dispute=dispute))
            st.pile = st.pile[len(st.pile) - pile:]  # only the cards named
            st.fresh, st.acted = fresh, acted
            small = _draw_counts(discards, fresh, pile, shots)
            tens, faces = _tables(st)
            want_tens, want = _discard_tables(*small[:2], bool(acted), *small[2:],
                                              top == "own", dispute)
            assert ((tens.plan, faces.fives.plan, faces.others.plan)
                    == (want_tens.plan, want.fives.plan, want.others.plan))


def _with_pile(st: Any, left: int) -> Any:
    """The position with all but ``left`` cards of the draw pile in seat 3's hand."""
    st = st.clone()
    st.hands[3] = sorted(st.hands[3] + st.pile[:len(st.pile) - left], key=sort_key)
    st.pile = st.pile[len(st.pile) - left:]
    assert not GAME.invariants(st)
    return st


def test_discards_kept_from_one_position_are_never_offered_in_another():
    full = build(hands={0: "5C 8D"})
    expected = {
        9: [("5C", 2, 0), ("5C", 1, 0), ("8D", 1, 0)],
        1: [("5C", 1, 0), ("8D", 1, 0)],
        0: [("5C", 0, 0), ("8D", 0, 0)],
    }
    for left in (0, 1, 9, 0, 1, 9):
        st = _with_pile(full, left)
        assert [(a["card"], a["pile"], a["discard"]) for a in legal(st, 0)] == expected[left]


def test_pass_actions_kept_from_one_seat_are_never_offered_to_another():
    st = new(8)
    st, _ = act(st, st.dealer, type="direction", direction="left")
    for _ in range(2):
        for s in range(8):
            hand = sorted(st.hands[s], key=sort_key)
            expected = list(dict.fromkeys(combinations(hand, 3)))
            assert [tuple(a["cards"]) for a in legal(st, s)] == expected


def test_only_the_seats_still_choosing_have_pass_actions():
    st = new()
    st, _ = act(st, st.dealer, type="direction", direction="left")
    st, _ = act(st, 2, **legal(st, 2)[0])
    assert GAME.to_act(st) == {0, 1, 3}
    assert [bool(legal(st, s)) for s in range(-1, 5)] == [False, True, True, False, True, False]


def test_shots_kept_for_one_table_and_seat_are_never_offered_at_another():
    for seats, seat in ((4, 0), (5, 0), (4, 2), (4, 0)):
        st = build(seats, hands={seat: "7S"}, guns={seat: [("38", "3C 8D")]}, turn=seat)
        assert [(a["gun"], a["target"]) for a in legal(st, seat, "shoot")] == [
            ("g1", t) for t in range(seats) if t != seat]
