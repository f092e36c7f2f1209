"""Actions per second through the room service (the one write path) with bots only.

Run: ``.venv/bin/python bench/room_throughput.py [--games 3] [--database-url URL]``.
Each game is played by bots in every seat with no delay, on a fresh SQLite file
unless a URL is given; every action is committed before the next. Prints actions per
second per game and the engine's own speed for the same games, and their ratio: the
cost of storing and ordering moves.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.db import Database  # noqa: E402
from app.migrate import upgrade  # noqa: E402
from app.rooms import RoomService  # noqa: E402
from app.settings import Settings  # noqa: E402
from games.play import playout  # noqa: E402
from games.registry import all_games  # noqa: E402


async def bots_only_game(service: RoomService, game_id: str, seats: int) -> tuple[int, float]:
    """Plays one bots-only game (the host hands its seat to a bot); returns actions, seconds."""
    game = all_games()[game_id]
    live, _, host = await service.create(game_id=game_id, options=dict(game.quick_options),
                                         name="Host")
    for _ in range(seats - 1):
        await service.add_bot(live.code, host, "random")
    await service.start(live.code, host)
    started = time.perf_counter()
    live.seats[0].kind, live.seats[0].bot = "bot", "random"  # the host watches
    service._schedule_bots(live)
    while live.status == "playing":
        await asyncio.sleep(0.005)
    return live.seq, time.perf_counter() - started


async def run(url: str, games: int) -> None:
    settings = Settings(database_url=url, bot_delay=0, _env_file=None)
    service = RoomService(Database(url), settings)
    print(f"{'game':<20}{'actions':>9}{'stored/s':>11}{'engine/s':>11}{'ratio':>8}")
    for game_id, game in all_games().items():
        seats = min(4, game.max_seats)
        total, seconds = 0, 0.0
        for _ in range(games):
            n, s = await bots_only_game(service, game_id, seats)
            total, seconds = total + n, seconds + s
        started = time.perf_counter()
        plain = sum(len(playout(game, seats=seats, seed=i,
                                options=game.parse_options(game.quick_options)).actions)
                    for i in range(games))
        engine = plain / (time.perf_counter() - started)
        stored = total / seconds
        print(f"{game_id:<20}{total:>9}{stored:>11.0f}{engine:>11.0f}{engine / stored:>7.0f}x")
    await service.close()
    await service.db.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite+aiosqlite:///{tmp}/bench.db"
        upgrade(url)
        asyncio.run(run(url, args.games))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
