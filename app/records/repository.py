"""Stored games in the database: list, export, import, verify, and the view at any step.

The view at step *n* starts from the latest snapshot at or before *n* and applies
the actions after it, so stepping costs at most ``snapshot_every`` applies.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from datetime import datetime
from typing import Any, Literal

import pydantic
from sqlalchemy import func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from app import store
from app.errors import Conflict, NotFound, first_error
from app.models import ActionRow, GameRecord, GameStatus, Room, Snapshot
from app.records.format import (
    RecordError,
    RecordIn,
    iso,
    parse_record,
    plain,
    record_of,
    same_time,
)
from app.records.verify import Unplayable, Verification, playable, replay_steps, verify
from games.base import canonical_hash
from games.registry import UnknownGame, get_game
from games.replay import ReplayError, Setup, replay

JSON = Any
Viewer = int | None | Literal["all"]


async def _get(s: AsyncSession, game_id: str) -> GameRecord:
    row = await s.get(GameRecord, game_id)
    if row is None:
        raise NotFound(f"No stored game has the id {game_id!r}")
    return row


async def _count(s: AsyncSession, row: GameRecord) -> int:
    if row.status == GameStatus.FINISHED:
        return row.actions_count
    return int((await s.execute(select(func.count()).select_from(ActionRow).where(
        ActionRow.game_id == row.id))).scalar_one())


async def export_record(s: AsyncSession, game_id: str) -> dict[str, JSON]:
    """Returns a stored game as one JSON record."""
    row = await _get(s, game_id)
    return record_of(row, await store.game_actions(s, game_id))


def opening(record: dict[str, JSON]) -> list[dict[str, JSON]]:
    """Returns the events of a record's setting up (``Game.begin``), worked out again as a
    room does; none for a game this server cannot play."""
    try:
        game = playable(record["game"], record["rules_version"])
        return Setup(record["options"], len(record["seats"]), record["seed"], record["match"],
                     record["carried"]).begin(game)[1]
    except (Unplayable, pydantic.ValidationError, ValueError):
        return []


async def stored_record(s: AsyncSession, game_id: str) -> tuple[RecordIn, dict[int, JSON]]:
    """Returns a stored game as a parsed record, with its snapshots by step."""
    raw = await export_record(s, game_id)
    snaps = (await s.execute(select(Snapshot.seq, Snapshot.state).where(
        Snapshot.game_id == game_id))).all()
    try:
        rec = RecordIn.model_validate(raw)
    except pydantic.ValidationError as e:
        raise RecordError(f"The stored game is malformed at "
                          f"{first_error(e.errors(), default='record')}") from None
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


async def view_at(s: AsyncSession, game_id: str, step: int, viewer: Viewer) -> dict[str, JSON]:
    """Returns the omniscient view (``all``), a spectator's, or a seat's after ``step`` actions."""
    row = await _get(s, game_id)
    game = playable(row.game, row.rules_version)
    total = await _count(s, row)
    if not 0 <= step <= total:
        raise NotFound(f"Expected a step from 0 to {total}, got {step}")
    if isinstance(viewer, int) and not 0 <= viewer < len(row.seats):
        raise NotFound(f"Expected a seat from 0 to {len(row.seats) - 1}, got {viewer}")
    snap = await store.latest_snapshot(s, game_id, step)
    start: Any = (game.load(snap.state) if snap is not None
                  else Setup(row.options, len(row.seats), row.seed, row.match, row.carried))
    at = snap.seq if snap is not None else 0
    actions = await store.game_actions(s, game_id, after=at, upto=step)
    try:
        state = replay(game, start, [(a.seat, a.action) for a in actions], first_seq=at + 1)
    except ReplayError as e:  # a tampered log stops the replay here
        raise Conflict(f"The replay stops at step {e.seq}: {e.message}") from None
    to_act = sorted(game.to_act(state))
    if viewer == "all":
        view = game.omniscient_view(state)
        legal: JSON = {str(p): game.legal_actions(state, p) for p in to_act}
    else:
        view = game.view(state, viewer)
        legal = (game.legal_actions(state, viewer)
                 if viewer is not None and viewer in to_act else [])
    return {"id": game_id, "step": step, "steps": total,
            "seat": "spectator" if viewer is None else str(viewer), "view": view,
            "legal": legal, "to_act": to_act, "scores": list(game.scores(state)),
            "over": game.result(state) is not None}


async def import_record(s: AsyncSession, raw: JSON, *, snapshot_every: int) -> tuple[bool, str]:
    """Stores a record; returns whether it was new, and the game id.

    Idempotent by game id: the same record again changes nothing; a different record
    under an id already stored is refused. A record this server can replay must verify.
    """
    rec = parse_record(raw)
    if await s.get(GameRecord, rec.id) is not None:
        if await _same_as_stored(s, rec):
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
        match=rec.match, status=rec.status, ended_reason=rec.reason, carried=rec.carried,
        actions_count=len(rec.actions) if rec.status == GameStatus.FINISHED else 0,
        result=rec.result, final_hash=rec.final_hash, started_at=rec.started_at,
        finished_at=rec.finished_at))
    await s.flush()
    if rec.actions:
        await s.execute(insert(ActionRow), [
            {"game_id": rec.id, "seq": a.seq, "seat": a.seat, "action": a.action,
             "events": a.events, "room_version": a.room_version, "at": a.at,
             "made_by": a.made_by}
            for a in rec.actions])
    if snapshots:
        await s.execute(insert(Snapshot), snapshots)
    await s.commit()
    return True, rec.id


async def _same_as_stored(s: AsyncSession, rec: RecordIn) -> bool:
    mine = plain(await export_record(s, rec.id))
    theirs = rec.model_dump(mode="json")
    for k in ("started_at", "finished_at"):
        mine[k], theirs[k] = same_time(mine[k]), same_time(theirs[k])
    for a, b in zip(mine["actions"], theirs["actions"], strict=False):
        a["at"], b["at"] = same_time(a["at"]), same_time(b["at"])
    return bool(mine == theirs)


def _snapshots(rec: RecordIn, every: int) -> list[dict[str, JSON]]:
    """Returns the snapshot rows of a record: the state after every ``every`` actions."""
    game = get_game(rec.game)
    return [{"game_id": rec.id, "seq": step.seq, "state": game.dump(step.state),
             "at": rec.actions[step.seq - 1].at}
            for step in replay_steps(rec) if step.seq % every == 0]


async def list_games(s: AsyncSession, *, game: str | None = None,
                     status: GameStatus | None = None, since: datetime | None = None,
                     until: datetime | None = None, player: str | None = None, page: int = 1,
                     per_page: int = 20) -> dict[str, JSON]:
    """Returns one page of stored games, newest first, with the filters applied.

    ``until`` is exclusive: the first instant after the range.
    """
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
    return {"total": total, "page": page, "per_page": per_page,
            "pages": max(1, -(-total // per_page)), "games": await _lines(s, chosen)}


async def _lines(s: AsyncSession, chosen: list[str]) -> list[dict[str, JSON]]:
    if not chosen:
        return []
    rows = {r.id: r for r in (await s.execute(
        select(GameRecord).where(GameRecord.id.in_(chosen)))).scalars()}
    counts = dict((await s.execute(
        select(ActionRow.game_id, func.count()).where(ActionRow.game_id.in_(chosen))
        .group_by(ActionRow.game_id))).all())
    room_ids = {r.room_id for r in rows.values() if r.room_id is not None}
    codes = dict((await s.execute(select(Room.id, Room.code).where(
        Room.id.in_(room_ids)))).all()) if room_ids else {}
    return [summary(rows[gid], counts.get(gid, 0), codes.get(rows[gid].room_id or 0))
            for gid in chosen]


def summary(row: GameRecord, actions: int, room: str | None = None) -> dict[str, JSON]:
    """Returns one line of the list."""
    try:
        title = get_game(row.game).title
    except UnknownGame:
        title = row.game
    result = row.result or {}
    return {
        "id": row.id, "game": row.game, "title": title, "rules_version": row.rules_version,
        "status": str(row.status), "seats": row.seats, "match": row.match, "actions": actions,
        "started_at": iso(row.started_at), "finished_at": iso(row.finished_at),
        "scores": result.get("scores"), "winners": result.get("winners"), "room": room,
    }
