"""Rooms in the database: created, rebuilt, and changed one version at a time.

``commit`` writes a change's events in one transaction that first bumps the room's
version **conditionally** (``UPDATE rooms SET version = v + 1 WHERE version = v``):
when no row matches, or a unique constraint clashes, another writer came first and
``Stale`` is raised so that the caller reloads and runs its command again.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Executable, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app import store
from app.db import Database
from app.errors import NotFound
from app.models import ActionRow, ChatRow, GameRecord, GameStatus, Seat, Snapshot
from app.models import Room as RoomRow
from app.rooms.clock import ClockSetting, Timing, resolve
from app.rooms.data import RoomData, RoomStatus, SeatInfo, SeatKind
from app.rooms.events import (
    Configured,
    GameAbandoned,
    GameStarted,
    Noticed,
    Played,
    RoomEvent,
    Said,
    SeatHandedToBot,
    SeatLeft,
    SeatTaken,
    Timed,
)
from games import replay
from games.base import canonical_hash
from games.registry import UnknownGame, get_game

JSON = Any


# What people do, as opposed to what the server does by itself (clocks, presence).
TOUCHES = (SeatTaken, Configured, GameStarted, Played, Said)


class Stale(Exception):
    """Another writer advanced the room first; reload and try again."""


async def create(db: Database, *, game: str, options: dict[str, JSON], allow_spectators: bool,
                 turn_clock: ClockSetting | None, gone_after: float | None, host: SeatInfo,
                 code: str) -> None:
    """Stores a new room at version 1 in the lobby, with its host seated."""
    async with db.session() as s:
        row = RoomRow(code=code, game=game, options=options, status=RoomStatus.LOBBY,
                      host_seat=host.position, allow_spectators=allow_spectators, version=1,
                      matches=0, turn_clock=_clock_json(turn_clock), gone_after=gone_after)
        s.add(row)
        await s.flush()
        s.add(Seat(room_id=row.id, position=host.position, name=host.name, kind=host.kind,
                   token_hash=host.token_hash))
        s.add(ChatRow(room_id=row.id, room_version=1, name=host.name, kind="notice",
                      text=f"{host.name} opened the room"))
        await s.commit()


async def load(db: Database, code: str, *, recent: int) -> RoomData:
    """Returns the room ``code`` as stored: its latest snapshot plus the actions after it.

    Its log holds the last ``recent`` chat lines, notices and events.
    """
    async with db.session() as s:
        stored = await store.load_room(s, code, recent=recent)
    if stored is None:
        raise NotFound(f"No room has the code {code!r}")
    row, record = stored.room, stored.record
    try:
        game = get_game(row.game)
    except UnknownGame as e:
        raise NotFound(str(e)) from None
    room = RoomData(
        id=row.id, code=row.code, game=game, options=row.options,
        status=RoomStatus(row.status), host_seat=row.host_seat,
        allow_spectators=row.allow_spectators, version=row.version, matches=row.matches,
        seats=[SeatInfo(s.position, s.name, SeatKind(s.kind), s.bot, s.token_hash)
               for s in stored.seats],
        turn_clock=resolve(row.turn_clock), gone_after=row.gone_after,
        timing=Timing.from_json(row.clock), due=_aware(row.deadline))
    log = [chat_entry(c) for c in stored.chat]
    if record is not None:
        room.game_id, room.seed, room.result = record.id, record.seed, record.result
        snap = stored.snapshot
        start: Any = (game.load(snap.state) if snap is not None else replay.Setup(
            record.options, len(record.seats), record.seed, record.match, record.carried))
        seq = snap.seq if snap is not None else 0
        room.state = replay.replay(game, start, [(a.seat, a.action) for a in stored.actions
                                                 if a.seq > seq], first_seq=seq + 1)
        room.seq = stored.actions[-1].seq if stored.actions else seq
        log += [{"v": a.room_version, **e} for a in stored.actions for e in a.events]
    log.sort(key=lambda e: e["v"])
    room.log = log[-recent:]
    return room


def chat_entry(row: ChatRow) -> dict[str, JSON]:
    """Returns the log entry of a stored chat line or room notice."""
    entry: dict[str, JSON] = {"v": row.room_version, "type": row.kind, "text": row.text}
    if row.kind == "chat":
        entry |= {"seat": row.seat, "name": row.name}
    if row.only:
        entry["only"] = list(row.only)
    return entry


async def stored_version(db: Database, room: RoomData) -> int | None:
    """Returns the room's version in the database (``None`` if the room is gone)."""
    async with db.session() as s:
        return (await s.execute(select(RoomRow.version).where(RoomRow.id == room.id))
                ).scalar_one_or_none()


async def commit(db: Database, room: RoomData, version: int, events: Sequence[RoomEvent], *,
                 snapshot_every: int, now: datetime) -> None:
    """Writes ``events`` as ``version`` of the room; raises ``Stale`` if another wrote first."""
    async with db.session() as s:
        try:
            await _write(s, room, version, events, snapshot_every, now)
        except IntegrityError as e:  # a unique (game, seq) or seat clash: another writer
            await s.rollback()
            raise Stale(room.code) from e


async def _write(s: AsyncSession, room: RoomData, version: int, events: Sequence[RoomEvent],
                 snapshot_every: int, now: datetime) -> None:
    touched = {"touched_at": now} if any(isinstance(e, TOUCHES) for e in events) else {}
    bumped = await s.execute(
        update(RoomRow).where(RoomRow.id == room.id, RoomRow.version == room.version)
        .values(version=version, updated_at=now, **touched))
    if bumped.rowcount != 1:  # type: ignore[attr-defined]
        await s.rollback()
        raise Stale(room.code)
    for event in events:
        for statement in writes(room, version, event, snapshot_every=snapshot_every, now=now):
            await s.execute(statement)
    await s.commit()


