"""Rooms in the database: created, rebuilt, and changed one version at a time.

``commit`` writes a change's events in one transaction that first bumps the room's
version **conditionally** (``UPDATE rooms SET version = v + 1 WHERE version = v``):
when no row matches, or a unique constraint clashes, another writer came first and
``Stale`` is raised so that the caller reloads and runs its command again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Executable, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app import store
from app.db import Database
from app.errors import NotFound
from app.models import ActionRow, ChatRow, GameRecord, GameStatus, Seat, Snapshot, utcnow
from app.models import Room as RoomRow
from app.rooms.data import RoomData, RoomStatus, SeatInfo, SeatKind
from app.rooms.events import (
    Configured,
    GameStarted,
    Noticed,
    Played,
    RoomEvent,
    Said,
    SeatHandedToBot,
    SeatLeft,
    SeatTaken,
)
from games import replay
from games.base import canonical_hash
from games.registry import UnknownGame, get_game

JSON = Any


class Stale(Exception):
    """Another writer advanced the room first; reload and try again."""


async def create(db: Database, *, game: str, options: dict[str, JSON], allow_spectators: bool,
                 host: SeatInfo, code: str) -> None:
    """Stores a new room at version 1 in the lobby, with its host seated."""
    async with db.session() as s:
        row = RoomRow(code=code, game=game, options=options, status=RoomStatus.LOBBY,
                      host_seat=host.position, allow_spectators=allow_spectators, version=1,
                      matches=0)
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
               for s in stored.seats])
    log = [chat_entry(c) for c in stored.chat]
    if record is not None:
        room.game_id, room.seed, room.result = record.id, record.seed, record.result
        snap = stored.snapshot
        start: Any = (game.load(snap.state) if snap is not None else replay.Setup(
            record.options, len(record.seats), record.seed, record.match))
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
    return entry


async def stored_version(db: Database, room: RoomData) -> int | None:
    """Returns the room's version in the database (``None`` if the room is gone)."""
    async with db.session() as s:
        return (await s.execute(select(RoomRow.version).where(RoomRow.id == room.id))
                ).scalar_one_or_none()


async def commit(db: Database, room: RoomData, version: int, events: Sequence[RoomEvent], *,
                 snapshot_every: int) -> None:
    """Writes ``events`` as ``version`` of the room; raises ``Stale`` if another wrote first."""
    async with db.session() as s:
        try:
            await _write(s, room, version, events, snapshot_every)
        except IntegrityError as e:  # a unique (game, seq) or seat clash: another writer
            await s.rollback()
            raise Stale(room.code) from e


async def _write(s: AsyncSession, room: RoomData, version: int, events: Sequence[RoomEvent],
                 snapshot_every: int) -> None:
    bumped = await s.execute(
        update(RoomRow).where(RoomRow.id == room.id, RoomRow.version == room.version)
        .values(version=version, updated_at=utcnow()))
    if bumped.rowcount != 1:  # type: ignore[attr-defined]
        await s.rollback()
        raise Stale(room.code)
    for event in events:
        for statement in writes(room, version, event, snapshot_every=snapshot_every):
            await s.execute(statement)
    await s.commit()


def writes(room: RoomData, version: int, event: RoomEvent, *,
           snapshot_every: int) -> list[Executable]:
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
        case Configured(options, allow_spectators):
            return [update(RoomRow).where(RoomRow.id == room.id).values(
                options=options, allow_spectators=allow_spectators)]
        case GameStarted():
            return _start_game(room, event)
        case Played():
            return _play(room, version, event, snapshot_every)
        case Said(seat, name, text):
            return [insert(ChatRow).values(room_id=room.id, room_version=version, seat=seat,
                                           name=name, kind="chat", text=text)]
        case Noticed(text):
            return [insert(ChatRow).values(room_id=room.id, room_version=version, name="",
                                           kind="notice", text=text)]
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


def _start_game(room: RoomData, event: GameStarted) -> list[Executable]:
    game = room.game
    return [
        insert(GameRecord).values(
            id=event.game_id, room_id=room.id, game=game.id, rules_version=game.rules_version,
            options=room.options, seed=event.seed, seats=[s.public() for s in room.seats],
            match=event.match, status=GameStatus.PLAYING, started_at=utcnow()),
        update(RoomRow).where(RoomRow.id == room.id).values(
            status=RoomStatus.PLAYING, matches=event.match, current_game_id=event.game_id),
    ]


def _play(room: RoomData, version: int, event: Played, snapshot_every: int) -> list[Executable]:
    # Core statements rather than ORM objects: this is the hot path of every game.
    game, now = room.game, utcnow()
    out: list[Executable] = [insert(ActionRow).values(
        game_id=room.game_id, seq=event.seq, seat=event.seat, action=event.action,
        events=event.events, room_version=version, at=now)]
    if event.seq % snapshot_every == 0:
        out.append(insert(Snapshot).values(game_id=room.game_id, seq=event.seq,
                                           state=game.dump(event.state), at=now))
    if event.result is not None:
        out.append(update(RoomRow).where(RoomRow.id == room.id)
                   .values(status=RoomStatus.FINISHED))
        out.append(update(GameRecord).where(GameRecord.id == room.game_id).values(
            status=GameStatus.FINISHED, result=event.result.to_json(), actions_count=event.seq,
            final_hash=canonical_hash(game.dump(event.state)), finished_at=now))
    return out



