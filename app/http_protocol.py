"""The HTTP protocol Saloon is served with: uvicorn's httptools protocol, less one cycle,
with bounds on what a request may take to arrive.

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
nor how long a request may take to arrive: the parser keeps an unfinished header in
memory for as long as a client goes on sending it, and a connection that sends nothing,
or a byte now and then, is kept until the client closes it. Either way one client could
take the server's memory or all its file descriptors. Here:

- a head over ``MAX_HEAD_BYTES`` gets ``431``;
- a head not complete within ``HEAD_SECONDS`` of its first byte (of the connection's
  opening, for its first request) gets ``408``, and a connection that sent nothing is
  closed; bytes between two requests (a stray line break) start the next one's clock;
- a body must arrive within ``HEAD_SECONDS`` more, and a second more for every
  ``MIN_BODY_RATE`` bytes it declares, else ``408``;
- a body without a declared length (``Transfer-Encoding: chunked``) gets ``411``: no
  client of Saloon's sends one, and its trailers are a second head, unbounded.

Each answer is the usual error JSON with the security headers every answer carries.
"""

from __future__ import annotations

import asyncio
import json

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from app.headers import HEADERS

# Browsers send heads of one or two kilobytes (Saloon sets no cookies); a proxy's are
# bounded likewise (nginx: four buffers of 8 KiB).
MAX_HEAD_BYTES = 64 * 1024
# A head is sent at once; this leaves a slow phone network room and no more.
HEAD_SECONDS = 20.0
# The slowest a body may come, after its head's seconds: a record import of 16 MiB has
# some 17 minutes, a room's settings (under a kilobyte) one second more.
MIN_BODY_RATE = 16 * 1024

_REASONS = {408: "Request Timeout", 411: "Length Required",
            431: "Request Header Fields Too Large"}
_CODES = {408: "timeout", 411: "length_required", 431: "too_large"}
_HEADERS = b"".join(f"{name}: {value}\r\n".encode("latin-1") for name, value in HEADERS.items())


class HttpProtocol(HttpToolsProtocol):
    """``HttpToolsProtocol`` that bounds a request's head in size, and its head and body
    in time, and lets go of its parser once a websocket takes its connection over, so that
    reference counting frees it at once."""

    # Bytes of the head still allowed while one is read (None: a body, a response, or
    # the wait between two requests, which uvicorn's keep-alive timeout bounds).
    _head_left: int | None = None
    _head_started = False  # whether any of it came
    _reading = False  # a request (head or body) is arriving, under ``_timer``
    _timer: asyncio.TimerHandle | None = None
    _chunked = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_clock()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Reads as uvicorn does; refuses a head that has grown past ``MAX_HEAD_BYTES``
        without ending. (A chunk holding the end of a head and a body is the body's:
        the head ended while it was read.)"""
        if not self._reading:
            # Bytes after a response: uvicorn stops its keep-alive clock at the first of
            # them, and the parser skips line breaks without beginning a request. The
            # next request's clock starts here, so that they cannot hold the connection.
            self._await_head()
        if self._head_left is not None:
            self._head_left -= len(data)
            self._head_started = True
        super().data_received(data)
        if (self._head_left is not None and self._head_left < 0
                and not self.transport.is_closing()):
            self._refuse(431, f"Expected a request head of at most {MAX_HEAD_BYTES} bytes")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if not self._reading:
            self._await_head()
        self._head_started = True

    def on_header(self, name: bytes, value: bytes) -> None:
        super().on_header(name, value)
        if name.lower() == b"transfer-encoding" and b"chunked" in value.lower():
            self._chunked = True
            # Raised in the parser's callback: uvicorn answers it as a request it cannot
            # read (``send_400_response``), which says 411 here.
            raise ValueError("a body of no declared length")

    def send_400_response(self, msg: str) -> None:
        if self._chunked:
            self._refuse(411, "Expected a body of a declared length (Content-Length), "
                              "not a chunked one")
        else:
            super().send_400_response(msg)

    def on_headers_complete(self) -> None:
        self._stop_clock()
        length = next((int(v) for n, v in self.headers if n == b"content-length"
                       and v.isdigit()), 0)
        if length:  # the body's seconds start now
            self._reading = True
            self._timer = self.loop.call_later(HEAD_SECONDS + length / MIN_BODY_RATE,
                                               self._too_slow, "body")
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._stop_clock()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        """Hands the connection to the websocket protocol, then drops the parser: this
        protocol reads nothing more."""
        self._stop_clock()
        super().handle_websocket_upgrade()
        self.parser = None  # type: ignore[assignment]

    def _await_head(self) -> None:
        """Starts a request's clock and its head's byte budget."""
        self._head_left = MAX_HEAD_BYTES
        self._head_started = False
        self._reading = True
        if self._timer is None:
            self._timer = self.loop.call_later(HEAD_SECONDS, self._too_slow, "head")

    def _stop_clock(self) -> None:
        self._head_left = None
        self._reading = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _too_slow(self, part: str) -> None:
        self._timer = None
        if not self._reading or self.transport.is_closing():
            return
        started = self._head_started or part == "body"
        self._stop_clock()
        if not started:  # nothing came: nobody is there to read an answer
            self.transport.close()
        elif part == "head":
            self._refuse(408, f"Expected a request head within {HEAD_SECONDS:g} seconds")
        else:
            self._refuse(408, "Expected the request's body sooner: it is given "
                              f"{HEAD_SECONDS:g} seconds and one more for every "
                              f"{MIN_BODY_RATE} bytes")

    def _refuse(self, status: int, message: str) -> None:
        """Answers ``status`` with the error JSON saying ``message``, and closes."""
        self._stop_clock()
        body = json.dumps({"error": {"code": _CODES[status], "message": message}}).encode()
        head = [f"HTTP/1.1 {status} {_REASONS[status]}\r\n".encode()]
        for name, value in self.server_state.default_headers:
            head += [name, b": ", value, b"\r\n"]
        head += [_HEADERS, b"content-type: application/json\r\ncontent-length: ",
                 str(len(body)).encode(), b"\r\nconnection: close\r\n\r\n"]
        self.transport.write(b"".join(head) + body)
        self.transport.close()
