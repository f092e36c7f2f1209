"""The admin API's query parameters and answers."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from app.models import GameStatus

JSON = Any
MAX_PER_PAGE = 100
MAX_PAGE = 1_000_000
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(9000, 1, 1, tzinfo=UTC)


def parse_when(raw: Any, *, end: bool = False) -> datetime | None:
    """Reads a date or a date-time (UTC when no zone is given); an ``end`` is inclusive.

    Returns the start of the range, or (for ``end``) the first instant after it;
    raises ``ValueError`` for text that is neither, or a time outside 1970 to 9000.
    """
    if raw is None or raw == "":
        return None
    text = str(raw)
    try:
        if len(text) == 10:
            d = date.fromisoformat(text)
            t = datetime(d.year, d.month, d.day, tzinfo=UTC)
            step = timedelta(days=1)
        else:
            t = datetime.fromisoformat(text)
            t = t if t.tzinfo else t.replace(tzinfo=UTC)
            step = timedelta(microseconds=1)
    except ValueError:
        raise ValueError(f"expected a date (2026-11-21) or a date-time "
                         f"(2026-11-21T18:30:00Z), got {text!r}") from None
    try:
        t = t.astimezone(UTC) + (step if end else timedelta(0))
    except OverflowError:
        t = LATEST + step  # out of range either way: refused below
    if not EARLIEST <= t <= LATEST:
        raise ValueError(f"expected a time from {EARLIEST:%Y} to {LATEST:%Y}, got {text!r}")
    return t


Since = Annotated[datetime | None, BeforeValidator(parse_when)]
Until = Annotated[datetime | None, BeforeValidator(lambda raw: parse_when(raw, end=True))]


class GameFilter(BaseModel):
    """``GET /api/admin/games``: the filters, and which page of the answer."""

    model_config = ConfigDict(extra="forbid")

    game: str | None = Field(None, max_length=64, description="a game id")
    status: GameStatus | None = Field(None, description="playing or finished")
    since: Since = Field(None, description="started on or after (a date or a date-time)")
    until: Until = Field(None, description="started on or before (a date or a date-time)")
    player: str | None = Field(None, max_length=64, description="part of a seat's name")
    page: int = Field(1, ge=1, le=MAX_PAGE)
    per_page: int = Field(20, ge=1, le=MAX_PER_PAGE)


class SeatLine(BaseModel):
    """A seat of a stored game."""

    seat: int
    name: str
    kind: str = "human"
    bot: str | None = None


class GameLine(BaseModel):
    """One stored game in the list."""

    id: str
    game: str
    title: str
    rules_version: str
    status: str
    seats: list[SeatLine]
    match: int
    actions: int
    started_at: str | None
    finished_at: str | None
    scores: list[float] | None
    winners: list[int] | None
    room: str | None


class GamePage(BaseModel):
    """One page of stored games, newest first."""

    total: int
    page: int
    per_page: int
    pages: int
    games: list[GameLine]


class VerifyReport(BaseModel):
    """What replaying a stored game found; ``scores`` only when asked for."""

    status: Literal["verified", "diverged", "unplayable"]
    steps: int
    step: int | None
    field: str | None
    message: str
    reworded: list[int] = Field(default_factory=list, description="the steps whose events "
                                "replay the same but worded otherwise (an earlier wording)")
    result_reworded: bool = Field(False, description="the result replays the same but its "
                                  "detail is worded otherwise (an earlier wording)")
    scores: list[list[float]] | None = None


class StepView(BaseModel):
    """A game as one viewer saw it after ``step`` actions."""

    id: str
    step: int
    steps: int
    seat: str
    view: JSON
    legal: JSON
    to_act: list[int]
    scores: list[float]
    over: bool


class Imported(BaseModel):
    """The id of an imported game, and whether it was new."""

    id: str
    created: bool
