"""How long the admin's view at a random step of a 1,000-action game takes on the server.

Stores a 1,000-action Wyoming Cowboy game (random bots) in a fresh SQLite database with
a snapshot every 50 actions (the default), then asks ``records.view_at`` for random
steps, omniscient and from a seat, and prints the times.

    .venv/bin/python -m bench.replay_step [--steps 300] [--actions 1000] [--every 50]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from app import records
from app.db import Database
from app.migrate import upgrade
from games.base import canonical_hash
from games.play import playout
from games.registry import get_game


def make_record(actions: int, seed: int = 7) -> dict:
    """Returns a record of the first ``actions`` actions of a random-bot Wyoming Cowboy game."""
    game = get_game("wyoming_cowboy")
    # Random bots seldom reach a target: a hand limit ends the game (after enough actions).
    options = game.parse_options({"target_score": 5000, "max_hands": 10})
    out = playout(game, seats=5, seed=seed, options=options)
    if len(out.actions) < actions:
        raise SystemExit(f"the game ended after {len(out.actions)} actions; ask for fewer")
    state = game.new_game(options, 5, seed)
    rows = []
    for i, (seat, action) in enumerate(out.actions[:actions]):
        state, events = game.apply(state, seat, action)
        rows.append({"seq": i + 1, "seat": seat, "action": action,
                     "events": json.loads(json.dumps(events)), "at": "2026-11-21T10:00:00Z"})
    finished = game.result(state) is not None
    return {"id": f"bench{seed}", "game": game.id, "rules_version": game.rules_version,
            "options": options.model_dump(mode="json"), "seed": seed,
            "seats": [{"seat": i, "name": f"Bot {i + 1}", "kind": "bot", "bot": "random"}
                      for i in range(5)],
            "status": "finished" if finished else "playing",
            "result": game.result(state).to_json() if finished else None,  # type: ignore[union-attr]
            "final_hash": canonical_hash(game.dump(state)) if finished else None,
            "started_at": "2026-11-21T10:00:00Z", "actions": rows}


async def measure(url: str, record: dict, steps: int, every: int) -> dict[str, list[float]]:
    db = Database(url)
    async with db.session() as s:
        await records.import_record(s, record, snapshot_every=every)
    rng = random.Random(1)
    n = len(record["actions"])
    times: dict[str, list[float]] = {"omniscient": [], "seat 2": []}
    async with db.session() as s:
        for _ in range(steps):
            step = rng.randint(0, n)
            for label, seat in (("omniscient", "all"), ("seat 2", 2)):
                t = time.perf_counter()
                await records.view_at(s, record["id"], step, seat)
                times[label].append((time.perf_counter() - t) * 1000)
    await db.dispose()
    return times


def main(argv: list[str] | None = None) -> int:
    """Prints the time to step to random points of a stored 1,000-action game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--every", type=int, default=50, help="actions between snapshots")
    args = parser.parse_args(argv)
    record = make_record(args.actions)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        upgrade(url)
        times = asyncio.run(measure(url, record, args.steps, args.every))
    print(f"Wyoming Cowboy, {args.actions} actions, a snapshot every {args.every}; "
          f"{args.steps} random steps")
    for label, ms in times.items():
        ms.sort()
        print(f"  {label:<11} median {statistics.median(ms):6.1f} ms   "
              f"p95 {ms[int(len(ms) * 0.95) - 1]:6.1f} ms   max {ms[-1]:6.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
