"""Where the time goes per move, in-process: the engine, documents, patches, JSON, commit.

Run: ``.venv/bin/python bench/move_cost.py [--rooms 50] [--moves 4000] [--game tictactoe]
[--seats N]``. One room service on a fresh SQLite file (every move committed before it
is seen), with ``rooms`` rooms of ``seats`` players (the game's fewest, at least two),
each with one connection whose outbox is emptied as a socket would. Random legal moves
are played in all rooms at once, as the load benchmark does, until ``moves`` moves are
stored (a new game when one ends). Prints the CPU time per move of the whole process,
the time spent per move in each step of the path (wall time: the batches written
include their wait for the disk; the teaching part is within building documents), and
how long a commit waits for the transaction holding it.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.db import Database  # noqa: E402
from app.migrate import upgrade  # noqa: E402
from app.rooms import RoomService, connections, documents, service  # noqa: E402
from app.rooms.committer import Committer  # noqa: E402
from app.settings import Settings  # noqa: E402
from bench.tictactoe import GAME as TICTACTOE  # noqa: E402
from games import registry  # noqa: E402
from games.base import Game  # noqa: E402

SPENT: defaultdict[str, float] = defaultdict(float)
WAITED: list[float] = []  # each commit's wait, from its call to its transaction's end
BATCHES: list[int] = []  # the changes of each batch written


def timed(label: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """Returns ``fn`` adding its wall time to ``SPENT[label]``."""
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            SPENT[label] += time.perf_counter() - started
    return wrapper


def instrument(game: Game) -> None:
    """Times the steps of the path of one action (see docs/architecture.md)."""
    game.apply = timed("engine: apply", game.apply)  # type: ignore[method-assign]
    game.view = timed("engine: view", game.view)  # type: ignore[method-assign]
    game.legal_actions = timed("engine: legal", game.legal_actions)  # type: ignore[method-assign]
    connections.document = timed("documents: build", connections.document)  # type: ignore[attr-defined]
    documents.teach = timed("documents: teach", documents.teach)
    connections.diff = timed("documents: patch", connections.diff)  # type: ignore[attr-defined]
    connections.part_ops = timed("documents: patch", connections.part_ops)  # type: ignore[attr-defined]
    connections.shared_part_ops = timed(  # type: ignore[attr-defined]
        "documents: patch", connections.shared_part_ops)
    connections.dumps = timed("documents: JSON", connections.dumps)  # type: ignore[attr-defined]
    service.writes_of = timed("commit: rows", service.writes_of)  # type: ignore[attr-defined]
    submit, write = Committer.submit, Committer._write

    def timed_submit(self: Committer, *args: Any) -> asyncio.Future[bool]:
        # The write path queues its change and awaits the future handed back: the wait
        # is from the queueing to the future's answer.
        started = time.perf_counter()
        done = submit(self, *args)
        done.add_done_callback(lambda _: WAITED.append(time.perf_counter() - started))
        return done

    async def timed_write(self: Committer, *args: Any) -> set[int]:
        started = time.perf_counter()
        try:
            return await write(self, *args)
        finally:
            SPENT["commit: batches written"] += time.perf_counter() - started
            BATCHES.append(len(args[0]))
    Committer.submit = timed_submit  # type: ignore[method-assign]
    Committer._write = timed_write  # type: ignore[method-assign]


async def play(svc: RoomService, game: Game, rooms: int, moves: int, seats: int) -> int:
    """Plays random moves in ``rooms`` rooms of ``seats`` at once until ``moves`` are stored."""
    done = 0
    rng = random.Random(1)

    async def room() -> None:
        nonlocal done
        live, _, host = await svc.create(game_id=game.id, options={}, name="p0")
        for seat in range(1, seats):
            await svc.join(live.code, f"p{seat}")
        conns = [await svc.connect(live, seat) for seat in range(seats)]
        while done < moves:
            if live.status != "playing":
                await svc.start(live.code, host, rematch=live.status != "lobby")
            seat = live.to_act()[0]
            action = rng.choice(game.legal_actions(live.state, seat))
            await svc.act(live, seat, action, actor=conns[seat])
            done += 1
            for conn in conns:  # what the socket's writer would send
                while conn.outbox:
                    conn.outbox.get_nowait()

    await asyncio.gather(*(room() for _ in range(rooms)))
    return done


async def run(url: str, game: Game, rooms: int, moves: int, seats: int) -> None:
    settings = Settings(database_url=url, bot_delay=0, rate_rooms="off", rate_joins="off",
                        max_connections_per_room=16, _env_file=None)
    svc = RoomService(Database(url), settings)
    instrument(game)
    cpu, wall = time.process_time(), time.perf_counter()
    SPENT.clear()
    WAITED.clear()
    BATCHES.clear()
    n = await play(svc, game, rooms, moves, seats)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{game.title}: {n} moves in {rooms} rooms of {seats}, "
          f"{n / wall:.0f} moves/s in one process, {1000 * cpu / n:.3f} ms CPU per move")
    for label, seconds in sorted(SPENT.items()):
        print(f"  {label:<26}{1e6 * seconds / n:9.0f} us per move")
    WAITED.sort()
    print(f"  a commit waits {1000 * WAITED[len(WAITED) // 2]:.1f} ms (median), "
          f"{1000 * WAITED[int(len(WAITED) * 0.99)]:.1f} ms (p99); "
          f"{len(BATCHES)} batches of {sum(BATCHES) / max(1, len(BATCHES)):.1f} changes")
    await svc.close()
    await svc.db.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--moves", type=int, default=4000)
    parser.add_argument("--game", default="tictactoe")
    parser.add_argument("--seats", type=int, default=0,
                        help="players per room, one connection each (default: the fewest "
                             "the game allows, at least two)")
    args = parser.parse_args()
    registry.register(TICTACTOE)
    game = registry.get_game(args.game)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/moves.db"
        upgrade(url)
        seats = args.seats or max(2, game.min_seats)
        asyncio.run(run(url, game, args.rooms, args.moves, seats))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
