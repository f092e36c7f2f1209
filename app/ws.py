"""The websocket ``/ws/rooms/{code}``: one document per connection, kept in step by patches.

The handler only parses and routes; the room service decides. Every message is
validated, and bad input gets an ``error`` message while the socket stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

import pydantic
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from app.deps import Rooms
from app.errors import NotFound, SaloonError, first_error
from app.rooms import Connection, LiveRoom, RoomService
from app.schemas import CLIENT_TYPES, ActionMessage, ChatMessage, ClientMessage, SyncMessage
from games.base import GameError

router = APIRouter()
log = logging.getLogger("saloon.ws")

# Close codes in the 4000-4999 range that applications may use (RFC 6455 §7.4.2).
CLOSE_UNKNOWN_ROOM = 4404
CLOSE_BAD_TOKEN = 4401
CLOSE_FORBIDDEN = 4403


def error(code: str, message: str, ref: Any = None) -> dict[str, Any]:
    """Returns an ``error`` message."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        out["ref"] = ref
    return out


async def refuse(ws: WebSocket, code: str, message: str, close_code: int) -> None:
    """Accepts only to say why, then closes."""
    await ws.accept()
    await ws.send_json(error(code, message))
    await ws.close(close_code)


@router.websocket("/ws/rooms/{code}")
async def room_socket(ws: WebSocket, code: str, service: Rooms,
                      token: str | None = None) -> None:
    """Mirrors the room's document for the token's seat (no token: a spectator)."""
    try:
        live = await service.get(code)
    except NotFound as e:
        await refuse(ws, "unknown_room", e.message, CLOSE_UNKNOWN_ROOM)
        return
    seat: int | None = None
    if token:
        seat = live.seat_for_token(token)
        if seat is None:
            await refuse(ws, "bad_token", "That token belongs to no seat of this room",
                         CLOSE_BAD_TOKEN)
            return
    elif not live.allow_spectators:
        await refuse(ws, "forbidden", "The host does not allow spectators in this room",
                     CLOSE_FORBIDDEN)
        return
    await ws.accept()
    conn = await service.connect(live, seat)
    writer = asyncio.create_task(_pump(ws, conn))
    try:
        await _read(ws, service, live, conn, token)
    except WebSocketDisconnect:
        pass
    finally:
        service.disconnect(live, conn)
        conn.send(None)
        with contextlib.suppress(Exception):
            await writer


async def _pump(ws: WebSocket, conn: Connection) -> None:
    """Sends queued messages in order; ``None`` closes the socket."""
    while True:
        message = await conn.outbox.get()
        if message is None:
            with contextlib.suppress(Exception):
                await ws.close()
            return
        try:
            await ws.send_text(json.dumps(message, separators=(",", ":")))
        except Exception:  # the peer went away; the reader notices and cleans up
            return


async def _read(ws: WebSocket, service: RoomService, live: LiveRoom, conn: Connection,
                token: str | None) -> None:
    limit = service.settings.max_message_bytes
    while True:
        frame = await ws.receive()
        if frame["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(frame.get("code", 1000))
        raw = frame.get("text")
        if raw is None:
            raw_bytes = frame.get("bytes") or b""
            size = len(raw_bytes)
            if size > limit:
                conn.send(error("too_large", f"Expected at most {limit} bytes, got {size}"))
                continue
            try:
                raw = raw_bytes.decode()
            except UnicodeDecodeError:
                conn.send(error("bad_json", "Expected UTF-8 JSON text"))
                continue
        size = len(raw.encode())
        if size > limit:
            conn.send(error("too_large", f"Expected at most {limit} bytes, got {size}"))
            continue
        await _handle(service, live, conn, token, raw)


async def _handle(service: RoomService, live: LiveRoom, conn: Connection, token: str | None,
                  raw: str) -> None:
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        conn.send(error("bad_json", f"Expected a JSON object; {e.msg} at character {e.pos}"))
        return
    if not isinstance(data, dict) or data.get("type") not in CLIENT_TYPES:
        got = data.get("type") if isinstance(data, dict) else type(data).__name__
        conn.send(error("unknown_type",
                        f"Expected a message type among {', '.join(CLIENT_TYPES)}; got {got!r}"))
        return
    ref = data.get("ref") if isinstance(data.get("ref"), (str, int)) else None
    try:
        message = ClientMessage.validate_python(data)
    except pydantic.ValidationError as e:
        conn.send(error("bad_message", f"Expected a valid {data['type']} message; "
                                       f"{first_error(e.errors(), drop=1, default='message')}",
                        ref))
        return
    try:
        if isinstance(message, SyncMessage):
            async with live.lock:
                live.connections.sync(live, conn)
        elif isinstance(message, ChatMessage):
            await service.chat(live, _seat(live, conn, token), message.text)
        elif isinstance(message, ActionMessage):
            seat = _seat(live, conn, token)
            if seat is None:
                conn.send(error("forbidden", "Spectators cannot act", ref))
                return
            await service.act(live, seat, message.action, actor=conn, ref=ref)
    except (GameError, SaloonError) as e:
        conn.send(error(e.code, e.message, ref))


def _seat(live: LiveRoom, conn: Connection, token: str | None) -> int | None:
    """Returns the connection's seat if its token still holds it (a kicked seat does not)."""
    if conn.viewer is None or token is None:
        return None
    if live.seat_for_token(token) != conn.viewer:
        raise SaloonError("That seat is no longer yours")
    return conn.viewer
