"""The admin API under ``/api/admin``: stored games, their records, views at any step.

Every route needs the admin token (``app.admin.auth``); these are the only routes
that show hidden cards. The work is in ``app.records``; routes stay thin.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query
from fastapi.responses import JSONResponse

from app import records
from app.admin.auth import Admin
from app.admin.schemas import GameFilter, GamePage, Imported, StepView, VerifyReport
from app.deps import AppSettings, Session
from app.schemas import error_responses

router = APIRouter(prefix="/api/admin", responses=error_responses(401, 403, 422, 429))

GameId = Annotated[str, Path(max_length=64, description="a stored game's id")]
SEAT = r"^(all|spectator|\d{1,3})$"


@router.get("/games")
async def list_games(_: Admin, s: Session,
                     query: Annotated[GameFilter, Query()]) -> GamePage:
    """Stored games, newest first: filter by game, status, start date and player name."""
    return GamePage.model_validate(await records.list_games(s, **query.model_dump()))


@router.get("/games/{game_id}", responses=error_responses(404))
async def game_record(game_id: GameId, _: Admin, s: Session) -> dict[str, Any]:
    """One game's record: options, seed, seats, every action with its time and events,
    result; and ``opening``, the events of its setting up (step 0), worked out again."""
    record = await records.export_record(s, game_id)
    return record | {"opening": records.opening(record)}


@router.get("/games/{game_id}/export", responses=error_responses(404))
async def export_game(game_id: GameId, _: Admin, s: Session) -> JSONResponse:
    """The record as a file to download."""
    record = await records.export_record(s, game_id)
    # Only a file name's safe characters in a header: a game id stored before imports
    # were checked could hold a quote or a line break.
    game = re.sub(r"[^A-Za-z0-9_.-]", "_", str(record["game"]))
    return JSONResponse(record, headers={
        "Content-Disposition": f'attachment; filename="saloon-{game}-{game_id}.json"',
        "Cache-Control": "no-store"})


@router.get("/games/{game_id}/verify", response_model_exclude_unset=True,
            responses=error_responses(404))
async def verify_game(game_id: GameId, _: Admin, s: Session,
                      scores: bool = False) -> VerifyReport:
    """Replays the game: ``verified``, ``diverged`` (with the step and field) or ``unplayable``.

    With ``scores=true`` the answer also holds each seat's score after every step.
    """
    found = await records.verify_stored(s, game_id)
    return VerifyReport.model_validate(found.to_json(with_scores=scores))


@router.get("/games/{game_id}/steps/{step}", responses=error_responses(404, 409))
async def view_at_step(game_id: GameId, step: int, _: Admin, s: Session,
                       seat: Annotated[str, Query(pattern=SEAT)] = "all") -> StepView:
    """The view after ``step`` actions: ``seat=all`` (omniscient), ``spectator`` or a number."""
    viewer: records.Viewer = ("all" if seat == "all" else None if seat == "spectator"
                              else int(seat))
    return StepView.model_validate(await records.view_at(s, game_id, step, viewer))


@router.post("/games", status_code=201, responses=error_responses(409, 413))
async def import_game(_: Admin, s: Session, settings: AppSettings,
                      record: Annotated[Any, Body()]) -> JSONResponse:
    """Imports a record: 201 when new, 200 when the same record is already stored."""
    created, game_id = await records.import_record(s, record,
                                                   snapshot_every=settings.snapshot_every)
    return JSONResponse(Imported(id=game_id, created=created).model_dump(),
                        status_code=201 if created else 200)
