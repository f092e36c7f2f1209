"""The database: the writer's transactions keep their connection between them, let it go
when one fails or the database is disposed, and wait for another writer without
blocking the event loop; on SQLite a transaction is the driver's own, whether its
statements run through SQLAlchemy or straight through SQLite's cursor."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from sqlalchemy import Connection, func, insert, select, text
from sqlalchemy.exc import DBAPIError, IntegrityError

from app.db import Database, _seen_through, column_json
from app.models import AdminSecret
from app.rooms.sqlite_batch import _execute
from tests.support.databases import POSTGRES_URL


async def count_secrets(db: Database) -> int:
    async with db.engine.connect() as conn:
        return int((await conn.execute(select(func.count()).select_from(AdminSecret))).scalar_one())


def add_secret(name: str) -> Callable[[Connection], Connection]:
    """Returns a transaction's work: one secret added; it returns its connection."""
    def work(conn: Connection) -> Connection:
        conn.execute(insert(AdminSecret).values(name=name, token_hash=name * 64))
        return conn
    return work


def add_secret_by_cursor(name: str) -> Callable[[Connection], Connection]:
    """``add_secret`` straight through SQLite's cursor, as a batch's statements run."""
    def work(conn: Connection) -> Connection:
        cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        _execute(cursor, "INSERT INTO admin_secrets (name, token_hash, created_at) "
                         "VALUES (?, ?, '2026-11-28 00:00:00.000000')", (name, name * 64))
        return conn
    return work


def outside_any_transaction(conn: Connection) -> bool:
    """Whether neither SQLAlchemy nor SQLite's driver holds a transaction open on ``conn``."""
    dbapi = conn.connection.dbapi_connection
    return not conn.in_transaction() and not dbapi.in_transaction  # type: ignore[union-attr]


async def test_the_writer_keeps_its_connection_and_commits_each_transaction(
        database_url: str) -> None:
    db = Database(database_url)
    first = await db.write(add_secret("a"))
    second = await db.write(add_secret("b"))
    assert second is first and await count_secrets(db) == 2
    await db.dispose()
    assert first.closed


async def test_a_failed_transaction_is_rolled_back_and_its_connection_let_go(
        database_url: str) -> None:
    db = Database(database_url)
    seen: list[Connection] = []

    def fails(conn: Connection) -> None:
        seen.append(add_secret("a")(conn))
        raise RuntimeError("the batch failed")

    with pytest.raises(RuntimeError):
        await db.write(fails)
    assert seen[0].closed and await count_secrets(db) == 0
    fresh = await db.write(add_secret("b"))
    assert fresh is not seen[0] and await count_secrets(db) == 1
    await db.dispose()


async def test_a_unique_clash_is_rolled_back_and_keeps_the_connection(
        database_url: str) -> None:
    """A clash leaves the connection sound (the committer writes its batch again, change
    by change, at once): it is kept, not let go."""
    db = Database(database_url)
    kept = await db.write(add_secret("a"))
    with pytest.raises(IntegrityError):
        await db.write(add_secret("a"))
    assert await db.write(add_secret("b")) is kept and not kept.closed
    assert await count_secrets(db) == 2
    await db.dispose()


@pytest.mark.skipif(POSTGRES_URL is None, reason="needs TEST_DATABASE_URL")
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_a_failed_connection_is_not_given_back_to_the_pool(database_url: str) -> None:
    """The connection of a failed transaction is closed for good: the pool never hands
    the same server session out again."""
    db = Database(database_url)

    def fails(conn: Connection) -> int:
        pid: int = conn.execute(text("SELECT pg_backend_pid()")).scalar_one()
        raise RuntimeError(f"the batch failed on backend {pid}")

    with pytest.raises(RuntimeError) as failed:
        await db.write(fails)
    failed_pid = int(str(failed.value).rsplit(" ", 1)[1])
    async with db.engine.connect() as other:
        assert (await other.execute(text("SELECT pg_backend_pid()"))).scalar_one() != failed_pid
    pid = await db.write(lambda conn: conn.execute(text("SELECT pg_backend_pid()")).scalar_one())
    assert pid != failed_pid
    await db.dispose()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("adding", [add_secret, add_secret_by_cursor])
