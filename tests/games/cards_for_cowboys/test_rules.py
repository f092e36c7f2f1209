"""One test per rule of the Cards for Cowboys rules text (and per card effect)."""

from __future__ import annotations

import pytest

from games.base import GameError
from games.cards_for_cowboys import GAME
from games.cards_for_cowboys import store as pyramid
from games.cards_for_cowboys.cards import spec, starter_ids
from games.cards_for_cowboys.rules import cut, danger, dollars, tallies, tally
from games.cards_for_cowboys.state import Phase, State, Status
from games.play import playout
from games.rng import Rng
from tests.games.cards_for_cowboys.position import (
    DRAW as D,
)
from tests.games.cards_for_cowboys.position import (
    PASS,
    STOP,
    fresh,
    play,
    set_store,
    stack,
    take,
    to_discard,
)


def a(n: int) -> str:
    return f"c{n}a"


def b(n: int) -> str:
    return f"c{n}b"


def c(n: int) -> str:
    return f"c{n}c"


def _rounds(s, *moves):
    return play(s, *moves)[0]


# ---- setup -----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_player_begins_with_the_ten_card_starter_deck(seats: int) -> None:
    s = fresh(seats)
    for seat, p in enumerate(s.players):
        assert sorted(p.draw) == sorted(starter_ids(seat))
        assert p.discard == [] and p.herd == 0


@pytest.mark.parametrize(("seats", "away"), [(2, {"3+P", "4+P"}), (3, {"4+P"}), (4, set())])
def test_cards_for_more_players_are_put_away(seats: int, away: set[str]) -> None:
    s = fresh(seats)
    in_game = pyramid.cards(s.store) + s.reserve + s.unused
    assert not {spec(x).mark for x in in_game} & away


def test_the_starter_decks_are_shuffled_then_cut_from_the_seed() -> None:
    rng = Rng(5)
    deck = rng.shuffled(starter_ids(0))
    cut(deck)
    assert fresh(2, seed=5).players[0].draw == deck


# ---- the draw phase ----------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_all_players_draw_at_the_same_time(seats: int) -> None:
    assert GAME.to_act(fresh(seats)) == frozenset(range(seats))


def test_draws_in_any_interleaving_reach_the_same_position() -> None:
    s = stack(stack(fresh(2), 0, [a(91), a(92)]), 1, [b(61)])
    x = _rounds(s, (0, D), (1, D), (0, D))
    y = _rounds(s, (1, D), (0, D), (0, D))
    z = _rounds(s, (0, D), (0, D), (1, D))
    assert GAME.dump(x) == GAME.dump(y) == GAME.dump(z)


def test_a_player_may_stop_at_any_time_while_others_keep_drawing() -> None:
    s = _rounds(fresh(3), (1, STOP))
    assert GAME.to_act(s) == frozenset({0, 2})
    assert GAME.legal_actions(s, 1) == []
    with pytest.raises(GameError):
        GAME.apply(s, 1, D)


def test_drawn_cards_are_revealed_in_front_of_the_player() -> None:
    s = _rounds(stack(fresh(2), 0, [a(33)]), (0, D))
    assert s.players[0].row == [a(33)]
    assert tally(s, 0).cash == 1 and tally(s, 0).cows == 1


def test_three_bandits_bust_at_once_and_the_drawn_cards_go_to_the_discard_pile() -> None:
    s = stack(fresh(2), 0, [a(34), a(62), a(63), a(91)])
    s, events = play(s, (0, D), (0, D), (0, D))
    p = s.players[0]
    assert p.status == Status.BUSTED and p.row == []
    assert p.discard == [a(34), a(62), a(63)]
    assert 0 not in GAME.to_act(s)
    assert any(e["type"] == "bust" for e in events)


def test_two_bandits_do_not_bust() -> None:
    s = _rounds(stack(fresh(2), 0, [a(34), a(62)]), (0, D), (0, D))
    assert s.players[0].status == "drawing"


def test_the_double_bandit_counts_two_bandits() -> None:
    s = _rounds(stack(fresh(2), 0, [a(64), a(34)]), (0, D), (0, D))
    assert s.players[0].status == Status.BUSTED


def test_a_jail_cancels_a_bandit() -> None:
    s = _rounds(stack(fresh(2), 0, ["c84", a(64), a(34)]), (0, D), (0, D), (0, D))
    assert s.players[0].status == "drawing"
    assert tally(s, 0).danger == 2


