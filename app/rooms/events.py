"""What can happen to a room, and the one function that applies it to the room in memory.

A command (``app.rooms.commands``) decides which events a request causes; the
persistence writes them; only once they are committed does ``apply`` change the
room. So memory never holds anything the database does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.models import MadeBy
from app.rooms.clock import ClockSetting, Timing
from app.rooms.data import RoomData, RoomStatus, SeatInfo, SeatKind
from games.base import Action, Event, Result

JSON = Any


@dataclass(frozen=True)
class SeatTaken:
    """A person or a bot sat down in the next seat."""

    seat: SeatInfo


@dataclass(frozen=True)
class SeatLeft:
    """A seat was freed before the game; the later seats move up one."""

    position: int


@dataclass(frozen=True)
class SeatHandedToBot:
    """During a game, a bot took over a seat whose player was removed."""

    position: int
    bot: str


@dataclass(frozen=True)
class Configured:
    """The host set the game options, whether spectators may watch, and the clocks."""

    options: dict[str, JSON]
    allow_spectators: bool
    turn_clock: ClockSetting | None = None
    gone_after: float | None = None
    hints: bool = True


@dataclass(frozen=True)
class GameStarted:
    """A game began with the seats as they are."""

    game_id: str
    seed: int
    match: int
    state: Any
    carried: JSON = None


@dataclass(frozen=True)
class GameOpened:
    """What happened as the game just started was set up (``Game.begin``): its events, for
    the log. Never stored: a room read back works them out again from the game's row."""

    events: list[Event]


@dataclass(frozen=True)
class Played:
    """A seat's action was accepted: the game's next state and what it said happened."""

    seat: int
    action: Action
    seq: int
    state: Any
    events: list[Event]
    result: Result | None
    # Who chose the action, when not the person in the seat: "bot" or "server" (the turn
    # clock, for a person whose time ran out or who is away). Kept with the action.
    made_by: MadeBy | None = None


@dataclass(frozen=True)
class Said:
    """A seat said something in the chat."""

    seat: int
    name: str
    text: str


@dataclass(frozen=True)
class Noticed:
    """A notice about the room for the log (joins, kicks, a game beginning).

    With ``only``, just those seats see it (what the server played for a seat).
    """

    text: str
    only: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Timed:
    """The seats' clocks and presence changed; ``due`` is when the server must next look."""

    timing: Timing
    due: datetime | None


@dataclass(frozen=True)
class GameAbandoned:
    """Nobody touched the game for too long: it ends without a result."""

    reason: str


RoomEvent = (SeatTaken | SeatLeft | SeatHandedToBot | Configured | GameStarted | GameOpened
             | Played | Said | Noticed | Timed | GameAbandoned)


def apply(room: RoomData, version: int, events: Sequence[RoomEvent]) -> None:
    """Applies committed events to the room in memory and moves it to ``version``."""
    for event in events:
        _apply(room, version, event)
    room.version = version


def _apply(room: RoomData, version: int, event: RoomEvent) -> None:
    match event:  # a move first: the cases are tried in order
        case Played(_, _, seq, state, events, result):
            room.state, room.seq = state, seq
            for e in events:  # a loop: usually one event or two
                room.log.append({"v": version, **e})
            if result is not None:
                room.status, room.result = RoomStatus.FINISHED, result.to_json()
        case SeatTaken(seat):
            room.seats.append(seat)
        case SeatLeft(position):
            del room.seats[position]
            for i, s in enumerate(room.seats):
                s.position = i
            if room.host_seat > position:
                room.host_seat -= 1
        case SeatHandedToBot(position, bot):
            seat = room.seats[position]
            seat.kind, seat.bot, seat.token_hash = SeatKind.BOT, bot, None
        case Configured(options, allow_spectators, turn_clock, gone_after, hints):
            room.options, room.allow_spectators = options, allow_spectators
            room.turn_clock, room.gone_after, room.hints = turn_clock, gone_after, hints
        case GameStarted(game_id, seed, match, state):
            room.status, room.matches = RoomStatus.PLAYING, match
            room.game_id, room.seed = game_id, seed
            room.state, room.seq, room.result = state, 0, None
            room.log = [e for e in room.log if e["type"] in ("chat", "notice")]
        case GameOpened(events):
            room.log.extend({"v": version, **e} for e in events)
        case Said(seat, name, text):
            room.log.append({"v": version, "type": "chat", "text": text, "seat": seat,
                             "name": name})
        case Noticed(text, only):
            room.log.append({"v": version, "type": "notice", "text": text}
                            | ({"only": list(only)} if only else {}))
        case Timed(timing, due):
            room.timing, room.due = timing, due
        case GameAbandoned():
            room.status = RoomStatus.ABANDONED
