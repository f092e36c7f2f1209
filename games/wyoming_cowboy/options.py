"""The table's options: the target score, the discard dispute and every argued reading."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue
from pydantic.json_schema import JsonDict

# Named option sets a lobby may offer; the first is the game as written.
PRESETS: list[dict[str, Any]] = [
    {"title": "First to 500, as written", "options": {}},
    {"title": "Short: first to 250", "options": {"target_score": 250}},
    {"title": "Five hands (the highest total wins)", "options": {"max_hands": 5}},
    {"title": "One hand", "options": {"max_hands": 1}},
]


def _offer_presets(schema: JsonDict) -> None:
    """Adds ``PRESETS`` to the options' JSON schema, as ``presets``."""
    presets: list[JsonValue] = [{"title": p["title"], "options": dict(p["options"])}
                                for p in PRESETS]
    schema["presets"] = presets


class Options(BaseModel):
    """Wyoming Cowboy options; each open reading of the rules is one field."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_offer_presets)

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
        0, ge=0, le=200,
        description="A shorter game: it also ends after this many hands, the highest total "
        "winning. 0 = no limit, the written game: play on until someone reaches the target.")
    turn_limit: int = Field(
        2000, ge=0, le=10000,
        description="Safety valve for a hand that will not end (smart play ends one in a few "
        "dozen turns, random play within a thousand): after this many turns it is scored "
        "as it stands, credited to nobody (0 = never).")
