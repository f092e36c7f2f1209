"""The record format: one JSON object holding everything needed to replay a game.

A record holds the game id, rules version, options, seed, seats and match, the
action log (each action's seat, time, events and, when not the seat's person, who chose
it) and the stored outcome (status, result, final hash). ``export`` writes it,
``import`` reads it back.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Literal

import pydantic
from pydantic import BaseModel, ConfigDict, Field

from app.errors import SaloonError, first_error
from app.models import ActionRow, GameRecord, GameStatus, MadeBy
from games.replay import Setup

JSON = Any
FORMAT = "saloon.game/1"


class RecordError(SaloonError):
    """A record is not valid; the message names the field."""

    status = 422
    code = "bad_record"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(_Strict):
    """One seat of a record."""

    seat: int = Field(ge=0)
    name: str = Field(min_length=1, max_length=64)
    kind: Literal["human", "bot"] = "human"
    bot: str | None = None


class ActionIn(_Strict):
    """One action of a record."""

    seq: int = Field(ge=1)
    seat: int = Field(ge=0)
    action: dict[str, JSON]
    events: list[dict[str, JSON]] = Field(default_factory=list)
    at: datetime
    room_version: int = Field(0, ge=0)
    made_by: MadeBy | None = Field(None, description="who chose the action when not the "
                                   "person in the seat: a bot, or the server for a person "
                                   "whose time ran out (timeout) or who was away (away); "
                                   "server: either, in records stored before they were "
                                   "told apart")


class RecordIn(_Strict):
    """A whole record, as ``export`` writes it and ``import`` reads it."""

    format: Literal["saloon.game/1"] = "saloon.game/1"
    id: str = Field(pattern=r"^[0-9A-Za-z_-]{1,32}$")
    game: str = Field(pattern=r"^[A-Za-z0-9_.-]{1,64}$",
                      description="the game's id: letters, digits, '_', '.' and '-'")
    rules_version: str = Field(min_length=1, max_length=32)
    options: dict[str, JSON] = Field(default_factory=dict)
    seed: int = Field(ge=0, lt=2**63)
    seats: list[SeatIn] = Field(min_length=1)
    match: int = Field(0, ge=0)
    status: GameStatus
    reason: str | None = Field(None, max_length=500, description="why it ended without a result")
    carried: JSON = Field(None, description="what the game took over from the room's last one")
    result: dict[str, JSON] | None = None
    final_hash: str | None = Field(None, pattern=r"^[0-9a-f]{64}$")
    started_at: datetime
    finished_at: datetime | None = None
    actions: list[ActionIn] = Field(default_factory=list)
    # What the admin's copy adds (``GET /api/admin/games/{id}``): worked out again from the
    # set-up, never stored, so an import of that copy drops it.
    opening: list[dict[str, JSON]] = Field(
        default_factory=list, exclude=True,
        description="the events of the game's setting up, as the admin's copy gives them; "
                    "ignored")

    def setup(self) -> Setup:
        """Returns what the game's first state is made from."""
        return Setup(self.options, len(self.seats), self.seed, self.match, self.carried)

    def moves(self) -> list[tuple[int, dict[str, JSON]]]:
        """Returns the action log as ``(seat, action)`` pairs."""
        return [(a.seat, a.action) for a in self.actions]


def parse_record(raw: JSON, *, what: str = "") -> RecordIn:
    """Validates a raw record; raises ``RecordError`` naming the first bad field."""
    if not isinstance(raw, dict):
        raise RecordError(f"Expected a game record (a JSON object), got {type(raw).__name__}")
    try:
        rec = RecordIn.model_validate(raw)
    except pydantic.ValidationError as e:
        raise RecordError(what + first_error(e.errors(), default="record")) from None
    _check_numbering(rec)
    if rec.status == GameStatus.FINISHED and rec.result is None:
        raise RecordError("result: a finished game needs its result")
    if rec.status == GameStatus.FINISHED and rec.final_hash is None:
        raise RecordError("final_hash: a finished game needs its final hash")
    if rec.status != GameStatus.FINISHED and rec.result is not None:
        raise RecordError(f"result: a game {rec.status} has no result")
    return rec


def _check_numbering(rec: RecordIn) -> None:
    for i, a in enumerate(rec.actions):
        if a.seq != i + 1:
            raise RecordError(f"actions[{i}].seq: expected {i + 1} (actions numbered from 1 "
                              f"without gaps), got {a.seq}")
        if a.seat >= len(rec.seats):
            raise RecordError(f"actions[{i}].seat: expected a seat from 0 to "
                              f"{len(rec.seats) - 1}, got {a.seat}")
    for i, s in enumerate(rec.seats):
        if s.seat != i:
            raise RecordError(f"seats[{i}].seat: expected {i}, got {s.seat}")


def record_of(row: GameRecord, actions: Sequence[ActionRow]) -> dict[str, JSON]:
    """Returns a stored game and its actions as one record."""
    return {
        "format": FORMAT, "id": row.id, "game": row.game, "rules_version": row.rules_version,
        "options": row.options, "seed": row.seed, "seats": row.seats, "match": row.match,
        "status": str(row.status), "reason": row.ended_reason, "carried": row.carried,
        "result": row.result, "final_hash": row.final_hash,
        "started_at": iso(row.started_at), "finished_at": iso(row.finished_at),
        "actions": [{"seq": a.seq, "seat": a.seat, "action": a.action, "events": a.events,
                     "at": iso(a.at), "room_version": a.room_version, "made_by": a.made_by}
                    for a in actions],
    }


def iso(t: datetime | None) -> str | None:
    """Returns a time as ISO 8601 in UTC (a naive time is taken as UTC)."""
    if t is None:
        return None
    return (t if t.tzinfo else t.replace(tzinfo=UTC)).astimezone(UTC).isoformat()


def same_time(t: str | None) -> str | None:
    """Returns an ISO time in UTC to the second (databases keep different precisions)."""
    if t is None:
        return None
    d = datetime.fromisoformat(t)
    d = d if d.tzinfo else d.replace(tzinfo=UTC)
    return d.astimezone(UTC).replace(microsecond=0).isoformat()


def plain(data: JSON) -> JSON:
    """Returns ``data`` as it reads back from JSON (tuples become lists, and so on)."""
    return json.loads(json.dumps(data))
