"""Rooms: the one writer per room, its game state, its seats and its connections.

Every change to a room runs under the room's lock and follows one path
(``RoomService._run``): validate against the in-memory room, write the change and a
bumped room version in one transaction (the version update is conditional, so two
processes can never both write version *v*), and only after the commit update
memory and push patches to the connections. A room not in memory is rebuilt from
the database on first use.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pydantic
from sqlalchemy import Executable, delete, insert, update
from sqlalchemy.ext.asyncio import AsyncSession

from app import store
from app.db import Database
from app.documents import diff
from app.errors import BadRequest, Conflict, Forbidden, NotFound, SaloonError, Unauthorized
from app.models import ActionRow, ChatRow, GameRecord, Seat, Snapshot, utcnow
from app.models import Room as RoomRow
from app.settings import Settings
from app.tokens import hash_token, new_code, new_seed, new_token, same_hash
from games.base import Game, GameError, canonical_hash
from games.leaks import visible_to
from games.registry import UnknownGame, get_game
from games.rng import Rng

log = logging.getLogger("saloon.rooms")

JSON = Any
NAME_MAX = 32


class Stale(Exception):
    """Another writer advanced the room first; reload and try again."""


@dataclass
class SeatInfo:
    """A seat as the room keeps it in memory."""

    position: int
    name: str
    kind: str  # "human" or "bot"
    bot: str | None = None
    token_hash: str | None = None

    def public(self) -> dict[str, JSON]:
        """Returns what anyone in the room may know about the seat."""
        return {"seat": self.position, "name": self.name, "kind": self.kind, "bot": self.bot}


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


@dataclass
class Change:
    """A validated change: rows and statements to write, then what to do in memory."""

    rows: list[Any] = field(default_factory=list)
    statements: list[Executable] = field(default_factory=list)
    after: Callable[[int], None] = lambda version: None
    actor: Connection | None = None
    ref: JSON = None


@dataclass
class LiveRoom:
    """A room in memory. Only ``RoomService`` changes it, under ``lock``."""

    id: int
    code: str
    game: Game
    options: dict[str, JSON]
    status: str
    host_seat: int
    allow_spectators: bool
    version: int
    matches: int
    seats: list[SeatInfo]
    game_id: str | None = None
    seed: int | None = None
    state: Any = None
    seq: int = 0
    result: JSON = None
    log: list[dict[str, JSON]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    last_used: float = field(default_factory=time.monotonic)

    def seat_for_token(self, token: str) -> int | None:
        """Returns the seat whose token this is, else ``None``."""
        for s in self.seats:
            if same_hash(token, s.token_hash):
                return s.position
        return None

    def to_act(self) -> list[int]:
        """Returns the seats the game waits for (none outside a game)."""
        if self.status != "playing" or self.state is None:
            return []
        return sorted(self.game.to_act(self.state))

    def summary(self, viewer: int | None = None) -> dict[str, JSON]:
        """Returns the room part of a document (and of ``GET /api/rooms/{code}``)."""
        return {
            "code": self.code,
            "game": self.game.id,
            "title": self.game.title,
            "status": self.status,
            "options": self.options,
            "allow_spectators": self.allow_spectators,
            "host": self.host_seat,
            "you": viewer,
            "seats": [s.public() for s in self.seats],
            "min_seats": self.game.min_seats,
            "max_seats": self.game.max_seats,
            "match": self.matches,
            "to_act": self.to_act(),
            "result": self.result,
        }

    def document(self, viewer: int | None, log_limit: int) -> dict[str, JSON]:
        """Returns the whole document a connection of ``viewer`` mirrors."""
        game_view = self.game.view(self.state, viewer) if self.state is not None else None
        legal: list[JSON] = []
        if viewer is not None and viewer in self.to_act():
            legal = self.game.legal_actions(self.state, viewer)
        entries = [e for e in self.log if visible_to(e, viewer)][-log_limit:]
        return {"room": self.summary(viewer), "game": game_view, "legal": legal, "log": entries}


def event_entry(event: dict[str, JSON], version: int) -> dict[str, JSON]:
    """Returns a log entry for a game event."""
    return {"v": version, **event}


def chat_entry(row: ChatRow) -> dict[str, JSON]:
    """Returns a log entry for a chat line or a room notice."""
    entry: dict[str, JSON] = {"v": row.room_version, "type": row.kind, "text": row.text}
    if row.kind == "chat":
        entry |= {"seat": row.seat, "name": row.name}
    return entry


def clean_name(name: str) -> str:
    """Returns a trimmed display name; raises ``BadRequest`` when empty or too long."""
    name = " ".join(str(name).split())
    if not name or len(name) > NAME_MAX:
        raise BadRequest(f"Expected a name of 1 to {NAME_MAX} characters, got {len(name)}")
    return name


class RoomService:
    """Creates, loads and changes rooms; the only writer of room state."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.rooms: dict[str, LiveRoom] = {}
        self._loading = asyncio.Lock()
        self.notify: Callable[[str, int], Awaitable[None]] | None = None

    # ---- loading -----------------------------------------------------------------

    async def get(self, code: str) -> LiveRoom:
        """Returns the room in memory, loading it from the database on first use."""
        live = self.rooms.get(code)
        if live is None:
            async with self._loading:
                live = self.rooms.get(code)
                if live is None:
                    live = await self._load(code)
                    self.rooms[code] = live
                    self._schedule_bots(live)
        live.last_used = time.monotonic()
        return live

    async def _load(self, code: str) -> LiveRoom:
        async with self.db.session() as s:
            loaded = await store.load_room(s, code)
        if loaded is None:
            raise NotFound(f"No room has the code {code!r}")
        row, seats, record, chat, actions, snapshot = loaded
        try:
            game = get_game(row.game)
        except UnknownGame as e:
            raise NotFound(str(e)) from None
        live = LiveRoom(
            id=row.id, code=row.code, game=game, options=row.options, status=row.status,
            host_seat=row.host_seat, allow_spectators=row.allow_spectators,
            version=row.version, matches=row.matches,
            seats=[SeatInfo(s.position, s.name, s.kind, s.bot, s.token_hash) for s in seats],
        )
        entries = [chat_entry(c) for c in chat]
        if record is not None:
            live.game_id, live.seed, live.result = record.id, record.seed, record.result
            options = game.parse_options(record.options)
            if snapshot is not None:
                state, seq = game.load(snapshot.state), snapshot.seq
            else:
                state, seq = game.new_game(options, len(record.seats), record.seed,
                                           match=record.match), 0
            for a in actions:
                if a.seq > seq:
                    state, _ = game.apply(state, a.seat, a.action)
                    seq = a.seq
                entries += [event_entry(e, a.room_version) for e in a.events]
            live.state, live.seq = state, seq
        entries.sort(key=lambda e: e["v"])
        live.log = entries
        return live

    async def _reload(self, live: LiveRoom) -> None:
        """Replaces the room's memory with the database's (another process wrote first)."""
        fresh = await self._load(live.code)
        for name in ("options", "status", "host_seat", "allow_spectators", "version", "matches",
                     "seats", "game_id", "seed", "state", "seq", "result", "log"):
            setattr(live, name, getattr(fresh, name))

    # ---- the one write path ----------------------------------------------------------

    async def _run(self, live: LiveRoom, prepare: Callable[[int], Change]) -> int:
        """Validates with ``prepare``, commits it with a new version, then updates and pushes.

        Must be called with ``live.lock`` held. Returns the new version.
        """
        for _attempt in range(5):
            version = live.version + 1
            change = prepare(version)  # raises before anything is written
            try:
                async with self.db.session() as s:
                    await self._commit(s, live, version, change)
            except Stale:
                await self._reload(live)
                self._broadcast(live)
                continue
            live.version = version
            change.after(version)
            live.last_used = time.monotonic()
            self._broadcast(live, actor=change.actor, ref=change.ref)
            self._schedule_bots(live)
            if self.notify is not None:
                await self.notify(live.code, version)
            return version
        raise Conflict("The room kept changing under this request; try again")

    async def _commit(self, s: AsyncSession, live: LiveRoom, version: int, change: Change) -> None:
        bumped = await s.execute(
            update(RoomRow)
            .where(RoomRow.id == live.id, RoomRow.version == live.version)
            .values(version=version, updated_at=utcnow())
        )
        if bumped.rowcount != 1:  # type: ignore[attr-defined]
            await s.rollback()
            raise Stale(live.code)
        for stmt in change.statements:
            await s.execute(stmt)
        s.add_all(change.rows)
        try:
            await s.commit()
        except Exception as e:  # a unique (game, seq) clash is another writer too
            await s.rollback()
            if "unique" in str(e).lower() or "duplicate" in str(e).lower():
                raise Stale(live.code) from e
            raise

    def _broadcast(self, live: LiveRoom, actor: Connection | None = None, ref: JSON = None) -> None:
        for conn in list(live.connections):
            doc = live.document(conn.viewer, self.settings.log_limit)
            if conn.doc is None or conn.version != live.version - 1:
                message: dict[str, JSON] = {"type": "sync", "version": live.version, "doc": doc}
            else:
                message = {"type": "patch", "version": live.version, "ops": diff(conn.doc, doc)}
            if conn is actor and ref is not None:
                message["ref"] = ref
            conn.doc, conn.version = doc, live.version
            conn.send(message)

    # ---- rooms and seats --------------------------------------------------------------

    async def create(self, *, game_id: str, options: dict[str, JSON] | None, name: str,
                     allow_spectators: bool = True) -> tuple[LiveRoom, int, str]:
        """Creates a private room with its host in seat 0; returns room, seat and token."""
        try:
            game = get_game(game_id)
        except UnknownGame as e:
            raise BadRequest(str(e)) from None
        opts = self._options(game, options)
        name = clean_name(name)
        token = new_token()
        async with self.db.session() as s:
            row = RoomRow(code=new_code(), game=game.id, options=opts, status="lobby",
                          host_seat=0, allow_spectators=allow_spectators, version=1, matches=0)
            s.add(row)
            await s.flush()
            s.add(Seat(room_id=row.id, position=0, name=name, kind="human",
                       token_hash=hash_token(token)))
            s.add(ChatRow(room_id=row.id, room_version=1, name=name, kind="notice",
                          text=f"{name} opened the room"))
            await s.commit()
            code = row.code
        return await self.get(code), 0, token

    def _options(self, game: Game, raw: dict[str, JSON] | None) -> dict[str, JSON]:
        try:
            return game.parse_options(raw).model_dump(mode="json")
        except pydantic.ValidationError as e:
            raise BadRequest(f"Options for {game.id} are not valid: {_first_error(e)}") from None

    def authenticate(self, live: LiveRoom, token: str | None) -> int:
        """Returns the seat of ``token``; raises ``Unauthorized`` when it has none."""
        seat = live.seat_for_token(token) if token else None
        if seat is None:
            raise Unauthorized("Expected the token of a seat in this room"
                               + ("" if token else ", got none"))
        return seat

    def require_host(self, live: LiveRoom, token: str | None) -> int:
        """Returns the host's seat; raises unless ``token`` is the host's."""
        seat = self.authenticate(live, token)
        if seat != live.host_seat:
            raise Forbidden("Only the host may do that")
        return seat

    async def join(self, code: str, name: str, token: str | None = None) -> tuple[int, str]:
        """Seats a new player (or returns the seat of a valid ``token``); returns seat, token."""
        live = await self.get(code)
        async with live.lock:
            if token:
                seat = live.seat_for_token(token)
                if seat is None:
                    raise Unauthorized("That token belongs to no seat of this room")
                return seat, token
            name = clean_name(name)
            new = new_token()

            def prepare(version: int) -> Change:
                if live.status != "lobby":
                    raise Conflict(
                        "The game has started; watch as a spectator or wait for a rematch")
                if len(live.seats) >= live.game.max_seats:
                    raise Conflict(f"The room is full ({live.game.max_seats} seats)")
                info = SeatInfo(len(live.seats), name, "human", None, hash_token(new))
                text = f"{name} sat down"

                def after(v: int) -> None:
                    live.seats.append(info)
                    self._log_notice(live, v, text)
                return Change(rows=[Seat(room_id=live.id, position=info.position, name=name,
                                         kind="human", token_hash=info.token_hash),
                                    self._notice(live, version, text)], after=after)

            await self._run(live, prepare)
            return live.seats[-1].position, new

    async def add_bot(self, code: str, token: str | None, bot: str) -> int:
        """Adds a bot in the next free seat (host only); returns its seat."""
        live = await self.get(code)
        async with live.lock:
            self.require_host(live, token)
            if bot not in live.game.bots:
                raise BadRequest(f"Expected a bot among {', '.join(live.game.bots)}, got {bot!r}")

            def prepare(version: int) -> Change:
                if live.status != "lobby":
                    raise Conflict("Bots can be added only before the game starts")
                if len(live.seats) >= live.game.max_seats:
                    raise Conflict(f"The room is full ({live.game.max_seats} seats)")
                taken = {s.name for s in live.seats}
                name = next(f"{bot.capitalize()} Bot {i}" for i in range(1, 100)
                            if f"{bot.capitalize()} Bot {i}" not in taken)
                info = SeatInfo(len(live.seats), name, "bot", bot)
                text = f"{name} joined the table"

                def after(v: int) -> None:
                    live.seats.append(info)
                    self._log_notice(live, v, text)
                return Change(rows=[Seat(room_id=live.id, position=info.position, name=name,
                                         kind="bot", bot=bot),
                                    self._notice(live, version, text)], after=after)

            await self._run(live, prepare)
            return live.seats[-1].position

    async def remove_seat(self, code: str, token: str | None, position: int) -> None:
        """Host only: before the game, frees the seat; during it, a bot takes the seat over."""
        live = await self.get(code)
        async with live.lock:
            self.require_host(live, token)
            if not 0 <= position < len(live.seats):
                raise NotFound(f"Expected a seat from 0 to {len(live.seats) - 1}, got {position}")
            if position == live.host_seat:
                raise Conflict("The host cannot remove their own seat")
            target = live.seats[position]
            if live.status == "lobby":
                self_seats = live.seats
                text = f"{target.name} left the table"

                def prepare(version: int) -> Change:
                    stmts: list[Executable] = [delete(Seat).where(
                        Seat.room_id == live.id, Seat.position == position)]
                    # One row at a time, in order, so (room, position) stays unique throughout.
                    for p in range(position + 1, len(self_seats)):
                        stmts.append(update(Seat).where(Seat.room_id == live.id,
                                                        Seat.position == p).values(position=p - 1))
                    host = live.host_seat - (1 if live.host_seat > position else 0)
                    stmts.append(update(RoomRow).where(RoomRow.id == live.id)
                                 .values(host_seat=host))

                    def after(v: int) -> None:
                        del live.seats[position]
                        for i, s in enumerate(live.seats):
                            s.position = i
                        live.host_seat = host
                        self._drop_seat_connections(live, position, renumber=True)
                        self._log_notice(live, v, text)
                    return Change(rows=[self._notice(live, version, text)],
                                  statements=stmts, after=after)
            else:
                if target.kind == "bot":
                    raise Conflict("A bot's seat cannot be emptied during a game")
                bot = "smart" if "smart" in live.game.bots else "random"
                text = f"{target.name} was removed; a {bot} bot plays the seat"

                def prepare(version: int) -> Change:
                    def after(v: int) -> None:
                        target.kind, target.bot, target.token_hash = "bot", bot, None
                        self._drop_seat_connections(live, position, renumber=False)
                        self._log_notice(live, v, text)
                    return Change(
                        rows=[self._notice(live, version, text)],
                        statements=[update(Seat).where(Seat.room_id == live.id,
                                                       Seat.position == position)
                                    .values(kind="bot", bot=bot, token_hash=None)],
                        after=after)

            await self._run(live, prepare)

    def _drop_seat_connections(self, live: LiveRoom, position: int, *, renumber: bool) -> None:
        """Closes the removed seat's sockets before any document is sent to them again.

        With ``renumber`` the later seats moved up one, and so do their connections:
        a connection must never be left pointing at someone else's seat.
        """
        for conn in list(live.connections):
            if conn.viewer == position:
                live.connections.discard(conn)
                conn.send({"type": "error", "code": "kicked",
                           "message": "The host removed you from this seat"})
                conn.send(None)
            elif renumber and conn.viewer is not None and conn.viewer > position:
                conn.viewer -= 1

    async def configure(self, code: str, token: str | None, *, options: dict[str, JSON] | None,
                        allow_spectators: bool | None) -> None:
        """Host only, before the game: replaces the options and/or the spectator setting."""
        live = await self.get(code)
        async with live.lock:
            self.require_host(live, token)
            if live.status == "playing":
                raise Conflict("Options cannot change during a game")
            opts = self._options(live.game, options) if options is not None else live.options
            spectators = live.allow_spectators if allow_spectators is None else allow_spectators

            def prepare(version: int) -> Change:
                def after(v: int) -> None:
                    live.options, live.allow_spectators = opts, spectators
                return Change(statements=[update(RoomRow).where(RoomRow.id == live.id).values(
                    options=opts, allow_spectators=spectators)], after=after)

            await self._run(live, prepare)

    async def start(self, code: str, token: str | None, *, rematch: bool = False) -> str:
        """Host only: starts the first game (or, with ``rematch``, the next one); returns its id."""
        live = await self.get(code)
        async with live.lock:
            self.require_host(live, token)
            expected = "finished" if rematch else "lobby"
            if live.status != expected:
                raise Conflict(f"Expected the room to be {expected} to "
                               f"{'rematch' if rematch else 'start'}, but it is {live.status}")
            n = len(live.seats)
            if not live.game.min_seats <= n <= live.game.max_seats:
                raise Conflict(f"{live.game.title} needs {live.game.min_seats} to "
                               f"{live.game.max_seats} seats; {n} are taken")
            game_id, seed = uuid.uuid4().hex, new_seed()
            match = live.matches + (1 if rematch else 0)
            state = live.game.new_game(live.game.parse_options(live.options), n, seed, match=match)
            seats = [s.public() for s in live.seats]
            text = f"Game {match + 1} of {live.game.title} begins"

            def prepare(version: int) -> Change:
                def after(v: int) -> None:
                    live.status, live.matches = "playing", match
                    live.game_id, live.seed = game_id, seed
                    live.state, live.seq, live.result = state, 0, None
                    live.log = [e for e in live.log if e["type"] in ("chat", "notice")]
                    self._log_notice(live, v, text)
                return Change(
                    rows=[GameRecord(id=game_id, room_id=live.id, game=live.game.id,
                                     rules_version=live.game.rules_version, options=live.options,
                                     seed=seed, seats=seats, match=match, status="playing"),
                          self._notice(live, version, text)],
                    statements=[update(RoomRow).where(RoomRow.id == live.id).values(
                        status="playing", matches=match, current_game_id=game_id)],
                    after=after)

            await self._run(live, prepare)
            return game_id

    # ---- play and chat ------------------------------------------------------------------

    async def act(self, live: LiveRoom, seat: int, raw: JSON, *, actor: Connection | None = None,
                  ref: JSON = None) -> int:
        """Applies one action of ``seat``; returns the new version; raises ``GameError``."""
        async with live.lock:
            return await self._run(live, lambda v: self._prepare_action(live, seat, raw, v,
                                                                        actor, ref))

    def _prepare_action(self, live: LiveRoom, seat: int, raw: JSON, version: int,
                        actor: Connection | None, ref: JSON) -> Change:
        if live.status != "playing" or live.state is None:
            raise Conflict(f"No game is being played; the room is {live.status}")
        game = live.game
        try:
            action = game.normalize_action(raw)
        except pydantic.ValidationError as e:
            raise BadRequest(f"Expected a {game.title} action; {_first_error(e)}") from None
        except (TypeError, ValueError) as e:
            raise BadRequest(f"Expected a {game.title} action object; {e}") from None
        state, events = game.apply(live.state, seat, action)
        seq = live.seq + 1
        # Core statements rather than ORM objects: this is the hot path of every game.
        stmts: list[Executable] = [insert(ActionRow).values(
            game_id=live.game_id, seq=seq, seat=seat, action=action, events=events,
            room_version=version, at=utcnow())]
        if seq % self.settings.snapshot_every == 0:
            stmts.append(insert(Snapshot).values(game_id=live.game_id, seq=seq,
                                                 state=game.dump(state), at=utcnow()))
        result = game.result(state)
        if result is not None:
            stmts.append(update(RoomRow).where(RoomRow.id == live.id).values(status="finished"))
            stmts.append(update(GameRecord).where(GameRecord.id == live.game_id).values(
                status="finished", result=result.to_json(), actions_count=seq,
                final_hash=canonical_hash(game.dump(state)), finished_at=utcnow()))

        def after(v: int) -> None:
            live.state, live.seq = state, seq
            live.log.extend(event_entry(e, v) for e in events)
            if result is not None:
                live.status, live.result = "finished", result.to_json()
        return Change(statements=stmts, after=after, actor=actor, ref=ref)

    async def chat(self, live: LiveRoom, seat: int | None, text: str) -> int:
        """Adds a chat line from ``seat``; returns the new version."""
        text = str(text).strip()
        if not text or len(text) > self.settings.chat_max_length:
            raise BadRequest(f"Expected a chat message of 1 to {self.settings.chat_max_length} "
                             f"characters, got {len(text)}")
        if seat is None:
            raise Forbidden("Spectators cannot chat")
        async with live.lock:
            name = live.seats[seat].name

            def prepare(version: int) -> Change:
                row = ChatRow(room_id=live.id, room_version=version, seat=seat, name=name,
                              kind="chat", text=text)
                return Change(rows=[row], after=lambda v: live.log.append(
                    {"v": v, "type": "chat", "text": text, "seat": seat, "name": name}))

            return await self._run(live, prepare)

    def _notice(self, live: LiveRoom, version: int, text: str) -> ChatRow:
        return ChatRow(room_id=live.id, room_version=version, name="", kind="notice", text=text)

    def _log_notice(self, live: LiveRoom, version: int, text: str) -> None:
        live.log.append({"v": version, "type": "notice", "text": text})

    # ---- connections -----------------------------------------------------------------

    async def connect(self, live: LiveRoom, viewer: int | None) -> Connection:
        """Registers a connection and queues its first ``sync``."""
        conn = Connection(viewer)
        async with live.lock:
            live.connections.add(conn)
            self.sync(live, conn)
        self.presence(live)
        return conn

    def sync(self, live: LiveRoom, conn: Connection) -> None:
        """Queues the whole document for ``conn``."""
        conn.doc = live.document(conn.viewer, self.settings.log_limit)
        conn.version = live.version
        conn.send({"type": "sync", "version": live.version, "doc": conn.doc})

    def disconnect(self, live: LiveRoom, conn: Connection) -> None:
        """Forgets a connection; the seat stays its player's."""
        live.connections.discard(conn)
        self.presence(live)

    def presence(self, live: LiveRoom) -> None:
        """Tells every connection which seats have someone connected right now."""
        online = sorted({c.viewer for c in live.connections if c.viewer is not None})
        spectators = sum(1 for c in live.connections if c.viewer is None)
        for conn in list(live.connections):
            conn.send({"type": "presence", "seats": online, "spectators": spectators})

    # ---- bots ----------------------------------------------------------------------------

    def _schedule_bots(self, live: LiveRoom) -> None:
        if live.bot_task is not None and not live.bot_task.done():
            return
        if not self._bot_turns(live):
            return
        live.bot_task = asyncio.get_running_loop().create_task(self._bots(live))

    def _bot_turns(self, live: LiveRoom) -> list[int]:
        return [s for s in live.to_act() if live.seats[s].kind == "bot"]

    async def _bots(self, live: LiveRoom) -> None:
        """Plays every bot seat the game waits for, one action at a time, until none is."""
        while True:
            await asyncio.sleep(self.settings.bot_delay)
            async with live.lock:
                turns = self._bot_turns(live)
                if not turns:
                    return
                seat = turns[0]
                game = live.game
                bot = game.bots.get(live.seats[seat].bot or "random", game.bots["random"])()
                # The bot's generator derives from the game's seed: a replay needs only the log.
                rng = Rng((live.seed or 0) ^ (live.seq * 0x9E3779B1 + seat + 1))
                legal = game.legal_actions(live.state, seat)
                action = bot.choose(game.view(live.state, seat), legal, rng)
                def prepare(v: int, seat: int = seat, action: JSON = action) -> Change:
                    return self._prepare_action(live, seat, action, v, None, None)
                try:
                    await self._run(live, prepare)
                except (GameError, SaloonError) as e:
                    log.error("bot in room %s seat %d was refused: %s", live.code, seat, e)
                    return

    async def close(self) -> None:
        """Stops every bot task and closes every connection."""
        for live in self.rooms.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
                with contextlib.suppress(BaseException):
                    await live.bot_task
            for conn in list(live.connections):
                conn.send(None)

    def evict_idle(self, older_than: float) -> list[str]:
        """Drops rooms nobody uses from memory (they reload on demand); returns their codes."""
        now = time.monotonic()
        gone = [code for code, live in self.rooms.items()
                if not live.connections and not live.lock.locked()
                and (live.bot_task is None or live.bot_task.done())
                and now - live.last_used > older_than]
        for code in gone:
            del self.rooms[code]
        return gone

    async def refresh(self, code: str, version: int) -> None:
        """Catches a loaded room up after another process wrote ``version``."""
        live = self.rooms.get(code)
        if live is None or live.version >= version:
            return
        async with live.lock:
            if live.version < version:
                await self._reload(live)
                self._broadcast(live)
                self._schedule_bots(live)


def _first_error(e: pydantic.ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "value"
    return f"{where}: {err['msg']}"


__all__: Sequence[str] = ["RoomService", "LiveRoom", "Connection", "SeatInfo"]
