"""Rooms in the database: created, rebuilt from their rows, and found by their clocks.

Changes are written by ``app.rooms.committer``; what each event writes is in
``app.rooms.writes``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select

from app import store
from app.db import Database
from app.errors import NotFound
from app.models import ChatRow
from app.models import Room as RoomRow
from app.rooms.clock import ClockSetting, Timing, resolve
from app.rooms.committer import Committer
from app.rooms.data import RoomData, RoomStatus, SeatInfo, SeatKind
from app.rooms.writes import CHAT, SEATS, clock_json
from games import replay
from games.base import Game
from games.registry import UnknownGame, get_game

JSON = Any


async def create(committer: Committer, *, game: Game, options: dict[str, JSON],
                 allow_spectators: bool, turn_clock: ClockSetting | None,
                 hints: bool = True,
                 gone_after: float | None, host: SeatInfo, code: str,
                 now: datetime) -> RoomData:
    """Stores a new room at version 1 in the lobby, with its host seated; returns it."""
    opened = f"{host.name} opened the room"
    room_id = await committer.create(
        {"code": code, "game": game.id, "options": options, "status": RoomStatus.LOBBY,
         "host_seat": host.position, "allow_spectators": allow_spectators, "hints": hints,
         "version": 1,
         "matches": 0, "turn_clock": clock_json(turn_clock), "gone_after": gone_after,
         "created_at": now, "updated_at": now, "touched_at": now},
        [(SEATS, {"position": host.position, "name": host.name, "kind": host.kind,
                  "bot": None, "token_hash": host.token_hash}),
         (CHAT, {"room_version": 1, "seat": None, "name": host.name, "kind": "notice",
                 "text": opened, "at": now, "only": None})])
    return RoomData(id=room_id, code=code, game=game, options=options, status=RoomStatus.LOBBY,
                    host_seat=host.position, allow_spectators=allow_spectators, hints=hints,
                    version=1,
                    matches=0, seats=[host], turn_clock=turn_clock, gone_after=gone_after,
                    log=[{"v": 1, "type": "notice", "text": opened}])


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
        allow_spectators=row.allow_spectators, hints=row.hints, version=row.version,
        matches=row.matches,
        seats=[SeatInfo(s.position, s.name, SeatKind(s.kind), s.bot, s.token_hash)
               for s in stored.seats],
        turn_clock=resolve(row.turn_clock), gone_after=row.gone_after,
        timing=Timing.from_json(row.clock), due=_aware(row.deadline))
    log = [chat_entry(c) for c in stored.chat]
    if record is not None:
        room.game_id, room.seed, room.result = record.id, record.seed, record.result
        snap = stored.snapshot
        setup = replay.Setup(record.options, len(record.seats), record.seed, record.match,
                             record.carried)
        kept = record.started_version  # None: a game stored before it was
        start: Any
        if snap is None:
            start, opening = setup.begin(game)
        else:
            start, opening = game.load(snap.state), setup.begin(game)[1] if kept is not None else []
        if kept is not None:  # after the notices of its start, which share its version
            log += [{"v": kept, **e} for e in opening]
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
