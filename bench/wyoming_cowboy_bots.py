"""The rules-aware bot against the random bot in Wyoming Cowboy, over seeded 4-seat games.

Run: ``.venv/bin/python bench/wyoming_cowboy_bots.py [--games 400] [--seed 0] [--hands N]``.
Seats alternate smart/random and the alternation is rotated every game, so both kinds
sit in every seat. Games use the default options (first to 500, no hand limit) unless
``--hands`` sets another hand limit. Prints each bot's mean final score per seat-game and
its share of wins (a win split by k tied seats counts 1/k).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.play import playout  # noqa: E402
from games.wyoming_cowboy import GAME  # noqa: E402


def compare(games: int, seed: int = 0, hands: int | None = None) -> dict[str, list[float]]:
    """Returns ``{bot: [total score, seat-games, wins]}`` over ``games`` 4-seat games."""
    opts = GAME.parse_options({} if hands is None else {"max_hands": hands})
    totals = {"smart": [0.0, 0.0, 0.0], "random": [0.0, 0.0, 0.0]}
    for n in range(games):
        names = ["smart" if (s + n) % 2 == 0 else "random" for s in range(4)]
        out = playout(GAME, seats=4, seed=seed + n, options=opts,
                      bots=[GAME.bots[name]() for name in names])
        assert out.result is not None
        for s, name in enumerate(names):
            row = totals[name]
            row[0] += out.result.scores[s]
            row[1] += 1
            row[2] += 1 / len(out.result.winners) if s in out.result.winners else 0.0
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hands", type=int, default=None)
    args = parser.parse_args()
    start = time.time()
    totals = compare(args.games, args.seed, args.hands)
    print(f"Wyoming Cowboy, {args.games} seeded 4-seat games (seed {args.seed}), "
          f"{time.time() - start:.0f}s")
    for name, (score, n, wins) in totals.items():
        print(f"  {name:<7} mean score {score / n:8.1f}   win share {wins / args.games:6.1%}")


if __name__ == "__main__":
    main()
