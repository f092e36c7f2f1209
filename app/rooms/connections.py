"""A room's websocket connections: each mirrors one document, fed through a bounded outbox.

Messages are encoded once and shared: every connection that gets the same message
(a spectator's patch, a presence update) gets the same text. A connection whose
outbox fills up is too far behind to catch up by patches: it is told so and closed,
and its client reconnects and syncs.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from app.handoff import Handoff
from app.json_text import dumps
from app.rooms.data import RoomData
from app.rooms.documents import VisibleLog, document, summary
from app.rooms.patches import Found, Op, diff, part_ops, shared_part_ops
from app.timers import Clock, SystemClock

JSON = Any
PRESENCE_DELAY = 0.05  # seconds: connections arriving together get one presence update
# Why the room closes a socket: its seat is no longer its player's, or spectators are off.
KICKED = {"type": "error", "code": "kicked", "message": "The host removed you from this seat"}
SPECTATORS_OFF = {"type": "error", "code": "spectators_off",
                  "message": "The host no longer allows spectators in this room"}


class _Built(NamedTuple):
    """A viewer's document at a version; the viewer's document built before it, and how
    many entries of that one's log the new log keeps at its start (``VisibleLog.kept``);
    the room part every viewer's document at this version shares (``summary``: the
    document's own is it with the viewer's ``you``).

    Keeping ``before`` costs nothing while a connection still holds that document (the
    usual case: it is what the next patch starts from), and one document per viewer
    otherwise. (Named tuples, as ``Outgoing``: a frozen dataclass's ``__init__`` sets each
    field through ``object.__setattr__``, and a few are made with every change.)"""

    version: int
    doc: dict[str, JSON]
    before: dict[str, JSON] | None
    log_kept: int | None
    room: dict[str, JSON]


class Outgoing(NamedTuple):
    """A message ready to send: its type, and its JSON text."""

    kind: str
    text: str

    @classmethod
    def of(cls, message: dict[str, JSON]) -> Outgoing:
        """Encodes ``message`` as the compact JSON text sent on the socket."""
        return cls(str(message["type"]), dumps(message))


_serials = itertools.count(1)


@dataclass(eq=False)
class Connection:
    """One websocket: whose document it mirrors, the last version sent, a bounded outbox."""

    viewer: int | None
    limit: int = 256
    # Names the socket for its limits (its ``id`` is reused once it is gone).
    serial: int = field(default_factory=_serials.__next__)
    # The hash of the token its seat had when it opened: which seat it is, should another
    # process's change renumber the seats (``Connections.follow_seats``).
    token_hash: str | None = field(default=None, repr=False)
    outbox: Handoff[Outgoing | None] = field(default_factory=Handoff)
    doc: dict[str, JSON] | None = None
    version: int = -1
    room: dict[str, JSON] | None = None  # the shared room part ``doc`` was built from
    sync_pending: bool = False
    closed: bool = False
    too_slow: bool = False
    # Set by the socket's handler: stops a writer stuck on a socket that does not drain.
    abort: Callable[[], object] | None = None

    def send(self, message: dict[str, JSON] | Outgoing | None) -> None:
        """Queues a message for the socket's writer task; ``None`` closes the socket."""
        if self.closed:
            return
        if message is None:
            self.close()
            return
        out = message if isinstance(message, Outgoing) else Outgoing.of(message)
        if len(self.outbox) >= self.limit:
            self._too_slow()
            return
        self.sync_pending = self.sync_pending or out.kind == "sync"
        self.outbox.put(out)

    def synced(self) -> None:
        """Notes that the writer task sent a ``sync``: the next one asked for is queued."""
        self.sync_pending = False

    def close(self, reason: dict[str, JSON] | None = None) -> None:
        """Queues ``reason`` (an error message) if given, then the end of the socket."""
        if self.closed:
            return
        if reason is not None:
            self.outbox.put(Outgoing.of(reason))
        self.closed = True
        self.outbox.put(None)

    def _too_slow(self) -> None:
        self.outbox.clear()  # nothing queued is worth sending any more
        self.too_slow = True
        self.close({"type": "error", "code": "too_slow",
                    "message": f"More than {self.limit} messages were waiting for this "
                               f"connection; reconnect to get the whole document again"})
        if self.abort is not None:
            self.abort()


