"""The websocket ``/ws/rooms/{code}``: one document per connection, kept in step by patches.

The handler only authenticates, parses and routes; the room service decides. Every
message is validated, and bad input of any kind gets an ``error`` message while the
socket stays open. The application hands these sockets here itself, past FastAPI's
router and middleware (``app.main.SaloonApp``): those act on HTTP alone.

A seat's token travels in the ``Sec-WebSocket-Protocol`` header (the client offers
``saloon`` and ``saloon.token.<token>``; the server accepts ``saloon``), so it never
appears in a URL or an access log. The older ``?token=`` form still works for one
release; it is redacted from the server's logs (``app.logs``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

import pydantic
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

from app.deps import services_of
from app.errors import Crowded, NotFound, SaloonError, first_error
from app.limits import TooManyRequests
from app.rooms import Connection, LiveRoom
from app.schemas import (
    CLIENT_TYPES,
    ActionMessage,
    BackMessage,
    ChatMessage,
    ClientMessage,
    PingMessage,
    SyncMessage,
)
from app.services import Services
from app.tokens import hash_token
from games.base import GameError

log = logging.getLogger("saloon.ws")

PATH = "/ws/rooms/"
SUBPROTOCOL = "saloon"
TOKEN_PREFIX = "saloon.token."
MAX_DEPTH = 16  # nesting of a message's JSON: no message of the protocol needs more

# Close codes in the 4000-4999 range that applications may use (RFC 6455 §7.4.2).
CLOSE_UNKNOWN_ROOM = 4404
CLOSE_BAD_TOKEN = 4401
CLOSE_FORBIDDEN = 4403
CLOSE_CROWDED = 4429
CLOSE_TOO_SLOW = 4408


def error(code: str, message: str, ref: Any = None, **extra: Any) -> dict[str, Any]:
    """Returns an ``error`` message."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message, **extra}
    if ref is not None:
        out["ref"] = ref
    return out


def room_code(scope: Scope) -> str | None:
    """Returns the room code of a socket opened on ``/ws/rooms/{code}`` (under the app's
    ``root_path``, if any), or None for any other path."""
    path, root = scope["path"], scope.get("root_path", "")
    if root and path.startswith(root + "/"):
        path = path[len(root):]
    code = path[len(PATH):] if path.startswith(PATH) else ""
    return code if code and "/" not in code else None


def offered(ws: WebSocket) -> tuple[bool, str | None]:
    """Returns whether the client offered the ``saloon`` subprotocol, and its token if any."""
    header = ws.headers.get("sec-websocket-protocol", "")
    protocols = [p.strip() for p in header.split(",") if p.strip()]
    token = next((p[len(TOKEN_PREFIX):] for p in protocols if p.startswith(TOKEN_PREFIX)), None)
    return SUBPROTOCOL in protocols, token or None


async def refuse(ws: WebSocket, subprotocol: str | None, code: str, message: str,
                 close_code: int) -> None:
    """Accepts only to say why, then closes."""
    await ws.accept(subprotocol=subprotocol)
    await ws.send_json(error(code, message))
    await ws.close(close_code)


async def room_socket(scope: Scope, receive: Receive, send: Send, code: str) -> None:
    """Mirrors the room's document for the token's seat (no token: a spectator).

    Starlette's ``WebSocket`` opens and closes the socket; a room's messages go through
    the server's own ``receive`` and ``send``, which the socket's state checks would only
    wrap (a room sends nothing before it accepts, nor after it closes)."""
    ws = WebSocket(scope, receive, send)
    services = services_of(ws)
    speaks_saloon, offered_token = offered(ws)
    subprotocol = SUBPROTOCOL if speaks_saloon else None
    token = offered_token or ws.query_params.get("token") or None  # "?token=" is none
    address = ws.client.host if ws.client else "unknown"
    try:
        # Each socket opened brings a whole document: opened over and over, it was one
        # more way to ask for them without end. A token the room in memory does not know
        # is looked for in the database: it spends a join, as a forged one would.
        services.limits.sockets.check(address, "connections opened")
        if token:
            services.check_join(code, token, address)
        services.limits.open_sockets.take(address, "connections")
    except TooManyRequests as e:
        await refuse(ws, subprotocol, e.code, e.message, CLOSE_CROWDED)
        return
    try:
        await _serve(ws, services, receive, send, code, token, subprotocol)
    finally:
        services.limits.open_sockets.give_back(address)


