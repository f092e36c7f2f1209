"""Crash safety: the server process is killed with SIGKILL mid-game and started again."""

from __future__ import annotations

import copy
import os
import signal
import socket
import subprocess

from sqlalchemy import select

from app.db import Database
from app.models import ActionRow
from tests.support.rooms import open_room, start
from tests.support.server import listening_socket, spawn_server
from tests.support.wire import WireClient


def spawn(listener: socket.socket, database_url: str, **extra: str) -> subprocess.Popen[str]:
    env = os.environ | {"DATABASE_URL": database_url, "BOT_DELAY": "0", "SNAPSHOT_EVERY": "3",
                        **extra}
    env.pop("REDIS_URL", None)
    return spawn_server(listener, env)


async def acked_seqs(database_url: str) -> int:
    db = Database(database_url)
    async with db.session() as s:
        rows = (await s.execute(select(ActionRow.seq))).scalars().all()
    await db.dispose()
    return len(rows)


async def test_sigkill_mid_game_loses_no_acknowledged_action(database_url: str) -> None:
    listener = listening_socket()
    port = listener.getsockname()[1]
    base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    proc = spawn(listener, database_url)
    try:
        code, tokens = await open_room(base, "highcard", 4, options={"tricks": 5})
        await start(base, code, tokens[0])
        clients = [await WireClient.connect(ws, code, t) for t in tokens]
        for c in clients:
            await c.until(lambda c: c.doc["room"]["status"] == "playing")
        # Play two whole tricks, every action acknowledged, then go quiet and kill.
        acked = 0
        for _ in range(2):
            for i, c in enumerate(clients):
                await c.until(lambda c: bool(c.doc["legal"]))
                assert await c.act(c.doc["legal"][0], f"{i}") is None
                c.acks.clear()
                acked += 1
        last = clients[-1].version
        for c in clients:
            await c.reach(last)
            assert c.version == last
        before = [(c.version, copy.deepcopy(c.doc)) for c in clients]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        for c in clients:
            await c.close()

        proc = spawn(listener, database_url)
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

        proc = spawn(listener, database_url)
        back = [await WireClient.connect(ws, code, t) for t in tokens]
        assert all(c.version >= highest for c in back)
        # The game carries on to its end after the restart.
        while back[0].doc["room"]["status"] != "finished":
            movers = [c for c in back if c.doc["legal"]]
            assert movers, "an unfinished game of people waits for nobody"
            assert await movers[0].act(movers[0].doc["legal"][0], "end") is None
            version = movers[0].acks.pop("end")
            for c in back:
                await c.reach(version)
        for c in back:
            await c.close()
    finally:
        proc.kill()
        proc.wait(10)
        listener.close()


async def test_a_clock_deadline_survives_sigkill_and_fires_once(database_url: str) -> None:
    """The turn clock's deadline is stored: killed before it, a restarted server plays the
    timed-out decisions once, from the stored deadline."""
    import asyncio

    import httpx

    listener = listening_socket()
    base = f"http://127.0.0.1:{listener.getsockname()[1]}"
    # Away seats are played only after a minute: what is stored is what the deadline did.
    proc = spawn(listener, database_url, AWAY_DELAY="60")
    try:
        async with httpx.AsyncClient(base_url=base) as http:
            room = (await http.post("/api/rooms", json={
                "game": "highcard", "name": "Ana", "options": {"tricks": 3},
                "turn_clock": {"per_move": 2, "bank": 0}})).json()
            await http.post(f"/api/rooms/{room['code']}/join", json={"name": "Bo"})
        await start(base, room["code"], room["token"])
        proc.send_signal(signal.SIGKILL)  # before the 2 s are up: nothing played yet
        proc.wait(10)
        assert await acked_seqs(database_url) == 0
        proc = spawn(listener, database_url, AWAY_DELAY="60")  # loads rooms whose clocks are due
        for _ in range(100):
            if await acked_seqs(database_url) >= 2:
                break
            await asyncio.sleep(0.1)
        assert await acked_seqs(database_url) == 2  # both seats, once each
        async with httpx.AsyncClient(base_url=base) as http:
            summary = (await http.get(f"/api/rooms/{room['code']}")).json()
        assert [s["presence"] for s in summary["seats"]] == ["away", "away"]
    finally:
        proc.kill()
        proc.wait(10)
        listener.close()
