"""Empty, migrated databases: SQLite copies of one migrated file, PostgreSQL emptied in place.

Migrating takes far longer than copying a file or truncating tables, so each backend
is migrated once per session and every test gets an empty copy of that schema.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from sqlalchemy import delete, text

from app.db import Database, make_engine
from app.migrate import upgrade
from app.models import GameRecord

POSTGRES_URL = os.environ.get("TEST_DATABASE_URL") or None
REDIS_URL = os.environ.get("TEST_REDIS_URL") or None
BACKENDS = ["sqlite"] + (["postgresql"] if POSTGRES_URL else [])

T = TypeVar("T")


def off_loop(fn: Callable[[], T]) -> T:
    """Runs ``fn`` in a thread of its own and returns what it returns (or raises what it raised).

    Alembic and these helpers call ``asyncio.run``, which refuses to run where an event
    loop already runs: inside an async test, or beside Playwright's sync API.
    """
    results: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            results.append(fn())
        except BaseException as e:  # noqa: BLE001 - re-raised in the caller's thread
            errors.append(e)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]
    return results[0]


def sqlite_url(path: Path) -> str:
    """Returns the async SQLAlchemy URL of the SQLite file at ``path``."""
    return f"sqlite+aiosqlite:///{path}"


def migrate(url: str) -> None:
    """Brings the schema of ``url`` up to date."""
    off_loop(lambda: upgrade(url))


def _execute(url: str, *statements: str) -> None:
    """Runs SQL statements on ``url`` in one transaction."""

    async def run() -> None:
        engine = make_engine(url)
        try:
            async with engine.begin() as conn:
                for statement in statements:
                    await conn.execute(text(statement))
        finally:
            await engine.dispose()

    off_loop(lambda: asyncio.run(run()))


def _tables(url: str) -> list[str]:
    """Returns the application's tables in the public schema of a PostgreSQL ``url``."""

    async def run() -> list[str]:
        engine = make_engine(url)
        try:
            async with engine.connect() as conn:
                rows = await conn.execute(text(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                    " AND tablename <> 'alembic_version' ORDER BY tablename"))
                return [str(r[0]) for r in rows]
        finally:
            await engine.dispose()

    return off_loop(lambda: asyncio.run(run()))


def delete_games(url: str, ids: list[str]) -> None:
    """Deletes stored games by id; their actions and snapshots go with them."""

    async def run() -> None:
        db = Database(url)
        try:
            async with db.session() as s:
                await s.execute(delete(GameRecord).where(GameRecord.id.in_(ids)))
                await s.commit()
        finally:
            await db.dispose()

    if ids:
        off_loop(lambda: asyncio.run(run()))


def reset_postgres(url: str) -> None:
    """Drops everything in the PostgreSQL database at ``url``, the schema included."""
    _execute(url, "DROP SCHEMA public CASCADE", "CREATE SCHEMA public")


def empty_postgres(url: str) -> None:
    """Deletes every row of the application's tables; their id sequences go on.

    A server of the session may still hold an earlier test's rooms (the browser tests
    share one): with ids restarted, a new room could take the id of one it holds, and
    its late writes (a seat counted gone when its grace ran out) would land on the new
    room's row. Ids that are never given twice leave those writes nothing to match."""
    # Rooms first, as every write of the server locks them first: a straggling write
    # of an earlier test's server then finishes before this, instead of deadlocking.
    names = sorted(_tables(url), key=lambda t: (t != "rooms", t))
    tables = ", ".join(f'"{t}"' for t in names)
    if tables:
        # A server of an earlier test holding a lock would make this wait forever: fail instead.
        _execute(url, "SET LOCAL lock_timeout = '10s'",
                 f"LOCK TABLE {tables} IN ACCESS EXCLUSIVE MODE",
                 f"TRUNCATE TABLE {tables} CASCADE")


class Databases:
    """Hands out empty migrated databases; each backend's schema is migrated once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._template: Path | None = None
        self._postgres_migrated = False
        self._lock = threading.Lock()

    def sqlite(self, directory: Path, name: str = "saloon.db") -> str:
        """Returns the URL of a new SQLite file in ``directory``: a copy of the migrated one."""
        with self._lock:
            if self._template is None:
                template = self.root / "migrated.db"
                migrate(sqlite_url(template))
                # The migration closed its connections, so the file holds everything (no WAL).
                assert not template.with_name(template.name + "-wal").exists()
                self._template = template
        target = directory / name
        shutil.copyfile(self._template, target)
        return sqlite_url(target)

    def postgres(self) -> str:
        """Returns the URL of the PostgreSQL test database, migrated and now empty.

        The database is shared by every server of the session: only tests that ask for
        it empty (through this method) rely on what it holds.
        """
        if POSTGRES_URL is None:
            raise RuntimeError("TEST_DATABASE_URL is not set")
        with self._lock:
            if not self._postgres_migrated:
                reset_postgres(POSTGRES_URL)
                migrate(POSTGRES_URL)
                self._postgres_migrated = True
            else:
                empty_postgres(POSTGRES_URL)
        return POSTGRES_URL

    def empty(self, backend: str, directory: Path) -> str:
        """Returns the URL of an empty migrated database of ``backend`` (one of BACKENDS)."""
        if backend == "postgresql":
            return self.postgres()
        if backend == "sqlite":
            return self.sqlite(directory)
        raise ValueError(f"Expected a backend among {BACKENDS}, got {backend!r}")
