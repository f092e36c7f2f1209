"""Shuffling what a seat cannot see: other hands, passes under way and the draw pile."""

from __future__ import annotations

from collections import Counter

import pytest

from games.base import Rule
from games.rng import Rng
from games.testing import check_teaching_does_not_leak, play_games
from games.wyoming_cowboy import GAME
from games.wyoming_cowboy.cards import CARD_WORDS, sort_key
from games.wyoming_cowboy.state import Phase
from tests.games.wyoming_cowboy.helpers import act, build


def position():
    return build(hands={0: "KH QS 7S", 1: "KD 5C 6C", 2: "JC 8D 9D", 3: "2H 3H"},
                 badges={1: "AD"}, tens={2: "TS"}, discards="9C 8H", shots="3D")


def test_the_viewers_hand_the_tables_and_the_piles_stay() -> None:
    st = position()
    rng = Rng(1)
    for _ in range(20):
        other = GAME.hidden_shuffle(st, 0, rng)
        assert other.hands[0] == st.hands[0]
        assert (other.badges, other.tens, other.discards, other.shots) == (
            st.badges, st.tens, st.discards, st.shots)
        assert [len(h) for h in other.hands] == [len(h) for h in st.hands]
        assert not GAME.invariants(other)
        assert GAME.view(other, 0) == GAME.view(st, 0)


def test_other_hands_and_the_pile_are_mixed_and_kept_sorted() -> None:
    st = position()
    rng = Rng(2)
    hands = set()
    for _ in range(20):
        other = GAME.hidden_shuffle(st, 0, rng)
        assert all(h == sorted(h, key=sort_key) for h in other.hands)
        hands.add(tuple(other.hands[2]))
    assert len(hands) > 10


def test_a_king_named_by_a_badge_stays_in_its_hand() -> None:
    st = position()
    rng = Rng(3)
    for _ in range(20):
        assert "KD" in GAME.hidden_shuffle(st, None, rng).hands[1]


def test_kept_seats_and_the_undealt_order_stay() -> None:
    st = position()
    other = GAME.hidden_shuffle(st, None, Rng(4), keep=frozenset({0, 1}), deck=False)
    assert other.hands[:2] == st.hands[:2] and other.pile == st.pile
    assert Counter(other.hands[2] + other.hands[3]) == Counter(st.hands[2] + st.hands[3])
    assert other.hands[2:] != st.hands[2:]


def test_cards_set_aside_for_a_pass_are_hidden_but_a_badge_and_its_king_are_not() -> None:
    st = build(hands={0: "9H 2C 3C 4C", 1: "KD 6D 7D 8D", 2: "5S 6S 7S"}, badges={1: "AD"})
    st, _ = act(st, 0, type="nine", card="9H", direction="left")
    st, _ = act(st, 1, type="pass", cards=["6D", "KD"])
    assert st.phase == Phase.PASS and st.passing[1] == ["6D", "KD", "AD"]
    rng = Rng(5)
    before = GAME.dump(st)
    passed = set()
    for _ in range(20):
        other = GAME.hidden_shuffle(st, 0, rng)
        assert other.passing[1] is not None
        assert {"KD", "AD"} <= set(other.passing[1]) and len(other.passing[1]) == 3
        passed.add(tuple(other.passing[1]))
        assert not GAME.invariants(other)
    assert len(passed) > 3
    assert GAME.dump(st) == before  # the copies' hands and passes were their own


def test_hands_laid_down_at_the_end_of_a_hand_are_not_hidden() -> None:
    st = build(hands={0: "TH 5C", 1: "KS QD"}, tens={1: "TC TD TS"},
               guns={2: [("22", "2C 2D")]})
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    assert st.phase == Phase.SCORING
    other = GAME.hidden_shuffle(st, None, Rng(6))
    assert other.hands == st.hands and other.pile != st.pile


def test_the_given_state_is_never_changed() -> None:
    st = position()
    before = GAME.dump(st)
    GAME.hidden_shuffle(st, None, Rng(7))
    assert GAME.dump(st) == before


class TellsTheNeighboursCard(type(GAME)):  # type: ignore[misc]
    """Tells each seat, in words only, the first card its neighbour holds."""

    def situations(self, state, seat):  # type: ignore[no-untyped-def]
        other = (seat + 1) % state.seats
        if not state.hands[other]:
            return {}
        card = state.hands[other][0]
        return {"peek": Rule("", f"Your neighbour holds the {CARD_WORDS[card]}")}


def test_a_hint_naming_a_hidden_card_in_words_fails_the_leak_check() -> None:
    game = TellsTheNeighboursCard()
    with pytest.raises(AssertionError, match=r"seat \d is told \['"):
        check_teaching_does_not_leak(game, play_games(game, games=1))
