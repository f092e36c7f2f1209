"""Evaluates every five-card hand of one deck; prints hands per second and the frequency table.

Run: ``.venv/bin/python bench/poker_eval.py``. The counts must match the standard table.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.cards import standard_deck  # noqa: E402
from games.poker import Category, evaluate  # noqa: E402

EXPECTED = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}


def frequency_table() -> Counter[Category]:
    """Returns how many of the 2,598,960 five-card hands fall in each category."""
    deck = standard_deck()
    return Counter(Category(evaluate(hand)[0]) for hand in combinations(deck, 5))


def main() -> int:
    start = time.perf_counter()
    table = frequency_table()
    elapsed = time.perf_counter() - start
    total = sum(table.values())
    print(f"{total:,} hands in {elapsed:.1f} s: {total / elapsed:,.0f} hands/second")
    ok = True
    for cat in sorted(EXPECTED, reverse=True):
        mark = "ok" if table[cat] == EXPECTED[cat] else f"EXPECTED {EXPECTED[cat]:,}"
        ok &= table[cat] == EXPECTED[cat]
        print(f"  {cat.words:<16} {table[cat]:>10,}  {mark}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
