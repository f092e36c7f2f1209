"""Poker hands: the best five from any number of cards, with Jokers and wild ranks.

Used by any game that scores poker hands. A hand is a sequence of ``games.cards.Card``
and ``Joker`` values; ``wild`` names ranks that are wild in that hand. A Joker or a
card of a wild rank becomes the best card it can be (so five of a kind and
double-Ace flushes happen). Fewer than five cards make what they can (a pair, two
pair, trips, four of a kind); straights and flushes need five cards. Aces are high,
or low in the straight A-2-3-4-5; straights never wrap (Q-K-A-2-3 is no straight).

``evaluate`` returns a ``HandValue``: a plain tuple ``(category, *ranks)`` that
compares exactly, kickers included, with ``<``/``>``/``==``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from games.cards import Card, Rank, Suit


class Category(IntEnum):
    """Poker hand categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def words(self) -> str:
        """Returns the category's English name, e.g. ``full house``."""
        return self.name.lower().replace("_", " ")


@dataclass(frozen=True, slots=True)
class Joker:
    """A Joker: wild wherever it lies. ``label`` tells two Jokers apart (e.g. ``X1``)."""

    label: str = "Joker"

    @property
    def text(self) -> str:
        """Returns the Joker's label."""
        return self.label


PokerCard = Card | Joker

# (category, ranks...) - ranks in order of significance; compares as a tuple.
HandValue = tuple[int, ...]

_ACE = 14
_STRAIGHT_TOPS = range(_ACE, 4, -1)  # Ace-high down to Five-high (the wheel)


def _straight_ranks(top: int) -> list[int]:
    return [(r if r != 1 else _ACE) for r in range(top, top - 5, -1)]


def evaluate(cards: Iterable[PokerCard], wild: Iterable[int] = ()) -> HandValue:
    """Returns the value of the best poker hand of at most five of ``cards``.

    ``wild`` lists ranks (2..14) that are wild in this hand. An empty hand is ``()``.
    """
    wild_ranks = frozenset(int(r) for r in wild)
    counts = [0] * 15
    suits: dict[Suit, list[int]] = {}
    wilds = 0
    total = 0
    for c in cards:
        total += 1
        if isinstance(c, Joker) or int(c.rank) in wild_ranks:
            wilds += 1
            continue
        r = int(c.rank)
        counts[r] += 1
        suits.setdefault(c.suit, []).append(r)
    if total == 0:
        return ()
    size = min(5, total)
    if wilds == 0 and total == 5:
        return _five_natural(counts, suits)
    return _best(counts, suits, wilds, size)


def _naturals_desc(counts: list[int], exclude: tuple[int, ...] = ()) -> list[int]:
    out: list[int] = []
    for r in range(_ACE, 1, -1):
        if r not in exclude:
            out.extend([r] * counts[r])
    return out


def _five_natural(counts: list[int], suits: dict[Suit, list[int]]) -> HandValue:
    """The common case: exactly five cards, none wild."""
    groups = sorted(((n, r) for r, n in enumerate(counts) if n), reverse=True)
    shape = tuple(n for n, _ in groups)
    ranks = tuple(r for _, r in groups)
    if shape == (1, 1, 1, 1, 1):
        flush = len(suits) == 1
        top = 0
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == (14, 5, 4, 3, 2):
            top = 5
        if top and flush:
            return (Category.STRAIGHT_FLUSH, top)
        if flush:
            return (Category.FLUSH, *ranks)
        if top:
            return (Category.STRAIGHT, top)
        return (Category.HIGH_CARD, *ranks)
    if shape == (4, 1):
        return (Category.FOUR_OF_A_KIND, *ranks)
    if shape == (3, 2):
        return (Category.FULL_HOUSE, *ranks)
    if shape == (3, 1, 1):
        return (Category.THREE_OF_A_KIND, *ranks)
    if shape == (2, 2, 1):
        return (Category.TWO_PAIR, *ranks)
    return (Category.PAIR, *ranks)


