"""The framework floor of the side-by-side benchmark: Saloon's protocol on Saloon's stack
(FastAPI, uvicorn, websockets) with nothing of Saloon behind it.

Run: ``python bench/load/floor.py PORT``. It answers ``saloon-load.js`` as Saloon does —
rooms created, joined and started over HTTP with pydantic bodies, a ``sync`` then a
``patch`` per version on each socket — but keeps one tic-tac-toe board per room in a
dict: no database, no room service, no documents beyond the few keys the load reads, no
checks beyond whose turn it is. Whatever this server spends per move, Saloon cannot
spend less on the same stack; the runner prints it beside Saloon's and the peer's.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import uvicorn
from fastapi import FastAPI, Header, HTTPException, WebSocket, WebSocketDisconnect
from pydantic import BaseModel

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class CreateRoom(BaseModel):
    """The body of a new room."""

    game: str
    name: str


class Join(BaseModel):
    """The body of a join."""

    name: str


@dataclass
class Room:
    """One board, the seats' tokens, the version and the sockets' outboxes."""

    tokens: list[str]
    cells: list[int | None] = field(default_factory=lambda: [None] * 9)
    status: str = "lobby"
    turn: int = 0
    version: int = 0
    sockets: dict[int, asyncio.Queue[str]] = field(default_factory=dict)

    def doc(self) -> dict[str, Any]:
        """Returns the document the load reads."""
        to_act = [self.turn] if self.status == "playing" else []
        return {"room": {"status": self.status, "to_act": to_act}, "game": {"cells": self.cells}}

    def broadcast(self, ops: list[dict[str, Any]]) -> None:
        """Moves to the next version and queues its patch for every socket."""
        self.version += 1
        text = json.dumps({"type": "patch", "version": self.version, "ops": ops},
                          separators=(",", ":"))
        for outbox in self.sockets.values():
            outbox.put_nowait(text)


def create_app() -> FastAPI:
    """Builds the floor server."""
    app = FastAPI()
    rooms: dict[str, Room] = {}

    @app.post("/api/rooms", status_code=201)
    async def create(body: CreateRoom) -> dict[str, Any]:
        code, token = secrets.token_hex(4), secrets.token_urlsafe(16)
        rooms[code] = Room([token])
        return {"code": code, "seat": 0, "token": token}

    @app.post("/api/rooms/{code}/join")
    async def join(code: str, body: Join) -> dict[str, Any]:
        room = rooms[code]
        room.tokens.append(secrets.token_urlsafe(16))
        return {"seat": 1, "token": room.tokens[1]}

    @app.post("/api/rooms/{code}/start")
    async def start(code: str, authorization: Annotated[str, Header()]) -> dict[str, Any]:
        room = rooms[code]
        if authorization.partition(" ")[2] != room.tokens[0]:
            raise HTTPException(403)
        room.status = "playing"
        room.broadcast([{"op": "replace", "path": "/room", "value": room.doc()["room"]}])
        return {"game_id": code}

    @app.websocket("/ws/rooms/{code}")
    async def socket(ws: WebSocket, code: str) -> None:
        room = rooms[code]
        offered = ws.headers.get("sec-websocket-protocol", "").split(",")
        token = next(p.strip()[len("saloon.token."):] for p in offered
                     if p.strip().startswith("saloon.token."))
        seat = room.tokens.index(token)
        await ws.accept(subprotocol="saloon")
        outbox: asyncio.Queue[str] = asyncio.Queue()
        room.sockets[seat] = outbox
        outbox.put_nowait(json.dumps({"type": "sync", "version": room.version,
                                      "doc": room.doc()}))
        writer = asyncio.create_task(_pump(ws, outbox))
        try:
            while True:
                message = json.loads(await ws.receive_text())
                _play(room, seat, message["action"]["cell"])
        except WebSocketDisconnect:
            pass
        finally:
            room.sockets.pop(seat, None)
            writer.cancel()
            if not room.sockets:
                rooms.pop(code, None)

    return app


async def _pump(ws: WebSocket, outbox: asyncio.Queue[str]) -> None:
    while True:
        await ws.send_text(await outbox.get())


def _play(room: Room, seat: int, cell: int) -> None:
    if room.status != "playing" or seat != room.turn or room.cells[cell] is not None:
        return
    room.cells[cell] = seat
    ops: list[dict[str, Any]] = [{"op": "replace", "path": f"/game/cells/{cell}", "value": seat}]
    won = any(room.cells[a] is not None and room.cells[a] == room.cells[b] == room.cells[c]
              for a, b, c in LINES)
    if won or None not in room.cells:
        room.status = "finished"
    else:
        room.turn = 1 - seat
    ops.append({"op": "replace", "path": "/room", "value": room.doc()["room"]})
    room.broadcast(ops)


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from app.cli.server import KEEP_ALIVE
    from app.http_protocol import HttpProtocol
    from app.runtime import tune_gc

    # The collector and the HTTP protocol as Saloon's server has them, so that the two
    # differ only by Saloon.
    tune_gc()
    uvicorn.run(create_app(), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning",
                http=HttpProtocol, ws_per_message_deflate=False,
                timeout_keep_alive=KEEP_ALIVE)


if __name__ == "__main__":
    main()
