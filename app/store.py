"""Reading rooms and games back from the database."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.models import ActionRow, ChatRow, GameRecord, Room, Seat, Snapshot


class StoredRoom(NamedTuple):
    """Everything needed to rebuild a room in memory."""

    room: Room
    seats: Sequence[Seat]
    record: GameRecord | None
    chat: Sequence[ChatRow]
    actions: Sequence[ActionRow]
    snapshot: Snapshot | None


async def load_room(s: AsyncSession, code: str, *, recent: int) -> StoredRoom | None:
    """Returns the stored room ``code`` with its current game, or ``None``.

    Only what rebuilding needs is read, however long the room's history: the last
    ``recent`` chat rows, the latest snapshot, and the actions after it (or the last
    ``recent`` actions, for the log, if those reach further back).
    """
    room = (await s.execute(select(Room).where(Room.code == code))).scalar_one_or_none()
    if room is None:
        return None
    seats = (await s.execute(
        select(Seat).where(Seat.room_id == room.id).order_by(Seat.position))).scalars().all()
    chat = list(reversed((await s.execute(
        select(ChatRow).where(ChatRow.room_id == room.id).order_by(ChatRow.id.desc())
        .limit(recent))).scalars().all()))
    record = await s.get(GameRecord, room.current_game_id) if room.current_game_id else None
    actions: Sequence[ActionRow] = []
    snapshot = None
    if record is not None:
        last = (await s.execute(select(func.max(ActionRow.seq)).where(
            ActionRow.game_id == record.id))).scalar_one_or_none() or 0
        snapshot = await latest_snapshot(s, record.id, last)
        start = min(snapshot.seq if snapshot is not None else 0, max(0, last - recent))
        actions = await game_actions(s, record.id, after=start)
    return StoredRoom(room, seats, record, chat, actions, snapshot)


async def game_actions(s: AsyncSession, game_id: str, *, after: int = 0,
                       upto: int | None = None) -> Sequence[ActionRow]:
    """Returns the actions of a game with ``after < seq <= upto``, in order."""
    q = select(ActionRow).where(ActionRow.game_id == game_id, ActionRow.seq > after)
    if upto is not None:
        q = q.where(ActionRow.seq <= upto)
    return (await s.execute(q.order_by(ActionRow.seq))).scalars().all()


async def latest_snapshot(s: AsyncSession, game_id: str, upto: int) -> Snapshot | None:
    """Returns the last snapshot of a game taken at or before action ``upto``."""
    q = (select(Snapshot).where(Snapshot.game_id == game_id, Snapshot.seq <= upto)
         .order_by(Snapshot.seq.desc()).limit(1))
    return (await s.execute(q)).scalar_one_or_none()