class Connections:
    """The connections of one room, and what is sent to them."""

    def __init__(self, log_limit: int = 400, outbox_limit: int = 256,
                 clock: Clock | None = None) -> None:
        self.log_limit = log_limit
        self.outbox_limit = outbox_limit
        self.clock: Clock = clock or SystemClock()
        self._all: set[Connection] = set()
        self._presence: asyncio.TimerHandle | None = None
        # The last document built for each viewer, with its version: a document is a
        # function of the room's version and the viewer, so it can be shared.
        self._docs: dict[int | None, _Built] = {}
        # The log entries each viewer sees, kept in step with the room's log.
        self._logs: dict[int | None, VisibleLog] = {}
        self._summary: tuple[int, dict[str, JSON]] | None = None

    def __iter__(self) -> Iterator[Connection]:
        return iter(list(self._all))

    def __len__(self) -> int:
        return len(self._all)

    def count(self, viewer: int | None) -> int:
        """Returns how many connections mirror ``viewer``'s document."""
        n = 0
        for c in self._all:  # a loop, no generator: a room has a few connections
            if c.viewer == viewer:
                n += 1
        return n

    def open(self, room: RoomData, viewer: int | None) -> Connection:
        """Registers a connection for ``viewer`` and queues its first ``sync``."""
        token_hash = room.seats[viewer].token_hash if viewer is not None else None
        conn = Connection(viewer, limit=self.outbox_limit, token_hash=token_hash)
        self._all.add(conn)
        self.sync(room, conn)
        return conn

    def discard(self, conn: Connection) -> bool:
        """Forgets a connection, and with the last one the documents kept to patch them;
        returns whether it was one of the room's (``False``: forgotten already)."""
        held = conn in self._all
        self._all.discard(conn)
        if not self._all:
            self._forget_documents()
        return held

    def _forget_documents(self) -> None:
        """Drops each viewer's last document and kept log: they serve only to patch a
        connection, and a room nobody watches (a game over, its players gone) stays in
        memory for minutes (``ROOM_IDLE_SECONDS``). A connection opened later is sent a
        document built anew."""
        self._docs.clear()
        self._logs.clear()
        self._summary = None

    def _build(self, room: RoomData, viewer: int | None) -> _Built:
        """Returns ``viewer``'s document at the room's version, built once per version."""
        cached = self._docs.get(viewer)
        if cached is not None and cached.version == room.version:
            return cached
        log = self._logs.get(viewer)
        if log is None:
            log = self._logs[viewer] = VisibleLog(viewer, self.log_limit)
        if self._summary is None or self._summary[0] != room.version:
            self._summary = (room.version, summary(room))  # every viewer's, "you" aside
        room_part = self._summary[1]
        doc = document(room, viewer, self.log_limit, log, room_part)
        built = self._docs[viewer] = _Built(room.version, doc, cached.doc if cached else None,
                                            log.kept, room_part)
        return built

    def sync(self, room: RoomData, conn: Connection) -> None:
        """Queues the whole document for ``conn``, unless a sync is already on its way."""
        if conn.sync_pending:
            return
        built = self._build(room, conn.viewer)
        conn.doc, conn.version, conn.room = built.doc, room.version, built.room
        conn.send({"type": "sync", "version": room.version, "doc": conn.doc,
                   "time": self.clock.now().isoformat()})

    def broadcast(self, room: RoomData, actor: Connection | None = None,
                  ref: JSON = None) -> None:
        """Brings every connection to the room's version: a patch, or a sync if it fell behind.

        Each distinct document is built once, each distinct message encoded once (every
        spectator sees the same one), the room part's operations found once for every
        connection that holds the same room part, and the game part's, and each of its
        children's, once for every connection that holds the same one and gets the same
        one (``patches.shared_part_ops``: every viewer's view shares most of its parts).
        """
        shared: dict[tuple[int | None, int], Outgoing] = {}
        # By the shared room part a connection's document was built from: the operations
        # to this version's (every viewer's room part is it with its own "you").
        room_ops: dict[int, dict[str, list[Op]]] = {}
        # By the game view (or a part of it) held and the one sent: the operations between.
        game_ops: Found = {}
        sent_at = self.clock.now().isoformat()  # lets clients read deadlines on their clocks
        for conn in self:
            built = self._build(room, conn.viewer)
            doc = built.doc
            behind = conn.doc is None or conn.version != room.version - 1

            def message(conn: Connection = conn, built: _Built = built,
                        behind: bool = behind) -> dict[str, JSON]:
                if behind:
                    return {"type": "sync", "version": room.version, "doc": built.doc,
                            "time": sent_at}
                # The log's change is known when this connection holds the document it
                # was built after (a connection moved to another seat does not).
                kept = built.log_kept if conn.doc is built.before else None
                known = None
                held = conn.room
                if (held is not None and conn.doc is not None
                        and conn.doc["room"]["you"] == built.doc["room"]["you"]):
                    known = room_ops.get(id(held))
                    if known is None:
                        known = room_ops[id(held)] = {"room": part_ops("room", held, built.room)}
                if conn.doc is not None:
                    known = {**(known or {}), "game": shared_part_ops(
                        "game", conn.doc["game"], built.doc["game"], game_ops)}
                return {"type": "patch", "version": room.version,
                        "ops": diff(conn.doc or {}, built.doc, log_kept=kept, known=known),
                        "time": sent_at}

            if conn is actor and ref is not None:
                conn.send(message() | {"ref": ref})
            else:
                # Connections of one viewer at the same version get the same text.
                key = (conn.viewer, -1 if behind else conn.version)
                if key not in shared:
                    shared[key] = Outgoing.of(message())
                conn.send(shared[key])
            conn.doc, conn.version, conn.room = doc, room.version, built.room

    def presence(self) -> None:
        """Tells every connection, shortly, which seats have someone connected."""
        if self._presence is None:
            self._presence = asyncio.get_running_loop().call_later(
                PRESENCE_DELAY, self._send_presence)

    def _send_presence(self) -> None:
        self._presence = None
        online = sorted({c.viewer for c in self._all if c.viewer is not None})
        spectators = sum(1 for c in self._all if c.viewer is None)
        out = Outgoing.of({"type": "presence", "seats": online, "spectators": spectators})
        for conn in self:
            conn.send(out)

    def drop(self, *, seat: int | None = None, spectators: bool = False,
             reason: dict[str, JSON]) -> None:
        """Closes the sockets of ``seat`` (or of every spectator), saying why."""
        for conn in self:
            if (spectators and conn.viewer is None) or (seat is not None and conn.viewer == seat):
                self.discard(conn)
                conn.close(reason)

    def follow_seats(self, room: RoomData) -> None:
        """Brings every connection to the seat its token holds now, after changes this
        process did not make (another process's, read back): a seat that moved takes
        its connections with it, each then sent its whole document anew; one no longer
        its player's closes theirs (``KICKED``), and spectators no longer allowed are
        closed (``SPECTATORS_OFF``). (The changes this process makes move them
        by their events: ``RoomService._close_removed_seats``.)"""
        moved = False
        for conn in self:
            if conn.viewer is None:
                if not room.allow_spectators:
                    self.discard(conn)
                    conn.close(SPECTATORS_OFF)
                    moved = True
                continue
            seat = room.seat_for_hash(conn.token_hash) if conn.token_hash else None
            if seat is None:
                self.discard(conn)
                conn.close(KICKED)
                moved = True
            elif seat != conn.viewer:
                conn.viewer, conn.doc, conn.room = seat, None, None
                moved = True
        if moved:
            self.presence()

    def renumber_after(self, position: int) -> None:
        """Moves the connections of the seats after ``position`` up one, as their seats did."""
        for conn in self:
            if conn.viewer is not None and conn.viewer > position:
                conn.viewer -= 1

    def close(self) -> None:
        """Closes every socket."""
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None
        for conn in self:
            conn.close()

