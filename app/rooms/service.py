"""The room service: the one writer of every room, its memory and its connections.

Every change to a room follows one path (``RoomService._run``) under the room's
lock: run the command against the room as it is (every check inside it), commit
its events with the bumped room version, and only after the commit apply them to
memory and push patches. When another process wrote first, the room is reloaded
and the command runs again on the fresh room.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from app.db import Database
from app.errors import Conflict, Crowded, SaloonError, Unauthorized
from app.notifier import LocalNotifier, Notifier
from app.rooms import commands, persistence
from app.rooms.bots import BotTasks, choose
from app.rooms.clock import TurnClock, resolve
from app.rooms.committer import Committer
from app.rooms.connections import KICKED, SPECTATORS_OFF, Connection, Connections
from app.rooms.data import RoomData, SeatInfo, SeatKind
from app.rooms.events import Configured, RoomEvent, SeatHandedToBot, SeatLeft, apply
from app.rooms.keeper import Keeper
from app.rooms.timing import with_timing
from app.rooms.writes import writes_of
from app.settings import Settings
from app.text import clean_name
from app.timers import Clock, Handle, SystemClock
from app.tokens import hash_token, new_code, new_game_id, new_seed, new_token
from games.base import GameError

# The events that may close sockets (``RoomService._close_removed_seats``).
_CLOSING = frozenset({SeatLeft, SeatHandedToBot, Configured})

log = logging.getLogger("saloon.rooms")

JSON = Any
ATTEMPTS = 5


@dataclass(eq=False)
class LiveRoom(RoomData):
    """A room in memory: its data, and what only a running server has (lock, sockets, bots)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: Connections = field(default_factory=Connections)
    bots: BotTasks = field(default_factory=BotTasks)
    alarm: Handle | None = None
    last_used: float = field(default_factory=time.monotonic)
    # The latest version another process said it wrote: a room nobody here watches is
    # caught up when next used, not at every change (``RoomService.refresh``).
    behind: int = 0
    # When each seat's last socket here last closed (``Keeper.left``), by the hash of its
    # player's token, which stays when the seats are renumbered: the one alarm that may
    # mark it gone is that leave's.
    left_at: dict[str, datetime] = field(default_factory=dict)

    def take(self, data: RoomData) -> None:
        """Replaces the room's data with ``data`` (reloaded after another writer)."""
        for f in dataclasses.fields(RoomData):
            setattr(self, f.name, getattr(data, f.name))


