"""Memory soak: the server's RSS over time under 200 busy rooms and one reader that never reads.

Run: ``.venv/bin/python bench/memory_soak.py [--rooms 200] [--seconds 120]``.
A server process is started on a fresh SQLite file. Each room has a person (driven
here over the websocket, playing random legal moves at once) and three bots, and
starts a rematch when a game ends. One more socket, a spectator of the first room,
asks for a ``sync`` a thousand times and never reads an answer: the server must
close it once its outbox is full rather than keep what it cannot send. RSS is
printed every few seconds with the people's moves so far; it must stay flat once the
rooms are warm.

The games keep bounded caches (``functools.lru_cache``: Cards for Cowboys' views and
scores, some 8,000 entries in all), which fill over the first minutes of play: on a
quick machine RSS still grows at the end of a one-minute run. So the growth is also
given per 1,000 moves, in the first and the second half of the warm part of the run:
a leak grows as much per move in both, caches filling up grow less and less.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.migrate import upgrade  # noqa: E402

GAME = "cards_for_cowboys"


def rss_mb(pid: int) -> float:
    """Returns the resident memory of process ``pid`` in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def busy_room(base: str, ws_base: str, rng: random.Random, stop: float,
                    opened: asyncio.Queue[str], played: list[int]) -> None:
    """Plays the person's seat of one room until ``stop``, counting each move in
    ``played[0]``."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        room = (await http.post("/api/rooms", json={"game": GAME, "name": "Soak"})).json()
        code, auth = room["code"], {"Authorization": f"Bearer {room['token']}"}
        opened.put_nowait(code)
        for _ in range(3):
            await http.post(f"/api/rooms/{code}/bots", json={"bot": "smart"}, headers=auth)
        await http.post(f"/api/rooms/{code}/start", headers=auth)
        async with websockets.connect(f"{ws_base}/ws/rooms/{code}",
                                      subprotocols=["saloon", f"saloon.token.{room['token']}"],
                                      max_size=None) as ws:  # type: ignore[list-item]
            doc: dict = {}
            while time.monotonic() < stop:
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 5))
                except TimeoutError:
                    await ws.send(json.dumps({"type": "sync"}))
                    continue
                if message["type"] == "sync":
                    doc = message["doc"]
                elif message["type"] == "patch":
                    import jsonpatch

                    doc = jsonpatch.apply_patch(doc, message["ops"])
                else:
                    continue
                if doc.get("room", {}).get("status") == "finished":
                    await http.post(f"/api/rooms/{code}/rematch", headers=auth)
                elif doc.get("legal"):
                    await ws.send(json.dumps({"type": "action",
                                              "action": rng.choice(doc["legal"])}))
                    played[0] += 1


async def slow_reader(ws_base: str, code: str) -> str:
    """Watches a busy room, asks for syncs, never reads; returns how the server answered."""
    ws = await websockets.connect(f"{ws_base}/ws/rooms/{code}", max_queue=1, max_size=None)
    started = time.monotonic()
    try:
        for _ in range(1000):
            await ws.send(json.dumps({"type": "sync"}))
            await asyncio.sleep(0.01)
        for _ in range(60):  # the room's patches pile up behind the unread ones
            if ws.close_code is not None:
                break
            await asyncio.sleep(1)
        if ws.close_code is None:
            return "still open after a minute"
        return f"closed by the server after {time.monotonic() - started:.0f} s"
    except websockets.ConnectionClosed:
        return f"closed by the server after {time.monotonic() - started:.0f} s"
    finally:
        await ws.close()


async def sample(pid: int, stop: float, every: float, played: list[int],
                 out: list[tuple[float, float, int]]) -> None:
    """Notes the time, the server's RSS and the moves played so far every ``every`` s."""
    started = time.monotonic()
    while time.monotonic() < stop:
        out.append((time.monotonic() - started, rss_mb(pid), played[0]))
        print(f"  {out[-1][0]:6.0f} s  RSS {out[-1][1]:7.1f} MB  {out[-1][2]:7d} moves",
              flush=True)
        await asyncio.sleep(every)


def per_thousand_moves(samples: list[tuple[float, float, int]]) -> str:
    """Returns the RSS growth per 1,000 moves between the first and last of ``samples``."""
    (_, first, before), (_, last, after) = samples[0], samples[-1]
    return "n/a" if after == before else f"{1000 * (last - first) / (after - before):+.2f} MB"


async def soak(port: int, pid: int, rooms: int, seconds: float) -> None:
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    stop = time.monotonic() + seconds
    samples: list[tuple[float, float, int]] = []
    played = [0]
    rng = random.Random(15)
    sampler = asyncio.create_task(sample(pid, stop, max(5.0, seconds / 12), played, samples))
    opened: asyncio.Queue[str] = asyncio.Queue()
    tasks = [asyncio.create_task(busy_room(base, ws_base, random.Random(rng.random()), stop,
                                           opened, played)) for _ in range(rooms)]
    slow = await slow_reader(ws_base, await opened.get())
    await asyncio.gather(*tasks)
    moves = played[0]
    await sampler
    warm_samples = [s for s in samples if s[0] >= seconds / 4] or samples
    warm = [rss for _, rss, _ in warm_samples]
    print(f"{rooms} busy rooms, {moves} moves by people (bots made more) in {seconds:.0f} s")
    print(f"the reader that never reads: {slow}")
    print(f"RSS once warm: min {min(warm):.1f} MB, max {max(warm):.1f} MB, "
          f"growth {warm[-1] - warm[0]:+.1f} MB ({100 * (warm[-1] - warm[0]) / warm[0]:+.1f} %)")
    half = len(warm_samples) // 2
    print(f"RSS growth per 1,000 moves once warm: first half "
          f"{per_thousand_moves(warm_samples[:half + 1])}, second half "
          f"{per_thousand_moves(warm_samples[half:])} (a leak: the same in both)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{tmp}/soak.db"
        upgrade(url)
        env = {**os.environ, "DATABASE_URL": url, "BOT_DELAY": "0.05", "RATE_ROOMS": "off",
               "RATE_JOINS": "off", "ADMIN_TOKEN_FILE": f"{tmp}/admin-token.txt",
               "MAX_CONNECTIONS_PER_ROOM": "50"}
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "app.main:create_app", "--factory",
             "--port", str(args.port), "--log-level", "warning"], cwd=ROOT, env=env)
        try:
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                try:
                    httpx.get(f"http://127.0.0.1:{args.port}/api/games", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.2)
            asyncio.run(soak(args.port, server.pid, args.rooms, args.seconds))
        finally:
            server.terminate()
            server.wait(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
