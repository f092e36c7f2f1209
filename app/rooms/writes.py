"""What each room event writes: rows to insert (batched by table), values set on the
room's row and on its game's row, and other statements, in order.

Core tables, not ORM objects: this is the path of every move. ``Writes`` keeps the
rows and the values set apart from the other statements so that a batch of changes of
many rooms can insert each table's rows with one statement and set the rooms' and the
games' values with one per set of columns (``app.rooms.committer``): no statement is
built per change on the common path, and building one costs more than running it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Executable, Table, delete, update

from app.models import ActionRow, ChatRow, GameRecord, GameStatus, Seat, Snapshot
from app.models import Room as RoomRow
from app.rooms import events as ev
from app.rooms.clock import ClockSetting
from app.rooms.data import RoomData, RoomStatus, SeatKind
from games.base import canonical_hash

JSON = Any
ROOMS: Table = RoomRow.__table__  # type: ignore[assignment]
SEATS: Table = Seat.__table__  # type: ignore[assignment]
GAMES: Table = GameRecord.__table__  # type: ignore[assignment]
ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]
SNAPSHOTS: Table = Snapshot.__table__  # type: ignore[assignment]
CHAT: Table = ChatRow.__table__  # type: ignore[assignment]
ROW_KEY = "row_key"  # the parameter naming the row whose values are set
# What people do, as opposed to what the server does by itself (clocks, presence).
TOUCHES = (ev.SeatTaken, ev.Configured, ev.GameStarted, ev.Played, ev.Said)


@dataclass
class Writes:
    """One change of one room: the rows it inserts, the statements it runs, in order, and
    the values it sets on the room's row and on game rows by id (a later event's value of
    a column wins)."""

    inserts: list[tuple[Table, dict[str, JSON]]] = field(default_factory=list)
    statements: list[Executable] = field(default_factory=list)
    room: dict[str, JSON] = field(default_factory=dict)
    games: dict[str, dict[str, JSON]] = field(default_factory=dict)
    touched: bool = False  # a person did it (a game nobody touches is abandoned)


def writes_of(room: RoomData, version: int, events: Sequence[ev.RoomEvent], *,
              snapshot_every: int, now: datetime) -> Writes:
    """Returns what storing ``events`` as ``version`` of the room writes (the version bump
    itself aside)."""
    out = Writes()
    for event in events:
        _add(out, room, version, event, snapshot_every, now)
        out.touched = out.touched or isinstance(event, TOUCHES)
    return out


def _add(out: Writes, room: RoomData, version: int, event: ev.RoomEvent, snapshot_every: int,
         now: datetime) -> None:
    match event:  # a move first: the cases are tried in order
        case ev.Played():
            _play(out, room, version, event, snapshot_every, now)
        case ev.SeatTaken(seat):
            out.inserts.append((SEATS, {"room_id": room.id, "position": seat.position,
                                        "name": seat.name, "kind": seat.kind, "bot": seat.bot,
                                        "token_hash": seat.token_hash}))
        case ev.SeatLeft(position):
            _free_seat(out, room, position)
        case ev.SeatHandedToBot(position, bot):
            out.statements.append(update(SEATS).where(
                SEATS.c.room_id == room.id, SEATS.c.position == position)
                .values(kind=SeatKind.BOT, bot=bot, token_hash=None))
        case ev.Configured(options, allow_spectators, turn_clock, gone_after, hints):
            out.room.update(options=options, allow_spectators=allow_spectators, hints=hints,
                            turn_clock=clock_json(turn_clock), gone_after=gone_after)
        case ev.GameStarted():
            _start_game(out, room, version, event, now)
        case ev.GameOpened():
            pass  # its events are the game's to work out again (``persistence.load``)
        case ev.Said(seat, name, text):
            out.inserts.append((CHAT, _chat(room, version, now, kind="chat", text=text,
                                            seat=seat, name=name)))
        case ev.Noticed(text, only):
            out.inserts.append((CHAT, _chat(room, version, now, kind="notice", text=text,
                                            only=list(only) if only else None)))
        case ev.Timed(timing, due):
            out.room.update(clock=timing.to_json(), deadline=due)
        case ev.GameAbandoned(reason):
            out.room.update(status=RoomStatus.ABANDONED, deadline=None)
            _set_game(out, room, status=GameStatus.ABANDONED, ended_reason=reason,
                      finished_at=now)
        case _:
            raise TypeError(f"Expected a room event, got {event!r}")


def _chat(room: RoomData, version: int, now: datetime, *, kind: str, text: str,
          seat: int | None = None, name: str = "", only: list[int] | None = None
          ) -> dict[str, JSON]:
    # Every chat row has the same keys, so that a batch inserts them in one statement.
    return {"room_id": room.id, "room_version": version, "seat": seat, "name": name,
            "kind": kind, "text": text, "at": now, "only": only}


def _free_seat(out: Writes, room: RoomData, position: int) -> None:
    out.statements.append(delete(SEATS).where(SEATS.c.room_id == room.id,
                                              SEATS.c.position == position))
    # One row at a time, in order, so (room, position) stays unique throughout.
    for p in range(position + 1, len(room.seats)):
        out.statements.append(update(SEATS).where(SEATS.c.room_id == room.id,
                                                  SEATS.c.position == p)
                              .values(position=p - 1))
    out.room["host_seat"] = room.host_seat - (1 if room.host_seat > position else 0)


def _start_game(out: Writes, room: RoomData, version: int, event: ev.GameStarted,
                now: datetime) -> None:
    game = room.game
    out.inserts.append((GAMES, {
        "id": event.game_id, "room_id": room.id, "game": game.id,
        "rules_version": game.rules_version, "options": room.options, "seed": event.seed,
        "seats": [s.public() for s in room.seats], "match": event.match,
        "status": GameStatus.PLAYING, "actions_count": 0, "started_at": now,
        "started_version": version, "carried": event.carried}))
    out.room.update(status=RoomStatus.PLAYING, matches=event.match,
                    current_game_id=event.game_id)


def _play(out: Writes, room: RoomData, version: int, event: ev.Played, snapshot_every: int,
          now: datetime) -> None:
    game = room.game
    row = {"game_id": room.game_id, "seq": event.seq, "seat": event.seat,
           "action": event.action, "events": event.events, "room_version": version, "at": now}
    if event.made_by is not None:  # a person's move leaves the column to its default
        row["made_by"] = event.made_by
    out.inserts.append((ACTIONS, row))
    if event.seq % snapshot_every == 0:
        out.inserts.append((SNAPSHOTS, {"game_id": room.game_id, "seq": event.seq,
                                        "state": game.dump(event.state), "at": now}))
    if event.result is not None:
        out.room.update(status=RoomStatus.FINISHED, deadline=None)
        _set_game(out, room, status=GameStatus.FINISHED, result=event.result.to_json(),
                  actions_count=event.seq, final_hash=canonical_hash(game.dump(event.state)),
                  finished_at=now)


def _set_game(out: Writes, room: RoomData, **values: JSON) -> None:
    """Sets ``values`` on the row of the room's game."""
    if room.game_id is None:
        raise ValueError(f"Expected room {room.code} to have a game, got none")
    out.games.setdefault(room.game_id, {}).update(values)


def clock_json(clock: ClockSetting | None) -> dict[str, JSON] | None:
    """Returns a room's turn clock as stored."""
    return None if clock is None else clock.model_dump()
