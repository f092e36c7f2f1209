"""Several server processes on one database: one writer per version, Redis to notify."""

from __future__ import annotations

import pytest

from app.db import Database
from app.rooms import RoomService
from app.settings import Settings
from tests.support.databases import REDIS_URL
from tests.support.rooms import open_room, start
from tests.support.server import LiveServer
from tests.support.wire import WireClient


async def test_a_stale_process_reloads_and_never_writes_the_same_version(settings) -> None:
    """Two services over one database: the conditional version update keeps one writer."""
    a = RoomService(Database(settings.database_url), settings)
    b = RoomService(Database(settings.database_url), settings)
    live_a, _, host = await a.create(game_id="highcard", options={}, name="Ana")
    _, bo = await a.join(live_a.code, "Bo")
    live_b = await b.get(live_a.code)
    await a.start(live_a.code, host)  # b has not heard of it
    assert live_b.status == "lobby"
    # b accepts an action: its first write finds a newer version, reloads, then applies.
    await b.chat(live_b, 1, "hello from b")
    assert live_b.status == "playing" and live_b.version == live_a.version + 1
    card = live_b.game.legal_actions(live_b.state, 1)[0]
    await b.act(live_b, 1, card)
    # a is now stale; its next write reloads first and sees b's action.
    await a.chat(live_a, 0, "hello from a")
    assert live_a.version == live_b.version + 1
    assert live_a.state.played[1] == card["card"]
    for svc in (a, b):
        await svc.close()
        await svc.db.dispose()


async def test_a_room_no_socket_here_shows_catches_up_when_next_used(settings) -> None:
    """Another process's change reloads a room at once only where a socket shows it."""
    a = RoomService(Database(settings.database_url), settings)
    b = RoomService(Database(settings.database_url), settings)
    live_a, _, host = await a.create(game_id="highcard", options={}, name="Ana")
    live_b = await b.get(live_a.code)
    await a.join(live_a.code, "Bo")
    await b.refresh(live_a.code, live_a.version)
    assert live_b.version == live_a.version - 1  # heard, not reloaded: nobody here looks
    assert (await b.get(live_a.code)).version == live_a.version and len(live_b.seats) == 2
    await a.start(live_a.code, host)
    await b.refresh(live_a.code, live_a.version)
    # A socket opening after the word came but before any use syncs the fresh room.
    conn = await b.connect(live_b, 1)
    synced = conn.outbox.get_nowait()
    assert synced is not None and f'"version":{live_a.version},' in synced.text
    assert live_b.status == "playing"
    # With a socket here, the next change is reloaded at once and sent to it.
    await a.chat(live_a, 0, "howdy")
    await b.refresh(live_a.code, live_a.version)
    assert live_b.version == live_a.version and conn.version == live_a.version
    for svc in (a, b):
        await svc.close()
        await svc.db.dispose()


@pytest.mark.skipif(not REDIS_URL, reason="needs TEST_REDIS_URL")
async def test_a_change_on_one_process_reaches_sockets_on_another(settings: Settings) -> None:
    shared = settings.model_copy(update={"redis_url": REDIS_URL})
    with LiveServer(shared) as one, LiveServer(shared) as two:
        code, (ana_token, bo_token) = await open_room(one.http, "highcard", 2)
        ana = await WireClient.connect(one.ws, code, ana_token)
        bob = await WireClient.connect(two.ws, code, bo_token)
        await start(one.http, code, ana_token)
        await bob.until(lambda c: c.doc["room"]["status"] == "playing")
        await bob.send({"type": "action", "action": bob.doc["legal"][0], "ref": 1})
        await bob.until(lambda c: 1 in c.acks)
        await ana.until(lambda c: c.version == bob.version)
        assert ana.doc["game"]["played"] == bob.doc["game"]["played"] == [False, True]
        fresh = await ana.fresh_sync()
        assert (fresh["version"], fresh["doc"]) == ana.replaced
        await ana.close()
        await bob.close()
