"""Committing room changes: one writer, and every change waiting when it writes shares one
transaction (group commit).

Each change still gets its room's conditional version bump, and is committed before
anyone sees it: ``commit`` returns once the transaction holding it is committed.
The bumps of a batch are one ``UPDATE … WHERE (id, version) IN … RETURNING id``: a
room another writer advanced is left out of the batch (``Stale`` for it alone), and
the others go on. Each table's rows are then inserted with one statement, each change's
other statements run, and the values the changes set on their rooms' and games' rows (a
game started or ended, a clock) are one ``executemany`` per table and set of columns.
The statements of the common path are built once, here: building one costs more than
running it. On PostgreSQL through asyncpg a batch is one statement instead
(``app.rooms.one_statement``), unless it needs the general path; on SQLite the same
batch's statements go straight through SQLite's cursor (``app.rooms.sqlite_batch``), one
bump per room. Should the batch hit a
unique constraint anyway (another process's row), every change of it is written again
in a transaction of its own, so that only the clashing one is stale.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Connection, Insert, Table, bindparam, case, insert, tuple_, update
from sqlalchemy.exc import IntegrityError

from app.db import Database
from app.handoff import Handoff
from app.rooms import one_statement
from app.rooms.data import RoomData
from app.rooms.sqlite_batch import SqliteStatements
from app.rooms.writes import GAMES, ROOMS, ROW_KEY, Writes

log = logging.getLogger("saloon.rooms")
MAX_BATCH = 256
CLOSE_TIMEOUT = 10.0  # seconds ``close`` lets the batches queued be written
# The SET clause comes from the parameters' keys (their columns' types apply).
_SET = {table: update(table).where(table.c.id == bindparam(ROW_KEY)) for table in (ROOMS, GAMES)}
_NOW = bindparam("now", type_=ROOMS.c.updated_at.type)
_CREATE_ROOMS = insert(ROOMS).returning(ROOMS.c.id, sort_by_parameter_order=True)
# Each room of a batch, at the version the change was made on, moves one version up; a
# room another writer moved on is not in the rows returned.
_BUMP = (update(ROOMS)
         .where(tuple_(ROOMS.c.id, ROOMS.c.version).in_(bindparam("rooms", expanding=True)))
         .values(version=ROOMS.c.version + 1, updated_at=_NOW,
                 touched_at=case((ROOMS.c.id.in_(bindparam("touched", expanding=True)), _NOW),
                                 else_=ROOMS.c.touched_at))
         .returning(ROOMS.c.id))


class Stale(Exception):
    """Another writer advanced the room first; reload and try again."""


@dataclass
class _Change:
    room: RoomData
    writes: Writes
    now: datetime
    done: asyncio.Future[bool]  # the transaction's outcome: whether the room was bumped


@dataclass
class _Creation:
    room: dict[str, Any]  # the rooms row
    rows: list[tuple[Table, dict[str, Any]]]  # rows of other tables, without their room_id
    done: asyncio.Future[int] = field(default_factory=lambda: asyncio.get_running_loop()
                                      .create_future())


class Committer:
    """The one writer of a process's room changes: batches them into shared transactions."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._queue: Handoff[_Change | _Creation] = Handoff()
        self._task: asyncio.Task[None] | None = None
        self._waiting = asyncio.Event()  # set while the writer waits for a change
        self._batch: list[_Change | _Creation] = []  # the batch being written
        self._closed = False  # set by ``close``: what comes after is refused
        # On SQLite, batches go straight through its cursor (``app.rooms.sqlite_batch``).
        self.statements: Statements = (SqliteStatements(db.sqlite_dialect)
                                       if db.sqlite_dialect is not None else GENERAL)

    def submit(self, room: RoomData, writes: Writes, now: datetime) -> asyncio.Future[bool]:
        """Queues one change as the room's next version; returns the future of whether it
        was committed (``False``: another came first). Once queued, the change is written
        whether or not anyone still waits for it.

        The room's lock is held by the caller, so a room has one change waiting at most.
        """
        change = _Change(room, writes, now, asyncio.get_running_loop().create_future())
        self._put(change)
        return change.done

    async def commit(self, room: RoomData, writes: Writes, now: datetime) -> None:
        """Commits one change as the room's next version; raises ``Stale`` if another came first."""
        if not await self.submit(room, writes, now):
            raise Stale(room.code)

    async def create(self, room: dict[str, Any],
                     rows: list[tuple[Table, dict[str, Any]]]) -> int:
        """Writes a new room's row and its first rows (seat, notice) in the next batch;
        returns the room's id.

        New rooms go through the one writer too: a second writer would only wait for
        the database's lock.
        """
        creation = _Creation(room, rows)
        self._put(creation)
        return await creation.done

    def _put(self, item: _Change | _Creation) -> None:
        if self._closed:  # no writer starts again: its task would outlive the loop's end
            item.done.set_exception(RuntimeError("The server is shutting down"))
            return
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._write_batches())
            self._task.add_done_callback(self._stopped)
        self._queue.put(item)

    def _stopped(self, _task: asyncio.Task[None]) -> None:
        """The writer stopped (cancelled, as a closing loop cancels every task): no change
        left queued may keep its waiter waiting. Whoever waits for one to land, as a write
        path whose caller went does, would otherwise wait for ever. (A callback, not a
        ``finally``: a task cancelled before its first step never runs its body.)"""
        self._refuse_unwritten()

    async def _write_batches(self) -> None:
        while True:
            if not self._queue:
                self._waiting.set()
            batch = self._batch = [await self._queue.get()]
            self._waiting.clear()
            while len(batch) < MAX_BATCH and self._queue:
                batch.append(self._queue.get_nowait())
            creations: list[_Creation] = []
            changes: list[_Change] = []
            for item in batch:  # one loop, no comprehension: a batch is often one change
                if isinstance(item, _Change):
                    changes.append(item)
                else:
                    creations.append(item)
            try:
                written = await self._write(changes, creations)
            except IntegrityError:
                written = await self._write_one_by_one(changes, creations)
            except Exception as e:  # the database failed: every waiting change learns it
                for item in batch:
                    if not item.done.done():
                        item.done.set_exception(e)
                continue
            for c in changes:
                if not c.done.done():
                    c.done.set_result(c.room.id in written)

    async def _write(self, batch: list[_Change], creations: list[_Creation]) -> set[int]:
        """Writes a batch in one transaction; returns the ids of the rooms written."""
        def write(conn: Connection) -> tuple[list[int], set[int]]:
            return write_batch(conn, creations, batch, self.statements)

        alone = one_statement.build(creations, batch) if self.db.asyncpg else None
        if alone is not None:
            made, written = one_statement.read(await self.db.run_alone(alone.sql, alone.args),
                                               creations)
        else:
            made, written = await self.db.write(write)
        for c, room_id in zip(creations, made, strict=True):
            c.done.set_result(room_id)
        return written

    async def _write_one_by_one(self, batch: list[_Change],
                                creations: list[_Creation]) -> set[int]:
        written: set[int] = set()
        for creation in creations:
            try:
                await self._write([], [creation])
            except IntegrityError as e:  # a new room's code taken: its creator learns it
                creation.done.set_exception(e)
        for c in batch:
            with contextlib.suppress(IntegrityError):  # a unique clash: another writer's
                written |= await self._write([c], [])
        return written

    async def close(self, timeout: float = CLOSE_TIMEOUT) -> None:
        """Stops the writer once nothing waits: the batches already queued are written and
        their changes acknowledged (for ``timeout`` seconds at most; then they are refused).

        A transaction is not cut off in the middle: its changes would be neither refused
        nor acknowledged, and the database's thread would answer a loop already gone.
        """
        if self._task is not None:
            if not self._task.done():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._waiting.wait(), timeout)
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        self._closed = True
        self._refuse_unwritten()

    def _refuse_unwritten(self) -> None:
        """Refuses every change and creation not written: the batch under way and the queue."""
        unwritten = [*self._batch]
        while self._queue:
            unwritten.append(self._queue.get_nowait())
        for c in unwritten:
            if not c.done.done():
                c.done.set_exception(RuntimeError("The server is shutting down"))


