"""Scoring a hand: the table of positive and negative points and how collections combine.

Choices where the text is open are documented in docs/games/wyoming_cowboy.md; the
ones players argue about are options (``delay_of_game``, ``six_six_six``,
``shared_cards``).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import product
from typing import Any

from games.wyoming_cowboy.cards import SUIT_WORDS, SUITS

ENDING = 30
DELAY = -30
TEN = 10
COWBOY = 25
HARLOT = -25
COUPLE = 25
MARRIAGE = -50
ORPHANAGE = 80
HAREM = 100
FAMILY = 120
GANG = 150
POSSE = 200
SIX = -20
SIX_SIX_SIX = -100

Line = tuple[str, int]


def _count(cards: list[str], r: str) -> dict[str, int]:
    out = dict.fromkeys(SUITS, 0)
    for c in cards:
        if c[0] == r:
            out[c[1]] += 1
    return out


def _assignments(hand: list[str], badges: list[str],
                 shared: str) -> Iterator[tuple[int, list[Line], bool]]:
    """Yields (points, lines, every court card counts) for each way to claim collections."""
    K, Q, J = _count(hand, "K"), _count(hand, "Q"), _count(hand, "J")
    A = _count(badges, "A")
    fam_ok = [s for s in SUITS if A[s] >= 1 and Q[s] >= 1 and J[s] >= 1]
    for bits in product((0, 1), repeat=len(fam_ok)):
        fam = {s: 0 for s in SUITS}
        for s, b in zip(fam_ok, bits, strict=True):
            fam[s] = b
        families = [s for s in SUITS if fam[s]]
        orphan_opts = [0, 1] if not families and all(J[s] >= 1 for s in SUITS) else [0]
        q_left = {s: Q[s] - (0 if shared == "queens_too" else fam[s]) for s in SUITS}
        harem_opts = [0, 1] if all(q_left[s] >= 1 for s in SUITS) else [0]
        king_opts = ["none"]
        if all(K[s] >= 1 for s in SUITS):
            king_opts.append("gang")
        if all(A[s] >= 1 for s in SUITS):
            king_opts.append("posse")
        for orphan in orphan_opts:
            for harem in harem_opts:
                for kings in king_opts:
                    yield _score(K, Q, J, fam, families, orphan, harem, kings)


def _score(K: dict[str, int], Q: dict[str, int], J: dict[str, int], fam: dict[str, int],
           families: list[str], orphan: int, harem: int,
           kings: str) -> tuple[int, list[Line], bool]:
    """One way to claim collections: its points, its lines, whether every court card counts."""
    lines: list[Line] = []
    counted_all = True
    for s in families:
        lines.append((f"Family of {SUIT_WORDS[s]}", FAMILY))
    if orphan:
        lines.append(("Orphanage (all the jacks)", ORPHANAGE))
    if harem:
        lines.append(("Harem (all the queens)", HAREM))
    if kings == "posse":
        lines.append(("Posse (all the kings and aces)", POSSE))
    elif kings == "gang":
        lines.append(("Gang (all the kings)", GANG))
    coll = 1 if kings != "none" else 0
    for s in SUITS:
        word = SUIT_WORDS[s]
        # A queen outside every collection only costs (harlot or marriage), so the
        # holder's best is as few as possible: under queens_too a family's queen joins
        # the harem only when she is the one queen of her suit.
        free_q = max(Q[s] - fam[s] - harem, 0)
        marriages = min(K[s] - fam[s], free_q)
        for _ in range(marriages):
            lines.append((f"Marriage: King and Queen of {word}", MARRIAGE))
        gang_only = 1 if coll and not fam[s] else 0
        married_free = marriages - min(marriages, gang_only)
        cowboys = K[s] - max(fam[s], coll) - married_free
        for _ in range(max(cowboys, 0)):
            lines.append((f"Cowboy: King of {word}", COWBOY))
        harlots = free_q - marriages
        for _ in range(harlots):
            lines.append((f"Harlot: Queen of {word}", HARLOT))
        if marriages or harlots:
            counted_all = False
        if J[s] - fam[s] - orphan > 0:
            counted_all = False
    return sum(p for _, p in lines), lines, counted_all


def collections(hand: list[str], badges: list[str],
                shared: str = "kings") -> tuple[int, list[Line]]:
    """Returns the best score of the court cards (K, Q, J and badges) with its lines."""
    points, lines = _collections(tuple(c for c in hand if c[0] in "KQJ"), tuple(badges),
                                 shared)
    return points, list(lines)


@lru_cache(maxsize=4096)
def _collections(court: tuple[str, ...], badges: tuple[str, ...],
                 shared: str) -> tuple[int, tuple[Line, ...]]:
    """``collections`` from the court cards alone, kept: the score so far every
    document shows asks it for each seat after every move, mostly of a hand unchanged."""
    best: tuple[int, list[Line]] | None = None
    for points, lines, _ in _assignments(list(court), list(badges), shared):
        if best is None or points > best[0]:
            best = (points, lines)
    assert best is not None
    return best[0], tuple(best[1])


_KQJ = frozenset(r + s for r in "KQJ" for s in SUITS)
_NOT_KQJ6 = frozenset(r + s for r in "2345789TA" for s in SUITS)  # aces too, held or not


def every_other_card_counts(hand: list[str], badges: list[str], shared: str = "kings") -> bool:
    """Whether every card but the 6s would score positive points if the hand ended now.

    Only kings, queens and jacks can (a 10 held is delay of game, numbers score nothing),
    and only when no queen is a harlot or married and every jack is in a collection.
    """
    # Asked of every hand holding a 6 whenever its discards are listed: set operations
    # in C answer the two first questions without a loop over the hand.
    if not _NOT_KQJ6.isdisjoint(hand):
        return False
    if _KQJ.isdisjoint(hand):
        return True
    return any(ok for _, _, ok in _assignments(hand, badges, shared))


def sixes(hand: list[str], six_six_six: str) -> list[Line]:
    """Returns the lines for 6s held: -20 each; every three of them are a 666 (-100).

    Six 6s (two decks) are two 666s: the two-deck limit of one collection of a type
    is on credit ("score points", "get credit"), not on penalties.
    """
    n = "".join(hand).count("6")  # no suit is written with a rank's character
    evil = n // 3
    rest = n - 3 * evil if six_six_six == "replaces" else n
    return [("666 (three sixes)", SIX_SIX_SIX)] * evil + [("Six held", SIX)] * rest


def delay(hand: list[str], per: str) -> list[Line]:
    """Returns delay-of-game lines for 10s and .22s (pairs of 2s) still held."""
    text = "".join(hand)  # counted in C: no suit is written with a rank's character
    tens, twos = text.count("T"), text.count("2") // 2
    if per == "once":
        return [("Delay of game", DELAY)] if tens or twos else []
    return [("Delay of game: a 10 held", DELAY)] * tens + [
        ("Delay of game: a .22 held", DELAY)] * twos


# The name of the line of the seat that ended the hand.
ENDING_LINE = "Ending the hand"


def hand_lines(hand: list[str], badges: list[str], tens: list[str], couples: list[str],
               ended: bool, options: dict[str, Any]) -> list[Line]:
    """Returns every scoring line of one seat for the hand that just ended."""
    held = held_lines(hand, badges, tens, couples, options)[1]
    return [(ENDING_LINE, ENDING), *held] if ended else list(held)


def held_lines(hand: list[str], badges: list[str], tens: list[str], couples: list[str],
               options: dict[str, Any]) -> tuple[int, tuple[Line, ...]]:
    """Returns the points and the scoring lines of what one seat holds and has shown (its
    hand, badges, 10s and couples), the +30 for ending the hand aside."""
    return _held(tuple(hand), tuple(badges), len(tens), tuple(couples),
                 options["shared_cards"], options["six_six_six"], options["delay_of_game"])


@lru_cache(maxsize=4096)
def _held(hand: tuple[str, ...], badges: tuple[str, ...], tens: int, couples: tuple[str, ...],
          shared: str, six_six_six: str, per: str) -> tuple[int, tuple[Line, ...]]:
    """``held_lines``, kept: the score so far every document shows asks it for each seat
    after every move, and most moves change one seat's cards only."""
    lines: list[Line] = [(f"Couple shown: King and Queen of {SUIT_WORDS[s]}", COUPLE)
                         for s in couples]
    lines += [("A 10 on the table", TEN)] * tens
    cards = list(hand)
    lines += collections(cards, list(badges), shared)[1]
    lines += sixes(cards, six_six_six)
    lines += delay(cards, per)
    return sum(p for _, p in lines), tuple(lines)
