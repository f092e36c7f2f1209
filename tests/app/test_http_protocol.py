"""The HTTP protocol: a websocket's handshake leaves nothing for the cyclic collector; a
request's head is bounded in size and time."""

from __future__ import annotations

import asyncio
import gc
import json
import weakref
from collections.abc import Iterator

import pytest

from app import http_protocol
from app.http_protocol import HttpProtocol
from tests.support.rooms import open_room
from tests.support.server import LiveServer, settings_for
from tests.support.wire import WireClient

SOCKETS = 5


@pytest.fixture
def no_collector() -> Iterator[None]:
    """Switches the cyclic collector off: what reference counting does not free stays."""
    gc.collect()
    was_on = gc.isenabled()
    gc.disable()
    yield
    if was_on:
        gc.enable()


async def test_the_protocol_that_served_a_handshake_is_freed_at_once(
        sqlite_url: str, no_collector: None, monkeypatch: pytest.MonkeyPatch) -> None:
    upgraded: list[weakref.ref[HttpProtocol]] = []
    hand_over = HttpProtocol.handle_websocket_upgrade

    def watched(self: HttpProtocol) -> None:
        hand_over(self)
        upgraded.append(weakref.ref(self))

    monkeypatch.setattr(HttpProtocol, "handle_websocket_upgrade", watched)
    with LiveServer(settings_for(sqlite_url)) as server:
        code, tokens = await open_room(server.http, "highcard", 1, 0)
        for token in (tokens[0], None, *[None] * (SOCKETS - 2)):
            client = await WireClient.connect(server.ws, code, token)
            assert client.synced  # the handshake is over, the socket served
            await client.close()
        assert len(upgraded) == SOCKETS
        # Each was freed when its socket was handed over, the collector off all along.
        assert [ref for ref in upgraded if ref() is not None] == []


async def _exchange(port: int, sent: list[bytes], *, pause: float = 0.0) -> bytes:
    """Sends ``sent`` chunk by chunk on a new connection (``pause`` seconds apart), then
    returns all the server answers until it closes the connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        for chunk in sent:
            writer.write(chunk)
            await writer.drain()
            await asyncio.sleep(pause)
        return await asyncio.wait_for(reader.read(), 10)
    finally:
        writer.close()


async def test_a_head_that_grows_past_its_bound_without_ending_is_refused(
        sqlite_url: str) -> None:
    with LiveServer(settings_for(sqlite_url)) as server:
        start = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Long: "
        # Past the bound with its last chunk: nothing more is sent to a closed connection.
        answer = await _exchange(server.port, [start, *[b"a" * 16384] * 4])
        assert answer.startswith(b"HTTP/1.1 431 ") and b"at most 65536 bytes" in answer
        # In the error's usual shape, with the headers every answer carries.
        head, body = answer.split(b"\r\n\r\n", 1)
        assert json.loads(body)["error"]["code"] == "too_large"
        assert b"content-security-policy: " in head and b"x-frame-options: DENY" in head
        # A head near the bound, and a head sent with a long body in one chunk, are served.
        near = start + b"a" * 60000 + b"\r\nConnection: close\r\n\r\n"
        assert (await _exchange(server.port, [near])).startswith(b"HTTP/1.1 200 ")
        body = b'{"game": "cowpoker", "name": "Ana"' + b" " * 65_450 + b"}"  # the most taken
        post = (b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Connection: close\r\nContent-Length: " + str(len(body)).encode()
                + b"\r\n\r\n" + body)
        assert len(post) > http_protocol.MAX_HEAD_BYTES
        assert (await _exchange(server.port, [post])).startswith(b"HTTP/1.1 201 ")


async def test_a_head_too_slow_is_answered_and_a_silent_connection_closed(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_protocol, "HEAD_SECONDS", 0.5)
    with LiveServer(settings_for(sqlite_url)) as server:
        drip = [b"GET /api/games HTTP/1.1\r\n", b"Host: x\r\n", b"X-A: 1\r\n", b"X-B: 2\r\n"]
        answer = await _exchange(server.port, drip, pause=0.2)
        assert answer.startswith(b"HTTP/1.1 408 ") and b"within 0.5 seconds" in answer
        assert await _exchange(server.port, []) == b""  # nothing sent: closed, unanswered
        # A kept-alive connection's second request is timed from its own first byte.
        first = b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"
        answer = await _exchange(server.port, [first, b"GET /api/games HTTP/1.1\r\n"],
                                 pause=0.3)
        assert answer.startswith(b"HTTP/1.1 200 ") and b"HTTP/1.1 408 " in answer


async def test_a_kept_alive_connection_cannot_be_held_by_a_line_break(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The parser skips line breaks between two requests without beginning the next, and
    uvicorn stops its keep-alive clock at any byte: one line break held a connection for
    as long as the client liked. It starts the next request's clock."""
    monkeypatch.setattr(http_protocol, "HEAD_SECONDS", 0.5)
    with LiveServer(settings_for(sqlite_url)) as server:
        first = b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"
        answer = await _exchange(server.port, [first, b"\r\n"], pause=0.3)
        assert answer.startswith(b"HTTP/1.1 200 ") and b"HTTP/1.1 408 " in answer


async def test_a_body_too_slow_is_answered_and_a_chunked_one_refused(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_protocol, "HEAD_SECONDS", 0.5)
    with LiveServer(settings_for(sqlite_url)) as server:
        # 16 KiB a second after the head's seconds: 100 bytes have half a second and a bit.
        head = (b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100\r\n\r\n")
        answer = await _exchange(server.port, [head, b'{"game": '], pause=0.3)
        assert answer.startswith(b"HTTP/1.1 408 ") and b"body sooner" in answer
        # Its trailers are a second head, bounded by nothing: no client of Saloon's sends one.
        chunked = (b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                   b"Content-Type: application/json\r\n\r\n2\r\n{}\r\n0\r\n")
        answer = await _exchange(server.port, [chunked])
        assert answer.startswith(b"HTTP/1.1 411 ")
        assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"]["code"] == \
            "length_required"
        # A body that comes in time is read as ever.
        body = b'{"game": "cowpoker", "name": "Ana"}'
        post = (b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Connection: close\r\nContent-Length: " + str(len(body)).encode()
                + b"\r\n\r\n")
        answer = await _exchange(server.port, [post, body[:10], body[10:]], pause=0.2)
        assert answer.startswith(b"HTTP/1.1 201 ")
