"""The stack's own floor in the side-by-side benchmark: Saloon's protocol as a bare ASGI app
on uvicorn and websockets, as Saloon's server runs them, without FastAPI or Starlette.

Run: ``python bench/load/bare.py PORT``. It answers ``saloon-load.js`` as the floor
(``floor.py``) does — rooms created, joined and started over HTTP, a ``sync`` then a
``patch`` per version on each socket, one tic-tac-toe board per room in a dict — but
routes, reads bodies and writes answers itself, one ``if`` per route. What it spends is
what uvicorn, websockets and asyncio spend on the workload: the floor's cost above it is
the web framework's, Saloon's above the floor its own.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import sys
from pathlib import Path
from typing import Any

import uvicorn

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.load.floor import Room, _play, _pump  # noqa: E402

Scope = dict[str, Any]
JSON_HEADERS = [(b"content-type", b"application/json")]


class BareApp:
    """The floor's three routes and its socket, written against ASGI itself."""

    def __init__(self) -> None:
        self.rooms: dict[str, Room] = {}

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self.socket(scope, receive, send)
        elif scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})

    async def http(self, scope: Scope, receive: Any, send: Any) -> None:
        """Answers create, join and start; anything else is a 404."""
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        parts = scope["path"].strip("/").split("/")  # api, rooms[, code, verb]
        status, answer = 404, {"detail": "Not Found"}
        if scope["method"] == "POST" and parts[:2] == ["api", "rooms"]:
            status, answer = self.route(parts[2:], json.loads(body or b"{}"),
                                        dict(scope["headers"]))
        out = json.dumps(answer).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [*JSON_HEADERS, (b"content-length", str(len(out)).encode())]})
        await send({"type": "http.response.body", "body": out})

    def route(self, rest: list[str], body: dict[str, Any],
              headers: dict[bytes, bytes]) -> tuple[int, dict[str, Any]]:
        """Returns the status and answer of a POST to ``/api/rooms/...``."""
        if not rest:
            if not isinstance(body.get("game"), str) or not isinstance(body.get("name"), str):
                return 422, {"detail": "Expected a game and a name"}
            code, token = secrets.token_hex(4), secrets.token_urlsafe(16)
            self.rooms[code] = Room([token])
            return 201, {"code": code, "seat": 0, "token": token}
        room = self.rooms.get(rest[0])
        if room is None or len(rest) != 2:
            return 404, {"detail": "Not Found"}
        if rest[1] == "join" and isinstance(body.get("name"), str):
            room.tokens.append(secrets.token_urlsafe(16))
            return 200, {"seat": 1, "token": room.tokens[1]}
        if rest[1] == "start":
            if headers.get(b"authorization", b"").partition(b" ")[2].decode() != room.tokens[0]:
                return 403, {"detail": "Forbidden"}
            room.status = "playing"
            room.broadcast([{"op": "replace", "path": "/room", "value": room.doc()["room"]}])
            return 200, {"game_id": rest[0]}
        return 404, {"detail": "Not Found"}

    async def socket(self, scope: Scope, receive: Any, send: Any) -> None:
        """A seat's socket: a sync, then a patch per version; its moves played."""
        await receive()  # websocket.connect
        code = scope["path"].rpartition("/")[2]
        room = self.rooms.get(code)
        offered = [p.strip() for p in scope.get("subprotocols", [])]
        token = next((p[len("saloon.token."):] for p in offered
                      if p.startswith("saloon.token.")), None)
        if room is None or token not in room.tokens:
            await send({"type": "websocket.close", "code": 1008})
            return
        seat = room.tokens.index(token)
        await send({"type": "websocket.accept", "subprotocol": "saloon"})
        outbox: asyncio.Queue[str] = asyncio.Queue()
        room.sockets[seat] = outbox
        outbox.put_nowait(json.dumps({"type": "sync", "version": room.version,
                                      "doc": room.doc()}))
        writer = asyncio.create_task(_pump(_Sender(send), outbox))  # type: ignore[arg-type]
        try:
            while True:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    break
                _play(room, seat, json.loads(message["text"])["action"]["cell"])
        finally:
            room.sockets.pop(seat, None)
            writer.cancel()
            if not room.sockets:
                self.rooms.pop(code, None)


class _Sender:
    """What ``floor._pump`` sends through, on ASGI's ``send``."""

    def __init__(self, send: Any) -> None:
        self.send = send

    async def send_text(self, text: str) -> None:
        await self.send({"type": "websocket.send", "text": text})


def main() -> None:
    from app.cli.server import KEEP_ALIVE
    from app.http_protocol import HttpProtocol
    from app.runtime import tune_gc

    tune_gc()
    uvicorn.run(BareApp(), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning",
                http=HttpProtocol, ws_per_message_deflate=False, lifespan="on",
                timeout_keep_alive=KEEP_ALIVE)


if __name__ == "__main__":
    main()
