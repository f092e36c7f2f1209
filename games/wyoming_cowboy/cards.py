"""Cards as short strings ("KH", "TS"): ranks, suits, words and the decks of a hand."""

from __future__ import annotations

from collections.abc import Callable

from games.cards import standard_deck

SUITS = ("C", "D", "H", "S")
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_WORDS = {
    "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven",
    "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace",
}
RANK_ORDER = "23456789TJQKA"
CARD_PATTERN = r"^[2-9TJQKA][CDHS]$"


def rank(card: str) -> str:
    """Returns the rank character of a card text, e.g. ``K`` for ``KH``."""
    return card[0]


def suit(card: str) -> str:
    """Returns the suit character of a card text, e.g. ``H`` for ``KH``."""
    return card[1]


def words(card: str) -> str:
    """Returns a card in words, e.g. ``King of hearts`` (never its text form)."""
    return f"{RANK_WORDS[card[0]]} of {SUIT_WORDS[card[1]]}"


# Every face in words (``words``), made once: the rules name a card in most events.
CARD_WORDS = {r + s: words(r + s) for s in SUITS for r in RANK_ORDER}


def the_cards(cards: list[str]) -> str:
    """Returns cards in words, each with its article: "the Four of clubs, the King of hearts"."""
    return "the " + ", the ".join(map(CARD_WORDS.__getitem__, cards))


def decks_for(seats: int) -> int:
    """Returns how many decks a table of ``seats`` plays with: one up to four, else two."""
    return 1 if seats <= 4 else 2


def full_deck(decks: int) -> list[str]:
    """Returns every card of ``decks`` standard decks as texts, in a fixed order."""
    deck = _DECKS.get(decks)
    if deck is None:
        deck = _DECKS[decks] = tuple(c.text for c in standard_deck(decks))
    return list(deck)


_DECKS: dict[int, tuple[str, ...]] = {}


def split_aces(cards: list[str]) -> tuple[list[str], list[str]]:
    """Returns (cards without aces, aces): the aces are set aside as the badge pile."""
    return [c for c in cards if c[0] != "A"], [c for c in cards if c[0] == "A"]


# A card's place in suit order (SUITS is alphabetical), then rank: one int, as ints
# compare quicker than (suit, rank) pairs and give the same order.
_KEYS = {r + s: 13 * j + i for j, s in enumerate(SUITS) for i, r in enumerate(RANK_ORDER)}


# Orders cards by suit, then rank (2 low, ace high): ``sorted(cards, key=sort_key)``.
# The dict's own lookup, so that sorting a hand calls no Python function per card.
sort_key: Callable[[str], int] = _KEYS.__getitem__
