"""Crash safety: the server process is killed with SIGKILL mid-game and started again."""

from __future__ import annotations

import copy
import os
import signal
import subprocess

from sqlalchemy import select

from app.db import Database
from app.models import ActionRow
from tests.support.rooms import open_room, start
from tests.support.server import free_port, spawn_server
from tests.support.wire import WireClient


def spawn(port: int, database_url: str) -> subprocess.Popen[str]:
    env = os.environ | {"DATABASE_URL": database_url, "BOT_DELAY": "0", "SNAPSHOT_EVERY": "3"}
    env.pop("REDIS_URL", None)
    return spawn_server(port, env)


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
