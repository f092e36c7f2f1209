"""The HTTP protocol Saloon is served with: uvicorn's httptools protocol, less one cycle,
with bounds on a request's head.

uvicorn's ``HttpToolsProtocol`` and its ``httptools`` parser refer to each other (the
parser calls the protocol back as it reads). uvicorn breaks the cycle when the connection
is lost; but a request that upgrades to a websocket hands its connection to a websocket
protocol, and the HTTP protocol that served the handshake never hears of it again. It
was left with the cycle whole: it, its parser, the parser's six callbacks, its flow
control and the transport, some twenty-five containers for every socket a player
opened, that only the cyclic collector could free. Under load they were all the garbage the
collector found, and most of the work of its young collections (docs/performance.md,
"No socket's handshake left to the collector").

uvicorn bounds neither how long a request's head (its request line and headers) may be
nor how long it may take to arrive: the parser keeps an unfinished header in memory for
as long as a client goes on sending it, and a connection that sends nothing is kept
until the client closes it. Either way one client could take the server's memory or all
its file descriptors. Here a head over ``MAX_HEAD_BYTES`` gets ``431`` and one not
complete within ``HEAD_SECONDS`` of its connection (or of the request before it ending)
is closed, with ``408`` if any of it came.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

# Browsers send heads of one or two kilobytes (Saloon sets no cookies); a proxy's are
# bounded likewise (nginx: four buffers of 8 KiB).
MAX_HEAD_BYTES = 64 * 1024
# A head is sent at once; this leaves a slow phone network room and no more.
HEAD_SECONDS = 20.0


class HttpProtocol(HttpToolsProtocol):
    """``HttpToolsProtocol`` that bounds a request's head in size and time, and lets go of
    its parser once a websocket takes its connection over, so that reference counting
    frees it at once."""

    # Bytes of the head still allowed, while one is being read (None between requests'
    # heads: a body, or a response, is under way). The timer closes a head too slow.
    _head_left: int | None = None
    _head_timer: asyncio.TimerHandle | None = None
    _head_started = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_done()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Reads as uvicorn does; refuses a head that has grown past ``MAX_HEAD_BYTES``
        without ending. (A chunk holding the end of a head and a body is the body's:
        the head ended while it was read.)"""
        if self._head_left is not None:
            self._head_left -= len(data)
            self._head_started = True
        super().data_received(data)
        if (self._head_left is not None and self._head_left < 0
                and not self.transport.is_closing()):
            self._head_done()
            self._refuse(431, "Request Header Fields Too Large",
                         f"Expected a request head of at most {MAX_HEAD_BYTES} bytes")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._head_left is None:  # the next request of a kept-alive connection, which
            self._await_head()  # waited for it under uvicorn's ``timeout_keep_alive``
        self._head_started = True

    def on_headers_complete(self) -> None:
        self._head_done()
        super().on_headers_complete()

    def handle_websocket_upgrade(self) -> None:
        """Hands the connection to the websocket protocol, then drops the parser: this
        protocol reads nothing more."""
        self._head_done()
        super().handle_websocket_upgrade()
        self.parser = None  # type: ignore[assignment]

    def _await_head(self) -> None:
        self._head_left = MAX_HEAD_BYTES
        self._head_started = False
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(HEAD_SECONDS, self._head_too_slow)

    def _head_done(self) -> None:
        self._head_left = None
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self._head_left is None or self.transport.is_closing():
            return
        self._head_left = None
        if self._head_started:
            self._refuse(408, "Request Timeout",
                         f"Expected a request head within {HEAD_SECONDS:g} seconds")
        else:  # nothing came: nobody is there to read an answer
            self.transport.close()

    def _refuse(self, status: int, reason: str, message: str) -> None:
        """Answers ``status`` with ``message`` as plain text, and closes the connection."""
        body = message.encode()
        head = [f"HTTP/1.1 {status} {reason}\r\n".encode()]
        for name, value in self.server_state.default_headers:
            head += [name, b": ", value, b"\r\n"]
        head.append(b"content-type: text/plain; charset=utf-8\r\ncontent-length: "
                     + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n")
        self.transport.write(b"".join(head) + body)
        self.transport.close()