class RoomService:
    """Creates, loads and changes rooms; the only writer of room state."""

    def __init__(self, db: Database, settings: Settings, notifier: Notifier | None = None,
                 clock: Clock | None = None) -> None:
        self.db = db
        self.settings = settings
        self.notifier = notifier or LocalNotifier()
        self.clock: Clock = clock or SystemClock()
        self.keeper = Keeper(self)
        self.committer = Committer(db)
        self.rooms: dict[str, LiveRoom] = {}
        self._loading = asyncio.Lock()
        self._background: set[asyncio.Task[None]] = set()  # kept: the loop holds tasks weakly
        # A document shows the last LOG_LIMIT entries its viewer may see; private
        # entries are a minority, so twice as many in memory is plenty and bounded.
        self.log_keep = 2 * settings.log_limit

    # ---- loading -----------------------------------------------------------------

    async def get(self, code: str) -> LiveRoom:
        """Returns the room in memory, loading it from the database on first use."""
        live = self.rooms.get(code)
        if live is None:
            async with self._loading:
                live = self.rooms.get(code)
                if live is None:
                    live = self._live(await persistence.load(self.db, code,
                                                             recent=self.log_keep))
                    self.rooms[code] = live
                    self._schedule_bots(live)
                    self.keeper.arm(live)
        if live.version < live.behind:
            async with live.lock:
                await self._catch_up(live)
        live.last_used = time.monotonic()
        return live

    async def _catch_up(self, live: LiveRoom) -> None:
        """Reloads a room another process moved on since it was loaded here; must be
        called with ``live.lock`` held."""
        if live.version < live.behind:
            await self._reload(live)

    def _live(self, data: RoomData) -> LiveRoom:
        """Returns a loaded room with what a running server adds to it."""
        connections = Connections(self.settings.log_limit, self.settings.outbox_limit,
                                  self.clock)
        return LiveRoom(connections=connections, **_fields(data))

    async def _reload(self, live: LiveRoom) -> None:
        live.take(await persistence.load(self.db, live.code, recent=self.log_keep))
        # Another process may have removed or renumbered seats: before any document goes
        # out, each socket is brought to its token's seat, or closed.
        live.connections.follow_seats(live)
        live.connections.broadcast(live)
        self.keeper.heard(live)  # presence is each process's own
        # A bot may be to move in the room as stored, its clocks due: every reload wakes
        # them (a refusal's reload once left a room's bots asleep for good).
        self._schedule_bots(live)
        self.keeper.arm(live)

    # ---- the one write path ----------------------------------------------------------

    async def _run(self, live: LiveRoom, command: Callable[[], Sequence[RoomEvent]], *,
                   actor: Connection | None = None, ref: JSON = None) -> int:
        """Runs ``command`` on the room, commits its events as the next version, applies them.

        Must be called with ``live.lock`` held. Returns the new version.
        """
        for _attempt in range(ATTEMPTS):
            now = self.clock.now()
            try:
                events = with_timing(live, command(), now=now,  # raises before any write
                                     away_delay=self.settings.away_delay)
            except (SaloonError, GameError):
                # A refusal must rest on fresh facts: another process may have moved on.
                if await persistence.stored_version(self.db, live) == live.version:
                    raise
                await self._reload(live)
                continue
            version = live.version + 1
            writes = writes_of(live, version, events, now=now,
                               snapshot_every=self.settings.snapshot_every)
            landing = self.committer.submit(live, writes, now)
            try:
                landed = await asyncio.shield(landing)
            except asyncio.CancelledError:
                # The caller went (its socket closed) while the write was on its way: it
                # lands all the same, and a room left behind its database froze, every
                # later change stale and its bots asleep. The lock is still held: the room
                # follows the write, if it lands, before the cancellation goes on.
                await asyncio.wait([landing])
                if not landing.cancelled() and landing.exception() is None and landing.result():
                    self._follow(live, version, events, actor, ref)
                    self._publish(live.code, version)
                raise
            if not landed:  # stale: another process's change came first
                await self._reload(live)
                continue
            self._follow(live, version, events, actor, ref)
            await self.notifier.publish(live.code, version)
            return version
        raise Conflict("The room kept changing under this request; try again")

    def _follow(self, live: LiveRoom, version: int, events: Sequence[RoomEvent],
                actor: Connection | None, ref: JSON) -> None:
        """Brings the room in memory to the ``version`` just committed: applies its events,
        tells every connection, wakes its bots and its clocks."""
        apply(live, version, events)
        del live.log[:-self.log_keep]
        self._close_removed_seats(live, events)
        live.last_used = time.monotonic()
        live.connections.broadcast(live, actor=actor, ref=ref)
        self._schedule_bots(live)
        self.keeper.arm(live)

    def _publish(self, code: str, version: int) -> None:
        """Tells the other processes of ``version`` without waiting (a cancelled caller's)."""
        task = asyncio.ensure_future(self.notifier.publish(code, version))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    @staticmethod
    def _close_removed_seats(live: LiveRoom, events: Sequence[RoomEvent]) -> None:
        """Closes the sockets of seats taken away and of spectators no longer allowed.

        They are closed before any document of the new version is sent to them; when
        later seats moved up one, so do their connections.
        """
        for event in events:
            if type(event) not in _CLOSING:  # a move, say: the common case
                continue
            if isinstance(event, SeatLeft | SeatHandedToBot):
                live.connections.drop(seat=event.position, reason=KICKED)
            if isinstance(event, SeatLeft):
                live.connections.renumber_after(event.position)
            if isinstance(event, Configured) and not event.allow_spectators:
                live.connections.drop(spectators=True, reason=SPECTATORS_OFF)

    # ---- rooms and seats --------------------------------------------------------------

    async def create(self, *, game_id: str, options: dict[str, JSON] | None, name: str,
                     allow_spectators: bool = True, hints: bool = True,
                     turn_clock: TurnClock | None = None,
                     gone_after: float | None = None) -> tuple[LiveRoom, int, str]:
        """Creates a private room with its host in seat 0; returns room, seat and token."""
        game = commands.game_named(game_id)
        opts = commands.parse_options(game, options)
        token = new_token()
        host = SeatInfo(0, clean_name(name), SeatKind.HUMAN, None, hash_token(token))
        data = await persistence.create(
            self.committer, game=game, options=opts, host=host, code=new_code(),
            allow_spectators=allow_spectators, hints=hints, turn_clock=resolve(turn_clock),
            gone_after=gone_after, now=self.clock.now())
        live = self.rooms[data.code] = self._live(data)
        return live, 0, token

    async def authenticate(self, live: LiveRoom, token: str | None) -> int:
        """Returns the seat of ``token``; raises ``Unauthorized`` when it has none in the
        room as stored either (another process may have seated it since this one loaded
        the room)."""
        seat = live.seat_for_token(token) if token else None
        if seat is not None:
            return seat
        async with live.lock:
            return await self._seat_of(live, token)

    def holds(self, code: str, token: str) -> bool:
        """Whether ``token`` holds a seat of the room, as far as this process knows without
        asking the database: the room is in memory and the token one of its seats'."""
        live = self.rooms.get(code)
        return live is not None and live.seat_for_token(token) is not None

    async def _seat_of(self, live: LiveRoom, token: str | None) -> int:
        """``authenticate`` with ``live.lock`` held: a token the room in memory does not
        know is looked for again in the room as stored, if another process stored a newer
        version."""
        seat = live.seat_for_token(token) if token else None
        if seat is None and token:
            if await persistence.stored_version(self.db, live) != live.version:
                await self._reload(live)
            seat = live.seat_for_token(token)
        if seat is None:
            raise Unauthorized("That token belongs to no seat of this room")
        return seat

    async def join(self, code: str, name: str, token: str | None = None) -> tuple[int, str]:
        """Seats a new player (or returns the seat of a valid ``token``); returns seat, token."""
        live = await self.get(code)
        async with live.lock:
            if token:
                return await self._seat_of(live, token), token
            secret = new_token()
            await self._run(live, lambda: commands.join(live, name, hash_token(secret)))
            return live.seats[-1].position, secret

    async def add_bot(self, code: str, token: str | None, bot: str) -> int:
        """Adds a bot in the next free seat (host only); returns its seat."""
        live = await self.get(code)
        async with live.lock:
            await self._run(live, lambda: commands.add_bot(live, token, bot))
            return live.seats[-1].position

    async def remove_seat(self, code: str, token: str | None, position: int) -> None:
        """Host only: before the game, frees the seat; during it, a bot takes the seat over."""
        live = await self.get(code)
        async with live.lock:
            await self._run(live, lambda: commands.remove_seat(live, token, position))

    async def configure(self, code: str, token: str | None, **settings: Any) -> None:
        """Host only, outside a game: replaces the options, the spectator setting, the clocks
        (``commands.configure``'s keywords; one left out keeps its value)."""
        live = await self.get(code)
        async with live.lock:
            await self._run(live, lambda: commands.configure(live, token, **settings))

    async def start(self, code: str, token: str | None, *, rematch: bool = False) -> str:
        """Host only: starts the first game (or, with ``rematch``, the next one); returns its id."""
        live = await self.get(code)
        game_id, seed = new_game_id(), new_seed()
        async with live.lock:
            await self._run(live, lambda: commands.start(live, token, rematch=rematch,
                                                         game_id=game_id, seed=seed))
            for seat in range(len(live.seats)):  # absent already: gone unless they come
                if not live.connections.count(seat):
                    self.keeper.left(live, seat)
            return game_id

    # ---- play and chat ------------------------------------------------------------------

    async def act(self, live: LiveRoom, seat: int, raw: JSON, *, actor: Connection | None = None,
                  ref: JSON = None) -> int:
        """Applies one action of ``seat``; returns the new version; raises ``GameError``."""
        async with live.lock:
            return await self._run(live, partial(commands.play, live, seat, raw),
                                   actor=actor, ref=ref)

    async def come_back(self, live: LiveRoom, seat: int | None, *,
                        actor: Connection | None = None, ref: JSON = None) -> int:
        """A player the server was playing for takes the seat back; returns the new version."""
        async with live.lock:
            return await self._run(live, lambda: commands.come_back(live, seat),
                                   actor=actor, ref=ref)

    async def chat(self, live: LiveRoom, seat: int | None, text: str, *,
                   actor: Connection | None = None, ref: JSON = None) -> int:
        """Adds a chat line from ``seat``; returns the new version."""
        async with live.lock:
            return await self._run(live, lambda: commands.say(
                live, seat, text, max_length=self.settings.chat_max_length),
                actor=actor, ref=ref)

    # ---- connections -----------------------------------------------------------------

    async def connect(self, live: LiveRoom, viewer: int | None, *,
                      token_hash: str | None = None) -> Connection:
        """Registers a connection and queues its first ``sync``; raises ``Crowded`` when full.

        ``token_hash``, the hash of the token ``viewer`` was found by, finds the seat
        again once the room is caught up: another process may have renumbered the seats
        since (``Unauthorized`` if the token holds none now). The room's and the seat's
        counts are read and the connection added under the room's lock: sockets opening
        at once, each counted before another was added, would all get in."""
        async with live.lock:
            await self._catch_up(live)  # a change heard since ``get``: sync the fresh room
            if token_hash is not None:
                viewer = live.seat_for_hash(token_hash)
                if viewer is None:
                    raise Unauthorized("That token no longer holds a seat in this room")
            self._check_room_for(live, viewer)
            conn = live.connections.open(live, viewer)
        live.connections.presence()
        if viewer is not None:
            await self.keeper.arrived(live, viewer)
        return conn

    def _check_room_for(self, live: LiveRoom, viewer: int | None) -> None:
        """Raises ``Crowded`` if the room, or ``viewer``'s seat, holds all the sockets it may."""
        if len(live.connections) >= self.settings.max_connections_per_room:
            raise Crowded(f"This room already has {len(live.connections)} connections, "
                          f"the most it takes")
        if viewer is not None and (live.connections.count(viewer)
                                   >= self.settings.max_connections_per_seat):
            raise Crowded(f"This seat already has {live.connections.count(viewer)} open "
                          f"connections, the most it may hold; close one first")

    def disconnect(self, live: LiveRoom, conn: Connection) -> None:
        """Forgets a connection; the seat stays its player's (gone if none comes back soon).
        A connection the room closed itself (its seat removed: ``Connections.drop``) is no
        player leaving: its seat number may be another's by now."""
        held = live.connections.discard(conn)
        live.connections.presence()
        if held and conn.viewer is not None and not live.connections.count(conn.viewer) \
                and conn.viewer < len(live.seats):
            self.keeper.left(live, conn.viewer)

    # ---- bots ----------------------------------------------------------------------------

    def _schedule_bots(self, live: LiveRoom) -> None:
        live.bots.start(live.bots_to_act(), lambda seat: self._bot_turns(live, seat))

    async def _bot_turns(self, live: LiveRoom, seat: int) -> None:
        """Plays the bot of ``seat`` after the bot delay, for as long as the game waits for it."""
        while True:
            await asyncio.sleep(self.settings.bot_delay)
            async with live.lock:
                if seat not in live.bots_to_act():
                    return
                try:
                    await self._run(live, lambda: commands.play(
                        live, seat, choose(live, seat), from_legal=True, made_by="bot"))
                except (GameError, SaloonError) as e:
                    log.error("bot in room %s seat %d was refused: %s", live.code, seat, e)
                    return

    # ---- the service's life ------------------------------------------------------------

    async def close(self) -> None:
        """Stops every bot task and alarm, lets the changes queued be written, and closes
        every connection."""
        await self.keeper.close()
        for live in self.rooms.values():  # first what makes changes by itself
            if live.alarm is not None:
                live.alarm.cancel()
            await live.bots.cancel()
        await self.committer.close()
        for live in self.rooms.values():
            live.connections.close()

    def evict_idle(self, older_than: float) -> list[str]:
        """Drops rooms nobody uses from memory (they reload on demand); returns their codes.

        A room something here still waits on stays: its alarm (``due``), its bots, a seat
        left within its grace (``left_at``: the grace's alarm would mark the copy dropped,
        whatever the room loaded anew has seen since)."""
        now = time.monotonic()
        gone = [code for code, live in self.rooms.items()
                if not len(live.connections) and not live.lock.locked() and live.due is None
                and not live.left_at and not live.bots.busy()
                and now - live.last_used > older_than]
        for code in gone:
            del self.rooms[code]
        return gone

    async def refresh(self, code: str, version: int) -> None:
        """Catches a loaded room up after another process wrote ``version``: at once if a
        socket here shows it, else when it is next used here (``get``)."""
        live = self.rooms.get(code)
        if live is None or live.version >= version:
            return
        live.behind = max(live.behind, version)
        if not len(live.connections):
            # Reloading at every change of a room only another process serves cost more
            # than the change itself; its commands would find it stale and reload anyway.
            return
        async with live.lock:
            await self._catch_up(live)


    async def wake_due(self, within: float) -> list[str]:
        """Loads the rooms whose clocks fall due within ``within`` seconds (their alarms are
        set on loading); returns their codes. A restarted process starts with this."""
        codes = await persistence.due_rooms(
            self.db, self.clock.now() + timedelta(seconds=within))
        for code in codes:
            await self.get(code)
        return codes

    async def abandon_idle(self) -> list[str]:
        """Ends, without a result, every game nobody touched for ``ABANDON_AFTER``; returns
        the rooms' codes. Their rooms then leave memory like any idle room."""
        now, after = self.clock.now(), self.settings.abandon_after
        ended = []
        for code, idle_since in await persistence.idle_rooms(
                self.db, now - timedelta(seconds=after)):
            live = await self.get(code)
            async with live.lock:
                try:
                    await self._run(live, partial(commands.abandon, live,
                                                  idle_since=idle_since, now=now, after=after))
                except SaloonError:  # played meanwhile
                    continue
            ended.append(code)
        return ended


def _fields(data: RoomData) -> dict[str, Any]:
    return {f.name: getattr(data, f.name) for f in dataclasses.fields(RoomData)}
