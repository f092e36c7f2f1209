"""Room set-up: how long 1,000 rooms take to be created, joined and started over HTTP.

Run: ``.venv/bin/python bench/room_setup.py [--rooms 1000] [--clients 50]``. A server
process runs on a fresh SQLite file; ``clients`` concurrent HTTP clients each create
a room of tic-tac-toe, join it with a second player and start it, until ``rooms``
rooms are playing. Prints the time and the rate.
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.migrate import upgrade  # noqa: E402
from bench.load_side_by_side import free_port, wait_for  # noqa: E402


async def set_up(base: str, rooms: int, clients: int) -> float:
    """Creates, joins and starts ``rooms`` rooms from ``clients`` clients; returns seconds."""
    left = iter(range(rooms))

    async def client() -> None:
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            for _ in left:
                room = (await http.post("/api/rooms", json={"game": "tictactoe",
                                                            "name": "p0"})).json()
                await http.post(f"/api/rooms/{room['code']}/join", json={"name": "p1"})
                r = await http.post(f"/api/rooms/{room['code']}/start",
                                    headers={"Authorization": f"Bearer {room['token']}"})
                r.raise_for_status()

    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/setup.db"
        upgrade(url)
        port = free_port()
        server = subprocess.Popen([sys.executable, str(ROOT / "bench/load/serve.py"), str(port),
                                   url], cwd=ROOT)
        try:
            wait_for(port)
            seconds = asyncio.run(set_up(f"http://127.0.0.1:{port}", args.rooms, args.clients))
        finally:
            server.terminate()
            server.wait(10)
    print(f"{args.rooms} rooms created, joined and started in {seconds:.2f} s "
          f"({args.rooms / seconds:.0f} rooms/s, {args.clients} clients)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
