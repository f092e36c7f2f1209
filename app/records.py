"""Stored games as records: list, export, import, verify, and the view at any step.

A *record* is one JSON object holding everything needed to replay a game (game id,
rules version, options, seed, seats, match) with its action log (each action's seat,
time and events) and the stored outcome (status, result, final hash). Replaying it
through the engine must reproduce every stored event, snapshot, the result and the
final hash; the first difference is reported with its step and field.

The view at step *n* starts from the latest snapshot at or before *n* and applies
the actions after it, so stepping costs at most ``snapshot_every`` applies.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any, Literal

import pydantic
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from app import store
from app.errors import BadRequest, Conflict, NotFound, SaloonError
from app.models import ActionRow, GameRecord, Room, Snapshot
from games.base import Game, canonical_hash
from games.registry import UnknownGame, get_game

JSON = Any
FORMAT = "saloon.game/1"
MAX_PER_PAGE = 100


class RecordError(SaloonError):
    """An imported record is not valid; the message names the field."""

    status = 422
    code = "bad_record"


class Unplayable(SaloonError):
    """The record's game or rules version is not one this server plays."""

    status = 409
    code = "unplayable"


# ---- the record format --------------------------------------------------------------


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


class RecordIn(_Strict):
    """A whole record, as ``export`` writes it and ``import`` reads it."""

    format: Literal["saloon.game/1"] = "saloon.game/1"
    id: str = Field(pattern=r"^[0-9A-Za-z_-]{1,32}$")
    game: str = Field(min_length=1, max_length=64)
    rules_version: str = Field(min_length=1, max_length=32)
    options: dict[str, JSON] = Field(default_factory=dict)
    seed: int = Field(ge=0, lt=2**63)
    seats: list[SeatIn] = Field(min_length=1)
    match: int = Field(0, ge=0)
    status: Literal["playing", "finished"]
    result: dict[str, JSON] | None = None
    final_hash: str | None = Field(None, pattern=r"^[0-9a-f]{64}$")
    started_at: datetime
    finished_at: datetime | None = None
    actions: list[ActionIn] = Field(default_factory=list)


