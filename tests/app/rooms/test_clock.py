"""The stored timing of a room's seats: what becomes of it when a seat is removed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from app.rooms.clock import Timing

T = datetime(2026, 1, 1, tzinfo=UTC)


def test_a_removed_seat_takes_its_timing_and_the_later_seats_move_up_one() -> None:
    timing = Timing(banks={0: 10.0, 1: 20.0, 2: 30.0}, turns={1: T, 2: T + timedelta(seconds=1)},
                    away=frozenset({1, 2}), gone={0: T, 1: T, 3: T + timedelta(seconds=3)})
    assert timing.without_seat(1) == Timing(
        banks={0: 10.0, 1: 30.0}, turns={1: T + timedelta(seconds=1)}, away=frozenset({1}),
        gone={0: T, 2: T + timedelta(seconds=3)})


def test_removing_the_last_seat_leaves_the_others_as_they_were() -> None:
    timing = Timing(gone={0: T, 1: T})
    assert timing.without_seat(2) == timing
    assert Timing.from_json(timing.without_seat(0).to_json()) == Timing(gone={0: T})
