"""The database: the writer's connection is kept between transactions, and let go when one
fails or the database is disposed."""

from __future__ import annotations

import pytest
from sqlalchemy import func, insert, select, text
from sqlalchemy.exc import DBAPIError

from app.db import Database
from app.models import AdminSecret
from tests.support.databases import POSTGRES_URL


async def count_secrets(db: Database) -> int:
    async with db.engine.connect() as conn:
        return int((await conn.execute(select(func.count()).select_from(AdminSecret))).scalar_one())


async def test_the_writer_keeps_its_connection_and_commits_each_block(database_url: str) -> None:
    db = Database(database_url)
    async with db.writing() as first:
        await first.execute(insert(AdminSecret).values(name="a", token_hash="0" * 64))
    async with db.writing() as second:
        await second.execute(insert(AdminSecret).values(name="b", token_hash="1" * 64))
    assert second is first and await count_secrets(db) == 2
    await db.dispose()
    assert first.closed


async def test_a_failed_block_is_rolled_back_and_its_connection_let_go(database_url: str) -> None:
    db = Database(database_url)
    with pytest.raises(RuntimeError):
        async with db.writing() as failed:
            await failed.execute(insert(AdminSecret).values(name="a", token_hash="0" * 64))
            raise RuntimeError("the batch failed")
    assert failed.closed and await count_secrets(db) == 0
    async with db.writing() as fresh:
        await fresh.execute(insert(AdminSecret).values(name="b", token_hash="1" * 64))
    assert fresh is not failed and await count_secrets(db) == 1
    await db.dispose()


@pytest.mark.skipif(POSTGRES_URL is None, reason="needs TEST_DATABASE_URL")
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_a_writer_whose_server_dropped_it_fails_once_then_writes(database_url: str) -> None:
    """A kept connection is not pinged before each transaction: when the database server
    dropped it meanwhile (a restart), one transaction fails, and the next takes a fresh one."""
    db = Database(database_url)
    async with db.writing() as conn:
        pid = (await conn.execute(text("SELECT pg_backend_pid()"))).scalar_one()
    async with db.engine.connect() as other:
        await other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    with pytest.raises(DBAPIError):
        async with db.writing() as dropped:
            await dropped.execute(insert(AdminSecret).values(name="a", token_hash="0" * 64))
    async with db.writing() as fresh:
        await fresh.execute(insert(AdminSecret).values(name="b", token_hash="1" * 64))
    assert await count_secrets(db) == 1
    await db.dispose()
