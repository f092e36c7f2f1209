"""Engine speed: actions per CPU-second of whole games played in-process by bots.

Run: ``.venv/bin/python bench/engines.py [--seconds 1] [--rounds 3] [--games ID,...]``.
For each game, at its largest table with its quick options (its shortest complete game), seeded
games are played with ``games.play.playout`` for ``seconds`` of CPU time, then played
again ``rounds - 1`` times, the quickest round counting; once with random bots and once
with the smart bots. Every action goes through ``Game.apply`` (the same checks as on
the server). Prints actions per CPU-second and, for random bots, the ratio to the
target. ``saloon simulate`` measures the same thing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.base import Game  # noqa: E402
from games.play import playout  # noqa: E402
from games.registry import all_games  # noqa: E402

# Random-playout actions per CPU-second each engine should reach on a 2-core laptop-class
# machine (a room of bots, a search, a simulation all lean on this figure).
TARGETS = {"wyoming_cowboy": 50_000, "cards_for_cowboys": 50_000, "cowpoker": 20_000}


def speed(game: Game, bot: str, seconds: float, rounds: int) -> tuple[float, int, int]:
    """Returns (actions per CPU-second, games, actions) of ``bot`` games.

    The first round plays seeded games until ``seconds`` of CPU time are spent; the
    other rounds replay the same games, and the quickest round counts (on a shared
    machine the slower ones measure the neighbours).
    """
    options = game.parse_options(dict(game.quick_options))
    seats = game.max_seats

    def play(seed: int) -> int:
        bots = [game.bots[bot]() for _ in range(seats)]
        return len(playout(game, seats=seats, seed=seed, options=options, bots=bots).actions)

    games = actions = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        actions += play(games)
        games += 1
    best = time.process_time() - started
    for _ in range(rounds - 1):
        started = time.process_time()
        for seed in range(games):
            play(seed)
        best = min(best, time.process_time() - started)
    return actions / best, games, actions


def reference_speed(seconds: float = 0.5) -> float:
    """Returns how many steps of a fixed pure-Python loop this machine runs per CPU-second.

    Machines differ (a shared virtual machine ran the same engines two to three times slower than
    the one the targets were first met on): the figure lets runs on two machines be
    compared, engine figure over reference figure.
    """
    steps, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        total, table = 0, {}
        for i in range(100_000):
            total += i & 7
            table[i & 255] = total
        steps += 100_000
    return steps / (time.process_time() - started)


def main(argv: list[str] | None = None) -> int:
    """Prints each game's actions per CPU-second with random and smart bots."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the quickest counts")
    parser.add_argument("--games", default=",".join(sorted(all_games())))
    args = parser.parse_args(argv)
    registry = all_games()
    print(f"this machine: {reference_speed() / 1e6:.1f} M reference loop steps per CPU-second")
    print(f"{'game':<18} {'bots':<7} {'actions/CPU-s':>14} {'target':>8} {'ratio':>6}"
          f"   games, actions")
    for game_id in args.games.split(","):
        game = registry[game_id]
        for bot in ("random", "smart"):
            if bot not in game.bots:
                continue
            rate, games, actions = speed(game, bot, args.seconds, args.rounds)
            target = TARGETS.get(game_id) if bot == "random" else None
            aim = f"{target:>8,}" if target else f"{'':>8}"
            ratio = f"{rate / target:>5.2f}x" if target else f"{'':>6}"
            print(f"{game_id:<18} {bot:<7} {rate:>14,.0f} {aim} {ratio}   {games}, {actions}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
