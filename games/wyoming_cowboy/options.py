"""The table's options: the target score, the discard dispute and every argued reading."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    """Wyoming Cowboy options; each open reading of the rules is one field."""

    model_config = ConfigDict(extra="forbid")

    target_score: int = Field(
        500, ge=50, le=5000,
        description="The first to reach this score wins (several in one hand: the highest).")
    discard_dispute: Literal["written", "inventor"] = Field(
        "written",
        description="written: the rules as recorded (Melissa's way). inventor: Jeff's way, "
        "taking the top discard is your action, and so is discarding a 5 to draw two.")
    top_discard: Literal["previous", "own"] = Field(
        "previous",
        description="Which card 'the top discarded card' is when you draw right after your "
        "own discard: previous = the one lying under what you put there this turn; own = the "
        "very top card, even your own discard.")
    across_with_odd_seats: Literal["none", "left", "right"] = Field(
        "none",
        description="What 'across' means at 5 or 7 seats: none = not offered (only left and "
        "right); left/right = to the seat half the table away on that side. Never at 3 seats.")
    delay_of_game: Literal["per_card", "once"] = Field(
        "per_card",
        description="Delay of game costs -30 for each 10 and each .22 still held (per_card), "
        "or -30 once for holding any (once).")
    six_six_six: Literal["replaces", "adds"] = Field(
        "replaces",
        description="Three 6s score -100 instead of three times -20 (replaces), or -100 on "
        "top of the three -20s (adds).")
    shared_cards: Literal["kings", "queens_too"] = Field(
        "kings",
        description="Cards counted in two collections: kings = a family's king and badge may "
        "also count in a gang or posse, queens and jacks count once; queens_too = a family's "
        "queen may also count in a harem.")
    max_hands: int = Field(
        30, ge=0, le=200,
        description="Safety valve: the game also ends after this many hands (0 = play on "
        "until the target score); the highest total wins.")
    turn_limit: int = Field(
        400, ge=0, le=10000,
        description="Safety valve: a hand that has gone this many turns without ending is "
        "scored as it stands, credited to nobody (0 = never).")
