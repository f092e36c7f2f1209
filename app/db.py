"""The database engine and sessions (async SQLAlchemy over SQLite or PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

# JSON columns (every move's action and events) are plain trees: compact, and written
# without the encoder's search for cycles.
_JSON = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def make_engine(url: str) -> AsyncEngine:
    """Returns an engine for ``url``; SQLite gets WAL and foreign keys switched on."""
    json_options: dict[str, Any] = {"json_serializer": _JSON.encode}
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30}, **json_options)

        @event.listens_for(engine.sync_engine, "connect")
        def _sqlite_pragmas(conn, _record):  # type: ignore[no-untyped-def]
            cur = conn.cursor()
            # WAL lets readers run beside the single writer. FULL syncs the log at every
            # commit, so a commit survives a power cut as well as a killed process
            # (NORMAL would lose the last commits on a power cut); group commit pays the
            # sync once per batch of moves.
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA synchronous=FULL")
            cur.close()

        return engine
    return create_async_engine(url, pool_pre_ping=True, **json_options)


class Database:
    """Holds the engine, hands out sessions, and keeps the writer's connection."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._writer: AsyncConnection | None = None
        self._writing = asyncio.Lock()

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        """Yields a session; the caller commits."""
        async with self.sessions() as s:
            yield s

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[AsyncConnection]:
        """Yields the writer's connection in a transaction, committed when the block ends
        (rolled back if it raises); one transaction at a time.

        The connection is kept from one transaction to the next: taking one from the pool
        and giving it back cost a ping (PostgreSQL) and a rollback each time, a round trip
        or a hop to SQLite's thread apiece, on the path of every move. One whose
        transaction failed is given back, so that the next is taken afresh.
        """
        async with self._writing:
            conn = self._writer
            if conn is None:
                conn = self._writer = await self.engine.connect()
            try:
                async with conn.begin():
                    yield conn
            except BaseException:
                self._writer = None
                await conn.close()
                raise

    async def dispose(self) -> None:
        """Closes the writer's connection and every pooled one."""
        if self._writer is not None:
            writer, self._writer = self._writer, None
            await writer.close()
        await self.engine.dispose()
