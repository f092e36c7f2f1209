"""``saloon simulate``: bots play whole games in-process, and a summary of how they went."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

import pydantic

from games.base import Game
from games.play import Playout, playout
from games.registry import UnknownGame, all_games, get_game


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Adds ``simulate`` to the command line."""
    sim = sub.add_parser("simulate", help="bots play games in-process; prints a summary")
    sim.add_argument("game", help=f"one of: {', '.join(all_games())}")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--seats", type=int, default=None, help="default: the game's maximum")
    sim.add_argument("--bots", default="random",
                     help="comma-separated bot names given to the seats in rotation")
    sim.add_argument("--options", default=None, metavar="JSON",
                     help='the game\'s options, e.g. \'{"max_hands": 5}\' (default: its own)')
    sim.add_argument("--quick", action="store_true",
                     help="the game's quick options: its shortest complete game")
    sim.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Checks the arguments, then plays and reports; returns the exit status."""
    try:
        game = get_game(args.game)
    except UnknownGame as e:
        return _refuse(str(e))
    bots = args.bots.split(",")
    unknown = [b for b in bots if b not in game.bots]
    if unknown:
        return _refuse(f"Expected bots among {', '.join(game.bots)}; got {', '.join(unknown)}")
    n = args.seats or game.max_seats
    if not game.min_seats <= n <= game.max_seats:
        return _refuse(f"{game.title} takes {game.min_seats} to {game.max_seats} seats, got {n}")
    raw = dict(game.quick_options) if args.quick else {}
    try:
        raw |= json.loads(args.options) if args.options else {}
        options = game.parse_options(raw)
    except (json.JSONDecodeError, TypeError, pydantic.ValidationError) as e:
        return _refuse(f"Expected --options as a JSON object of {game.title}'s options: {e}")
    tally = Tally(game, n, bots)
    started, cpu = time.perf_counter(), time.process_time()
    for i in range(args.games):
        names = tally.seating(i)
        out = playout(game, seats=n, seed=args.seed + i, options=options,
                      bots=[game.bots[b]() for b in names])
        tally.add(out, names)
        _bar(i + 1, args.games)
    tally.report(seed=args.seed, seconds=time.perf_counter() - started,
                 cpu=time.process_time() - cpu)
    return 0


def simulate(game_id: str, *, games: int, seed: int, seats: int | None, bots: list[str],
             options: dict[str, Any] | None = None) -> int:
    """Plays ``games`` games with bots and prints speed, lengths, scores and win shares."""
    return run(argparse.Namespace(game=game_id, games=games, seed=seed, seats=seats,
                                  bots=",".join(bots), quick=False,
                                  options=json.dumps(options) if options else None))


def _refuse(message: str) -> int:
    print(message, file=sys.stderr)
    return 2


def _bar(done: int, total: int, width: int = 30) -> None:
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


@dataclass
class Tally:
    """What the games came to: lengths, scores, wins per seat, bot and label, how they ended."""

    game: Game
    seats: int
    bots: list[str]
    lengths: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    seat_wins: defaultdict[int, float] = field(default_factory=lambda: defaultdict(float))
    by_bot: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    bot_wins: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    label_games: Counter[str] = field(default_factory=Counter)
    label_wins: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    # A game may say in its result's detail how often each safety valve fired
    # ({"valves": {name: count}}) and why it ended ({"ended": reason}).
    valves: Counter[str] = field(default_factory=Counter)
    valve_games: Counter[str] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)

    def seating(self, i: int) -> list[str]:
        """Returns the bots of game ``i``, rotated so no bot keeps one seat's advantage."""
        return [self.bots[(s + i) % len(self.bots)] for s in range(self.seats)]

    def add(self, out: Playout, names: list[str]) -> None:
        """Counts one finished game played by ``names``."""
        assert out.result is not None
        self.lengths.append(len(out.actions))
        detail = out.result.detail if isinstance(out.result.detail, dict) else {}
        labels = detail.get("labels")
        for name, fired in (detail.get("valves") or {}).items():
            self.valves[name] += fired
            self.valve_games[name] += 1 if fired else 0
        if detail.get("ended"):
            self.endings[str(detail["ended"])] += 1
        for s, score in enumerate(out.result.scores):
            self.scores.append(score)
            self.by_bot[names[s]].append(score)
            if labels:
                self.label_games[str(labels[s])] += 1
        share = 1 / len(out.result.winners)
        for w in out.result.winners:
            self.seat_wins[w] += share
            self.bot_wins[names[w]] += share
            if labels:
                self.label_wins[str(labels[w])] += share

    def report(self, *, seed: int, seconds: float, cpu: float) -> None:
        """Prints the summary."""
        games, n = len(self.lengths), self.seats
        print(f"{self.game.title}: {games} games, {n} seats, seed {seed}, "
              f"bots {','.join(self.bots)}")
        print(f"  games/s          {games / seconds:10.1f}")
        print(f"  actions/CPU-s    {sum(self.lengths) / max(cpu, 1e-9):10.0f}")
        print(f"  average length   {statistics.mean(self.lengths):10.1f} actions")
        print(f"  score spread     min {min(self.scores):.1f}  mean "
              f"{statistics.mean(self.scores):.1f}  max {max(self.scores):.1f}  "
              f"stdev {statistics.pstdev(self.scores):.1f}")
        print("  win share per seat")
        for s in range(n):
            print(f"    seat {s}         {100 * self.seat_wins[s] / games:9.1f} %")
        self._report_groups(games)

    def _report_groups(self, games: int) -> None:
        n = self.seats
        if len(set(self.bots)) > 1:
            print(f"  per bot            mean score   wins per seat (fair share {100 / n:.1f} %)")
            for b in sorted(self.by_bot):
                print(f"    {b:<14} {statistics.mean(self.by_bot[b]):12.1f}"
                      f"   {100 * self.bot_wins[b] / len(self.by_bot[b]):7.1f} %")
        if self.endings:
            print("  how the games ended")
            for reason, count in sorted(self.endings.items()):
                print(f"    {reason:<14} {count:12d} of {games}")
        if self.valves or self.valve_games:
            print("  safety valves      times fired   games where it fired")
            for name in sorted(self.valves):
                print(f"    {name:<14} {self.valves[name]:12d}   "
                      f"{self.valve_games[name]:6d} of {games}")
        if self.label_games:
            print(f"  wins per label, e.g. a Ranch (fair share {100 / n:.1f} %)")
            for label in sorted(self.label_games):
                print(f"    {label:<14} "
                      f"{100 * self.label_wins[label] / self.label_games[label]:9.1f} %")
