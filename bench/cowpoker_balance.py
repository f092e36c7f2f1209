"""Per-Ranch win rates and bot comparisons for Cowpoker, measured over seeded games.

Run: ``.venv/bin/python bench/cowpoker_balance.py [--games N] [--bots smart,smart,smart,smart]``.
A win split by k tied seats counts 1/k to each. With equal bots every Ranch should win
between 15% and 35% of four-seat games.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.cowpoker import GAME  # noqa: E402
from games.cowpoker.cards import RANCHES  # noqa: E402
from games.play import playout  # noqa: E402


def ranch_win_rates(games: int, bots: list[str], seed: int = 0) -> dict[str, float]:
    """Returns each Ranch's share of wins over ``games`` games with ``len(bots)`` seats."""
    wins: dict[str, float] = defaultdict(float)
    for n in range(games):
        players = [GAME.bots[b]() for b in bots]
        out = playout(GAME, seats=len(bots), seed=seed + n, bots=players)
        assert out.result is not None
        labels = out.result.detail["labels"]
        for w in out.result.winners:
            wins[labels[w]] += 1 / len(out.result.winners)
    return {r: wins[r] / games for r in RANCHES}


def bot_shares(games: int, bots: list[str], seed: int = 0) -> dict[str, float]:
    """Returns each bot kind's win share, rotating the bots around the seats."""
    wins: dict[str, float] = defaultdict(float)
    seats = len(bots)
    for n in range(games):
        order = [bots[(i + n) % seats] for i in range(seats)]
        out = playout(GAME, seats=seats, seed=seed + n, bots=[GAME.bots[b]() for b in order])
        assert out.result is not None
        for w in out.result.winners:
            wins[order[w]] += 1 / len(out.result.winners)
    return {b: wins[b] / games for b in sorted(set(bots))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bots", default="smart,smart,smart,smart")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--versus", default="smart,random",
                        help="two bot kinds compared in two-seat games (empty: skip)")
    args = parser.parse_args()
    bots = args.bots.split(",")
    rates = ranch_win_rates(args.games, bots, args.seed)
    print(f"Per-Ranch win rate over {args.games} games, bots {','.join(bots)}:")
    ok = True
    for ranch, rate in rates.items():
        flag = "" if 0.15 <= rate <= 0.35 else "  OUT OF BAND"
        ok &= not flag
        print(f"  {ranch:<12} {rate:6.1%}{flag}")
    if args.versus:
        pair = args.versus.split(",")
        for seats in (2, 4):
            lineup = [pair[i % 2] for i in range(seats)]
            shares = bot_shares(args.games // 2, lineup, args.seed)
            print(f"{seats} seats, {' vs '.join(pair)} over {args.games // 2} games: "
                  + ", ".join(f"{b} {s:.1%}" for b, s in shares.items()))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