def test_a_trash_to_jail_card_used_before_the_third_bandit_saves_you() -> None:
    s = stack(fresh(2), 0, ["c50", a(64), a(34)])
    s = _rounds(s, (0, D), (0, D))
    assert {"type": "trash", "card": "c50"} in GAME.legal_actions(s, 0)
    s, events = play(s, (0, {"type": "trash", "card": "c50"}), (0, D))
    assert s.players[0].status == "drawing" and "c50" in s.box
    assert any(e["type"] == "trash" for e in events)


def test_a_trash_to_jail_card_cannot_be_used_after_busting() -> None:
    s = stack(fresh(2), 0, ["c50", a(64), a(34)])
    s = _rounds(s, (0, D), (0, D), (0, D))
    assert s.players[0].status == Status.BUSTED
    assert "c50" in s.players[0].discard
    with pytest.raises(GameError):
        GAME.apply(s, 0, {"type": "trash", "card": "c50"})


def test_an_empty_draw_pile_is_rebuilt_by_shuffling_the_discard_pile_and_cutting() -> None:
    s = fresh(2)
    p = s.players[0]
    rest = [x for x in p.draw if x != a(91)]
    p.draw, p.discard = [a(91)], rest
    s = _rounds(s, (0, D))
    expected = Rng.load(s.rng.dump()).shuffled(rest)
    cut(expected)
    s, events = play(s, (0, D))
    assert s.players[0].row == [a(91), expected[0]]
    assert s.players[0].draw == expected[1:]
    assert s.players[0].discard == []
    assert any(e["type"] == "reshuffle" for e in events)


def test_with_no_cards_left_in_draw_and_discard_piles_you_can_only_stop() -> None:
    s = fresh(2)
    p = s.players[0]
    s.box.extend(x for x in p.draw if x != a(91))
    p.draw = [a(91)]
    s = _rounds(s, (0, D))
    assert GAME.legal_actions(s, 0) == [STOP]


# ---- the buy phase -----------------------------------------------------------------------


def _to_buy(s, seat_cards: dict[int, list[str]], stops=None, said=None):
    """Stacks each seat's cards, draws them all and stops every seat (busted seats stay);
    ``said`` gathers the events."""
    said = [] if said is None else said
    for seat, cards in seat_cards.items():
        stack(s, seat, cards)
    start = s.round
    for seat, cards in seat_cards.items():
        for _ in cards:
            if s.players[seat].status == "drawing":
                s, ev = GAME.apply(s, seat, D)
                said += ev
    for seat in range(s.seats):
        if s.round == start and s.players[seat].status == "drawing":
            s, ev = GAME.apply(s, seat, STOP)
            said += ev
    assert not GAME.invariants(s)
    return s


def test_players_who_did_not_bust_add_the_rounds_cows_to_their_herd() -> None:
    s = _to_buy(fresh(2), {0: [a(33), a(62)], 1: [b(64), b(34)]})
    assert s.players[0].herd == 2
    assert s.players[1].herd == 0 and s.players[1].status == Status.BUSTED


def test_lose_cow_subtracts_from_the_herd_but_never_below_zero() -> None:
    s = fresh(2)
    s.players[0].herd = 2
    s = _to_buy(s, {0: ["c84"], 1: ["c85"]})
    assert [p.herd for p in s.players] == [1, 0]


def test_the_player_with_the_most_dollars_chooses_who_buys_first() -> None:
    said: list = []
    s = _to_buy(fresh(2), {0: [a(91)], 1: [b(61)]}, said=said)
    assert s.phase == Phase.CHOOSE and s.chooser == 1
    assert chose(said) == "{seat:1} has the most $ and chooses who buys first"
    assert GAME.legal_actions(s, 1) == [{"type": "first", "seat": 0}, {"type": "first", "seat": 1}]
    s, _ = play(s, (1, {"type": "first", "seat": 0}))
    assert s.phase == Phase.BUY and s.order == [0, 1]


def test_naming_who_buys_first_says_the_order_that_follows_by_name() -> None:
    """"Buying then goes clockwise" said nothing on a phone, whose seats stand in a list."""
    s = _to_buy(fresh(3), {0: [a(91)], 1: [b(61)], 2: [c(92)]})
    assert s.chooser == 1
    said = [GAME.describe(s, 1, act) for act in GAME.legal_actions(s, 1)]
    assert said == ["Name {seat:0} to buy first, then you, then {seat:2}",
                    "Name yourself to buy first, then {seat:2}, then {seat:0}",
                    "Name {seat:2} to buy first, then {seat:0}, then you"]


