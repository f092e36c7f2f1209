"""The Store pyramid: its rows per player count, face-up cards, uncovering."""

from __future__ import annotations

import pytest

from games.cards_for_cowboys import store as pyramid
from games.cards_for_cowboys.cards import store_ids
from games.rng import Rng
from tests.games.cards_for_cowboys.position import fresh


@pytest.mark.parametrize(("seats", "rows", "cards"), [(2, 5, 15), (3, 6, 21), (4, 7, 28)])
def test_the_pyramid_has_five_six_or_seven_rows(seats: int, rows: int, cards: int) -> None:
    s = fresh(seats)
    assert len(s.store) == rows
    assert [len(r) for r in s.store] == list(range(1, rows + 1))
    assert len(pyramid.cards(s.store)) == cards


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_only_the_bottom_row_starts_face_up(seats: int) -> None:
    s = fresh(seats)
    assert pyramid.face_up(s.store) == list(s.store[-1])
    assert len(pyramid.face_down(s.store)) == len(pyramid.cards(s.store)) - len(s.store)


def test_at_two_players_fifteen_of_the_larger_pool_are_dealt() -> None:
    s = fresh(2)
    assert len(s.unused) == 2
    assert sorted(pyramid.cards(s.store) + s.unused) == sorted(store_ids(1, 2))


@pytest.mark.parametrize("seats", [3, 4])
def test_at_three_and_four_players_the_whole_pool_is_dealt(seats: int) -> None:
    s = fresh(seats)
    assert s.unused == []
    assert sorted(pyramid.cards(s.store)) == sorted(store_ids(1, seats))


def test_a_card_turns_face_up_only_when_nothing_covers_it() -> None:
    store, _ = pyramid.deal([f"c{n}" for n in range(1, 16)], 2, Rng(3))
    left, right = store[4][0], store[4][1]
    above = store[3][0]
    assert left is not None and right is not None
    assert pyramid.remove(store, left) == []
    assert not pyramid.is_face_up(store, 3, 0)
    assert pyramid.remove(store, right) == [above]
    assert pyramid.is_face_up(store, 3, 0)


def test_a_covered_card_cannot_be_taken() -> None:
    store, _ = pyramid.deal([f"c{n}" for n in range(1, 16)], 2, Rng(3))
    with pytest.raises(ValueError):
        pyramid.remove(store, store[0][0])  # type: ignore[arg-type]


def test_the_store_is_empty_when_the_last_card_goes() -> None:
    store, _ = pyramid.deal([f"c{n}" for n in range(1, 16)], 2, Rng(3))
    while not pyramid.is_empty(store):
        pyramid.remove(store, pyramid.face_up(store)[0])
    assert pyramid.cards(store) == []


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_taking_a_card_names_exactly_the_cards_that_turn_face_up(seats: int) -> None:
    """``remove`` looks only above the card taken: the whole pyramid agrees with it."""
    for seed in range(20):
        rng = Rng(seed)
        store, _ = pyramid.deal([f"c{n}" for n in range(1, 29)], seats, rng)
        while not pyramid.is_empty(store):
            before = pyramid.face_up(store)
            card = rng.choice(before)
            shown = pyramid.remove(store, card)
            assert shown == [c for c in pyramid.face_up(store) if c not in before]
