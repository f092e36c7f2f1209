"""The admin API under ``/api/admin``: stored games, their records, views at any step.

Every route needs the admin token (``app.admin_auth``); these are the only routes
that show hidden cards. The work is in ``app.records``; routes stay thin.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import JSONResponse

from app import records
from app.admin_auth import Admin
from app.db import Database
from app.deps import AppSettings

router = APIRouter(prefix="/api/admin")


def _db(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


@router.get("/games")
async def list_games(
    request: Request, _: Admin,
    game: Annotated[str | None, Query(description="a game id")] = None,
    status: Annotated[str | None, Query(description="playing or finished")] = None,
    since: Annotated[str | None, Query(description="started on or after (a date)")] = None,
    until: Annotated[str | None, Query(description="started on or before (a date)")] = None,
    player: Annotated[str | None, Query(description="part of a seat's name")] = None,
    page: int = 1,
    per_page: int = 20,
) -> dict[str, Any]:
    """Stored games, newest first: filter by game, status, start date and player name."""
    start = records.parse_when(since, "since")
    end = records.parse_when(until, "until", end=True)
    async with _db(request).session() as s:
        return await records.list_games(s, game=game, status=status, since=start, until=end,
                                        player=player, page=page, per_page=per_page)


@router.get("/games/{game_id}")
async def game_record(request: Request, game_id: str, _: Admin) -> dict[str, Any]:
    """One game's record: options, seed, seats, every action with its time and events, result."""
    async with _db(request).session() as s:
        return await records.export_record(s, game_id)


@router.get("/games/{game_id}/export")
async def export_game(request: Request, game_id: str, _: Admin) -> JSONResponse:
    """The record as a file to download."""
    async with _db(request).session() as s:
        record = await records.export_record(s, game_id)
    return JSONResponse(record, headers={
        "Content-Disposition": f'attachment; filename="saloon-{record["game"]}-{game_id}.json"',
        "Cache-Control": "no-store"})


@router.get("/games/{game_id}/verify")
async def verify_game(request: Request, game_id: str, _: Admin,
                      scores: bool = False) -> dict[str, Any]:
    """Replays the game: ``verified``, ``diverged`` (with the step and field) or ``unplayable``.

    With ``scores=true`` the answer also holds each seat's score after every step.
    """
    async with _db(request).session() as s:
        found = await records.verify_stored(s, game_id)
    return found.to_json(with_scores=scores)


@router.get("/games/{game_id}/steps/{step}")
async def view_at_step(request: Request, game_id: str, step: int, _: Admin,
                       seat: str = "all") -> dict[str, Any]:
    """The view after ``step`` actions: ``seat=all`` (omniscient), ``spectator`` or a number."""
    async with _db(request).session() as s:
        return await records.view_at(s, game_id, step, seat)


@router.post("/games", status_code=201)
async def import_game(request: Request, _: Admin, settings: AppSettings,
                      record: Annotated[Any, Body()]) -> JSONResponse:
    """Imports a record: 201 when new, 200 when the same record is already stored."""
    async with _db(request).session() as s:
        created, game_id = await records.import_record(
            s, record, snapshot_every=settings.snapshot_every)
    return JSONResponse({"id": game_id, "created": created}, status_code=201 if created else 200)
