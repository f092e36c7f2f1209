"""A database with a past: finished tic-tac-toe matches stored as Saloon stores them.

Run: ``.venv/bin/python bench/history.py DATABASE_FILE [--matches 150000]``, or through
``bench/load_side_by_side.py --history N``. A server that has run for months answers
from a database of many games: every move's row then goes into indexes holding
millions of entries, and what a batch writes depends on where in them it lands. This
fills a migrated SQLite file with ``matches`` rooms that each played one match (two
seats, the game, its action rows; nine moves are too few for a snapshot), started one
after another over the past days, with the ids, rows and JSON the server itself
writes: the moves and events come from the tic-tac-toe engine, the rows from the
tables of ``app.rooms.writes``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, insert  # noqa: E402

from app.db import column_json  # noqa: E402
from app.migrate import upgrade  # noqa: E402
from app.rooms.data import SeatInfo, SeatKind  # noqa: E402
from app.rooms.writes import ACTIONS, GAMES, ROOMS, SEATS  # noqa: E402
from app.tokens import hash_token, new_game_id  # noqa: E402
from bench.tictactoe import GAME  # noqa: E402
from games import replay as replays  # noqa: E402
from games.base import canonical_hash  # noqa: E402
from games.play import playout  # noqa: E402

CHUNK = 5_000  # matches per transaction
PLAYED = 500  # distinct matches played by the engine; the history repeats them


def matches_played(count: int, rng: random.Random) -> list[dict[str, Any]]:
    """Plays ``count`` matches with random bots; returns each one's seed, seats, actions
    and events, result and final hash."""
    played = []
    for _ in range(count):
        seed = rng.getrandbits(63)
        match = playout(GAME, seats=2, seed=seed)
        assert match.result is not None  # playout plays to the end
        # The events as the server stores them: from the same replay a room is rebuilt by.
        moves = [(step.seat, step.action, step.events) for step in replays.steps(
            GAME, replays.Setup({}, 2, seed).start(GAME), match.actions)]
        played.append({"seed": seed, "moves": moves, "result": match.result.to_json(),
                       "hash": canonical_hash(GAME.dump(match.state))})
    return played


def fill(path: Path, matches: int, *, seed: int = 1) -> None:
    """Adds ``matches`` finished matches to the SQLite file at ``path`` (migrated first),
    the last of them started a minute ago."""
    url = f"sqlite:///{path}"
    upgrade(f"sqlite+aiosqlite:///{path}")
    rng = random.Random(seed)
    played = matches_played(min(PLAYED, matches), rng)
    engine = create_engine(url, json_serializer=column_json)  # as the server writes
    start = datetime.now(UTC) - timedelta(minutes=1, seconds=2 * matches)
    with engine.connect() as conn:
        for first in range(0, matches, CHUNK):
            rooms: list[dict[str, Any]] = []
            seats: list[list[dict[str, Any]]] = []
            games: list[dict[str, Any]] = []
            actions: list[dict[str, Any]] = []
            for n in range(first, min(matches, first + CHUNK)):
                match = played[n % len(played)]
                began = start + timedelta(seconds=2 * n)
                ended = began + timedelta(seconds=1)
                game_id = new_game_id(int(began.timestamp() * 1000))
                rooms.append({"code": f"h{n:011d}", "game": GAME.id, "options": {},
                              "status": "finished", "host_seat": 0, "allow_spectators": True,
                              "version": 4 + len(match["moves"]), "matches": 1,
                              "current_game_id": game_id, "created_at": began,
                              "updated_at": ended, "touched_at": ended, "hints": True})
                people = [SeatInfo(p, f"p{p}", SeatKind.HUMAN, None,
                                   hash_token(f"history-{n}-{p}")) for p in (0, 1)]
                seats.append([{"position": s.position, "name": s.name, "kind": s.kind,
                               "bot": s.bot, "token_hash": s.token_hash} for s in people])
                games.append({"id": game_id, "game": GAME.id, "rules_version": GAME.rules_version,
                              "options": {}, "seed": match["seed"],
                              "seats": [s.public() for s in people],
                              "match": 1, "status": "finished",
                              "actions_count": len(match["moves"]), "result": match["result"],
                              "final_hash": match["hash"], "started_at": began,
                              "finished_at": ended})
                actions.extend({"game_id": game_id, "seq": seq, "seat": seat, "action": action,
                                "events": events, "room_version": 4 + seq, "at": ended}
                               for seq, (seat, action, events) in enumerate(match["moves"], 1))
            ids = conn.execute(insert(ROOMS).returning(ROOMS.c.id, sort_by_parameter_order=True),
                               rooms).scalars().all()
            conn.execute(insert(SEATS), [s | {"room_id": room_id}
                                         for room_id, pair in zip(ids, seats, strict=True)
                                         for s in pair])
            conn.execute(insert(GAMES), [g | {"room_id": room_id}
                                         for room_id, g in zip(ids, games, strict=True)])
            conn.execute(insert(ACTIONS), actions)
            conn.commit()
        # Everything into the file itself, out of the write-ahead log: the file is copied.
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="the SQLite file (created if missing)")
    parser.add_argument("--matches", type=int, default=150_000)
    args = parser.parse_args()
    started = time.monotonic()
    fill(args.file, args.matches)
    size = args.file.stat().st_size / 1e6
    print(f"{args.matches} matches stored in {args.file} ({size:.0f} MB) "
          f"in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
