"""Actions per second through the room service (the one write path), per number of rooms
playing at once, with smart bots.

Run: ``.venv/bin/python bench/room_throughput.py [--rooms 1,10,100] [--seconds 5]
[--bot smart] [--games ID,...] [--database-url URL]``.
For each game and each room count, that many rooms play at once on a fresh SQLite file
(unless a URL is given), four seats each (the game's most if fewer): the host's seat is
played through ``RoomService.act`` as a player's socket would, the others are the
server's bots with no delay, all of the kind given; a room starts its next game (a
rematch) as soon as one ends. Every action is committed before its room goes on.
Prints actions committed per second (all rooms, and per room), the CPU per action, and
the bare engine's actions per CPU-second with the same bots beside them: what storing,
ordering and broadcasting costs (no socket is open: ``bench/move_cost.py`` and
``make bench-load`` measure documents and sockets).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.db import Database  # noqa: E402
from app.migrate import upgrade  # noqa: E402
from app.rooms import LiveRoom, RoomService  # noqa: E402
from app.rooms.bots import choose  # noqa: E402
from app.settings import Settings  # noqa: E402
from games.base import Game  # noqa: E402
from games.play import playout  # noqa: E402
from games.registry import all_games  # noqa: E402

SEATS = 4


@dataclass
class Table:
    """One room of the run: its host's token, and the actions its finished games made."""

    live: LiveRoom
    host: str
    done: int = 0

    @property
    def actions(self) -> int:
        """Returns the actions committed so far in this room, its current game's included."""
        return self.done + self.live.seq


async def open_table(service: RoomService, game: Game, seats: int, bot: str) -> Table:
    """Creates a room with bots in every seat but the host's, and starts its game."""
    live, _, host = await service.create(game_id=game.id, options=dict(game.quick_options),
                                         name="Host")
    for _ in range(seats - 1):
        await service.add_bot(live.code, host, bot)
    await service.start(live.code, host)
    return Table(live, host)


async def keep_playing(service: RoomService, table: Table, bot: str,
                       stop: asyncio.Event) -> None:
    """Plays the host's seat, and starts the next game when one ends, until ``stop``."""
    live = table.live
    while not stop.is_set():
        await live.bots.idle()
        if live.status == "finished":
            table.done += live.seq
            await service.start(live.code, table.host, rematch=True)
        elif 0 in live.to_act():
            await service.act(live, 0, choose(live, 0, bot))
        else:  # a bot's turn is about to start: let its task run
            await asyncio.sleep(0)


async def measure(url: str, game: Game, rooms: int, seconds: float,
                  bot: str) -> tuple[int, float, float]:
    """Returns (actions, wall seconds, CPU seconds) of ``rooms`` rooms playing at once."""
    settings = Settings(database_url=url, bot_delay=0, rate_rooms="off", rate_joins="off",
                        _env_file=None)
    service = RoomService(Database(url), settings)
    seats = min(SEATS, game.max_seats)
    tables = [await open_table(service, game, seats, bot) for _ in range(rooms)]
    stop = asyncio.Event()
    before = sum(t.actions for t in tables)
    wall, cpu = time.perf_counter(), time.process_time()
    players = [asyncio.create_task(keep_playing(service, t, bot, stop)) for t in tables]
    await asyncio.sleep(seconds)
    stop.set()
    actions = sum(t.actions for t in tables) - before
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    for task in players:
        task.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    await service.close()
    await service.db.dispose()
    return actions, wall, cpu


def engine_speed(game: Game, bot: str, seconds: float) -> float:
    """Returns the bare engine's actions per CPU-second with ``bot`` in every seat."""
    seats = min(SEATS, game.max_seats)
    options = game.parse_options(dict(game.quick_options))
    actions, seed, started = 0, 0, time.process_time()
    while time.process_time() - started < seconds:
        bots = [game.bots[bot]() for _ in range(seats)]
        actions += len(playout(game, seats=seats, seed=seed, options=options,
                               bots=bots).actions)
        seed += 1
    return actions / (time.process_time() - started)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", default="1,10,100", help="room counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per room count")
    parser.add_argument("--bot", default="smart", help="the bots' kind (random falls back)")
    parser.add_argument("--games", default=",".join(sorted(all_games())))
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    print(f"{'game':<19}{'rooms':>6}{'actions/s':>11}{'per room':>10}{'CPU ms/act':>12}"
          f"{'engine/CPU-s':>14}")
    for game_id in args.games.split(","):
        game = all_games()[game_id]
        bot = args.bot if args.bot in game.bots else "random"
        engine = engine_speed(game, bot, 1.0)
        for rooms in (int(n) for n in args.rooms.split(",")):
            with tempfile.TemporaryDirectory() as tmp:
                url = args.database_url or f"sqlite+aiosqlite:///{tmp}/bench.db"
                upgrade(url)
                actions, wall, cpu = asyncio.run(measure(url, game, rooms, args.seconds, bot))
            print(f"{game_id:<19}{rooms:>6}{actions / wall:>11,.0f}{actions / wall / rooms:>10,.1f}"
                  f"{1000 * cpu / max(1, actions):>12.3f}{engine:>14,.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