def chose(said: list) -> str:
    """The words of the event that names who chooses the buy order."""
    return next(e["text"] for e in said if e["type"] == "chooser")


def test_a_tie_on_dollars_goes_to_the_most_cows_this_round() -> None:
    said: list = []
    s = _to_buy(fresh(2), {0: [a(91)], 1: [b(33)]}, said=said)
    assert s.chooser == 1
    # Said as it was decided: not "has the most $".
    assert chose(said) == ("{seat:1} has as much $ as another but the most Cows this round "
                           "and chooses who buys first")
    # Nor does the chooser's prompt claim the most $.
    assert GAME.view(s, 1)["prompt"].startswith("You lead the buy order this round: choose")


def test_a_tie_on_dollars_and_cows_goes_to_the_most_cards_drawn() -> None:
    said: list = []
    s = _to_buy(fresh(2), {0: [a(91), a(34)], 1: [b(92)]}, said=said)
    assert s.chooser == 0
    assert "but drew the most cards and chooses" in chose(said)


def test_a_tie_on_cards_drawn_compares_the_sell_value_of_each_drawn_card_in_order() -> None:
    said: list = []
    s = _to_buy(fresh(2), {0: [a(94), "c74"], 1: ["c10", b(91)]}, said=said)
    assert [tally(s, i).cash for i in (0, 1)] == [2, 2]
    assert s.chooser == 1  # first cards: cost 0 against cost 2
    assert "but cards that cost the most and chooses" in chose(said)


def test_a_complete_tie_is_settled_by_rock_paper_scissors() -> None:
    s = _to_buy(fresh(2), {0: [a(91)], 1: [b(91)]})
    assert s.phase == Phase.RPS and GAME.to_act(s) == frozenset({0, 1})
    assert GAME.legal_actions(s, 0) == [{"type": "throw", "hand": h}
                                        for h in ("rock", "paper", "scissors")]
    s, events = play(s, (1, {"type": "throw", "hand": "scissors"}),
                     (0, {"type": "throw", "hand": "rock"}))
    assert s.phase == Phase.CHOOSE and s.chooser == 0
    assert events[-2]["type"] == "rps_win"
    assert chose(events) == "{seat:0} won rock-paper-scissors and chooses who buys first"


def test_a_rock_paper_scissors_draw_is_replayed() -> None:
    s = _to_buy(fresh(2), {0: [a(91)], 1: [b(91)]})
    rock = {"type": "throw", "hand": "rock"}
    s, events = play(s, (0, rock), (1, rock))
    assert s.phase == Phase.RPS and s.rps_rounds == 1
    assert GAME.to_act(s) == frozenset({0, 1})
    assert events[-1]["type"] == "rps_draw"
    s, _ = play(s, (1, {"type": "throw", "hand": "paper"}), (0, rock))
    assert s.phase == Phase.CHOOSE and s.chooser == 1


def test_a_seat_throws_once_per_exchange() -> None:
    s = _to_buy(fresh(2), {0: [a(91)], 1: [b(91)]})
    s, _ = play(s, (0, {"type": "throw", "hand": "rock"}))
    assert GAME.to_act(s) == frozenset({1})
    with pytest.raises(GameError):
        GAME.apply(s, 0, {"type": "throw", "hand": "paper"})


def test_three_way_rock_paper_scissors_drops_the_losers_and_replays_all_three_shapes() -> None:
    s = _to_buy(fresh(3), {0: [a(91)], 1: [b(91)], 2: [c(91)]})
    assert s.contenders == [0, 1, 2]
    s, _ = play(s, (0, {"type": "throw", "hand": "rock"}), (1, {"type": "throw", "hand": "paper"}),
                (2, {"type": "throw", "hand": "scissors"}))
    assert s.phase == Phase.RPS and s.contenders == [0, 1, 2]
    s, _ = play(s, (0, {"type": "throw", "hand": "rock"}), (1, {"type": "throw", "hand": "rock"}),
                (2, {"type": "throw", "hand": "scissors"}))
    assert s.phase == Phase.RPS and s.contenders == [0, 1]
    assert GAME.to_act(s) == frozenset({0, 1})
    assert GAME.view(s, 0)["prompt"] == ("Your throw won, but so did another's: throw again. "
                                         "The winner chooses who buys first")
    s, _ = play(s, (1, {"type": "throw", "hand": "paper"}), (0, {"type": "throw", "hand": "rock"}))
    assert s.chooser == 1


