"""Room set-up: how long 1,000 rooms take to be created, joined and started over HTTP.

Run: ``.venv/bin/python bench/room_setup.py [--rooms 1000] [--clients 50] [--httpx]``. A
server process runs on a fresh SQLite file; ``clients`` concurrent HTTP clients each
create a room of tic-tac-toe, join it with a second player and start it, until
``rooms`` rooms are playing. Prints the time, the rate, and the CPU time of the server
and of the clients per room.

The clients speak HTTP/1.1 on kept-alive connections with a few lines of asyncio, so
that on a small machine they leave the cores to the server; ``--httpx`` uses httpx
instead (what a Python client would use; it spends more CPU than the server does).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.migrate import upgrade  # noqa: E402
from bench.load_side_by_side import cpu_seconds, free_port, wait_for  # noqa: E402

TARGET_SECONDS = 5.0  # for 1,000 rooms


class Http:
    """One kept-alive HTTP/1.1 connection that posts JSON and reads JSON back."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> Http:
        return cls(*await asyncio.open_connection("127.0.0.1", port))

    async def post(self, path: str, body: Any = None, token: str | None = None) -> Any:
        """Posts ``body`` as JSON; returns the JSON answer; raises on a status >= 400."""
        data = json.dumps(body if body is not None else {}).encode()
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        self.writer.write(f"POST {path} HTTP/1.1\r\nHost: bench\r\n{auth}"
                          f"Content-Type: application/json\r\nContent-Length: {len(data)}"
                          f"\r\n\r\n".encode() + data)
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1")
        status = int(head.split(" ", 2)[1])
        length = 0
        for line in head.split("\r\n")[1:]:
            name, _, value = line.partition(":")
            if name.lower() == "content-length":
                length = int(value)
        answer = await self.reader.readexactly(length)
        if status >= 400:
            raise RuntimeError(f"POST {path}: {status} {answer[:200]!r}")
        return json.loads(answer) if answer else None

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()


async def set_up(port: int, rooms: int, clients: int, *, use_httpx: bool = False) -> float:
    """Creates, joins and starts ``rooms`` rooms from ``clients`` clients; returns seconds."""
    left = iter(range(rooms))

    async def client() -> None:
        http = await Http.open(port)
        try:
            for _ in left:
                room = await http.post("/api/rooms", {"game": "tictactoe", "name": "p0"})
                await http.post(f"/api/rooms/{room['code']}/join", {"name": "p1"})
                await http.post(f"/api/rooms/{room['code']}/start", token=room["token"])
        finally:
            await http.close()

    async def httpx_client() -> None:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
            for _ in left:
                room = (await http.post("/api/rooms", json={"game": "tictactoe",
                                                            "name": "p0"})).json()
                await http.post(f"/api/rooms/{room['code']}/join", json={"name": "p1"})
                r = await http.post(f"/api/rooms/{room['code']}/start",
                                    headers={"Authorization": f"Bearer {room['token']}"})
                r.raise_for_status()

    started = time.perf_counter()
    await asyncio.gather(*((httpx_client() if use_httpx else client())
                           for _ in range(clients)))
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--httpx", action="store_true", help="the clients use httpx")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/setup.db"
        upgrade(url)
        port = free_port()
        server = subprocess.Popen([sys.executable, str(ROOT / "bench/load/serve.py"), str(port),
                                   url], cwd=ROOT)
        try:
            wait_for(port)
            server_cpu, client_cpu = cpu_seconds(server.pid), time.process_time()
            seconds = asyncio.run(set_up(port, args.rooms, args.clients,
                                         use_httpx=args.httpx))
            server_cpu = cpu_seconds(server.pid) - server_cpu
            client_cpu = time.process_time() - client_cpu
        finally:
            server.terminate()
            server.wait(10)
    target = TARGET_SECONDS * args.rooms / 1000
    print(f"{args.rooms} rooms created, joined and started in {seconds:.2f} s "
          f"({args.rooms / seconds:.0f} rooms/s, {args.clients} "
          f"{'httpx' if args.httpx else 'plain HTTP'} clients; target {target:.1f} s: "
          f"{target / seconds:.2f}x)")
    print(f"  server CPU {1000 * server_cpu / args.rooms:.2f} ms per room "
          f"(3 requests), clients' CPU {1000 * client_cpu / args.rooms:.2f} ms per room")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
