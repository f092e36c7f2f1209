"""The table's options: the target score, the discard dispute and every argued reading."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, JsonValue
from pydantic.json_schema import JsonDict

from games.base import option

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
    """Wyoming Cowboy options; each open reading of the rules is one field. (A choice's
    words fit a phone's select, some 30 characters; its help says the rest.)"""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_offer_presets)

    target_score: int = option(
        500, ge=50, le=5000, label="Winning score",
        help="The first to reach this score wins; if several reach it in the same hand, the "
        "highest score wins.",
        description="The first to reach this score wins (several in one hand: the highest).")
    discard_dispute: Literal["written", "inventor"] = option(
        "written", label="Taking the top discard",
        help="The rules as recorded and the inventor differ on what taking the top discard "
        "costs: as recorded, it replaces your draw; the inventor's way, it uses up your "
        "action, and so does discarding a 5 to draw two.",
        choices={"written": "As recorded: it replaces your draw",
                 "inventor": "The inventor's: it uses your action"},
        description="written: the rules as recorded (Melissa's way). inventor: Jeff's way, "
        "taking the top discard is your action, and so is discarding a 5 to draw two.")
    top_discard: Literal["previous", "own"] = option(
        "previous", label="The top discard right after your own",
        help="Which card you may take when you draw just after discarding: the one under "
        "the card you just put there, or the very top card, even your own discard.",
        choices={"previous": "The card under your own", "own": "The top card, even your own"},
        description="Which card 'the top discarded card' is when you draw right after your "
        "own discard: previous = the one lying under what you put there this turn; own = the "
        "very top card, even your own discard.")
    across_with_odd_seats: Literal["none", "left", "right"] = option(
        "none", label="Passing across with 5 or 7 players",
        help="With an odd number of players nobody sits straight across (never offered "
        "with 3).",
        choices={"none": "Not offered: only left and right",
                 "left": "Half-way round, to the left", "right": "Half-way round, to the right"},
        description="What 'across' means at 5 or 7 seats: none = not offered (only left and "
        "right); left/right = to the seat half the table away on that side. Never at 3 seats.")
    delay_of_game: Literal["per_card", "once"] = option(
        "per_card", label="Delay of game",
        help="The penalty for 10s and .22s still held when the hand ends.",
        choices={"per_card": "\u221230 for each one held", "once": "\u221230 once, however many"},
        description="Delay of game costs -30 for each 10 and each .22 still held (per_card), "
        "or -30 once for holding any (once).")
    six_six_six: Literal["replaces", "adds"] = option(
        "replaces", label="Three 6s",
        help="How three 6s held at the end of a hand score.",
        choices={"replaces": "\u2212100 instead of three times \u221220",
                 "adds": "\u2212100 on top of the three \u221220s"},
        description="Three 6s score -100 instead of three times -20 (replaces), or -100 on "
        "top of the three -20s (adds).")
    shared_cards: Literal["kings", "queens_too"] = option(
        "kings", label="Cards that count twice",
        help="Which cards may count in two collections at once: a family's King and badge "
        "may also count in a gang or posse; with Queens too, a family's Queen may also count "
        "in a harem.",
        choices={"kings": "A King and his badge", "queens_too": "Kings, badges and Queens"},
        description="Cards counted in two collections: kings = a family's king and badge may "
        "also count in a gang or posse, queens and jacks count once; queens_too = a family's "
        "queen may also count in a harem.")
    max_hands: int = option(
        0, ge=0, le=200, label="Most hands",
        help="Ends the game after this many hands, the highest total winning. 0: no limit, "
        "play on to the winning score.",
        description="A shorter game: it also ends after this many hands, the highest total "
        "winning. 0 = no limit, the written game: play on until someone reaches the target.")
    turn_limit: int = option(
        2000, ge=0, le=10000, label="Longest hand",
        help="A safety valve: a hand still running after this many turns is scored as it "
        "stands, credited to nobody. 0: never.",
        description="Safety valve for a hand that will not end (smart play ends one in a few "
        "dozen turns, random play within a thousand): after this many turns it is scored "
        "as it stands, credited to nobody (0 = never).")
