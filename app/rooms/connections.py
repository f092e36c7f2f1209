"""A room's websocket connections: each mirrors one document, fed through its outbox."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from app.rooms.data import RoomData
from app.rooms.documents import diff, document

JSON = Any


@dataclass(eq=False)
class Connection:
    """One websocket: whose document it mirrors, the last version sent, an outbox."""

    viewer: int | None
    outbox: asyncio.Queue[dict[str, JSON] | None] = field(default_factory=asyncio.Queue)
    doc: dict[str, JSON] | None = None
    version: int = -1

    def send(self, message: dict[str, JSON] | None) -> None:
        """Queues a message for the socket's writer task; ``None`` closes the socket."""
        self.outbox.put_nowait(message)


class Connections:
    """The connections of one room, and what is sent to them."""

    def __init__(self, log_limit: int) -> None:
        self.log_limit = log_limit
        self._all: set[Connection] = set()

    def __iter__(self) -> Iterator[Connection]:
        return iter(list(self._all))

    def __len__(self) -> int:
        return len(self._all)

    def add(self, conn: Connection) -> None:
        """Registers a connection (its first ``sync`` is the caller's to send)."""
        self._all.add(conn)

    def discard(self, conn: Connection) -> None:
        """Forgets a connection."""
        self._all.discard(conn)

    def sync(self, room: RoomData, conn: Connection) -> None:
        """Queues the whole document for ``conn``."""
        conn.doc = document(room, conn.viewer, self.log_limit)
        conn.version = room.version
        conn.send({"type": "sync", "version": room.version, "doc": conn.doc})

    def broadcast(self, room: RoomData, actor: Connection | None = None,
                  ref: JSON = None) -> None:
        """Brings every connection to the room's version: a patch, or a sync if it fell behind.

        Each distinct document is built once (every spectator sees the same one).
        """
        docs: dict[int | None, dict[str, JSON]] = {}
        for conn in self:
            doc = docs.get(conn.viewer)
            if doc is None:
                doc = docs[conn.viewer] = document(room, conn.viewer, self.log_limit)
            if conn.doc is None or conn.version != room.version - 1:
                message: dict[str, JSON] = {"type": "sync", "version": room.version, "doc": doc}
            else:
                message = {"type": "patch", "version": room.version, "ops": diff(conn.doc, doc)}
            if conn is actor and ref is not None:
                message["ref"] = ref
            conn.doc, conn.version = doc, room.version
            conn.send(message)

    def presence(self) -> None:
        """Tells every connection which seats have someone connected right now."""
        online = sorted({c.viewer for c in self._all if c.viewer is not None})
        spectators = sum(1 for c in self._all if c.viewer is None)
        for conn in self:
            conn.send({"type": "presence", "seats": online, "spectators": spectators})

    def drop_seat(self, position: int, *, renumber: bool) -> None:
        """Closes a removed seat's sockets before any document is sent to them again.

        With ``renumber`` the later seats moved up one, and so do their connections:
        a connection must never be left pointing at someone else's seat.
        """
        for conn in self:
            if conn.viewer == position:
                self._all.discard(conn)
                conn.send({"type": "error", "code": "kicked",
                           "message": "The host removed you from this seat"})
                conn.send(None)
            elif renumber and conn.viewer is not None and conn.viewer > position:
                conn.viewer -= 1

    def close(self) -> None:
        """Closes every socket."""
        for conn in self:
            conn.send(None)
