"""Shuffling what a seat cannot see: pile orders, covered Store cards, later Acts, throws."""

from __future__ import annotations

from collections import Counter

from games.cards_for_cowboys import GAME
from games.cards_for_cowboys import store as pyramid
from games.cards_for_cowboys.cards import spec
from games.cards_for_cowboys.state import Phase
from games.rng import Rng
from tests.games.cards_for_cowboys.position import fresh, to_discard


def position():
    st = fresh(3, seed=4)
    for seat in range(3):
        to_discard(st, seat, st.players[seat].draw[5:])
    st.players[0].known = [st.players[0].draw[2]]
    return st


def backs(cards: list[str | None]) -> list[str | None]:
    return [spec(c).back if c else None for c in cards]


def test_each_player_keeps_the_cards_of_his_piles() -> None:
    st = position()
    rng = Rng(1)
    for _ in range(20):
        other = GAME.hidden_shuffle(st, 0, rng)
        for p, q in zip(st.players, other.players, strict=True):
            assert Counter(p.draw + p.discard) == Counter(q.draw + q.discard)
            assert (len(p.draw), len(p.discard)) == (len(q.draw), len(q.discard))
            assert spec(q.draw[0]).back == spec(p.draw[0]).back
        assert not GAME.invariants(other)


def test_the_owner_keeps_what_he_has_seen_and_nothing_else() -> None:
    """He may check the backs of his draw pile ("You may freely check the card backs"), and
    knows the faces an effect showed him; the faces behind the other backs move."""
    st = position()
    me = st.players[0]
    rng = Rng(2)
    faces = set()
    for _ in range(30):
        mine = GAME.hidden_shuffle(st, 0, rng).players[0]
        assert mine.draw[2] == me.draw[2] and mine.discard[-1] == me.discard[-1]
        assert backs(list(mine.draw)) == backs(list(me.draw))
        faces.add(tuple(mine.draw))
    assert len(faces) > 1, "the faces behind the owner's backs are hidden from him"


def test_covered_store_cards_keep_their_backs_and_face_up_ones_stay() -> None:
    st = position()
    rng = Rng(3)
    up = pyramid.face_up(st.store)
    stores = set()
    for _ in range(20):
        other = GAME.hidden_shuffle(st, None, rng)
        assert pyramid.face_up(other.store) == up
        assert [backs(row) for row in other.store] == [backs(row) for row in st.store]
        stores.add(str(other.store))
    assert len(stores) > 10


def test_with_deck_false_the_undealt_cards_stay_in_order() -> None:
    st = position()
    other = GAME.hidden_shuffle(st, None, Rng(4), deck=False)
    assert [p.draw for p in other.players] == [p.draw for p in st.players]
    assert (other.reserve, other.unused) == (st.reserve, st.unused)
    assert [p.discard for p in other.players] != [p.discard for p in st.players]


def test_kept_seats_stay_and_later_acts_stay_apart() -> None:
    st = position()
    other = GAME.hidden_shuffle(st, None, Rng(5), keep=frozenset({1}))
    assert other.players[1] == st.players[1]
    assert [spec(c).act for c in other.reserve] == [spec(c).act for c in st.reserve]
    assert other.reserve != st.reserve


def test_only_the_others_unrevealed_throws_are_shuffled() -> None:
    st = position()
    st.phase, st.contenders = Phase.RPS, [0, 1, 2]
    st.throws = ["rock", "paper", "scissors"]
    seen = set()
    rng = Rng(6)
    for _ in range(20):
        throws = GAME.hidden_shuffle(st, 0, rng).throws
        assert throws[0] == "rock" and sorted(str(t) for t in throws[1:]) == ["paper", "scissors"]
        seen.add(tuple(throws))
    assert len(seen) == 2


def test_the_given_state_is_never_changed() -> None:
    st = position()
    before = GAME.dump(st)
    GAME.hidden_shuffle(st, None, Rng(7))
    assert GAME.dump(st) == before