class Statements(Protocol):
    """The statements a batch is written with, on one connection; ``_write_changes`` and
    ``_create_rooms`` say in what order."""

    def create(self, conn: Connection, rooms: list[dict[str, Any]]) -> list[int]:
        """Inserts new rooms' rows; returns their ids in order."""

    def bump(self, conn: Connection, changes: list[_Change]) -> set[int]:
        """Moves each change's room one version up if it is still at the change's version
        (stamped with the latest time of the changes, its touch moved if a person made
        the change); returns the ids of the rooms moved."""

    def insert(self, conn: Connection, table: Table, keys: tuple[str, ...],
               rows: list[dict[str, Any]]) -> None:
        """Inserts rows of ``table`` that all give ``keys``."""

    def set(self, conn: Connection, table: Table, keys: tuple[str, ...],
            rows: list[dict[str, Any]]) -> None:
        """Sets values on rows of ``table``, each row named by its ``ROW_KEY``; every row
        gives ``keys``, ``ROW_KEY`` among them."""


class _General:
    """The statements through SQLAlchemy (on PostgreSQL, a batch that cannot be one
    statement): one for all the bumps, one per table and set of columns for the rest."""

    def create(self, conn: Connection, rooms: list[dict[str, Any]]) -> list[int]:
        return [int(i) for i in conn.execute(_CREATE_ROOMS, rooms).scalars()]

    def bump(self, conn: Connection, changes: list[_Change]) -> set[int]:
        return set(conn.execute(_BUMP, {
            "rooms": [(c.room.id, c.room.version) for c in changes],
            "touched": [c.room.id for c in changes if c.writes.touched],
            "now": max(c.now for c in changes)}).scalars())

    def insert(self, conn: Connection, table: Table, keys: tuple[str, ...],
               rows: list[dict[str, Any]]) -> None:
        conn.execute(_insert(table), rows)

    def set(self, conn: Connection, table: Table, keys: tuple[str, ...],
            rows: list[dict[str, Any]]) -> None:
        conn.execute(_SET[table], rows)


