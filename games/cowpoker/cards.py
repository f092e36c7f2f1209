"""The Cowpoker card set: 54 game cards read from cards.json, the 12 Ranch cards.

The shipped cards.json is an original set written for Saloon (the printed card list
is not public); an owner of the printed game can replace the file with the real
cards. The file is validated at import: any error names the card and the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

from games.card_data import CardDataError, parse_card_list
from games.cards import Card, Rank, Suit
from games.poker import Joker, PokerCard

RANCHES: tuple[str, ...] = ("Davila", "Gallagher", "Masterson", "San Joaquin")
TOWN = "Town"
DECK_SIZE = 54

EFFECT_KINDS = {
    "none": "no effect",
    "roundup": "starts a Roundup",
    "gunfight": "starts a Gunfight",
    "showdown": "Gunfight or Roundup, the player chooses",
    "rustle": "takes the newest card of another Gang (the player chooses the Gang)",
    "live_rustle": "Live Player: takes any card of another Gang",
    "extra_play": "Live Player: plays another card",
    "unload": "Live Player: may move a card of his Gang into another Gang",
    "wild": "makes a rank wild in the place the card lies (always, whoever played it)",
}
LIVE_ONLY = frozenset({"live_rustle", "extra_play", "unload"})
PLACES = {
    "worst_hand": "the Gang with the worst poker hand",
    "best_hand": "the Gang with the best poker hand",
    "fewest_points": "the Gang with the fewest points",
    "most_points": "the Gang with the most points",
}


@dataclass(frozen=True, slots=True)
class CowCard:
    """One game card as printed: identity, poker face, values and effect."""

    id: str
    name: str
    ranch: str
    rank: str  # "2".."9", "T", "J", "Q", "K", "A" or "Joker"
    suit: str  # "C", "D", "H", "S" or "Joker"
    points: int
    roundup: int
    gunfight: int
    effect: str
    effect_text: str
    wild_rank: int | None
    place: str | None

    @property
    def is_joker(self) -> bool:
        """Returns whether the card is a Joker."""
        return self.rank == "Joker"

    @property
    def poker(self) -> PokerCard:
        """Returns the card as the poker evaluator sees it."""
        if self.is_joker:
            return Joker(self.id)
        return Card(Rank.parse(self.rank), Suit(self.suit))

    @property
    def face(self) -> str:
        """Returns the poker face in short text, e.g. ``KH`` or ``Joker``."""
        return "Joker" if self.is_joker else self.rank + self.suit

    @property
    def is_ace(self) -> bool:
        """Returns whether the card is an Ace (a Ranch boss)."""
        return self.rank == "A"

    @property
    def live_only(self) -> bool:
        """Returns whether the effect is a "Live Player" instruction Deadwood skips."""
        return self.effect in LIVE_ONLY

    @property
    def text(self) -> str:
        """Returns the full card text as printed."""
        parts = []
        if self.is_joker:
            parts.append("Jokers are wild.")
        if self.place:
            parts.append(f"However this card is played, it always goes into {PLACES[self.place]}.")
        if self.effect_text:
            parts.append(self.effect_text)
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """Returns the card as shown to players."""
        return {
            "id": self.id, "name": self.name, "ranch": self.ranch, "face": self.face,
            "rank": self.rank, "suit": self.suit, "points": self.points,
            "roundup": self.roundup, "gunfight": self.gunfight, "effect": self.effect,
            "place": self.place, "wild_rank": self.wild_rank, "text": self.text,
        }


@dataclass(frozen=True, slots=True)
class RanchCard:
    """One of the 12 Ranch cards (three sets of four); spares are the randomizer deck."""

    ranch: str
    mark: str  # "roundup" or "gunfight": the symbol used for random choices


RANCH_CARDS: tuple[RanchCard, ...] = tuple(
    RanchCard(r, mark) for mark in ("roundup", "roundup", "gunfight") for r in RANCHES
)
# The first four (one of each Ranch) are dealt to the table; the other eight decide.
RANDOMIZER: tuple[RanchCard, ...] = RANCH_CARDS[4:]


def _field(raw: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in raw:
        raise CardDataError(f"{where}: missing field {key!r}")
    value = raw[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise CardDataError(f"{where}: field {key!r} should be an integer, got {value!r}")
    if kind is str and not isinstance(value, str):
        raise CardDataError(f"{where}: field {key!r} should be a string, got {value!r}")
    return value


def parse_card(raw: Any, index: int) -> CowCard:
    """Validates one card of the data file; raises ``CardDataError`` naming the problem."""
    if not isinstance(raw, dict):
        raise CardDataError(f"card #{index + 1}: expected an object, got {raw!r}")
    cid = raw.get("id", f"#{index + 1}")
    where = f"card {cid} ({raw.get('name', 'unnamed')})"
    cid = _field(raw, "id", str, where)
    name = _field(raw, "name", str, where)
    ranch = _field(raw, "ranch", str, where)
    if ranch not in (*RANCHES, TOWN):
        raise CardDataError(f"{where}: field 'ranch' should be one of {RANCHES + (TOWN,)}, "
                            f"got {ranch!r}")
    rank = _field(raw, "rank", str, where)
    suit = _field(raw, "suit", str, where)
    if rank == "Joker" or suit == "Joker":
        if rank != suit:
            raise CardDataError(f"{where}: a Joker has rank and suit 'Joker', "
                                f"got {rank!r}/{suit!r}")
    else:
        try:
            Rank.parse(rank)
        except ValueError:
            raise CardDataError(f"{where}: field 'rank' should be 2-9, T, J, Q, K, A or "
                                f"Joker, got {rank!r}") from None
        if suit not in ("C", "D", "H", "S"):
            raise CardDataError(f"{where}: field 'suit' should be C, D, H, S or Joker, "
                                f"got {suit!r}")
        rank = Rank.parse(rank).text
    points = _field(raw, "points", int, where)
    roundup = _field(raw, "roundup", int, where)
    gunfight = _field(raw, "gunfight", int, where)
    place = raw.get("place")
    if place is not None and place not in PLACES:
        raise CardDataError(f"{where}: field 'place' should be one of {sorted(PLACES)} or "
                            f"null, got {place!r}")
    effect = raw.get("effect")
    if not isinstance(effect, dict):
        raise CardDataError(f"{where}: field 'effect' should be an object with 'kind' and "
                            f"'text', got {effect!r}")
    kind = effect.get("kind")
    if kind not in EFFECT_KINDS:
        raise CardDataError(f"{where}: field 'effect.kind' should be one of "
                            f"{sorted(EFFECT_KINDS)}, got {kind!r}")
    text = effect.get("text", "")
    if not isinstance(text, str):
        raise CardDataError(f"{where}: field 'effect.text' should be a string, got {text!r}")
    wild_rank = None
    if kind == "wild":
        try:
            wild_rank = int(Rank.parse(str(effect.get("rank"))))
        except ValueError:
            raise CardDataError(f"{where}: field 'effect.rank' should name the wild rank, "
                                f"got {effect.get('rank')!r}") from None
    if kind in LIVE_ONLY and not text.startswith("Live Player"):
        raise CardDataError(f"{where}: field 'effect.text' of a {kind} card should begin "
                            f"with 'Live Player'")
    return CowCard(cid, name, ranch, rank, suit, points, roundup, gunfight, kind, text,
                   wild_rank, place)


def parse_deck(data: Any) -> dict[str, CowCard]:
    """Validates the whole data file: 54 cards, unique ids, one Ace per Ranch."""
    cards: dict[str, CowCard] = parse_card_list(data, parse_card, lambda c: c.id,
                                                lambda c: f"card {c.id} ({c.name})",
                                                "cards.json")
    if len(cards) != DECK_SIZE:
        raise CardDataError(f"cards.json: expected {DECK_SIZE} cards, got {len(cards)}")
    for ranch in RANCHES:
        aces = [c for c in cards.values() if c.ranch == ranch and c.is_ace]
        if len(aces) != 1:
            raise CardDataError(f"cards.json: Ranch {ranch} should have exactly one Ace "
                                f"(its boss), got {len(aces)}")
    return cards


CARDS: dict[str, CowCard] = parse_deck(
    json.loads(files("games.cowpoker").joinpath("cards.json").read_text(encoding="utf-8"))
)
CARD_IDS: tuple[str, ...] = tuple(CARDS)
ACE_OF: dict[str, str] = {
    c.ranch: c.id for c in CARDS.values() if c.is_ace and c.ranch in RANCHES
}