def test_buying_proceeds_clockwise_from_the_first_buyer_and_skips_busted_players() -> None:
    s = _to_buy(fresh(4), {0: [a(61)], 1: [b(91)], 2: [c(64), c(34)], 3: ["c92d"]})
    assert s.chooser == 0
    assert GAME.legal_actions(s, 0) == [{"type": "first", "seat": x} for x in (0, 1, 3)]
    s, _ = play(s, (0, {"type": "first", "seat": 3}))
    assert s.order == [3, 0, 1]
    assert GAME.to_act(s) == frozenset({3})
    s, _ = play(s, (3, PASS))
    assert GAME.to_act(s) == frozenset({0})


def test_a_lone_player_who_did_not_bust_buys_without_a_choice() -> None:
    s = _to_buy(fresh(2), {0: [a(91)], 1: [b(64), b(34)]})
    assert s.phase == Phase.BUY and s.order == [0]


def test_when_everybody_busts_a_new_round_begins() -> None:
    s = _to_buy(fresh(2), {0: [a(64), a(34)], 1: [b(64), b(34)]})
    assert s.phase == Phase.DRAW and s.round == 2
    assert all(p.status == "drawing" for p in s.players)


def _small_store(s, rows):
    return set_store(s, rows)


def test_a_player_buys_one_face_up_card_they_can_afford_or_burns_one_or_passes() -> None:
    s = _small_store(fresh(2), [["c79"], ["c10", "c74"]])
    s = _to_buy(s, {0: [a(61)], 1: [b(64), b(34)]})
    assert GAME.legal_actions(s, 0) == [
        {"type": "buy", "card": "c10"},
        {"type": "burn", "card": "c10"}, {"type": "burn", "card": "c74"}, PASS]


def test_a_bought_card_and_the_drawn_cards_go_to_the_discard_pile_at_round_end() -> None:
    s = _small_store(fresh(2), [["c79"], ["c10", "c74"]])
    s = _to_buy(s, {0: [a(61)], 1: [b(64), b(34)]})
    s, events = play(s, (0, {"type": "buy", "card": "c10"}))
    assert s.phase == Phase.DRAW and s.round == 2
    assert s.players[0].discard == [a(61), "c10"]
    assert any(e["type"] == "buy" for e in events)


def test_taking_a_card_turns_up_the_card_it_no_longer_covers() -> None:
    s = _small_store(fresh(2), [["c79"], ["c10", "c74"]])
    s = _to_buy(s, {0: [a(61)], 1: [b(61), b(91)]})
    s = _rounds(s, (1, {"type": "first", "seat": 0}),
                (0, {"type": "burn", "card": "c74"}))
    assert pyramid.face_up(s.store) == ["c10"]
    s, events = play(s, (1, {"type": "buy", "card": "c10"}))
    assert pyramid.face_up(s.store) == ["c79"]
    assert any(e["type"] == "store_flip" for e in events)


def test_burning_removes_the_card_from_the_game() -> None:
    s = _small_store(fresh(2), [["c79"], ["c10", "c74"]])
    s = _to_buy(s, {0: [a(91)], 1: [b(64), b(34)]})
    s = _rounds(s, (0, {"type": "burn", "card": "c74"}))
    assert "c74" in s.box and "c74" not in pyramid.cards(s.store)


def test_when_the_last_store_card_goes_the_round_ends_at_once() -> None:
    s = _small_store(fresh(2), [["c74"]])
    s = _to_buy(s, {0: [a(61), a(33)], 1: [b(62)]})
    assert [p.herd for p in s.players] == [1, 1]
    s, events = play(s, (0, {"type": "first", "seat": 0}), (0, {"type": "burn", "card": "c74"}))
    assert any(e["type"] == "store_empty" for e in events)
    # Seat 1 never bought, yet scored its Cow; Act 2 begins with a new round.
    assert [p.herd for p in s.players] == [1, 1]
    assert s.act == 2 and s.phase == Phase.DRAW


