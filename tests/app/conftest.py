"""Fixtures for the server: empty migrated databases, the app in-process, real uvicorns."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from app.db import Database
from app.rooms import RoomService
from app.settings import Settings
from tests.support.databases import BACKENDS, Databases
from tests.support.server import AppClient, LiveServer, app_client, settings_for


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, databases: Databases, tmp_path: Path) -> str:
    """An empty migrated database: SQLite, and PostgreSQL too when TEST_DATABASE_URL is set."""
    return databases.empty(request.param, tmp_path)


@pytest.fixture
def sqlite_url(databases: Databases, tmp_path: Path) -> str:
    """An empty migrated SQLite database (for long game runs that test the protocol)."""
    return databases.sqlite(tmp_path)


@pytest.fixture
def settings(database_url: str) -> Settings:
    """Settings for a test server on the parametrized database."""
    return settings_for(database_url)


@pytest.fixture
async def service(settings: Settings) -> AsyncIterator[RoomService]:
    """A room service over the test database, without HTTP."""
    svc = RoomService(Database(settings.database_url), settings)
    yield svc
    await svc.close()
    await svc.db.dispose()


@pytest.fixture
async def client(settings: Settings) -> AsyncIterator[AppClient]:
    """An httpx client speaking to a new app in-process (lifespan included)."""
    async with app_client(settings) as c:
        yield c


@pytest.fixture(scope="session")
def sqlite_server(databases: Databases,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A real uvicorn over SQLite, shared by the session's tests: each opens its own rooms."""
    url = databases.sqlite(tmp_path_factory.mktemp("sqlite-server"))
    with LiveServer(settings_for(url)) as live:
        yield live


@pytest.fixture(scope="session")
def postgresql_server(databases: Databases) -> Iterator[LiveServer]:
    """A real uvicorn over PostgreSQL, shared by the session's tests: each opens its own rooms."""
    with LiveServer(settings_for(databases.postgres())) as live:
        yield live


@pytest.fixture(params=BACKENDS)
def server(request: pytest.FixtureRequest) -> LiveServer:
    """The shared real uvicorn of each database backend."""
    live: LiveServer = request.getfixturevalue(f"{request.param}_server")
    return live