async def _serve(ws: WebSocket, services: Services, receive: Receive, send: Send, code: str,
                 token: str | None, subprotocol: str | None) -> None:
    """``room_socket`` once the socket may open: the room found, the seat authenticated,
    the document mirrored until either side leaves."""
    rooms = services.rooms
    # A seat's socket says who it is with each action, and finds its seat by it when it
    # opens: the token's hash is kept for all.
    digest = hash_token(token) if token else None
    try:
        live = await rooms.get(code)
        seat = await rooms.authenticate(live, token) if token else None
        if token is None and not live.allow_spectators:
            await refuse(ws, subprotocol, "forbidden",
                         "The host does not allow spectators in this room", CLOSE_FORBIDDEN)
            return
        conn = await rooms.connect(live, seat, token_hash=digest)
    except NotFound as e:
        await refuse(ws, subprotocol, "unknown_room", e.message, CLOSE_UNKNOWN_ROOM)
        return
    except Crowded as e:
        await refuse(ws, subprotocol, e.code, e.message, CLOSE_CROWDED)
        return
    except SaloonError:
        await refuse(ws, subprotocol, "bad_token", "That token belongs to no seat of this room",
                     CLOSE_BAD_TOKEN)
        return
    await ws.accept(subprotocol=subprotocol)
    reader = asyncio.create_task(_read(receive, services, live, conn, digest))
    writer = asyncio.create_task(_pump(ws, send, conn))
    conn.abort = writer.cancel
    try:
        # Whichever ends first ends the connection: the peer left, or we closed it.
        await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        rooms.disconnect(live, conn)
        conn.close()
        for task in (reader, writer):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(Exception):
            await ws.close(CLOSE_TOO_SLOW if conn.too_slow else 1000)


async def _pump(ws: WebSocket, send: Send, conn: Connection) -> None:
    """Sends queued messages in order; ``None`` closes the socket."""
    outbox = conn.outbox
    while True:
        out = await outbox.get()
        if out is None:
            with contextlib.suppress(Exception):
                await ws.close()
            return
        try:
            await send({"type": "websocket.send", "text": out.text})
        except Exception:  # the peer went away; the reader notices and cleans up
            return
        if out.kind == "sync":  # asked here: nearly every message is a patch
            conn.synced()


async def _read(receive: Receive, services: Services, live: LiveRoom, conn: Connection,
                digest: str | None) -> None:
    """Handles the client's messages until it leaves."""
    limit = services.settings.max_message_bytes
    while True:
        frame = await receive()
        if frame["type"] == "websocket.disconnect":
            return
        raw: str | None = frame.get("text")
        data: bytes = b"" if raw is not None else frame.get("bytes") or b""
        size = len(raw.encode()) if raw is not None else len(data)
        if size > limit:
            conn.send(error("too_large", f"Expected at most {limit} bytes, got {size}"))
            continue
        if raw is None:
            try:
                raw = data.decode()
            except UnicodeDecodeError:
                conn.send(error("bad_json", "Expected UTF-8 JSON text"))
                continue
        await _handle(services, live, conn, digest, raw)


def parse(raw: str) -> Any:
    """Returns the JSON value of ``raw``; raises ``ValueError`` saying what is wrong with it.

    Beyond JSON syntax it refuses what would break later: nesting deeper than
    ``MAX_DEPTH``, integers too long to convert, and lone surrogates in strings.
    """
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        raise ValueError(f"Expected a JSON object; {e.msg} at character {e.pos}") from None
    except RecursionError:
        raise ValueError(f"Expected JSON nested at most {MAX_DEPTH} deep") from None
    except ValueError as e:  # e.g. an integer of more than 4,300 digits
        raise ValueError(f"Expected JSON with numbers Python can read; {e}") from None
    # Only a ``\u`` escape or a character outside ASCII can make a lone surrogate, and
    # JSON nests no deeper than the brackets it holds: most messages need no walk.
    if (not raw.isascii() or "\\u" in raw
            or raw.count("[") + raw.count("{") > MAX_DEPTH):
        _check(data, 0)
    return data


