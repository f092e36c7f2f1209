"""Fixtures for the browser tests: Debian's Chromium through Playwright, a live server."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.support.databases import POSTGRES_URL, Databases
from tests.support.server import LiveServer, settings_for

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole session; each test opens its own contexts.

    Without Chromium every browser test is skipped, with the way to install it; under CI
    that skip fails the run (see the root conftest).
    """
    if not shutil.which(CHROMIUM):
        pytest.skip(f"Chromium is not installed at {CHROMIUM}: `make test` installs Debian's "
                    "package when it runs as root, else `sudo apt-get install chromium`")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield b
        b.close()


@pytest.fixture(scope="session")
def browser_database(databases: Databases, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The database of the shared browser server: PostgreSQL when TEST_DATABASE_URL is set."""
    if POSTGRES_URL:
        return databases.postgres()
    return databases.sqlite(tmp_path_factory.mktemp("browser"))


@pytest.fixture(scope="session")
def live(browser_database: str) -> Iterator[LiveServer]:
    """A real uvicorn whose bots act quickly, shared by the browser tests: each opens its
    own rooms."""
    settings = settings_for(browser_database, bot_delay=0.05, snapshot_every=20)
    with LiveServer(settings) as server:
        yield server


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """The folder screenshots go to (ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(autouse=True)
def _close_contexts(request: pytest.FixtureRequest) -> Iterator[None]:
    """Closes the browser contexts a test opened, so renderers do not pile up."""
    yield
    if "browser" in request.fixturenames:
        b: Browser = request.getfixturevalue("browser")
        for context in list(b.contexts):
            context.close()
