"""The printed cards: loaded from ``cards.json`` and validated when the package is imported.

A new printing is a new data file, not new code. Each printed card has a number
(``id``); in play a card is named by a string: ``c74`` for a Store card, and
``c91a``..``c91d`` for the starter card 91 of seats 0..3 (every player owns one).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from games.card_data import CardDataError, parse_card_list

BACKS = {"river": 1, "cactus": 2, "rattlesnake": 3}
MARKS = ("starter", "2P", "3+P", "4+P")
EFFECTS = (
    "none",
    "trash_for_2_dollars",  # trash while drawing: the card leaves play and counts $2
    "trash_for_jail",  # trash while drawing: Jail 1 Bandit this round
    "trash_to_buy_first",  # trash while drawing: buy (or burn) first this round
    "trash_to_replay",  # trash while drawing: play a card from your discard pile as if drawn
    "trash_to_reorder",  # when you stop: may trash to look at your top 3 and reorder them
    "reorder_top_three",  # when you stop: look at your top 3 and reorder them
    "two_cows_if_first",  # 2 Cows instead of its Cows if it is the round's first card
    "draw_four",  # you must draw 4 more cards
    "double_next",  # the next card you draw counts double
    "extra_buy",  # one extra buy or burn
    "return_to_deck",  # when you stop: put one drawn card on top of your deck
    "gift_others",  # every other player gets +$1 this round
    "pass_jail",  # at round end, give this card to another player's discard pile
)
TRASH_WHILE_DRAWING = ("trash_for_2_dollars", "trash_for_jail", "trash_to_buy_first",
                       "trash_to_replay")
SEAT_LETTERS = "abcd"
_INT_FIELDS = ("cash", "cows", "bandits", "jail", "lose_cow", "cost", "act")
_FIELDS = ("id", "back", *_INT_FIELDS, "mark", "effect", "text")


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One printed card: its number, back, symbols, cost, Act, player-count mark and effect."""

    number: int
    back: str
    cash: int
    cows: int
    bandits: int
    jail: int
    lose_cow: int
    cost: int
    act: int
    mark: str
    effect: str
    text: str

    @property
    def cacti(self) -> int:
        """Returns the risk mark shown on the back: 1, 2 or 3 cacti."""
        return BACKS[self.back]

    def used_at(self, seats: int) -> bool:
        """Returns whether a Store card is in the game at ``seats`` players."""
        need = {"starter": 0, "2P": 2, "3+P": 3, "4+P": 4}[self.mark]
        return seats >= need

    def face(self) -> dict[str, Any]:
        """Returns the printed face as JSON (no card id: faces repeat, ids do not).

        Symbols a card does not show (a count of 0, the effect "none") are left out, which
        keeps views small; ``back``, ``cost`` and ``text`` are always there.
        """
        out: dict[str, Any] = {"back": self.back, "cost": self.cost, "text": self.text}
        for name in ("cash", "cows", "bandits", "jail", "lose_cow"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.effect != "none":
            out["effect"] = self.effect
        return out

    def words(self) -> str:
        """Returns a short label such as ``$1 + 1 Cow (cactus)``, or for a card with an
        effect ``the "Jail when trashed" card (river)``: its text's first sentence, quoted
        where it is a rule, so that a sentence naming it still reads as one."""
        first = self.text.split(". ")[0]
        if self.effect == "none":
            return f"{first} ({self.back})"
        if first.startswith("$") and first[1:].isdigit():
            first = self.text  # "$1. Trash while drawing...": the rule is the second sentence
        return f"the \u201c{first}\u201d card ({self.back})"


def _check(raw: Any, index: int) -> CardSpec:
    if not isinstance(raw, dict):
        raise CardDataError(f"card #{index}: expected an object, got {type(raw).__name__}")
    ident = raw.get("id", f"#{index}")
    where = f"card {ident}"
    missing = [f for f in _FIELDS if f not in raw]
    if missing:
        raise CardDataError(f"{where}: field {missing[0]!r} is missing")
    extra = sorted(set(raw) - set(_FIELDS))
    if extra:
        raise CardDataError(f"{where}: field {extra[0]!r} is unknown")
    if not isinstance(raw["id"], int) or isinstance(raw["id"], bool) or raw["id"] < 1:
        raise CardDataError(f"{where}: field 'id' must be a positive integer, got {raw['id']!r}")
    for name in _INT_FIELDS:
        v = raw[name]
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise CardDataError(
                f"{where}: field {name!r} must be a non-negative integer, got {v!r}")
    if raw["back"] not in BACKS:
        raise CardDataError(
            f"{where}: field 'back' must be one of {', '.join(BACKS)}, got {raw['back']!r}")
    if raw["mark"] not in MARKS:
        raise CardDataError(
            f"{where}: field 'mark' must be one of {', '.join(MARKS)}, got {raw['mark']!r}")
    if raw["effect"] not in EFFECTS:
        raise CardDataError(
            f"{where}: field 'effect' must be a known effect, got {raw['effect']!r}")
    if not isinstance(raw["text"], str) or not raw["text"].strip():
        raise CardDataError(f"{where}: field 'text' must be a non-empty string")
    if raw["act"] > 3:
        raise CardDataError(f"{where}: field 'act' must be 0 (starter) to 3, got {raw['act']}")
    if (raw["mark"] == "starter") != (raw["act"] == 0):
        raise CardDataError(f"{where}: field 'act' must be 0 exactly for starter cards")
    return CardSpec(number=raw["id"], **{k: raw[k] for k in _FIELDS if k != "id"})


def parse_cards(data: Any) -> dict[int, CardSpec]:
    """Validates a card data document and returns the cards by number."""
    out: dict[int, CardSpec] = parse_card_list(data, _check, lambda s: s.number,
                                               lambda s: f"card {s.number}")
    if not any(s.mark == "starter" for s in out.values()):
        raise CardDataError("no card has mark 'starter': there would be no starter deck")
    for act in (1, 2, 3):
        if not any(s.act == act for s in out.values()):
            raise CardDataError(f"no card belongs to Act {act}")
    return out


def load_cards(text: str) -> dict[int, CardSpec]:
    """Parses and validates the JSON text of a card data file."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardDataError(f"the card data is not JSON: {exc}") from None
    return parse_cards(data)


SPECS: Mapping[int, CardSpec] = load_cards(
    resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8"))
STARTERS: tuple[int, ...] = tuple(n for n, s in SPECS.items() if s.mark == "starter")


def starter_ids(seat: int) -> list[str]:
    """Returns the card names of ``seat``'s starter deck, in data-file order."""
    return [f"c{n}{SEAT_LETTERS[seat]}" for n in STARTERS]


def store_ids(act: int, seats: int) -> list[str]:
    """Returns the card names of ``act``'s Store pool at ``seats`` players, in data order."""
    return list(_POOLS[act, seats])


_POOLS = {(act, seats): tuple(f"c{n}" for n, s in SPECS.items()
                              if s.act == act and s.used_at(seats))
          for act in (1, 2, 3) for seats in (2, 3, 4)}


# Every card name's printed card: ``spec`` reads it, and so do the rules' loops over a row
# of cards, without a call per card.
SPEC_OF: dict[str, CardSpec] = {}
for _n, _s in SPECS.items():
    if _s.mark == "starter":
        for _letter in SEAT_LETTERS:
            SPEC_OF[f"c{_n}{_letter}"] = _s
    else:
        SPEC_OF[f"c{_n}"] = _s
# Faces are built once: views ask for them on every step.
_FACE_OF = {c: s.face() for c, s in SPEC_OF.items()}
_BACK_OF = {c: {"back": s.back, "cacti": s.cacti} for c, s in SPEC_OF.items()}
_FACE_KEY_OF = {c: json.dumps(f, sort_keys=True) for c, f in _FACE_OF.items()}
_WORDS_OF = {c: s.words() for c, s in SPEC_OF.items()}


def spec(card: str) -> CardSpec:
    """Returns the printed card behind a card name such as ``c74`` or ``c91b``."""
    return SPEC_OF[card]


def card_json(card: str) -> dict[str, Any]:
    """Returns a face-up card as JSON: its name and its printed face."""
    return {"id": card, **_FACE_OF[card]}


def back_json(card: str) -> dict[str, Any]:
    """Returns a face-down card as JSON: only its back."""
    return dict(_BACK_OF[card])


def face_json(card: str) -> dict[str, Any]:
    """Returns a card's printed face without its name (for events and deck lists)."""
    return dict(_FACE_OF[card])


def words(card: str) -> str:
    """Returns a card's short label (``spec(card).words()``), e.g. ``$1 + 1 Cow (cactus)``."""
    return _WORDS_OF[card]


def face_key(card: str) -> str:
    """Returns a string equal for cards with identical printed faces."""
    return _FACE_KEY_OF[card]


def cards_with_effect(effect: str) -> frozenset[str]:
    """Returns the names of every card with ``effect``."""
    return frozenset(c for c, s in SPEC_OF.items() if s.effect == effect)