async def test_a_write_waits_for_another_writer_without_blocking_the_loop(
        database_url: str, adding: Callable[[str], Callable[[Connection], Connection]]) -> None:
    """Another connection of the process holds SQLite's write lock across its awaits: the
    writer's transaction waits for it (the loop runs on, so the other can finish) and is
    then written."""
    db = Database(database_url)
    async with db.engine.connect() as other:
        await other.execute(insert(AdminSecret).values(name="first", token_hash="f" * 64))
        writing = asyncio.create_task(db.write(adding("b")))
        for _ in range(20):  # the loop turns while the writer waits
            await asyncio.sleep(0.005)
        assert not writing.done()
        await other.commit()
    await asyncio.wait_for(writing, 5)
    async with db.engine.connect() as conn:
        names = (await conn.execute(select(AdminSecret.name))).scalars()
        assert set(names) == {"first", "b"}
    await db.dispose()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_sqlite_transactions_are_the_drivers_own_whatever_runs_the_statements(
        database_url: str) -> None:
    """Statements through SQLite's cursor (a batch's), through SQLAlchemy (any other), or
    both in one transaction are committed together, or none of them if anything fails;
    either way the connection is left outside any transaction, kept unless it failed."""
    db = Database(database_url)
    kept = await db.write(add_secret_by_cursor("a"))
    assert outside_any_transaction(kept)

    def both(conn: Connection) -> Connection:
        return add_secret_by_cursor("c")(add_secret("b")(conn))

    assert await db.write(both) is kept and outside_any_transaction(kept)
    assert await count_secrets(db) == 3

    def fails(conn: Connection) -> None:
        add_secret_by_cursor("e")(add_secret("d")(conn))
        raise RuntimeError("the batch failed")

    with pytest.raises(RuntimeError):
        await db.write(fails)
    assert await count_secrets(db) == 3
    kept = await db.write(add_secret_by_cursor("f"))  # a fresh connection
    with pytest.raises(IntegrityError):  # a clash through the cursor: the connection is kept
        await db.write(lambda conn: add_secret_by_cursor("a")(add_secret_by_cursor("x")(conn)))
    assert await db.write(add_secret("g")) is kept and outside_any_transaction(kept)
    assert await count_secrets(db) == 5
    await db.dispose()


def test_json_columns_are_compact_text_even_of_what_utf_8_cannot_hold() -> None:
    assert column_json({"type": "cell", "cell": 4, "name": "Zoë"}) == (
        '{"type":"cell","cell":4,"name":"Zoë"}')
    assert column_json([1.5, None, True, 2**70]) == "[1.5,null,true,1180591620717411303424]"
    assert column_json({"text": "\ud800"}) == '{"text":"\\ud800"}'  # a lone surrogate


@pytest.mark.skipif(POSTGRES_URL is None, reason="needs TEST_DATABASE_URL")
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_a_writer_whose_server_dropped_it_fails_once_then_writes(database_url: str) -> None:
    """A kept connection is not pinged before each transaction: when the database server
    dropped it meanwhile (a restart), one transaction fails, and the next takes a fresh one."""
    db = Database(database_url)
    pid = await db.write(lambda conn: conn.execute(text("SELECT pg_backend_pid()")).scalar_one())
    async with db.engine.connect() as other:
        await other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    with pytest.raises(DBAPIError):
        await db.write(add_secret("a"))
    await db.write(add_secret("b"))
    assert await count_secrets(db) == 1
    await db.dispose()


async def test_a_write_is_seen_through_when_its_caller_is_cancelled() -> None:
    loop = asyncio.get_running_loop()
    work: asyncio.Future[str] = loop.create_future()
    returned: list[str] = []

    async def caller() -> None:
        returned.append(await _seen_through(work))
        await asyncio.sleep(1)  # the cancellation, kept for the next wait, stops it here

    task = asyncio.create_task(caller())
    await asyncio.sleep(0)
    task.cancel()
    await asyncio.sleep(0)
    assert not work.cancelled() and not task.done()  # the work goes on, and so does the caller
    work.set_result("kept")
    with pytest.raises(asyncio.CancelledError):
        await task
    assert returned == ["kept"]


async def test_a_failed_write_of_a_cancelled_caller_raises_the_cancellation() -> None:
    work: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(_seen_through(work))
    await asyncio.sleep(0)
    task.cancel()
    await asyncio.sleep(0)
    work.set_exception(OSError("the disk"))
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_a_write_done_as_its_caller_is_cancelled_leaves_no_error_behind() -> None:
    loop = asyncio.get_running_loop()
    errors: list[dict[str, object]] = []
    loop.set_exception_handler(lambda _, context: errors.append(context))
    try:
        work: asyncio.Future[str] = loop.create_future()
        task = asyncio.create_task(_seen_through(work))
        await asyncio.sleep(0)
        work.set_result("kept")  # its callback is scheduled, then the caller is cancelled
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert await _seen_through(work) == "kept"
        for _ in range(3):
            await asyncio.sleep(0)
    finally:
        loop.set_exception_handler(None)
    assert errors == []
