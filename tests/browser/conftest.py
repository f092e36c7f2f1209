"""Fixtures for the browser tests: Debian's Chromium through Playwright, a live server."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.migrate import upgrade
from app.settings import Settings
from tests.app.conftest import ADMIN_TOKEN, NO_RATE_LIMITS, LiveServer, reset_postgres

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

try:
    from playwright.sync_api import Browser, sync_playwright
except ImportError:  # pragma: no cover - the dev extra is not installed
    sync_playwright = None  # type: ignore[assignment]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole session; each test opens its own contexts."""
    if sync_playwright is None or not shutil.which(CHROMIUM):
        missing = f"Playwright or Chromium ({CHROMIUM}) is not available"
        if os.environ.get("CI"):  # CI installs Chromium: a missing browser is a failure there
            pytest.fail(missing)
        pytest.skip(missing)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield b
        b.close()


def _in_thread(fn, *args) -> None:
    # Playwright's sync API keeps an event loop running in this thread, and the
    # migrations call asyncio.run(): they get a thread of their own.
    errors: list[BaseException] = []

    def run() -> None:
        try:
            fn(*args)
        except BaseException as e:  # noqa: BLE001 - re-raised below
            errors.append(e)

    t = threading.Thread(target=run)
    t.start()
    t.join()
    if errors:
        raise errors[0]


@pytest.fixture
def database_url(tmp_path) -> str:
    """A freshly migrated database: PostgreSQL when TEST_DATABASE_URL is set, else SQLite."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        _in_thread(reset_postgres, url)
    else:
        url = f"sqlite+aiosqlite:///{tmp_path}/saloon.db"
    _in_thread(upgrade, url)
    return url


@pytest.fixture
def live(database_url: str) -> Iterator[LiveServer]:
    """A real uvicorn whose bots act quickly."""
    settings = Settings(database_url=database_url, bot_delay=0.05, admin_token=ADMIN_TOKEN,
                        redis_url=None, snapshot_every=20, _env_file=None, **NO_RATE_LIMITS)
    with LiveServer(settings) as server:
        yield server


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """The folder screenshots go to (ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(autouse=True)
def _close_contexts(request):
    """Closes the browser contexts a test opened, so renderers do not pile up."""
    yield
    if "browser" in request.fixturenames:
        b = request.getfixturevalue("browser")
        for context in list(b.contexts):
            context.close()