def writes(room: RoomData, version: int, event: RoomEvent, *, snapshot_every: int,
           now: datetime) -> list[Executable]:
    """Returns the statements that store ``event`` as part of ``version`` of the room."""
    match event:
        case SeatTaken(seat):
            return [insert(Seat).values(room_id=room.id, position=seat.position, name=seat.name,
                                        kind=seat.kind, bot=seat.bot, token_hash=seat.token_hash)]
        case SeatLeft(position):
            return _free_seat(room, position)
        case SeatHandedToBot(position, bot):
            return [update(Seat).where(Seat.room_id == room.id, Seat.position == position)
                    .values(kind=SeatKind.BOT, bot=bot, token_hash=None)]
        case Configured(options, allow_spectators, turn_clock, gone_after):
            return [update(RoomRow).where(RoomRow.id == room.id).values(
                options=options, allow_spectators=allow_spectators,
                turn_clock=_clock_json(turn_clock), gone_after=gone_after)]
        case GameStarted():
            return _start_game(room, event, now)
        case Played():
            return _play(room, version, event, snapshot_every, now)
        case Said(seat, name, text):
            return [insert(ChatRow).values(room_id=room.id, room_version=version, seat=seat,
                                           name=name, kind="chat", text=text, at=now)]
        case Noticed(text, only):
            return [insert(ChatRow).values(room_id=room.id, room_version=version, name="",
                                           kind="notice", text=text, at=now,
                                           only=list(only) if only else None)]
        case Timed(timing, due):
            return [update(RoomRow).where(RoomRow.id == room.id).values(
                clock=timing.to_json(), deadline=due)]
        case GameAbandoned(reason):
            return [update(RoomRow).where(RoomRow.id == room.id)
                    .values(status=RoomStatus.ABANDONED, deadline=None),
                    update(GameRecord).where(GameRecord.id == room.game_id).values(
                        status=GameStatus.ABANDONED, ended_reason=reason, finished_at=now)]
    raise TypeError(f"Expected a room event, got {event!r}")


def _free_seat(room: RoomData, position: int) -> list[Executable]:
    out: list[Executable] = [delete(Seat).where(Seat.room_id == room.id,
                                                Seat.position == position)]
    # One row at a time, in order, so (room, position) stays unique throughout.
    for p in range(position + 1, len(room.seats)):
        out.append(update(Seat).where(Seat.room_id == room.id, Seat.position == p)
                   .values(position=p - 1))
    host = room.host_seat - (1 if room.host_seat > position else 0)
    out.append(update(RoomRow).where(RoomRow.id == room.id).values(host_seat=host))
    return out


def _start_game(room: RoomData, event: GameStarted, now: datetime) -> list[Executable]:
    game = room.game
    return [
        insert(GameRecord).values(
            id=event.game_id, room_id=room.id, game=game.id, rules_version=game.rules_version,
            options=room.options, seed=event.seed, seats=[s.public() for s in room.seats],
            match=event.match, status=GameStatus.PLAYING, started_at=now,
            carried=event.carried),
        update(RoomRow).where(RoomRow.id == room.id).values(
            status=RoomStatus.PLAYING, matches=event.match, current_game_id=event.game_id),
    ]


def _play(room: RoomData, version: int, event: Played, snapshot_every: int,
          now: datetime) -> list[Executable]:
    # Core statements rather than ORM objects: this is the hot path of every game.
    game = room.game
    out: list[Executable] = [insert(ActionRow).values(
        game_id=room.game_id, seq=event.seq, seat=event.seat, action=event.action,
        events=event.events, room_version=version, at=now)]
    if event.seq % snapshot_every == 0:
        out.append(insert(Snapshot).values(game_id=room.game_id, seq=event.seq,
                                           state=game.dump(event.state), at=now))
    if event.result is not None:
        out.append(update(RoomRow).where(RoomRow.id == room.id)
                   .values(status=RoomStatus.FINISHED, deadline=None))
        out.append(update(GameRecord).where(GameRecord.id == room.game_id).values(
            status=GameStatus.FINISHED, result=event.result.to_json(), actions_count=event.seq,
            final_hash=canonical_hash(game.dump(event.state)), finished_at=now))
    return out





def _clock_json(clock: ClockSetting | None) -> dict[str, JSON] | None:
    return None if clock is None else clock.model_dump()


def _aware(t: datetime | None) -> datetime | None:
    """SQLite gives back naive times: they are UTC."""
    if t is None:
        return None
    return t if t.tzinfo else t.replace(tzinfo=UTC)


async def due_rooms(db: Database, before: datetime) -> list[str]:
    """Returns the codes of the playing rooms whose clocks fall due before ``before``."""
    async with db.session() as s:
        return list((await s.execute(select(RoomRow.code).where(
            RoomRow.status == RoomStatus.PLAYING, RoomRow.deadline.is_not(None),
            RoomRow.deadline < before))).scalars())


async def idle_rooms(db: Database, before: datetime) -> list[tuple[str, datetime]]:
    """Returns the playing rooms last changed before ``before``, with when that was."""
    async with db.session() as s:
        touched = func.coalesce(RoomRow.touched_at, RoomRow.updated_at)
        rows = (await s.execute(select(RoomRow.code, touched).where(
            RoomRow.status == RoomStatus.PLAYING, touched < before))).all()
    return [(code, _aware(at) or at) for code, at in rows]
