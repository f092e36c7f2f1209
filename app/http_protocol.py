"""The HTTP protocol Saloon is served with: uvicorn's httptools protocol, less one cycle.

uvicorn's ``HttpToolsProtocol`` and its ``httptools`` parser refer to each other (the
parser calls the protocol back as it reads). uvicorn breaks the cycle when the connection
is lost; but a request that upgrades to a websocket hands its connection to a websocket
protocol, and the HTTP protocol that served the handshake never hears of it again. It
was left with the cycle whole: it, its parser, the parser's six callbacks, its flow
control and the transport, some twenty-five containers for every socket a player
opened, that only the cyclic collector could free. Under load they were all the garbage the
collector found, and most of the work of its young collections (docs/performance.md,
"No socket's handshake left to the collector").
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class HttpProtocol(HttpToolsProtocol):
    """``HttpToolsProtocol`` that lets go of its parser once a websocket takes its
    connection over, so that reference counting frees it at once."""

    def handle_websocket_upgrade(self) -> None:
        """Hands the connection to the websocket protocol, then drops the parser: this
        protocol reads nothing more."""
        super().handle_websocket_upgrade()
        self.parser = None  # type: ignore[assignment]