def _check(value: Any, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise ValueError(f"Expected JSON nested at most {MAX_DEPTH} deep")
    if isinstance(value, str):
        try:
            value.encode()
        except UnicodeEncodeError:
            raise ValueError("Expected text without lone surrogates (\\ud800-\\udfff)") from None
    elif isinstance(value, dict):
        for k, v in value.items():
            _check(k, depth + 1)
            _check(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            _check(v, depth + 1)


async def _handle(services: Services, live: LiveRoom, conn: Connection, digest: str | None,
                  raw: str) -> None:
    try:
        data = parse(raw)
    except ValueError as e:
        conn.send(error("bad_json", str(e)))
        return
    if not isinstance(data, dict) or data.get("type") not in CLIENT_TYPES:
        got = data.get("type") if isinstance(data, dict) else type(data).__name__
        conn.send(error("unknown_type", f"Expected a message type among "
                                        f"{', '.join(CLIENT_TYPES)}; got {str(got)[:40]!r}"))
        return
    ref = data.get("ref") if isinstance(data.get("ref"), (str, int)) else None
    try:
        message = ClientMessage.validator.validate_python(data)  # the adapter's own
    except pydantic.ValidationError as e:
        conn.send(error("bad_message", f"Expected a valid {data['type']} message; "
                                       f"{first_error(e.errors(), drop=1, default='message')}",
                        ref))
        return
    try:
        await _route(services, live, conn, digest, message, ref)
    except TooManyRequests as e:
        conn.send(error(e.code, e.message, ref, retry_after=e.retry_after))
    except GameError as e:
        extra = {"rule": e.rule.to_json()} if e.rule is not None else {}
        conn.send(error(e.code, e.message, ref, **extra))
    except SaloonError as e:
        conn.send(error(e.code, e.message, ref))


async def _route(services: Services, live: LiveRoom, conn: Connection, digest: str | None,
                 message: Any, ref: Any) -> None:
    if isinstance(message, ActionMessage):  # the common case first
        seat = _seat(live, conn, digest)
        if seat is None:
            conn.send(error("forbidden", "Spectators cannot act", ref))
            return
        await services.rooms.act(live, seat, message.action, actor=conn, ref=ref)
    elif isinstance(message, PingMessage):
        # The last version queued for this socket: a client behind it after the pong has
        # missed a patch. Queued behind everything else, so it never overtakes one.
        conn.send({"type": "pong", "version": conn.version,
                   "time": live.connections.clock.now().isoformat()})
    elif isinstance(message, SyncMessage):
        # A whole document is the most a message can ask of the server: a client asks
        # for one after a missed patch or a reconnection, not over and over.
        services.limits.syncs.check(f"{live.code}:{conn.serial}", "whole documents asked for")
        async with live.lock:
            live.connections.sync(live, conn)
    elif isinstance(message, ChatMessage):
        seat = _seat(live, conn, digest)
        if seat is not None:
            services.limits.chat.check(f"{live.code}:{seat}", "chat lines")
        await services.rooms.chat(live, seat, message.text, actor=conn, ref=ref)
    elif isinstance(message, BackMessage):
        await services.rooms.come_back(live, _seat(live, conn, digest), actor=conn, ref=ref)


def _seat(live: LiveRoom, conn: Connection, digest: str | None) -> int | None:
    """Returns the connection's seat if its token (``digest``, its hash) still holds it (a
    kicked seat does not)."""
    if conn.viewer is None or digest is None:
        return None
    if live.seat_for_hash(digest) != conn.viewer:
        raise SaloonError("That seat is no longer yours")
    return conn.viewer