def _best(counts: list[int], suits: dict[Suit, list[int]], w: int, size: int) -> HandValue:
    """Any number of cards and wilds: categories tried from the top down."""
    present = [r for r in range(_ACE, 1, -1) if counts[r]]
    top_rank = present[0] if present else _ACE
    if size == 5:
        # Five of a kind.
        for r in range(_ACE, 1, -1):
            if counts[r] + w >= 5:
                return (Category.FIVE_OF_A_KIND, r)
        if w >= 5:
            return (Category.FIVE_OF_A_KIND, _ACE)
        # Straight flush.
        best_sf = 0
        for ranks in suits.values():
            have = set(ranks)
            for top in _STRAIGHT_TOPS:
                if top <= best_sf:
                    break
                missing = sum(1 for r in _straight_ranks(top) if r not in have)
                if missing <= w:
                    best_sf = top
                    break
        if best_sf:
            return (Category.STRAIGHT_FLUSH, best_sf)
    # Four of a kind (four cards are enough).
    if size >= 4:
        for r in range(_ACE, 1, -1):
            if counts[r] + w >= 4:
                return (Category.FOUR_OF_A_KIND, r, *_naturals_desc(counts, (r,))[: size - 4])
        if w >= 4:
            return (Category.FOUR_OF_A_KIND, _ACE, *_naturals_desc(counts, (_ACE,))[: size - 4])
    if size == 5:
        # Full house: the highest triplet, then the highest pair.
        for r in range(_ACE, 1, -1):
            need_r = max(0, 3 - counts[r])
            if need_r > w:
                continue
            for s in range(_ACE, 1, -1):
                if s != r and need_r + max(0, 2 - counts[s]) <= w and counts[s] > 0:
                    return (Category.FULL_HOUSE, r, s)
        # Flush: wilds become Aces of the suit (double-Ace flushes).
        best_flush: HandValue = ()
        for ranks in suits.values():
            if len(ranks) + w >= 5:
                value = tuple(sorted([*ranks, *[_ACE] * w], reverse=True)[:5])
                if value > best_flush:
                    best_flush = value
        if best_flush:
            return (Category.FLUSH, *best_flush)
        # Straight.
        for top in _STRAIGHT_TOPS:
            if sum(1 for r in _straight_ranks(top) if not counts[r]) <= w:
                return (Category.STRAIGHT, top)
    # Three of a kind.
    if size >= 3:
        for r in range(_ACE, 1, -1):
            if counts[r] + w >= 3:
                return (Category.THREE_OF_A_KIND, r, *_naturals_desc(counts, (r,))[: size - 3])
        if w >= 3:
            return (Category.THREE_OF_A_KIND, _ACE, *_naturals_desc(counts, (_ACE,))[: size - 3])
    # Two pair (never with a wild: a wild with a pair makes trips).
    if size >= 4 and w == 0:
        pairs = [r for r in present if counts[r] >= 2]
        if len(pairs) >= 2:
            hi, lo = pairs[0], pairs[1]
            rest = _naturals_desc(counts, (hi, lo))
            return (Category.TWO_PAIR, hi, lo, *rest[: size - 4])
    # Pair.
    if size >= 2:
        for r in range(_ACE, 1, -1):
            if counts[r] + w >= 2:
                return (Category.PAIR, r, *_naturals_desc(counts, (r,))[: size - 2])
        if w >= 2:
            return (Category.PAIR, _ACE, *_naturals_desc(counts, (_ACE,))[: size - 2])
        if w == 1:
            return (Category.PAIR, top_rank, *_naturals_desc(counts, (top_rank,))[: size - 2])
    if w:
        return (Category.HIGH_CARD, _ACE)
    return (Category.HIGH_CARD, *_naturals_desc(counts)[:size])


def category(value: HandValue) -> Category | None:
    """Returns the category of a hand value, or ``None`` for the empty hand."""
    return Category(value[0]) if value else None


_PLURAL = {r: (r.word + "es" if r == Rank.SIX else r.word + "s") for r in Rank}


def describe(value: HandValue) -> str:
    """Returns a hand value in words, e.g. ``full house, Tens full of Twos``."""
    if not value:
        return "no cards"
    cat = Category(value[0])
    ranks = [Rank(r) for r in value[1:]]
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return f"{cat.words}, {ranks[0].word}-high"
    if cat in (Category.FLUSH, Category.HIGH_CARD):
        return f"{cat.words}, {', '.join(r.word for r in ranks)}"
    if cat == Category.FULL_HOUSE:
        return f"{cat.words}, {_PLURAL[ranks[0]]} full of {_PLURAL[ranks[1]]}"
    if cat == Category.TWO_PAIR:
        head = f"{cat.words}, {_PLURAL[ranks[0]]} and {_PLURAL[ranks[1]]}"
        rest = ranks[2:]
    else:
        head = f"{cat.words}, {_PLURAL[ranks[0]]}"
        rest = ranks[1:]
    return head + (f" ({', '.join(r.word for r in rest)})" if rest else "")


def best_of(hands: Iterable[HandValue]) -> list[int]:
    """Returns the indexes of the best non-empty hand values (several on a tie)."""
    values = list(hands)
    top = max((v for v in values if v), default=())
    if not top:
        return []
    return [i for i, v in enumerate(values) if v == top]
