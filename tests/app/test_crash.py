"""Crash safety: the server process is killed with SIGKILL mid-game and started again."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from sqlalchemy import select

from app.db import Database
from app.models import ActionRow
from tests.app.conftest import free_port
from tests.app.wire import WireClient, drain

ROOT = Path(__file__).resolve().parents[2]
LAUNCH = (
    "import sys, uvicorn; from games import registry; from tests import toygame; "
    "registry.register(toygame.GAME); "
    "uvicorn.run('app.main:create_app', factory=True, host='127.0.0.1', "
    "port=int(sys.argv[1]), log_level='warning')"
)


def spawn(port: int, database_url: str) -> subprocess.Popen[bytes]:
    env = os.environ | {"DATABASE_URL": database_url, "BOT_DELAY": "0", "SNAPSHOT_EVERY": "3",
                        "REDIS_URL": ""}
    env.pop("REDIS_URL")
    proc = subprocess.Popen([sys.executable, "-c", LAUNCH, str(port)], cwd=ROOT, env=env)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=0.5).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("server did not start")


async def acked_seqs(database_url: str) -> int:
    db = Database(database_url)
    async with db.session() as s:
        rows = (await s.execute(select(ActionRow.seq))).scalars().all()
    await db.dispose()
    return len(rows)


async def test_sigkill_mid_game_loses_no_acknowledged_action(database_url: str) -> None:
    port = free_port()
    base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    proc = spawn(port, database_url)
    try:
        async with httpx.AsyncClient(base_url=base) as http:
            room = (await http.post("/api/rooms", json={
                "game": "highcard", "name": "Ana", "options": {"tricks": 5}})).json()
            code = room["code"]
            tokens = [room["token"]]
            for name in ("Bo", "Cy", "Di"):
                tokens.append((await http.post(f"/api/rooms/{code}/join",
                                               json={"name": name})).json()["token"])
            await http.post(f"/api/rooms/{code}/start",
                            headers={"Authorization": f"Bearer {room['token']}"})
        clients = [await WireClient.connect(ws, code, t) for t in tokens]
        for c in clients:
            await c.until(lambda c: c.doc["room"]["status"] == "playing")
        # Play two whole tricks, every action acknowledged, then go quiet and kill.
        acked = 0
        for _ in range(2):
            for i, c in enumerate(clients):
                await c.until(lambda c: bool(c.doc["legal"]))
                await c.send({"type": "action", "action": c.doc["legal"][0], "ref": f"{i}"})
                await c.until(lambda c, r=f"{i}": r in c.acks)
                c.acks.clear()
                acked += 1
        for c in clients:
            await c.until(lambda c, v=clients[-1].version: c.version == v)
        before = [(c.version, c.doc) for c in clients]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        for c in clients:
            await c.close()

        proc = spawn(port, database_url)
        again = [await WireClient.connect(ws, code, t) for t in tokens]
        assert [(c.version, c.doc) for c in again] == before

        # Now kill in the middle of a burst: whatever was acknowledged must be stored.
        sent = 0
        for i, c in enumerate(again):
            if c.doc["legal"]:
                await c.send({"type": "action", "action": c.doc["legal"][0], "ref": f"b{i}"})
                sent += 1
        await again[0].until(lambda c: "b0" in c.acks)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        acked_now = acked + sum(1 for i, c in enumerate(again) if f"b{i}" in c.acks)
        stored = await acked_seqs(database_url)
        assert acked_now <= stored <= acked + sent
        highest = max(c.version for c in again)
        for c in again:
            await c.close()

        proc = spawn(port, database_url)
        back = [await WireClient.connect(ws, code, t) for t in tokens]
        assert all(c.version >= highest for c in back)
        # The game carries on to its end after the restart.
        while back[0].doc["room"]["status"] != "finished":
            movers = [c for c in back if c.doc["legal"]]
            if movers:
                await movers[0].send({"type": "action", "action": movers[0].doc["legal"][0],
                                      "ref": "end"})
                await movers[0].until(lambda c: "end" in c.acks)
                movers[0].acks.clear()
            await drain(back)
        for c in back:
            await c.close()
    finally:
        proc.kill()
        proc.wait(10)
