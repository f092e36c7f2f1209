"""The HTTP protocol: a websocket's handshake leaves nothing for the cyclic collector."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

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
