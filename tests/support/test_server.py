"""The live server of the tests: a server that will not stop is reported, not left running."""

from __future__ import annotations

import threading

import pytest

from tests.support import server as server_module
from tests.support.server import LiveServer, settings_for


def _hanging(monkeypatch: pytest.MonkeyPatch) -> tuple[LiveServer, threading.Event]:
    """A live server whose thread runs until the returned event is set (never started)."""
    monkeypatch.setattr(server_module, "SHUTDOWN_SECONDS", 0.05)
    live = LiveServer(settings_for("sqlite+aiosqlite:///never-opened.db"))
    release = threading.Event()
    live.thread = threading.Thread(target=release.wait, daemon=True)
    live.thread.start()
    return live, release


def test_a_live_server_still_running_after_its_stop_fails_the_test(
        monkeypatch: pytest.MonkeyPatch) -> None:
    live, release = _hanging(monkeypatch)
    try:
        with pytest.raises(RuntimeError, match=f"port {live.port} did not stop"):
            live.__exit__(None, None, None)
    finally:
        release.set()


def test_an_exception_already_raised_is_not_hidden_by_the_stop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    live, release = _hanging(monkeypatch)
    try:
        live.__exit__(ValueError, ValueError("the test's own"), None)
    finally:
        release.set()
    assert live._socket.fileno() == -1  # closed all the same
