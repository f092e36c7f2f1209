"""Fixtures for the server: a migrated database, the app over httpx, a real uvicorn."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest
import uvicorn
from sqlalchemy import text

from app.db import Database, make_engine
from app.main import create_app
from app.migrate import upgrade
from app.rooms import RoomService
from app.settings import Settings


def reset_postgres(url: str) -> None:
    """Empties the test PostgreSQL database so each test starts from nothing."""

    async def run() -> None:
        engine = make_engine(url)
        async with engine.begin() as conn:
            await conn.execute(text("DROP SCHEMA public CASCADE"))
            await conn.execute(text("CREATE SCHEMA public"))
        await engine.dispose()

    asyncio.run(run())


ADMIN_TOKEN = "admin-secret-of-the-test-suite"
# Tests open rooms and join quickly; the tests of the limits turn them on themselves.
NO_RATE_LIMITS = {"rate_rooms": "off", "rate_joins": "off", "rate_chat": "off",
                  "rate_admin": "off"}
BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("TEST_DATABASE_URL") else [])


def migrated(backend: str, tmp_path) -> str:
    """Returns the URL of an empty, migrated database of ``backend``."""
    if backend == "postgresql":
        url = os.environ["TEST_DATABASE_URL"]
        reset_postgres(url)
    else:
        url = f"sqlite+aiosqlite:///{tmp_path}/saloon.db"
    upgrade(url)
    return url


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path) -> str:
    """A freshly migrated database: SQLite, and PostgreSQL too when TEST_DATABASE_URL is set."""
    return migrated(request.param, tmp_path)


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    """A freshly migrated SQLite database (for long game runs that test the protocol)."""
    return migrated("sqlite", tmp_path)


def settings_for(url: str) -> Settings:
    """Settings for a test server: no bot delay, the given database, a known admin token."""
    return Settings(database_url=url, bot_delay=0, admin_token=ADMIN_TOKEN,
                    redis_url=None, snapshot_every=5, _env_file=None, **NO_RATE_LIMITS)


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
async def client(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    """An httpx client speaking to the ASGI app in-process (lifespan included)."""
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            c.app = app  # type: ignore[attr-defined]
            yield c


def free_port() -> int:
    """Returns a TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """A real uvicorn serving the app in a thread."""

    def __init__(self, settings: Settings, log_level: str = "warning") -> None:
        self.port = free_port()
        self.app = create_app(settings)
        self.server = uvicorn.Server(uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level=log_level,
            ws_max_size=settings.ws_frame_bytes, lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start within 10 s")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture
def server(settings: Settings) -> Iterator[LiveServer]:
    """A real uvicorn on a free port, on each database backend."""
    with LiveServer(settings) as live:
        yield live


@pytest.fixture
def sqlite_server(sqlite_url: str) -> Iterator[LiveServer]:
    """A real uvicorn on a free port over SQLite."""
    with LiveServer(settings_for(sqlite_url)) as live:
        yield live
