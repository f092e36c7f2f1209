"""The push-your-luck bot against the random bot in Cards for Cowboys, over seeded games.

Run: ``.venv/bin/python bench/cards_for_cowboys_bots.py [--games 400] [--seed 0]``.
Game ``n`` has 2, 3 or 4 seats in turn; the bots alternate around the table and the
alternation is rotated every game, so both kinds sit in every seat. Prints each bot's
mean Herd (Cows) per seat-game and its share of wins (a win split by k tied seats
counts 1/k), overall and per seat count.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.cards_for_cowboys import GAME  # noqa: E402
from games.play import playout  # noqa: E402


def compare(games: int, seed: int = 0) -> dict[tuple[str, int | str], list[float]]:
    """Returns ``{(bot, seats|"all"): [cows, seat-games, wins]}`` over ``games`` games."""
    totals: dict[tuple[str, int | str], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for n in range(games):
        seats = 2 + n % 3
        names = ["smart" if (s + n) % 2 == 0 else "random" for s in range(seats)]
        out = playout(GAME, seats=seats, seed=seed + n,
                      bots=[GAME.bots[name]() for name in names])
        assert out.result is not None
        for s, name in enumerate(names):
            won = 1 / len(out.result.winners) if s in out.result.winners else 0.0
            for key in ((name, seats), (name, "all")):
                row = totals[key]
                row[0] += out.result.scores[s]
                row[1] += 1
                row[2] += won
    return dict(totals)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    totals = compare(args.games, args.seed)
    print(f"Cards for Cowboys, smart (push-your-luck) vs random, {args.games} seeded games "
          f"from seed {args.seed}")
    print(f"{'bot':8} {'seats':>5} {'seat-games':>10} {'mean Cows':>10} {'win share':>10}")
    for seats in (2, 3, 4, "all"):
        for bot in ("smart", "random"):
            cows, n, wins = totals.get((bot, seats), [0.0, 0.0, 0.0])
            if n:
                print(f"{bot:8} {seats!s:>5} {int(n):>10} {cows / n:>10.1f} {wins / n:>10.1%}")
    print(f"({time.perf_counter() - start:.1f} s)")
    smart, rnd = totals[("smart", "all")], totals[("random", "all")]
    return 0 if smart[0] / smart[1] > rnd[0] / rnd[1] else 1


if __name__ == "__main__":
    raise SystemExit(main())
