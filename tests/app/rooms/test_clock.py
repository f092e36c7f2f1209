"""The stored timing of a room's seats: what becomes of it when a seat is removed, and
the moves the server made for an away seat."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from app.rooms.clock import Timing

T = datetime(2026, 1, 1, tzinfo=UTC)


def test_a_removed_seat_takes_its_timing_and_the_later_seats_move_up_one() -> None:
    timing = Timing(banks={0: 10.0, 1: 20.0, 2: 30.0}, turns={1: T, 2: T + timedelta(seconds=1)},
                    away=frozenset({1, 2}), gone={0: T, 1: T, 3: T + timedelta(seconds=3)},
                    played={1: 4, 2: 1})
    assert timing.without_seat(1) == Timing(
        banks={0: 10.0, 1: 30.0}, turns={1: T + timedelta(seconds=1)}, away=frozenset({1}),
        gone={0: T, 2: T + timedelta(seconds=3)}, played={1: 1})


def test_removing_the_last_seat_leaves_the_others_as_they_were() -> None:
    timing = Timing(gone={0: T, 1: T})
    assert timing.without_seat(2) == timing
    assert Timing.from_json(timing.without_seat(0).to_json()) == Timing(gone={0: T})


def test_the_moves_played_for_an_away_seat_are_counted_until_it_is_back() -> None:
    timing = Timing(turns={0: T, 1: T})
    once = timing.played_for(1)
    assert once.away == {1} and once.played == {1: 1}
    twice = once.played_for(1).played_for(0)
    assert twice.played == {1: 2, 0: 1} and twice.away == {0, 1}
    assert Timing.from_json(twice.to_json()) == twice
    back = twice.back(1)
    assert back.away == {0} and back.played == {0: 1} and back.turns == timing.turns
    assert back.back(0) == timing
    assert "played" not in timing.to_json()  # nothing stored while nobody is away
    assert twice.new_game() == Timing()
