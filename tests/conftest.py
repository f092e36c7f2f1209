"""The whole suite: the test-only game is installed, empty databases are at hand, tests
that share a resource run in one xdist worker, and under CI a skipped browser test fails
the run."""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path

import pytest
from xdist.remote import Producer

from games.base import Game
from tests.support import plugins

# The test game comes from its own distribution, installed by pip like any other game.
plugins.install()

from saloon_high_card import GAME as HIGH_CARD  # noqa: E402
from saloon_high_card import State  # noqa: E402

from tests.support.databases import Databases  # noqa: E402
from tests.support.workers import SharedResources  # noqa: E402


@pytest.fixture
def toy() -> Game[State]:
    """Returns the High Card test game (installed from tests/plugins/high_card)."""
    return HIGH_CARD


@pytest.fixture(scope="session")
def databases(tmp_path_factory: pytest.TempPathFactory) -> Databases:
    """Hands out empty migrated databases, each backend migrated once per session."""
    root: Path = tmp_path_factory.mktemp("databases")
    return Databases(root)


def pytest_xdist_make_scheduler(config: pytest.Config,
                                log: Producer) -> SharedResources | None:
    """Under xdist's load modes, tests that share the PostgreSQL database or Chromium
    stay together (other modes, like ``--dist each``, are left as asked)."""
    if config.getvalue("dist") in ("load", "loadgroup", "loadscope"):
        return SharedResources(config, log)
    return None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item,
                              call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport,
                                                                        pytest.TestReport]:
    """Under CI (``CI=true``) a browser test may not be skipped: CI installs the browser,
    so a skip there means the pages were never tested."""
    report = yield
    under_ci = os.environ.get("CI", "").lower() in ("1", "true", "yes")
    if (under_ci and report.skipped and not hasattr(report, "wasxfail")
            and item.get_closest_marker("browser") is not None):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"browser test skipped under CI, where every browser test must run: " \
                          f"{reason}"
    return report


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Ends every run with the number of skipped tests, even when it is none."""
    skipped = len(terminalreporter.stats.get("skipped", []))
    terminalreporter.write_line(f"skipped tests: {skipped}")
