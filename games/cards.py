"""Standard playing cards: ranks, suits, cards with a short text form, decks."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum


class Suit(StrEnum):
    """The four French suits, each named by its one-letter text form."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """Returns the suit's Unicode symbol, e.g. ``♥``."""
        return {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}[self.value]

    @property
    def word(self) -> str:
        """Returns the suit's plural English name, e.g. ``hearts``."""
        return self.name.lower()


class Rank(IntEnum):
    """Card ranks valued 2..14 so that comparisons follow the usual order, Ace high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        """Returns the one-character text form: ``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_TEXT[self]

    @property
    def word(self) -> str:
        """Returns the English name, e.g. ``King``."""
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parses a rank from its text form (``10`` is accepted for ``T``)."""
        try:
            return _TEXT_RANK[text.upper()]
        except KeyError:
            raise ValueError(
                f"Expected a rank among 2-9, T/10, J, Q, K, A; got {text!r}"
            ) from None


_RANK_TEXT = {r: (str(r.value) if r.value < 10 else "TJQKA"[r.value - 10]) for r in Rank}
_TEXT_RANK = {t: r for r, t in _RANK_TEXT.items()} | {"10": Rank.TEN}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card; its text form is rank then suit, e.g. ``KH``, ``TS``, ``2C``."""

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parses one card such as ``KH``, ``Ts`` or ``10h``."""
        t = text.strip()
        if len(t) < 2:
            raise ValueError(f"Expected a card such as 'KH' or 'TS', got {text!r}")
        try:
            suit = Suit(t[-1].upper())
        except ValueError:
            raise ValueError(f"Expected a suit among C, D, H, S at the end of {text!r}") from None
        return cls(Rank.parse(t[:-1]), suit)

    @property
    def text(self) -> str:
        """Returns the short text form, e.g. ``KH``."""
        return self.rank.text + self.suit.value

    @property
    def words(self) -> str:
        """Returns the card in words, e.g. ``King of hearts``."""
        return f"{self.rank.word} of {self.suit.word}"

    def __str__(self) -> str:
        return self.text


def parse_cards(text: str) -> list[Card]:
    """Parses cards separated by spaces or commas, or packed two by two (``KhQs``)."""
    parts = text.replace(",", " ").split()
    if len(parts) == 1 and len(parts[0]) > 3:
        packed = parts[0]
        parts = []
        i = 0
        while i < len(packed):
            step = 3 if packed.startswith("10", i) else 2
            parts.append(packed[i : i + step])
            i += step
    return [Card.parse(p) for p in parts]


def standard_deck(copies: int = 1) -> list[Card]:
    """Returns ``copies`` 52-card decks in a fixed order (suits, then ranks)."""
    return [Card(rank, suit) for _ in range(copies) for suit in Suit for rank in Rank]
