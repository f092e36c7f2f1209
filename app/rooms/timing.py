"""Keeping each seat's clock: the timing a change of the room leads to, and when it is due.

Every change that alters who must decide (a game starts, an action is played, a
game ends) also carries the new ``Timing`` and the time the server must next look
at the room (``Timed``), in the same commit: deadlines are stored with the version
that set them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from app.rooms.clock import Timing
from app.rooms.data import RoomData, RoomStatus, SeatKind
from app.rooms.events import GameAbandoned, GameStarted, Played, RoomEvent, Timed


def with_timing(room: RoomData, events: Sequence[RoomEvent], *, now: datetime,
                away_delay: float) -> list[RoomEvent]:
    """Returns ``events`` followed by the timing they lead to, when it changes."""
    if (room.turn_clock is None and room.due is None and not room.timing.turns
            and not room.timing.away and not room.timing.gone
            and Timed not in map(type, events)):  # no generator: usually one event
        return list(events)  # nothing is timed in this room: the common case, kept cheap
    base = next((e.timing for e in reversed(events) if isinstance(e, Timed)), room.timing)
    before = set(room.to_act())
    after, acted, playing = before, None, room.status == RoomStatus.PLAYING
    for event in events:
        if isinstance(event, GameStarted):
            base, before, playing = base.new_game(), set(), True
            after = set(room.game.to_act(event.state))
        elif isinstance(event, Played):
            acted = event.seat
            after = set() if event.result is not None else set(room.game.to_act(event.state))
            playing = event.result is None
        elif isinstance(event, GameAbandoned):
            after, playing = set(), False
    # Without a clock nobody's time can run out, so nobody's turn needs timing.
    deciding = after if room.turn_clock is not None or base.away else set()
    timing = base.turns_change(before & deciding, deciding, acted, now, room.turn_clock)
    humans = {s.position for s in room.seats if s.kind == SeatKind.HUMAN}
    due = next_due(room, timing, humans & after, playing=playing, away_delay=away_delay)
    out: list[RoomEvent] = [e for e in events if not isinstance(e, Timed)]
    if timing != room.timing or due != room.due:
        out.append(Timed(timing, due))
    return out


def next_due(room: RoomData, timing: Timing, deciding: set[int], *, playing: bool,
             away_delay: float) -> datetime | None:
    """Returns the first time the server must act for the room: a clock that runs out, an
    away seat to play for, a gone seat to hand to a bot (``None``: nothing to wait for)."""
    times: list[datetime] = []
    for seat in deciding:
        began = timing.turns.get(seat)
        if began is None:
            continue
        if seat in timing.away:
            times.append(began + timedelta(seconds=away_delay))
        else:
            deadline = timing.deadline(seat, room.turn_clock)
            if deadline is not None:
                times.append(deadline)
    if playing and room.gone_after is not None:
        times += [since + timedelta(seconds=room.gone_after) for seat, since in timing.gone.items()
                  if seat < len(room.seats) and room.seats[seat].kind == SeatKind.HUMAN]
    return min(times, default=None)


def clock_view(room: RoomData) -> dict[str, object] | None:
    """Returns the clock part of the room's summary: the setting, each seat's bank and
    deadline, and how many moves the server has made for it since it went away (which
    the room's notices say to everyone)."""
    if room.turn_clock is None:
        return None
    seats = []
    played = room.timing.played
    for seat in range(len(room.seats)):
        deadline = room.timing.deadline(seat, room.turn_clock)
        seats.append({"bank": round(room.timing.banks.get(seat, room.turn_clock.bank), 1),
                      "deadline": None if deadline is None else deadline.isoformat(),
                      "played_for": played.get(seat, 0)})
    return {"per_move": room.turn_clock.per_move, "bank": room.turn_clock.bank, "seats": seats}