def test_a_new_act_reshuffles_every_card_into_the_draw_deck_and_deals_its_store() -> None:
    s = _small_store(fresh(2), [["c10"]])
    s = _to_buy(s, {0: [a(61)], 1: [b(64), b(34)]})
    s = _rounds(s, (0, {"type": "buy", "card": "c10"}))
    assert s.act == 2
    assert sorted(s.players[0].draw) == sorted([*starter_ids(0), "c10"])
    assert all(p.discard == [] for p in s.players)
    assert len(pyramid.cards(s.store)) == 15
    assert {spec(x).act for x in pyramid.cards(s.store)} == {2}


def test_after_act_three_the_largest_herd_wins() -> None:
    s = _small_store(fresh(2), [["c86"]])
    s.act = 3
    s.unused += s.reserve
    s.reserve = []
    s.players[1].herd = 7
    s = _to_buy(s, {0: [a(61)], 1: [b(91)]})
    s = _rounds(s, (0, {"type": "first", "seat": 0}), (0, {"type": "burn", "card": "c86"}))
    assert s.phase == Phase.OVER and GAME.to_act(s) == frozenset()
    res = GAME.result(s)
    assert res is not None and res.winners == [1] and res.scores == [0.0, 7.0]
    with pytest.raises(GameError):
        GAME.apply(s, 0, D)


def test_equal_largest_herds_share_the_win() -> None:
    s = _small_store(fresh(3), [["c86"]])
    s.act = 3
    s.unused += s.reserve
    s.reserve = []
    s.players[0].herd = s.players[2].herd = 5
    s = _to_buy(s, {0: [a(61)], 1: [b(64), b(34)], 2: [c(64), c(34)]})
    s = _rounds(s, (0, {"type": "burn", "card": "c86"}))
    res = GAME.result(s)
    assert res is not None and res.winners == [0, 2]


# ---- card effects ------------------------------------------------------------------------


def test_trash_for_two_dollars_gives_two_dollars_and_leaves_the_game() -> None:
    s = _rounds(stack(fresh(2), 0, ["c77"]), (0, D))
    assert tally(s, 0).cash == 0
    s = _rounds(s, (0, {"type": "trash", "card": "c77"}))
    assert tally(s, 0).cash == 2 and "c77" in s.box and s.players[0].row == []


def test_a_one_dollar_card_may_be_trashed_to_count_two_dollars_instead() -> None:
    s = _rounds(stack(fresh(2), 0, ["c16"]), (0, D))
    assert tally(s, 0).cash == 1
    s = _rounds(s, (0, {"type": "trash", "card": "c16"}))
    assert tally(s, 0).cash == 2


def test_the_buy_first_card_trashed_lets_you_buy_first() -> None:
    s = fresh(2)
    stack(s, 1, ["c14"])
    s = _rounds(s, (1, D), (1, {"type": "trash", "card": "c14"}))
    s = _to_buy(s, {0: [a(61)], 1: [b(91)]})
    assert s.phase == Phase.BUY and s.order == [1, 0]


def test_two_cows_if_it_is_the_first_card_drawn() -> None:
    s = _rounds(stack(fresh(2), 0, ["c15"]), (0, D))
    assert tally(s, 0).cows == 2
    s = _rounds(stack(fresh(2), 0, [a(91), "c15"]), (0, D), (0, D))
    assert tally(s, 0).cows == 1


def test_draw_four_forces_four_more_draws() -> None:
    s = _rounds(stack(fresh(2), 0, ["c54", a(91), a(92), a(93), a(94)]), (0, D))
    assert tally(s, 0).cows == 3
    assert GAME.legal_actions(s, 0) == [D]
    s = _rounds(s, (0, D), (0, D), (0, D))
    assert STOP not in GAME.legal_actions(s, 0)
    s = _rounds(s, (0, D))
    assert STOP in GAME.legal_actions(s, 0)


def test_draw_four_stops_on_a_bust() -> None:
    s = _rounds(stack(fresh(2), 0, ["c54", a(64), a(34), a(91)]), (0, D), (0, D), (0, D))
    assert s.players[0].status == Status.BUSTED and s.players[0].must_draw == 0


def test_double_next_doubles_dollars_cows_and_bandits_of_the_next_card() -> None:
    s = _rounds(stack(fresh(2), 0, ["c20", a(33)]), (0, D), (0, D))
    assert (tally(s, 0).cash, tally(s, 0).cows) == (2, 2)
    s = _rounds(stack(fresh(2), 0, ["c20", a(62)]), (0, D), (0, D))
    assert tally(s, 0).bandits == 2 and tally(s, 0).cows == 2
    s = _rounds(stack(fresh(2), 0, ["c20", a(64)]), (0, D), (0, D))
    assert s.players[0].status == Status.BUSTED


