"""The websocket under hostile input and use: every bad message gets an error, nothing breaks.

Each test here failed before the socket was hardened: the kinds of input below closed
the socket with a traceback, or grew the server without bound.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random

import httpx
import pytest
import websockets
from websockets.typing import Subprotocol

from app.settings import Settings
from tests.support.rooms import bearer, open_room, start
from tests.support.server import LiveServer, settings_for
from tests.support.wire import WireClient

ERROR_FREE = {"sync"}


def malformed(rng: random.Random, limit: int) -> list[str | bytes]:
    """Returns one seeded example of every kind of malformed message, and random mixes of them."""
    deep_list = "[" * 50_000 + "]" * 50_000
    deep_object = '{"a":' * 30 + "1" + "}" * 30
    huge = "9" * 5_000
    kinds: list[str | bytes] = [
        "{not json", "", "   ", "nul\x00l", "[1, 2]", "42", '"text"', "null", "true",
        json.dumps({"type": "dance"}), json.dumps({"type": None}), json.dumps({"no": "type"}),
        json.dumps({"type": ["action"]}), deep_list, deep_object,
        '{"type": "chat", "text": "x", "ref": ' + huge + "}",
        '{"type": "action", "action": {"type": "play", "card": ' + huge + "}}",
        '{"type": "chat", "text": "\\ud800"}', '{"type": "chat", "text": "a\\udfffb"}',
        '{"\\ud83d": 1, "type": "sync"}',
        json.dumps({"type": "chat", "text": "nul\x00here"}),
        json.dumps({"type": "chat", "text": "bell\x07"}),
        json.dumps({"type": "chat", "text": "\u202eevil"}),
        json.dumps({"type": "chat"}), json.dumps({"type": "chat", "text": 5}),
        json.dumps({"type": "chat", "text": "x" * 501}),
        json.dumps({"type": "action", "action": "KH"}),
        json.dumps({"type": "action", "action": {"type": "fold"}}),
        json.dumps({"type": "action", "action": {f"k{i}": i for i in range(100)}}),
        json.dumps({"type": "action", "action": {"type": "play", "card": "2C"}, "x": 1}),
        json.dumps({"type": "sync", "ref": {"a": 1}, "extra": True}),
        "x" * (limit + 1), b"\xff\xfe not utf-8", json.dumps({"type": "chat"}).encode(),
    ]
    mixes: list[str | bytes] = []
    for _ in range(60):
        value: object = rng.choice([1, "s", None, [], {}, 1.5, True, "\ud800", 10**400])
        for _ in range(rng.randrange(1, 6)):
            value = rng.choice([[value], {"type": rng.choice(["action", "chat", "x"]),
                                          "action": value, "text": value}])
        try:
            mixes.append(json.dumps(value))
        except ValueError:
            continue
    return kinds + mixes


async def test_every_malformed_message_gets_an_error_and_changes_nothing(sqlite_server) -> None:
    """A seeded fuzz of every kind of bad input: an error each, the socket open, no change."""
    code, tokens = await open_room(sqlite_server.http, "highcard", 2, 0)
    a = await WireClient.connect(sqlite_server.ws, code, tokens[0])
    await start(sqlite_server.http, code, tokens[0])
    await a.until(lambda c: c.doc["room"]["status"] == "playing")
    before, version = copy.deepcopy(a.doc), a.version
    messages = malformed(random.Random(18), 65536)
    for i, raw in enumerate(messages):
        await a.ws.send(raw)
        err = await a.error()
        assert err["message"], (i, str(raw)[:80], err)
    assert len(a.errors) == len(messages)
    fresh = await a.fresh_sync()
    assert fresh["version"] == version and fresh["doc"] == before
    await a.close()


async def test_nul_and_surrogates_never_reach_the_database(server) -> None:
    """NUL in a chat line broke PostgreSQL; lone surrogates broke the encoder: both refused."""
    code, tokens = await open_room(server.http, "highcard", 1, 0)
    a = await WireClient.connect(server.ws, code, tokens[0])
    for raw in (json.dumps({"type": "chat", "text": "a\x00b"}),
                '{"type": "chat", "text": "\\udc00"}'):
        await a.send(raw)
        assert (await a.error())["code"] in ("bad_request", "bad_json")
    await a.send({"type": "chat", "text": "still here", "ref": 1})
    await a.until(lambda c: 1 in c.acks)
    assert [e["text"] for e in a.doc["log"] if e["type"] == "chat"] == ["still here"]
    await a.close()


async def test_an_oversized_message_gets_too_large_up_to_the_frame_cap(sqlite_url) -> None:
    """One setting: over it, ``too_large`` and the socket stays; far over it, 1009."""
    settings = settings_for(sqlite_url).model_copy(update={"max_message_bytes": 4096})
    with LiveServer(settings) as server:
        code, tokens = await open_room(server.http, "highcard", 1, 0)
        a = await WireClient.connect(server.ws, code, tokens[0])
        await a.send("x" * 5000)
        err = await a.error()
        assert err["code"] == "too_large" and "4096" in err["message"]
        await a.fresh_sync()
        await a.ws.send("x" * (settings.ws_frame_bytes + 1))
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await a.receive()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


async def test_crowds_are_capped_per_room_and_per_seat(sqlite_url) -> None:
    settings = settings_for(sqlite_url).model_copy(update={
        "max_connections_per_room": 4, "max_connections_per_seat": 2})
    with LiveServer(settings) as server:
        code, tokens = await open_room(server.http, "highcard", 1, 0)
        mine = [await WireClient.connect(server.ws, code, tokens[0]) for _ in range(2)]
        async with websockets.connect(f"{server.ws}/ws/rooms/{code}",
                                      subprotocols=[Subprotocol("saloon"),
                                                    Subprotocol(f"saloon.token.{tokens[0]}")]
                                      ) as ws:
            msg = json.loads(await ws.recv())
            assert msg["code"] == "too_many_connections" and "seat" in msg["message"]
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        watchers = [await WireClient.connect(server.ws, code) for _ in range(2)]
        async with websockets.connect(f"{server.ws}/ws/rooms/{code}") as ws:
            msg = json.loads(await ws.recv())
            assert msg["code"] == "too_many_connections" and "room" in msg["message"]
        for c in mine + watchers:
            await c.close()


async def test_presence_is_batched_when_many_connect_at_once(sqlite_server) -> None:
    """Twenty spectators arriving together cost a handful of presence updates, not twenty."""
    code, tokens = await open_room(sqlite_server.http, "highcard", 1, 0)
    host = await WireClient.connect(sqlite_server.ws, code, tokens[0])
    crowd = await asyncio.gather(*(WireClient.connect(sqlite_server.ws, code)
                                   for _ in range(20)))
    await host.until(lambda c: c.presence is not None and c.presence["spectators"] == 20)
    # Whatever the server queued before answering a sync has arrived once the sync has.
    before = host.received["presence"]
    await host.fresh_sync()
    presence = host.received["presence"] - before
    assert presence <= 3, presence
    for c in [*crowd, host]:
        await c.close()


async def test_turning_spectators_off_closes_those_watching(sqlite_server) -> None:
    code, tokens = await open_room(sqlite_server.http, "highcard", 1, 1)
    watcher = await WireClient.connect(sqlite_server.ws, code)
    player = await WireClient.connect(sqlite_server.ws, code, tokens[0])
    async with httpx.AsyncClient(base_url=sqlite_server.http) as http:
        r = await http.put(f"/api/rooms/{code}/options", json={"allow_spectators": False},
                           headers=bearer(tokens[0]))
        assert r.status_code == 204
    err = await watcher.error()
    assert err["code"] == "spectators_off"
    with pytest.raises(websockets.ConnectionClosed):
        await watcher.receive()
    await player.until(lambda c: c.doc["room"]["allow_spectators"] is False)
    await player.close()


async def test_the_token_travels_in_a_header_and_the_old_url_form_still_works(
        sqlite_server) -> None:
    code, tokens = await open_room(sqlite_server.http, "highcard", 2, 0)
    a = await WireClient.connect(sqlite_server.ws, code, tokens[0])
    assert a.ws.subprotocol == "saloon" and a.doc["room"]["you"] == 0
    b = await WireClient.connect(sqlite_server.ws, code, tokens[1], in_url=True)
    assert b.doc["room"]["you"] == 1
    async with websockets.connect(f"{sqlite_server.ws}/ws/rooms/{code}",
                                  subprotocols=[Subprotocol("saloon"),
                                                Subprotocol("saloon.token.forged")]) as ws:
        assert json.loads(await ws.recv())["code"] == "bad_token"
    await a.close()
    await b.close()


async def test_chat_lines_are_rate_limited_per_seat(sqlite_url) -> None:
    settings = settings_for(sqlite_url).model_copy(update={"rate_chat": "3/60"})
    with LiveServer(settings) as server:
        code, tokens = await open_room(server.http, "highcard", 1, 0)
        a = await WireClient.connect(server.ws, code, tokens[0])
        for i in range(3):
            await a.send({"type": "chat", "text": f"line {i}", "ref": i})
            assert await a.answer(i) is None
        await a.send({"type": "chat", "text": "one too many", "ref": "x"})
        err = await a.error()
        assert err["code"] == "rate_limited" and err["retry_after"] >= 1 and err["ref"] == "x"
        await a.close()


async def test_whole_documents_asked_for_are_rate_limited_per_socket(sqlite_url) -> None:
    """A sync is the most a message can ask of the server: a socket asking over and over
    is told to wait, and another socket of the same seat is not."""
    settings = settings_for(sqlite_url).model_copy(update={"rate_syncs": "3/60"})
    with LiveServer(settings) as server:
        code, tokens = await open_room(server.http, "highcard", 1, 0)
        a = await WireClient.connect(server.ws, code, tokens[0])
        for _ in range(3):
            await a.fresh_sync()
        await a.send({"type": "sync"})
        err = await a.error()
        assert err["code"] == "rate_limited" and err["retry_after"] >= 1
        assert "whole documents" in err["message"]
        b = await WireClient.connect(server.ws, code, tokens[0])
        assert (await b.fresh_sync())["version"] == a.version
        for c in (a, b):
            await c.close()


async def _refused(url: str, token: str | None = None) -> tuple[str, int]:
    """Opens a socket that the server refuses; returns the error's code and the close's."""
    protocols = [Subprotocol("saloon")] + ([Subprotocol(f"saloon.token.{token}")] if token else [])
    async with websockets.connect(url, subprotocols=protocols) as ws:
        code = json.loads(await ws.recv())["code"]
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await ws.recv()
    assert closed.value.rcvd is not None
    return code, closed.value.rcvd.code


async def test_sockets_opened_and_forged_tokens_are_rate_limited_per_address(
        sqlite_url) -> None:
    """Each socket opened brings a whole document, and a token the room does not know is
    looked for in the database: opened over and over, either was work without end."""
    settings = settings_for(sqlite_url).model_copy(update={"rate_sockets": "4/60",
                                                           "rate_joins": "2/60"})
    with LiveServer(settings) as server:
        code, tokens = await open_room(server.http, "highcard", 1, 0)
        url = f"{server.ws}/ws/rooms/{code}"
        assert await _refused(url, "forged-" + "x" * 25) == ("bad_token", 4401)
        assert await _refused(url, "forged-" + "y" * 25) == ("bad_token", 4401)
        assert await _refused(url, "forged-" + "z" * 25) == ("rate_limited", 4429)
        # The seat's own token is known: it spends no join; but the sockets are counted.
        mine = await WireClient.connect(server.ws, code, tokens[0])
        assert await _refused(url) == ("rate_limited", 4429)
        await mine.close()


async def test_sockets_held_open_at_once_are_capped_per_address(sqlite_url) -> None:
    """Opened slowly and never closed, sockets would pile up without end: an address holds
    at most so many at once, and each one that closes, or is refused, frees its place."""
    settings = settings_for(sqlite_url).model_copy(update={"max_sockets_per_address": 2})
    with LiveServer(settings) as server:
        code, tokens = await open_room(server.http, "highcard", 1, 0)
        url = f"{server.ws}/ws/rooms/{code}"
        a = await WireClient.connect(server.ws, code, tokens[0])
        for _ in range(3):  # refused after it was counted: its place is freed
            assert await _refused(url, "forged-" + "x" * 25) == ("bad_token", 4401)
        b = await WireClient.connect(server.ws, code, tokens[0])
        protocols = [Subprotocol("saloon")]
        async with websockets.connect(url, subprotocols=protocols) as ws:
            refusal = json.loads(await ws.recv())
        assert refusal["code"] == "rate_limited"
        assert refusal["message"] == ("Too many connections from one address: at most 2 at "
                                      "once")
        await a.close()
        for _ in range(50):  # the server frees the place once it has seen the socket close
            if server.services.limits.open_sockets.held("127.0.0.1") < 2:
                break
            await asyncio.sleep(0.05)
        c = await WireClient.connect(server.ws, code, tokens[0])
        assert (await c.fresh_sync())["version"] == b.version
        for w in (b, c):
            await w.close()


def test_a_weak_admin_token_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match="ADMIN_TOKEN must be at least 24"):
        Settings(admin_token="admin-secret", _env_file=None)
    with pytest.raises(ValueError, match="different"):
        Settings(admin_token="a" * 40, _env_file=None)