def _where(loc: Sequence[Any]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "record"


def parse_record(raw: JSON) -> RecordIn:
    """Validates a raw record; raises ``RecordError`` naming the first bad field."""
    if not isinstance(raw, dict):
        raise RecordError(f"Expected a game record (a JSON object), got {type(raw).__name__}")
    try:
        rec = RecordIn.model_validate(raw)
    except pydantic.ValidationError as e:
        err = e.errors()[0]
        raise RecordError(f"{_where(err['loc'])}: {err['msg']}") from None
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
    if rec.status == "finished" and rec.result is None:
        raise RecordError("result: a finished game needs its result")
    if rec.status == "finished" and rec.final_hash is None:
        raise RecordError("final_hash: a finished game needs its final hash")
    return rec


def _iso(t: datetime | None) -> str | None:
    if t is None:
        return None
    return (t if t.tzinfo else t.replace(tzinfo=UTC)).astimezone(UTC).isoformat()


def _plain(data: JSON) -> JSON:
    """Returns ``data`` as it reads back from JSON (tuples become lists, and so on)."""
    return json.loads(json.dumps(data))


# ---- replaying ------------------------------------------------------------------------


@dataclass
class Verification:
    """What replaying a record through the engine found."""

    status: Literal["verified", "diverged", "unplayable"]
    steps: int
    message: str
    step: int | None = None
    where: str | None = None  # the record's field where the replay first differs
    scores: list[list[float]] = field(default_factory=list)

    def to_json(self, *, with_scores: bool = False) -> dict[str, JSON]:
        """Returns the report (and the score of each seat after each step, if asked)."""
        out: dict[str, JSON] = {"status": self.status, "steps": self.steps, "step": self.step,
                                "field": self.where, "message": self.message}
        if with_scores:
            out["scores"] = self.scores
        return out


def playable(game_id: str, rules_version: str) -> Game:
    """Returns the engine for a record; raises ``Unplayable`` saying why there is none."""
    try:
        game = get_game(game_id)
    except UnknownGame:
        raise Unplayable(f"No game {game_id!r} is installed on this server, so the record "
                         f"cannot be replayed") from None
    if game.rules_version != rules_version:
        raise Unplayable(f"Recorded with {game.title} rules version {rules_version}; this "
                         f"server plays version {game.rules_version} only, so the record "
                         f"cannot be replayed")
    return game


def _first_state(game: Game, options: dict[str, JSON], seats: int, seed: int,
                 match: int) -> Any:
    return game.new_game(game.parse_options(options), seats, seed, match=match)


def verify(rec: RecordIn, snapshots: dict[int, JSON] | None = None) -> Verification:
    """Replays a record from its start; returns where it first differs from what is stored."""
    n = len(rec.actions)
    try:
        game = playable(rec.game, rec.rules_version)
    except Unplayable as e:
        return Verification("unplayable", n, e.message)

    def diverged(step: int, where: str, message: str) -> Verification:
        return Verification("diverged", n, f"Step {step}, {where}: {message}", step, where,
                            scores)

    scores: list[list[float]] = []
    try:
        state = _first_state(game, rec.options, len(rec.seats), rec.seed, rec.match)
    except Exception as e:  # noqa: BLE001 - bad options are reported, not raised
        return diverged(0, "options", f"the game cannot start with them ({e})")
    scores.append(list(game.scores(state)))
    snapshots = snapshots or {}
    for i, a in enumerate(rec.actions):
        where = f"actions[{i}]"
        if game.result(state) is not None:
            return diverged(a.seq, f"{where}", "the game had already ended before this action")
        if a.seat not in game.to_act(state):
            return diverged(a.seq, f"{where}.seat", f"seat {a.seat} was not to act (expected "
                            f"one of {sorted(game.to_act(state))})")
        try:
            state, events = game.apply(state, a.seat, a.action)
        except Exception as e:  # noqa: BLE001 - an illegal action is the finding
            return diverged(a.seq, f"{where}.action", f"the engine refuses "
                            f"{json.dumps(a.action, sort_keys=True)}: {e}")
        if _plain(events) != a.events:
            return diverged(a.seq, f"{where}.events",
                            "the stored events differ from what the action produces")
        scores.append(list(game.scores(state)))
        if a.seq in snapshots and _plain(game.dump(state)) != snapshots[a.seq]:
            return diverged(a.seq, f"snapshots[{a.seq}]",
                            "the stored snapshot differs from the replayed state")
    result = game.result(state)
    if result is None:
        if rec.status == "finished":
            return diverged(n, "status", "stored as finished, but the game goes on after "
                            "the last action")
        return Verification("verified", n, f"Replays {n} actions; the game is still on",
                            scores=scores)
    if rec.status != "finished":
        return diverged(n, "status", "stored as playing, but the game ends at this step")
    if _plain(result.to_json()) != rec.result:
        return diverged(n, "result", f"stored {json.dumps(rec.result)[:200]}, but the replay "
                        f"gives {json.dumps(result.to_json())[:200]}")
    replayed_hash = canonical_hash(game.dump(state))
    if replayed_hash != rec.final_hash:
        return diverged(n, "final_hash", f"stored {rec.final_hash}, but the replay's final "
                        f"state hashes to {replayed_hash}")
    return Verification("verified", n, f"Replays all {n} actions to the stored result and "
                        f"final state", scores=scores)


def steps(rec: RecordIn) -> Iterator[tuple[ActionIn, Any, list[dict[str, JSON]]]]:
    """Yields each action with the state after it and its events (the CLI's replay)."""
    game = playable(rec.game, rec.rules_version)
    state = _first_state(game, rec.options, len(rec.seats), rec.seed, rec.match)
    for a in rec.actions:
        state, events = game.apply(state, a.seat, a.action)
        yield a, state, events


# ---- the database ---------------------------------------------------------------------


async def _get(s: AsyncSession, game_id: str) -> GameRecord:
    row = await s.get(GameRecord, game_id)
    if row is None:
        raise NotFound(f"No stored game has the id {game_id!r}")
    return row


async def _count(s: AsyncSession, row: GameRecord) -> int:
    if row.status == "finished":
        return row.actions_count
    return int((await s.execute(select(func.count()).select_from(ActionRow).where(
        ActionRow.game_id == row.id))).scalar_one())


def _record(row: GameRecord, actions: Sequence[ActionRow]) -> dict[str, JSON]:
    return {
        "format": FORMAT, "id": row.id, "game": row.game, "rules_version": row.rules_version,
        "options": row.options, "seed": row.seed, "seats": row.seats, "match": row.match,
        "status": row.status, "result": row.result, "final_hash": row.final_hash,
        "started_at": _iso(row.started_at), "finished_at": _iso(row.finished_at),
        "actions": [{"seq": a.seq, "seat": a.seat, "action": a.action, "events": a.events,
                     "at": _iso(a.at), "room_version": a.room_version} for a in actions],
    }


async def export_record(s: AsyncSession, game_id: str) -> dict[str, JSON]:
    """Returns a stored game as one JSON record."""
    row = await _get(s, game_id)
    return _record(row, await store.game_actions(s, game_id))


async def stored_record(s: AsyncSession, game_id: str) -> tuple[RecordIn, dict[int, JSON]]:
    """Returns a stored game as a parsed record, with its snapshots by step."""
    raw = await export_record(s, game_id)
    snaps = (await s.execute(select(Snapshot.seq, Snapshot.state).where(
        Snapshot.game_id == game_id))).all()
    try:
        rec = RecordIn.model_validate(raw)
    except pydantic.ValidationError as e:
        err = e.errors()[0]
        raise RecordError(f"The stored game is malformed at {_where(err['loc'])}: "
                          f"{err['msg']}") from None
    return rec, {seq: state for seq, state in snaps}


# Replays of whole games are kept a little while: the viewer asks once per game opened.
_verified: OrderedDict[tuple[str, int, str | None, str], Verification] = OrderedDict()


async def verify_stored(s: AsyncSession, game_id: str) -> Verification:
    """Replays a stored game, checking its events, snapshots, result and final hash."""
    rec, snaps = await stored_record(s, game_id)
    key = (game_id, len(rec.actions), rec.final_hash,
           canonical_hash([rec.model_dump(mode="json"), sorted(snaps.items())]))
    found = _verified.get(key)
    if found is None:
        # A long game takes a while to replay: off the event loop, so rooms keep playing.
        found = await asyncio.to_thread(verify, rec, snaps)
        _verified[key] = found
        while len(_verified) > 32:
            _verified.popitem(last=False)
    return found


def _viewer(raw: str) -> int | None | Literal["all"]:
    if raw == "all":
        return "all"
    if raw == "spectator":
        return None
    try:
        return int(raw)
    except ValueError:
        raise BadRequest(f"Expected seat to be 'all', 'spectator' or a seat number, "
                         f"got {raw!r}") from None


async def view_at(s: AsyncSession, game_id: str, step: int, seat: str = "all") -> dict[str, JSON]:
    """Returns the omniscient view (``all``), a spectator's, or a seat's after ``step`` actions."""
    row = await _get(s, game_id)
    game = playable(row.game, row.rules_version)
    total = await _count(s, row)
    if not 0 <= step <= total:
        raise NotFound(f"Expected a step from 0 to {total}, got {step}")
    viewer = _viewer(seat)
    if isinstance(viewer, int) and not 0 <= viewer < len(row.seats):
        raise NotFound(f"Expected a seat from 0 to {len(row.seats) - 1}, got {viewer}")
    snap = await store.latest_snapshot(s, game_id, step)
    if snap is not None:
        state, at = game.load(snap.state), snap.seq
    else:
        state, at = _first_state(game, row.options, len(row.seats), row.seed, row.match), 0
    for a in await store.game_actions(s, game_id, after=at, upto=step):
        try:
            state, _ = game.apply(state, a.seat, a.action)
        except Exception as e:  # noqa: BLE001 - a tampered log stops the replay here
            raise Conflict(f"The replay stops at step {a.seq}: the engine refuses that "
                           f"action ({e})") from None
    to_act = sorted(game.to_act(state))
    if viewer == "all":
        view = game.omniscient_view(state)
        legal: JSON = {str(p): game.legal_actions(state, p) for p in to_act}
    else:
        view = game.view(state, viewer)
        legal = (game.legal_actions(state, viewer)
                 if viewer is not None and viewer in to_act else [])
    return {"id": game_id, "step": step, "steps": total, "seat": seat, "view": view,
            "legal": legal, "to_act": to_act, "scores": list(game.scores(state)),
            "over": game.result(state) is not None}


async def import_record(s: AsyncSession, raw: JSON, *, snapshot_every: int) -> tuple[bool, str]:
    """Stores a record; returns whether it was new, and the game id.

    Idempotent by game id: the same record again changes nothing; a different record
    under an id already stored is refused. A record this server can replay must verify.
    """
    rec = parse_record(raw)
    existing = await s.get(GameRecord, rec.id)
    if existing is not None:
        mine = _plain(await export_record(s, rec.id))
        theirs = rec.model_dump(mode="json")
        for k in ("started_at", "finished_at"):
            mine[k], theirs[k] = _same_time(mine[k]), _same_time(theirs[k])
        for a, b in zip(mine["actions"], theirs["actions"], strict=False):
            a["at"], b["at"] = _same_time(a["at"]), _same_time(b["at"])
        if mine == theirs:
            return False, rec.id
        raise Conflict(f"A different game is already stored under the id {rec.id!r}")
    check = await asyncio.to_thread(verify, rec)
    if check.status == "diverged":
        raise RecordError(f"The record does not replay: {check.message}")
    snapshots: list[dict[str, JSON]] = []
    if check.status == "verified" and rec.actions:
        snapshots = await asyncio.to_thread(_snapshots, rec, snapshot_every)
    s.add(GameRecord(
        id=rec.id, room_id=None, game=rec.game, rules_version=rec.rules_version,
        options=rec.options, seed=rec.seed, seats=[x.model_dump() for x in rec.seats],
        match=rec.match, status=rec.status,
        actions_count=len(rec.actions) if rec.status == "finished" else 0,
        result=rec.result, final_hash=rec.final_hash, started_at=rec.started_at,
        finished_at=rec.finished_at))
    await s.flush()
    if rec.actions:
        await s.execute(insert(ActionRow), [
            {"game_id": rec.id, "seq": a.seq, "seat": a.seat, "action": a.action,
             "events": a.events, "room_version": a.room_version, "at": a.at}
            for a in rec.actions])
    if snapshots:
        await s.execute(insert(Snapshot), snapshots)
    await s.commit()
    return True, rec.id


def _snapshots(rec: RecordIn, every: int) -> list[dict[str, JSON]]:
    """Returns the snapshot rows of a record: the state after every ``every`` actions."""
    game = get_game(rec.game)
    return [{"game_id": rec.id, "seq": a.seq, "state": game.dump(state), "at": a.at}
            for a, state, _ in steps(rec) if a.seq % every == 0]


def _same_time(t: str | None) -> str | None:
    """Returns an ISO time in UTC to the second (databases keep different precisions)."""
    if t is None:
        return None
    d = datetime.fromisoformat(t)
    d = d if d.tzinfo else d.replace(tzinfo=UTC)
    return d.astimezone(UTC).replace(microsecond=0).isoformat()


# ---- the list ----------------------------------------------------------------------------


def parse_when(raw: str | None, name: str, *, end: bool = False) -> datetime | None:
    """Reads a date or a date-time (UTC when no zone is given); an ``end`` is inclusive.

    Returns the start of the range, or (for ``end``) the first instant after it.
    """
    if not raw:
        return None
    try:
        if len(raw) == 10:
            d = date.fromisoformat(raw)
            t = datetime(d.year, d.month, d.day, tzinfo=UTC)
            return t + timedelta(days=1) if end else t
        t = datetime.fromisoformat(raw)
    except ValueError:
        raise BadRequest(f"{name}: expected a date (2026-11-21) or a date-time "
                         f"(2026-11-21T18:30:00Z), got {raw!r}") from None
    t = (t if t.tzinfo else t.replace(tzinfo=UTC)).astimezone(UTC)
    return t + timedelta(microseconds=1) if end else t


async def list_games(s: AsyncSession, *, game: str | None = None, status: str | None = None,
                     since: datetime | None = None, until: datetime | None = None,
                     player: str | None = None, page: int = 1,
                     per_page: int = 20) -> dict[str, JSON]:
    """Returns one page of stored games, newest first, with the filters applied."""
    if status not in (None, "", "playing", "finished"):
        raise BadRequest(f"status: expected playing or finished, got {status!r}")
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise BadRequest(f"per_page: expected 1 to {MAX_PER_PAGE}, got {per_page}")
    if page < 1:
        raise BadRequest(f"page: expected 1 or more, got {page}")
    where = []
    if game:
        where.append(GameRecord.game == game)
    if status:
        where.append(GameRecord.status == status)
    if since is not None:
        where.append(GameRecord.started_at >= since)
    if until is not None:
        where.append(GameRecord.started_at < until)
    order = (GameRecord.started_at.desc(), GameRecord.id)
    if player and player.strip():
        # Names live in a JSON column; matching them here is exact on every database.
        needle = player.casefold().strip()
        q = select(GameRecord.id, GameRecord.seats).where(*where).order_by(*order)
        ids = [gid for gid, seats in (await s.execute(q)).all()
               if any(needle in str(x.get("name", "")).casefold() for x in seats)]
        total = len(ids)
        chosen = ids[(page - 1) * per_page: page * per_page]
    else:
        total = int((await s.execute(
            select(func.count()).select_from(GameRecord).where(*where))).scalar_one())
        chosen = list((await s.execute(select(GameRecord.id).where(*where).order_by(*order)
                                       .offset((page - 1) * per_page).limit(per_page))).scalars())
    rows = {r.id: r for r in (await s.execute(
        select(GameRecord).where(GameRecord.id.in_(chosen)))).scalars()} if chosen else {}
    counts = dict((await s.execute(
        select(ActionRow.game_id, func.count()).where(ActionRow.game_id.in_(chosen))
        .group_by(ActionRow.game_id))).all()) if chosen else {}
    room_ids = {r.room_id for r in rows.values() if r.room_id is not None}
    codes = dict((await s.execute(select(Room.id, Room.code).where(
        Room.id.in_(room_ids)))).all()) if room_ids else {}
    return {
        "total": total, "page": page, "per_page": per_page,
        "pages": max(1, -(-total // per_page)),
        "games": [summary(rows[gid], counts.get(gid, 0), codes.get(rows[gid].room_id or 0))
                  for gid in chosen],
    }


def summary(row: GameRecord, actions: int, room: str | None = None) -> dict[str, JSON]:
    """Returns one line of the list."""
    try:
        title = get_game(row.game).title
    except UnknownGame:
        title = row.game
    result = row.result or {}
    return {
        "id": row.id, "game": row.game, "title": title, "rules_version": row.rules_version,
        "status": row.status, "seats": row.seats, "match": row.match, "actions": actions,
        "started_at": _iso(row.started_at), "finished_at": _iso(row.finished_at),
        "scores": result.get("scores"), "winners": result.get("winners"), "room": room,
    }


# ---- the game in words (the CLI's replay) ----------------------------------------------


def _fill(text: Any, names: Sequence[str]) -> str:
    import re

    return re.sub(r"\{seat:(\d+)\}",
                  lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names)
                  else f"Seat {int(m.group(1)) + 1}", str(text))


def replay_lines(rec: RecordIn) -> Iterator[str]:
    """Yields the game move by move in words, then the check and the final scores."""
    names = [s.name for s in rec.seats]
    game: Game | None = None
    try:
        game = playable(rec.game, rec.rules_version)
    except Unplayable as e:
        problem = e.message
    yield (f"{game.title if game else rec.game} (rules version {rec.rules_version}), "
           f"game {rec.id}")
    if game is None:
        yield f"  {problem}; the stored log follows."
    yield "Seats: " + ", ".join(
        f"{s.seat}: {s.name}" + (f" ({s.bot} bot)" if s.kind == "bot" else "") for s in rec.seats)
    if rec.options:
        yield "Options: " + ", ".join(f"{k}={v}" for k, v in sorted(rec.options.items()))
    width = len(str(len(rec.actions)))
    for a in rec.actions:
        label = game.describe_action(a.action) if game else json.dumps(a.action, sort_keys=True)
        yield f"{a.seq:>{width}}. {names[a.seat]}: {label}"
        for event in a.events:
            only = event.get("only")
            to = f"to {', '.join(names[i] for i in only if i < len(names))}: " if only else ""
            yield f"{'':>{width}}    {to}{_fill(event.get('text', event.get('type', '')), names)}"
    check = verify(rec)
    yield f"Check: {check.status} - {check.message}"
    if rec.result:
        scores = rec.result.get("scores", [])
        yield "Final scores: " + ", ".join(
            f"{names[i]} {s:g}" for i, s in enumerate(scores) if i < len(names))
        winners = [names[w] for w in rec.result.get("winners", []) if w < len(names)]
        if winners:
            yield ("Winner: " if len(winners) == 1 else "Winners: ") + ", ".join(winners)
    else:
        yield "The game has not ended." + (" Scores so far: " + ", ".join(
            f"{names[i]} {s:g}" for i, s in enumerate(check.scores[-1]) if i < len(names))
            if check.scores else "")


# ---- the command line: saloon export / import / replay ----------------------------------


def run_cli(command: str, arg: str) -> int:
    """Runs ``saloon export ID``, ``import FILE`` or ``replay FILE|ID``; returns the status."""
    import sys
    from pathlib import Path

    from app.db import Database
    from app.settings import get_settings

    settings = get_settings()

    async def with_session(fn):  # type: ignore[no-untyped-def]
        db = Database(settings.database_url)
        try:
            async with db.session() as s:
                return await fn(s)
        finally:
            await db.dispose()

    def read(path: Path) -> JSON:
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise RecordError(f"{path} is not JSON: {e}") from None

    try:
        if command == "export":
            record = asyncio.run(with_session(lambda s: export_record(s, arg)))
            print(json.dumps(record, indent=1, ensure_ascii=False))
        elif command == "import":
            raw = read(Path(arg))
            created, game_id = asyncio.run(with_session(
                lambda s: import_record(s, raw, snapshot_every=settings.snapshot_every)))
            print(f"imported game {game_id}" if created
                  else f"game {game_id} is already stored; nothing changed")
        elif command == "replay":
            path = Path(arg)
            if path.is_file():
                rec = parse_record(read(path))
            else:
                rec = asyncio.run(with_session(lambda s: stored_record(s, arg)))[0]
            for line in replay_lines(rec):
                print(line)
        else:
            raise ValueError(command)
    except SaloonError as e:
        print(e.message, file=sys.stderr)
        return 1
    return 0
