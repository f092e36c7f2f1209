"""``saloon simulate``: bots play whole games in-process, and a summary of how they went."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict

from games.play import playout
from games.registry import UnknownGame, all_games, get_game


def _bar(done: int, total: int, width: int = 30) -> None:
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Adds ``simulate`` to the command line."""
    sim = sub.add_parser("simulate", help="bots play games in-process; prints a summary")
    sim.add_argument("game", help=f"one of: {', '.join(all_games())}")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--seats", type=int, default=None, help="default: the game's maximum")
    sim.add_argument("--bots", default="random",
                     help="comma-separated bot names given to the seats in rotation")
    sim.set_defaults(run=lambda args: simulate(args.game, games=args.games, seed=args.seed,
                                               seats=args.seats, bots=args.bots.split(",")))


def simulate(game_id: str, *, games: int, seed: int, seats: int | None,
             bots: list[str]) -> int:
    """Plays ``games`` games with bots and prints speed, lengths, scores and win shares."""
    try:
        game = get_game(game_id)
    except UnknownGame as e:
        print(e, file=sys.stderr)
        return 2
    unknown = [b for b in bots if b not in game.bots]
    if unknown:
        print(f"Expected bots among {', '.join(game.bots)}; got {', '.join(unknown)}",
              file=sys.stderr)
        return 2
    n = seats or game.max_seats
    if not game.min_seats <= n <= game.max_seats:
        print(f"{game.title} takes {game.min_seats} to {game.max_seats} seats, got {n}",
              file=sys.stderr)
        return 2
    lengths: list[int] = []
    all_scores: list[float] = []
    seat_wins = [0.0] * n
    by_bot: dict[str, list[float]] = defaultdict(list)
    bot_wins: dict[str, float] = defaultdict(float)
    bot_games: dict[str, int] = defaultdict(int)
    label_wins: dict[str, float] = defaultdict(float)
    label_games: dict[str, int] = defaultdict(int)
    # A game may report in its result's detail how often each of its safety valves
    # fired ({"valves": {name: count}}): the summary counts them for any game that does.
    valves: dict[str, int] = {}
    valve_games: dict[str, int] = defaultdict(int)
    started = time.perf_counter()
    for i in range(games):
        # Rotate who sits where so no bot keeps the same seat advantage.
        names = [bots[(s + i) % len(bots)] for s in range(n)]
        out = playout(game, seats=n, seed=seed + i, bots=[game.bots[b]() for b in names])
        assert out.result is not None
        lengths.append(len(out.actions))
        share = 1 / len(out.result.winners)
        detail = out.result.detail if isinstance(out.result.detail, dict) else {}
        labels = detail.get("labels")
        for name, fired in (detail.get("valves") or {}).items():
            valves[name] = valves.get(name, 0) + fired
            valve_games[name] += 1 if fired else 0
        for s, score in enumerate(out.result.scores):
            all_scores.append(score)
            by_bot[names[s]].append(score)
            bot_games[names[s]] += 1
            if labels:
                label_games[str(labels[s])] += 1
        for w in out.result.winners:
            seat_wins[w] += share
            bot_wins[names[w]] += share
            if labels:
                label_wins[str(labels[w])] += share
        _bar(i + 1, games)
    elapsed = time.perf_counter() - started
    print(f"{game.title}: {games} games, {n} seats, seed {seed}, bots {','.join(bots)}")
    print(f"  games/s          {games / elapsed:10.1f}")
    print(f"  average length   {statistics.mean(lengths):10.1f} actions")
    print(f"  score spread     min {min(all_scores):.1f}  mean {statistics.mean(all_scores):.1f}"
          f"  max {max(all_scores):.1f}  stdev {statistics.pstdev(all_scores):.1f}")
    print("  win share per seat")
    for s in range(n):
        print(f"    seat {s}         {100 * seat_wins[s] / games:9.1f} %")
    if len(set(bots)) > 1:
        print(f"  per bot            mean score   wins per seat (fair share {100 / n:.1f} %)")
        for b in sorted(by_bot):
            print(f"    {b:<14} {statistics.mean(by_bot[b]):12.1f}"
                  f"   {100 * bot_wins[b] / bot_games[b]:7.1f} %")
    if valves:
        print("  safety valves      times fired   games where it fired")
        for name in sorted(valves):
            print(f"    {name:<14} {valves[name]:12d}   {valve_games[name]:6d} of {games}")
    if label_games:
        print(f"  wins per label, e.g. a Ranch (fair share {100 / n:.1f} %)")
        for label in sorted(label_games):
            print(f"    {label:<14} {100 * label_wins[label] / label_games[label]:9.1f} %")
    return 0