def test_extra_buy_gives_one_more_buy_or_burn() -> None:
    s = _small_store(fresh(2), [["c79"], ["c10", "c74"]])
    s = _to_buy(s, {0: ["c21", a(61), "c17"], 1: [b(64), b(34)]})
    s = _rounds(s, (0, {"type": "buy", "card": "c74"}))
    assert GAME.to_act(s) == frozenset({0}) and s.players[0].buys_left == 1
    s = _rounds(s, (0, {"type": "buy", "card": "c10"}))
    assert s.round == 2 and {"c74", "c10"} <= set(s.players[0].discard)


def test_return_to_deck_puts_a_drawn_card_back_on_top_and_it_does_not_count() -> None:
    s = _rounds(stack(fresh(2), 0, ["c22", a(61), a(33)]), (0, D), (0, D), (0, D))
    assert tally(s, 0).cash == 3
    s = _rounds(s, (0, STOP))
    assert GAME.to_act(s) >= {0}
    assert GAME.legal_actions(s, 0) == [{"type": "return", "card": x}
                                        for x in ("c22", a(61), a(33))]
    s = _rounds(s, (0, {"type": "return", "card": a(61)}))
    assert s.players[0].draw[0] == a(61) and tally(s, 0).cash == 1
    assert s.players[0].status == Status.STOPPED and 0 not in GAME.to_act(s)


def test_trash_to_replay_plays_a_card_from_the_discard_pile_as_if_drawn() -> None:
    s = to_discard(fresh(2), 0, ["c87", a(92)])
    s = _rounds(stack(s, 0, ["c23"]), (0, D))
    s = _rounds(s, (0, {"type": "trash", "card": "c23"}))
    assert GAME.legal_actions(s, 0) == [{"type": "replay", "card": "c87"},
                                        {"type": "replay", "card": a(92)}]
    s = _rounds(s, (0, {"type": "replay", "card": "c87"}))
    assert s.players[0].row == ["c87"] and tally(s, 0).cows == 3
    assert "c23" in s.box and s.players[0].discard == [a(92)]


def test_a_replayed_card_can_bust_you() -> None:
    s = to_discard(fresh(2), 0, [a(64)])
    s = _rounds(stack(s, 0, [a(34), "c23"]), (0, D), (0, D),
                (0, {"type": "trash", "card": "c23"}), (0, {"type": "replay", "card": a(64)}))
    assert s.players[0].status == Status.BUSTED


def test_gift_gives_every_other_player_one_dollar() -> None:
    s = _rounds(stack(fresh(3), 0, ["c24"]), (0, D))
    assert [tally(s, i).cash for i in range(3)] == [3, 1, 1]


def test_the_pass_on_jail_is_given_to_another_players_discard_pile_at_round_end() -> None:
    s = _small_store(fresh(4), [["c79"], ["c10", "c74"]])
    s = _to_buy(s, {0: ["c4", a(61)], 1: [b(64), b(34)], 2: [c(64), c(34)],
                    3: ["c64d", "c34d"]})
    assert tally(s, 0).jails == 1
    s = _rounds(s, (0, PASS))
    assert s.phase == Phase.GIVE and GAME.to_act(s) == frozenset({0})
    assert GAME.legal_actions(s, 0) == [{"type": "give", "card": "c4", "to": x} for x in (1, 2, 3)]
    s = _rounds(s, (0, {"type": "give", "card": "c4", "to": 2}))
    assert "c4" in s.players[2].discard and s.phase == Phase.DRAW


def test_trash_to_reorder_looks_at_the_top_three_after_drawing() -> None:
    s = _rounds(stack(fresh(2), 0, ["c19", a(91), a(92), a(93)]), (0, D))
    assert {"type": "trash", "card": "c19"} not in GAME.legal_actions(s, 0)
    s = _rounds(s, (0, STOP))
    assert GAME.legal_actions(s, 0) == [{"type": "trash", "card": "c19"}, {"type": "skip"}]
    s = _rounds(s, (0, {"type": "trash", "card": "c19"}))
    legal = GAME.legal_actions(s, 0)
    assert len(legal) == 6 and all(x["type"] == "reorder" for x in legal)
    s = _rounds(s, (0, {"type": "reorder", "order": [a(93), a(91), a(92)]}))
    assert s.players[0].draw[:3] == [a(93), a(91), a(92)] and "c19" in s.box
    assert set(s.players[0].known) == {a(91), a(92), a(93)}


