"""The database engine and sessions (async SQLAlchemy over SQLite or PostgreSQL), and the
writer's transactions."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import asyncpg
from sqlalchemy import Connection, Engine, create_engine, event, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from app.commit_thread import CommitThread
from app.json_text import dumps

T = TypeVar("T")
BUSY_TIMEOUT = 30.0  # seconds a write waits for another connection's transaction


# A JSON column's value as compact text: the socket's encoder itself, with no call around
# it for every value written.
column_json = dumps


def _sqlite_pragmas(conn: sqlite3.Connection, _record: object) -> None:
    cur = conn.cursor()
    # WAL lets readers run beside the single writer. FULL syncs the log at every commit,
    # so a commit survives a power cut as well as a killed process (NORMAL would lose
    # the last commits on a power cut); group commit pays the sync once per batch.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA synchronous=FULL")
    cur.close()


def make_engine(url: str) -> AsyncEngine:
    """Returns an engine for ``url``; SQLite gets WAL and foreign keys switched on."""
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": BUSY_TIMEOUT},
                                     json_serializer=column_json)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(url, pool_pre_ping=True, json_serializer=column_json)


def _sqlite_writer_engine(url: str) -> Engine:
    """Returns a plain (blocking) engine on ``url``'s SQLite file for the writer, whose
    connections never wait for a lock: a busy database raises at once (its pragmas too)."""
    engine = create_engine(make_url(url).set(drivername="sqlite"), pool_size=1,
                           connect_args={"timeout": 0, "check_same_thread": False},
                           json_serializer=column_json)
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _busy(e: OperationalError) -> bool:
    """Whether SQLite said another connection holds a lock (its extended codes too, such
    as ``SQLITE_BUSY_SNAPSHOT``, carry ``SQLITE_BUSY`` in their low byte)."""
    code = getattr(e.orig, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF == sqlite3.SQLITE_BUSY


class Database:
    """Holds the engine, hands out sessions, and runs the writer's transactions."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._sqlite = _sqlite_writer_engine(url) if url.startswith("sqlite") else None
        self.sqlite_dialect = self._sqlite.dialect if self._sqlite is not None else None
        # PostgreSQL through asyncpg, the driver ``run_alone`` speaks.
        self.asyncpg = make_url(url).get_driver_name() == "asyncpg"
        self._writer: AsyncConnection | None = None
        self._sqlite_writer: Connection | None = None
        self._writing = asyncio.Lock()
        self._commits = CommitThread()  # where the SQLite writer's commits wait for the disk

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        """Yields a session; the caller commits."""
        async with self.sessions() as s:
            yield s

    async def write(self, fn: Callable[[Connection], T]) -> T:
        """Runs ``fn(connection)`` in one transaction of the writer's connection and returns
        its result once the transaction is committed (nothing of it is kept if ``fn`` or
        the commit raises); one transaction at a time.

        ``fn`` is plain code: on SQLite its statements run on the event loop itself, and
        only the commit, which waits for the disk, goes to a thread, one hop per
        transaction where the async driver takes one per call of every statement. A
        database another connection is writing is waited for without blocking the loop,
        and ``fn`` is run again (so it must have no effect outside the transaction). On
        PostgreSQL ``fn`` runs through the async driver. The connection is kept from one
        transaction to the next: taking one from the pool and giving it back cost a ping
        and a rollback each time; one whose transaction failed is let go (but not for a
        unique clash, which leaves it sound), so that the next is taken afresh.
        """
        async with self._writing:
            if self._sqlite is not None:
                return await self._write_sqlite(fn)
            conn = await self._kept_writer()
            try:
                async with conn.begin():
                    return await conn.run_sync(fn)
            except IntegrityError:  # a clash: rolled back, and the connection is sound
                raise
            except BaseException:
                await self._let_writer_go(conn)
                raise

    async def run_alone(self, sql: str, args: Sequence[Any]) -> list[Any]:
        """Runs one statement on its own on the writer's connection, straight through the
        driver (PostgreSQL's asyncpg: one round trip, atomic without a transaction around
        it); returns its rows once it is committed, seen through even if the caller is
        cancelled meanwhile. The server's refusals raise as through SQLAlchemy
        (``IntegrityError`` for a constraint, ``DBAPIError`` otherwise); a connection that
        failed is let go for good."""
        async with self._writing:
            conn = await self._kept_writer()
            driver: Any = None
            try:
                driver = (await conn.get_raw_connection()).driver_connection
                rows: list[Any] = await _seen_through(driver.fetch(sql, *args))
                return rows
            except asyncpg.PostgresError as e:  # the server refused it
                if driver.is_closed():  # and went away (a restart, say)
                    await self._let_writer_go(conn)
                kind = (IntegrityError if isinstance(e, asyncpg.IntegrityConstraintViolationError)
                        else DBAPIError)
                raise kind(sql, args, e) from e
            except BaseException:  # the connection itself failed
                await self._let_writer_go(conn)
                raise

    async def _kept_writer(self) -> AsyncConnection:
        """Returns the writer's async connection, taken from the pool the first time."""
        if self._writer is None:
            self._writer = await self.engine.connect()
        return self._writer

    async def _let_writer_go(self, conn: AsyncConnection) -> None:
        """Closes the writer's connection for good (the pool does not keep it)."""
        self._writer = None
        await conn.invalidate()
        await conn.close()

    async def _write_sqlite(self, fn: Callable[[Connection], T]) -> T:
        assert self._sqlite is not None
        deadline, pause = time.monotonic() + BUSY_TIMEOUT, 0.001
        while True:
            try:
                conn = self._sqlite_writer
                if conn is None:
                    conn = self._sqlite_writer = self._sqlite.connect()
                return await _sqlite_transaction(conn, fn, self._commits)
            except OperationalError as e:
                if not _busy(e) or time.monotonic() > deadline:
                    self._let_sqlite_writer_go()
                    raise
            except IntegrityError:  # a clash: rolled back, and the connection is sound
                raise
            except BaseException:
                self._let_sqlite_writer_go()
                raise
            await asyncio.sleep(pause)
            pause = min(2 * pause, 0.05)

    def _let_sqlite_writer_go(self) -> None:
        """Closes the writer's SQLite connection for good (the pool does not keep it), so
        that the next transaction opens a fresh one."""
        conn, self._sqlite_writer = self._sqlite_writer, None
        if conn is not None:
            conn.invalidate()
            conn.close()

    async def dispose(self) -> None:
        """Closes the writer's connection (once its transaction is over) and every pooled one."""
        async with self._writing:
            if self._writer is not None:
                writer, self._writer = self._writer, None
                await writer.close()
            if self._sqlite is not None:
                self._let_sqlite_writer_go()
                self._sqlite.dispose()
            self._commits.stop()  # idle: no transaction is under way
        await self.engine.dispose()


