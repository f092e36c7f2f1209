"""No log line holds a token: not the access log, not the socket's, not the server's own."""

from __future__ import annotations

import logging

import httpx
import websockets

from app.logs import redact
from tests.support.rooms import bearer, open_room
from tests.support.server import LiveServer
from tests.support.wire import WireClient


class Lines(logging.Handler):
    """Keeps every formatted line logged through the loggers it is attached to."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


def test_redact_hides_tokens_in_urls_headers_and_subprotocols() -> None:
    assert redact('GET /ws/rooms/abc?token=s3cr3t-_x HTTP/1.1') == \
        'GET /ws/rooms/abc?token=[redacted] HTTP/1.1'
    assert redact("Authorization: Bearer s3cr3t") == "Authorization: Bearer [redacted]"
    assert redact("saloon, saloon.token.s3cr3t") == "saloon, saloon.token.[redacted]"
    assert redact("/r/abc?x=1&token=s3cr3t&y=2") == "/r/abc?x=1&token=[redacted]&y=2"
    # The server decodes a query's key: an encoded letter makes the same key.
    assert redact("/ws/rooms/abc?%74oken=s3cr3t") == "/ws/rooms/abc?%74oken=[redacted]"
    assert redact("/ws/rooms/abc?T%4FKEN=s3cr3t") == "/ws/rooms/abc?T%4FKEN=[redacted]"


async def test_no_log_line_of_a_served_session_holds_a_token(settings) -> None:
    lines = Lines()
    loggers = [logging.getLogger(n) for n in ("uvicorn.access", "uvicorn.error", "saloon")]
    with LiveServer(settings, log_level="info") as server:
        for logger in loggers:
            logger.addHandler(lines)
        try:
            code, tokens = await open_room(server.http, "highcard", 2, 0)
            old = await WireClient.connect(server.ws, code, tokens[0], in_url=True)
            async with websockets.connect(f"{server.ws}/ws/rooms/{code}?%74oken={tokens[1]}"):
                pass
            new = await WireClient.connect(server.ws, code, tokens[1])
            async with httpx.AsyncClient(base_url=server.http) as http:
                await http.post(f"/api/rooms/{code}/join", json={},
                                headers=bearer(tokens[1]))
                await http.get("/api/admin/games", headers={"Authorization": "Bearer wrong"})
            await old.close()
            await new.close()
        finally:
            for logger in loggers:
                logger.removeHandler(lines)
    text = "\n".join(lines.lines)
    assert "WebSocket" in text and "token=[redacted]" in text  # the lines are there...
    for token in tokens:
        assert token not in text  # ...without the tokens
