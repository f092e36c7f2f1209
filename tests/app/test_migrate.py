"""The migrations build the schema the models describe, on every backend."""

from __future__ import annotations

from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, inspect

from app.db import make_engine
from app.models import Base


async def schema_differences(url: str) -> list[Any]:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(
                lambda sync: list(compare_metadata(MigrationContext.configure(sync),
                                                   Base.metadata)))
    finally:
        await engine.dispose()


async def test_the_migrated_schema_is_the_models_schema(database_url: str) -> None:
    assert await schema_differences(database_url) == []


def plain_indexes_and_uniques(sync: Connection, table: str) -> tuple[list[Any], list[Any]]:
    """Returns the columns of a table's indexes that back no constraint, and of its uniques."""
    found = inspect(sync)
    return ([i["column_names"] for i in found.get_indexes(table)
             if not i.get("unique") and not i.get("duplicates_constraint")],
            [u["column_names"] for u in found.get_unique_constraints(table)])


async def test_no_index_repeats_what_a_unique_index_serves(
        database_url: str) -> None:
    """An action or snapshot row costs one index write beside its table's, not two; a seat
    row two (its token's hash is looked up alone, when a player's token is tried as the
    admin's)."""
    engine = make_engine(database_url)
    try:
        async with engine.connect() as conn:
            for table, plain, unique in (("actions", [], ["game_id", "seq"]),
                                         ("snapshots", [], ["game_id", "seq"]),
                                         ("seats", [["token_hash"]], ["room_id", "position"])):
                assert await conn.run_sync(plain_indexes_and_uniques, table) == (plain, [unique])
    finally:
        await engine.dispose()


async def test_a_server_on_a_schema_behind_the_code_refuses_to_start_saying_why(
        tmp_path) -> None:
    """Serving a database the migrations have not reached failed on every request that
    read a newer column (500s, and no word why); the server now stops at its start."""
    from app.migrate import SchemaOutOfDate, check_schema, head, upgrade
    from tests.support.databases import off_loop, sqlite_url
    from tests.support.server import app_client, settings_for

    empty = sqlite_url(tmp_path / "empty.db")
    with pytest.raises(SchemaOutOfDate, match=r"not migrated \(no revision\).*saloon migrate"):
        async with app_client(settings_for(empty)):
            pass
    behind = sqlite_url(tmp_path / "behind.db")
    off_loop(lambda: upgrade(behind, "0006"))
    with pytest.raises(SchemaOutOfDate, match=f"at revision 0006; this Saloon needs revision "
                                              f"{head()}"):
        await check_schema(behind)
    off_loop(lambda: upgrade(behind))
    await check_schema(behind)  # migrated: nothing to say