async def _sqlite_transaction(conn: Connection, fn: Callable[[Connection], T],
                              commits: CommitThread) -> T:
    """Runs ``fn(conn)`` in one transaction of SQLite's driver and commits it, the commit
    in ``commits``'s thread; rolls it back if anything raises.

    The driver begins the transaction at the first statement that writes, as it does
    within SQLAlchemy's ``Connection.begin``, which on SQLite adds its bookkeeping and
    nothing else (1.7% of a match's instructions when every change commits alone). A
    statement ``fn`` runs through SQLAlchemy begins SQLAlchemy's transaction too, which
    ends with the driver's.
    """
    dbapi = conn.connection.dbapi_connection
    assert dbapi is not None
    try:
        result = fn(conn)
        # The commit's sync waits for the disk: in the writer's thread. Its errors are
        # SQLite's own (``sqlite3.Error``): a commit in WAL mode takes no lock, so none of
        # them means "busy, try again".
        await _seen_through(commits.run(dbapi.commit))
    except BaseException:
        if conn.in_transaction():
            conn.rollback()
        else:
            dbapi.rollback()
        raise
    if conn.in_transaction():
        conn.commit()  # the driver's is committed: this only ends SQLAlchemy's
    return result


async def _seen_through(work: Awaitable[T]) -> T:
    """Awaits ``work`` to its end, even if the caller is cancelled meanwhile, and returns
    what it returns.

    For a write whose outcome the database decides once it is sent (a commit, a statement
    committed on its own): cut off, the caller would refuse changes the database keeps.
    If the caller was cancelled meanwhile and the work failed, the cancellation is
    raised; if it succeeded, its result is returned as usual and the task is cancelled
    again, so that the caller reports the write done and stops at its next wait.
    """
    done = asyncio.ensure_future(work)  # a future (a commit's) is itself
    cancelled = False
    while not done.done():
        # Awaited through a future of its own, which a cancellation cancels instead of
        # ``done``: what ``asyncio.shield`` does, with one callback in Python where it has
        # two, and a future less (0.6% of a match when every change commits alone). The
        # callback may be scheduled already when the waiter is cancelled: it leaves a
        # waiter that is done alone.
        waiter = done.get_loop().create_future()

        def wake(_: object, waiter: asyncio.Future[None] = waiter) -> None:
            if not waiter.done():
                waiter.set_result(None)

        done.add_done_callback(wake)
        try:
            await waiter
        except asyncio.CancelledError:
            done.remove_done_callback(wake)
            cancelled = True
    if cancelled:
        if done.cancelled() or done.exception() is not None:
            raise asyncio.CancelledError
        task = asyncio.current_task()
        assert task is not None
        task.cancel()
    return done.result()
