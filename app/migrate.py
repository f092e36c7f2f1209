"""Running the Alembic migrations from code (the CLI's ``migrate`` and the tests)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

from app.db import make_engine

ROOT = Path(__file__).resolve().parent.parent


def alembic_config(database_url: str) -> Config:
    """Returns an Alembic config for the project's migrations and ``database_url``."""
    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    cfg.attributes["database_url"] = database_url
    return cfg


def upgrade(database_url: str, revision: str = "head") -> None:
    """Brings the database schema up to ``revision``."""
    command.upgrade(alembic_config(database_url), revision)


class SchemaOutOfDate(RuntimeError):
    """The database's schema is not the one this code was written for."""


def head() -> str | None:
    """Returns the revision the migrations bring a database to."""
    return ScriptDirectory.from_config(alembic_config("")).get_current_head()


async def check_schema(database_url: str) -> None:
    """Raises ``SchemaOutOfDate`` unless the database is at the migrations' head: a server
    on an older schema would fail on every request that reads a newer column."""
    engine = make_engine(database_url)
    try:
        async with engine.connect() as conn:
            current = await conn.run_sync(_current)
    finally:
        await engine.dispose()
    expected = head()
    if current != expected:
        at = f"at revision {current}" if current else "not migrated (no revision)"
        raise SchemaOutOfDate(f"The database's schema is {at}; this Saloon needs revision "
                              f"{expected}. Run `saloon migrate` first (`make run` does).")


def _current(conn: Connection) -> str | None:
    return MigrationContext.configure(conn).get_current_revision()