GENERAL = _General()


def write_batch(conn: Connection, creations: list[_Creation], changes: list[_Change],
                st: Statements) -> tuple[list[int], set[int]]:
    """Writes a batch with ``st``'s statements in the transaction open on ``conn``; returns
    the new rooms' ids in order, and the ids of the rooms whose change was written."""
    return (_create_rooms(conn, creations, st) if creations else [],
            _write_changes(conn, changes, st) if changes else set())


def _create_rooms(conn: Connection, creations: list[_Creation], st: Statements) -> list[int]:
    """Inserts new rooms, then their first rows, one statement per table; returns their ids
    in order."""
    ids = st.create(conn, [c.room for c in creations])
    _insert_rows(conn, [(table, {**row, "room_id": room_id})
                        for c, room_id in zip(creations, ids, strict=True)
                        for table, row in c.rows], st)
    return ids


def _insert_rows(conn: Connection, rows: list[tuple[Table, dict[str, Any]]],
                 st: Statements) -> None:
    """Inserts each table's rows with one statement per set of columns."""
    grouped: dict[tuple[Table, tuple[str, ...]], list[dict[str, Any]]] = defaultdict(list)
    for table, row in rows:
        grouped[(table, tuple(row))].append(row)
    for (table, keys), many in grouped.items():
        st.insert(conn, table, keys, many)


@functools.cache
def _insert(table: Table) -> Insert:
    """Returns the insert of ``table``'s rows, built once (the columns come from the rows)."""
    return insert(table)


def _write_changes(conn: Connection, batch: list[_Change], st: Statements) -> set[int]:
    written = st.bump(conn, batch)
    # Only rows of rooms whose version the batch bumped are written, and their values set:
    # each with the change it belongs to. (One loop: a batch is often one change.)
    ok: list[_Change] = []
    rows: list[tuple[Table, dict[str, Any]]] = []
    games: list[tuple[Any, dict[str, Any]]] = []
    rooms: list[tuple[Any, dict[str, Any]]] = []
    for c in batch:
        if c.room.id in written:
            ok.append(c)
            rows += c.writes.inserts
            if c.writes.games:
                games += c.writes.games.items()
            if c.writes.room:
                rooms.append((c.room.id, c.writes.room))
    _insert_rows(conn, rows, st)
    for c in ok:
        for statement in c.writes.statements:
            conn.execute(statement)
    _set_values(conn, GAMES, games, st)
    _set_values(conn, ROOMS, rooms, st)
    return written


def _set_values(conn: Connection, table: Table, values: list[tuple[Any, dict[str, Any]]],
                st: Statements) -> None:
    """Sets each row's values (the row given by its key) with one statement per set of
    columns, for many rows."""
    if not values:  # most batches set nothing on their games, and moves nothing on rooms
        return
    grouped: dict[tuple[str, ...], list[dict[str, Any]]] = defaultdict(list)
    for key, row in values:
        grouped[(*sorted(row), ROW_KEY)].append({**row, ROW_KEY: key})
    for keys, many in grouped.items():
        st.set(conn, table, keys, many)