def test_the_reorder_card_may_be_kept_instead() -> None:
    s = _rounds(stack(fresh(2), 0, ["c19"]), (0, D), (0, STOP), (0, {"type": "skip"}))
    assert s.players[0].row == ["c19"] and s.players[0].pending == []


def test_look_at_top_three_when_drawn_reorders_after_drawing_and_is_kept() -> None:
    s = _rounds(stack(fresh(2), 0, ["c31", a(91), a(92)]), (0, D))
    assert GAME.legal_actions(s, 0)[:2] == [D, STOP]
    s = _rounds(s, (0, STOP))
    assert all(x["type"] == "reorder" for x in GAME.legal_actions(s, 0))
    s = _rounds(s, (0, {"type": "reorder", "order": [a(92), a(91), s.players[0].draw[2]]}))
    assert s.players[0].draw[:2] == [a(92), a(91)] and s.players[0].row == ["c31"]


def test_a_returned_card_comes_before_the_look_at_the_top_three() -> None:
    s = _rounds(stack(fresh(2), 0, ["c22", "c31"]), (0, D), (0, D), (0, STOP))
    s = _rounds(s, (0, {"type": "return", "card": "c22"}))
    orders = [x["order"] for x in GAME.legal_actions(s, 0)]
    assert all("c22" in o for o in orders)


def test_returning_the_look_card_cancels_its_look() -> None:
    s = _rounds(stack(fresh(2), 0, ["c22", "c31"]), (0, D), (0, D), (0, STOP),
                (0, {"type": "return", "card": "c31"}))
    assert s.players[0].pending == [] and 0 not in GAME.to_act(s)


def test_a_card_not_among_the_legal_actions_is_refused_without_naming_hidden_cards() -> None:
    s = fresh(2)
    hidden = pyramid.face_down(s.store)[0]
    with pytest.raises(GameError) as err:
        GAME.apply(s, 0, {"type": "trash", "card": hidden})
    assert hidden not in err.value.message
    assert "Expected" in err.value.message


def test_every_player_count_plays_to_the_end() -> None:
    from games.play import playout
    for seats in (2, 3, 4):
        out = playout(GAME, seats=seats, seed=11 + seats)
        assert out.result is not None and len(out.result.scores) == seats
        assert out.state.act == 3 and pyramid.is_empty(out.state.store)


def test_take_helper_keeps_cards_conserved() -> None:
    s = fresh(2)
    take(s, "c74")
    s.box.append("c74")
    assert not GAME.invariants(s)


def test_at_two_players_each_act_deals_fifteen_cards_of_its_larger_pool() -> None:
    from games.play import playout
    out = playout(GAME, seats=2, seed=21)
    assert len(out.state.unused) == (17 - 15) + (17 - 15) + (21 - 15)
    assert {spec(x).act for x in out.state.unused} == {1, 2, 3}


def test_the_quick_counts_agree_with_the_whole_tally() -> None:
    states: list[State] = []
    for seed in range(3):
        playout(GAME, seats=4, seed=seed, on_step=lambda state, seat, action: states.append(state))
    for s in states:
        assert tallies(s) == [tally(s, seat) for seat in range(s.seats)]
        for seat in range(s.seats):
            t = tally(s, seat)
            assert dollars(s, seat) == t.cash
            assert danger(s.players[seat]) == t.danger


def test_a_bust_names_the_round_it_happened_in() -> None:
    # A round can end before the seat that busted sees it; the table says it in the next.
    state = GAME.new_game(GAME.parse_options({}), 2, 3)
    rng = Rng(9)
    busts: list[tuple[dict[str, object], int]] = []
    while not GAME.is_over(state) and len(busts) < 3:
        seat = rng.choice(sorted(GAME.to_act(state)))
        before = state.round
        state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        busts += [(e, before) for e in events if e["type"] == "bust"]
    assert busts, "no seat busted in the game played"
    assert all(e["round"] == before for e, before in busts)


def test_every_log_line_starts_as_a_sentence_does() -> None:
    """No event's words open in lower case ("the '3 Cows' card turns face up...")."""
    from games.testing import play_one

    texts = [e.get("text", "") for seed in range(3)
             for events in play_one(GAME, 3, seed, first=True).events for e in events]
    assert len(texts) > 100
    assert [t for t in texts if t[:1].islower()] == []
