"""The tables: rooms and their seats, games with their action log, snapshots and chat.

Games are event-sourced: a game row holds what ``new_game`` needs (game id, rules
version, options, seed, seats); every accepted action is one row, ``(game, seq)``
unique; snapshots let a room resume without replaying from the start.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Literal

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    """Returns the current time, timezone-aware UTC."""
    return datetime.now(UTC)


class GameStatus(StrEnum):
    """Where a stored game stands."""

    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"


# Who chose an action when not the person in its seat (``ActionRow.made_by``): a bot, or
# the server for a person whose time ran out (``timeout``) or who was away (``away``).
# ``server`` is either of the two, as records stored before they were told apart say it.
MadeBy = Literal["bot", "timeout", "away", "server"]


class Base(DeclarativeBase):
    """Declarative base of every table."""

    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON, Any: JSON}


class Room(Base):
    """A private room: a game, its options, a host, and a version bumped by every change."""

    __tablename__ = "rooms"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True, index=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(16), default="lobby")
    host_seat: Mapped[int] = mapped_column(Integer, default=0)
    allow_spectators: Mapped[bool] = mapped_column(Boolean, default=True)
    # First-game mode: the table shows a short hint the first time each situation occurs.
    hints: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    version: Mapped[int] = mapped_column(Integer, default=0)
    matches: Mapped[int] = mapped_column(Integer, default=0)
    current_game_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # The turn clock ({"per_move", "bank"}; null: off) and how long a seat may be gone.
    turn_clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    gone_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    # Each seat's clock and presence, and when the server must next act for the room.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True)
    # The last time a person did something in the room (a game nobody touches is abandoned).
    touched_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Seat(Base):
    """One seat of a room: a person (with a hashed token) or a bot."""

    __tablename__ = "seats"
    # The unique (room_id, position) index starts with room_id: it serves every lookup by
    # room and the cascade from rooms, so the column needs no index of its own.
    __table_args__ = (UniqueConstraint("room_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(8), default="human")
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)


class GameRecord(Base):
    """One game played in a room: everything needed to replay it, and its result."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    room_id: Mapped[int | None] = mapped_column(
        ForeignKey("rooms.id", ondelete="SET NULL"), nullable=True, index=True
    )
    game: Mapped[str] = mapped_column(String(64), index=True)
    rules_version: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list[Any]] = mapped_column(JSON, default=list)
    match: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default=GameStatus.PLAYING, index=True)
    # Set when the game finishes; while it is played, count its action rows.
    actions_count: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    final_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Why a game ended without a result (abandoned), and what it carried from the last one.
    ended_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    carried: Mapped[Any] = mapped_column(JSON, nullable=True)
    started_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, index=True)
    # The room's version when the game started: where the events of its setting up
    # (``Game.begin``, worked out again, never stored) stand in the room's log. None for a
    # game stored before it was kept, or imported from a record.
    started_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ActionRow(Base):
    """One accepted action; the events it produced are kept for the log."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # Looked up by the unique (game_id, seq) index: it starts with game_id.
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    events: Mapped[list[Any]] = mapped_column(JSON, default=list)
    room_version: Mapped[int] = mapped_column(Integer, default=0)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Who chose the action when not the person in the seat: "bot" (a bot seated there,
    # from the start or in a person's place) or "server" (the turn clock played for a
    # person whose time ran out or who was away). Null: the seat's person chose it.
    made_by: Mapped[MadeBy | None] = mapped_column(String(8), nullable=True)


class Snapshot(Base):
    """The whole game state after action ``seq``."""

    __tablename__ = "snapshots"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # Looked up by the unique (game_id, seq) index: it starts with game_id.
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatRow(Base):
    """A chat line, or a notice about the room (joins, bots, kicks) when ``kind`` says so."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    room_version: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(8), default="chat")
    text: Mapped[str] = mapped_column(Text)
    # The seats a notice is for (null: everyone).
    only: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AdminSecret(Base):
    """A server secret kept only as a hash: the admin token made at first start."""

    __tablename__ = "admin_secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
