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
_RANKS_DESC = tuple(range(_ACE, 1, -1))
# Each straight as (its top, its five ranks), Ace-high down to Five-high (the wheel).
_STRAIGHTS = tuple((top, tuple(r if r != 1 else _ACE for r in range(top, top - 5, -1)))
                   for top in range(_ACE, 4, -1))


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
    for r in _RANKS_DESC:
        if counts[r] and r not in exclude:
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


# ---- any number of cards and wilds: each category found by its own function -----------
# Each takes (counts per rank, ranks per suit, wilds, size) and returns the best hand of
# its category, or None; ``_best`` asks them from the top category down.

Counts = list[int]
Suits = dict[Suit, list[int]]


def _of_a_kind(counts: Counts, w: int, n: int, size: int, category: Category) -> HandValue | None:
    """``n`` of one rank (the highest that wilds can complete), with kickers up to ``size``."""
    for r in _RANKS_DESC:
        if counts[r] + w >= n:
            break
    else:
        if w < n:
            return None
        r = _ACE  # wilds alone: Aces
    if n == 5:
        return (category, r)
    return (category, r, *_naturals_desc(counts, (r,))[: size - n])


def _five_of_a_kind(counts: Counts, suits: Suits, w: int, size: int) -> HandValue | None:
    return _of_a_kind(counts, w, 5, size, Category.FIVE_OF_A_KIND)


def _straight_flush(counts: Counts, suits: Suits, w: int, size: int) -> HandValue | None:
    best = 0
    for ranks in suits.values():
        have = set(ranks)
        for top, run in _STRAIGHTS:
            if top <= best:
                break
            if sum(1 for r in run if r not in have) <= w:
                best = top
                break
    return (Category.STRAIGHT_FLUSH, best) if best else None


def _four_of_a_kind(counts: Counts, suits: Suits, w: int, size: int) -> HandValue | None:
    return _of_a_kind(counts, w, 4, size, Category.FOUR_OF_A_KIND)


def _full_house(counts: Counts, suits: Suits, w: int, size: int) -> HandValue | None:
    """The highest triplet, then the highest pair (the pair holds a natural card)."""
    for r in _RANKS_DESC:
        need = max(0, 3 - counts[r])
        if need > w:
            continue
        for s in _RANKS_DESC:
            if s != r and counts[s] > 0 and need + max(0, 2 - counts[s]) <= w:
                return (Category.FULL_HOUSE, r, s)
    return None


def _flush(counts: Counts, suits: Suits, w: int, size: int) -> HandValue | None:
    """Wilds become Aces of the suit (double-Ace flushes)."""
    best: HandValue = ()
    for ranks in suits.values():
        if len(ranks) + w >= 5:
            value = tuple(sorted([*ranks, *[_ACE] * w], reverse=True)[:5])
            if value > best:
                best = value
    return (Category.FLUSH, *best) if best else None


def _straight(counts: Counts, suits: Suits, w: int, size: int) -> HandValue | None:
    for top, run in _STRAIGHTS:
        if sum(1 for r in run if not counts[r]) <= w:
            return (Category.STRAIGHT, top)
    return None


def _three_of_a_kind(counts: Counts, suits: Suits, w: int, size: int) -> HandValue | None:
    return _of_a_kind(counts, w, 3, size, Category.THREE_OF_A_KIND)


def _two_pair(counts: Counts, suits: Suits, w: int, size: int) -> HandValue | None:
    """Never with a wild: a wild with a pair makes trips."""
    if w:
        return None
    pairs = [r for r in _RANKS_DESC if counts[r] >= 2]
    if len(pairs) < 2:
        return None
    hi, lo = pairs[0], pairs[1]
    return (Category.TWO_PAIR, hi, lo, *_naturals_desc(counts, (hi, lo))[: size - 4])


def _pair(counts: Counts, suits: Suits, w: int, size: int) -> HandValue | None:
    return _of_a_kind(counts, w, 2, size, Category.PAIR)


# (fewest cards the category needs, its finder), from the top category down.
_FINDERS = (
    (5, _five_of_a_kind), (5, _straight_flush), (4, _four_of_a_kind), (5, _full_house),
    (5, _flush), (5, _straight), (3, _three_of_a_kind), (4, _two_pair), (2, _pair),
)


def _best(counts: Counts, suits: Suits, w: int, size: int) -> HandValue:
    """Any number of cards and wilds: categories tried from the top down."""
    for need, finder in _FINDERS:
        if size >= need:
            value = finder(counts, suits, w, size)
            if value is not None:
                return value
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
    if cat == Category.FLUSH:
        # Its highest card, then the rest to break a tie. A wild card in a flush is an Ace
        # even beside one ("double-Ace"): "Ace, Ace, …" read as a mistake, so it is said.
        top = ranks.count(ranks[0])
        head = (f"{cat.words}, {ranks[0].word}-high" if top == 1 else
                f"{cat.words} with {_NUMBER[top]} {_PLURAL[ranks[0]]} (wild cards among them)")
        rest = ranks[top:]
        return head + (f", with {', '.join(r.word for r in rest)}" if rest else "")
    if cat == Category.FULL_HOUSE:
        return f"{cat.words}, {_PLURAL[ranks[0]]} full of {_PLURAL[ranks[1]]}"
    # Said as a newcomer reads it: "a pair of Eights, with King, Ten, Four", the cards
    # that break a tie ("kickers") after "with".
    if cat == Category.HIGH_CARD:
        head, rest = f"{cat.words} {ranks[0].word}", ranks[1:]
    elif cat == Category.PAIR:
        head, rest = f"a pair of {_PLURAL[ranks[0]]}", ranks[1:]
    elif cat == Category.TWO_PAIR:
        head, rest = f"{cat.words}, {_PLURAL[ranks[0]]} and {_PLURAL[ranks[1]]}", ranks[2:]
    elif cat in _OF_A_KIND:
        head, rest = f"{_OF_A_KIND[cat]} {_PLURAL[ranks[0]]}", ranks[1:]
    else:
        head, rest = f"{cat.words}, {_PLURAL[ranks[0]]}", ranks[1:]
    return head + (f", with {', '.join(r.word for r in rest)}" if rest else "")


_NUMBER = {2: "two", 3: "three", 4: "four", 5: "five"}
_OF_A_KIND = {Category.THREE_OF_A_KIND: "three", Category.FOUR_OF_A_KIND: "four",
              Category.FIVE_OF_A_KIND: "five"}


def best_of(hands: Iterable[HandValue]) -> list[int]:
    """Returns the indexes of the best non-empty hand values (several on a tie)."""
    values = list(hands)
    top = max((v for v in values if v), default=())
    if not top:
        return []
    return [i for i, v in enumerate(values) if v == top]
