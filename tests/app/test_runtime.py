"""The runtime's settings for serving: the collector frozen at start and run less often."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from app import runtime
from app.settings import Settings
from tests.support.server import app_client, settings_for


@pytest.fixture
def restored_gc() -> Iterator[None]:
    """Puts the collector back as the suite had it."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_tune_gc_freezes_what_lives_and_raises_the_thresholds(restored_gc: None) -> None:
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    runtime.tune_gc()
    assert gc.get_threshold() == (runtime.GEN0, runtime.GEN1, runtime.GEN2)
    assert gc.get_freeze_count() > 1000  # the modules, the games, the app


@pytest.mark.parametrize("tune", [True, False])
async def test_the_app_tunes_the_collector_at_start_only_when_set(
        tune: bool, sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[None] = []
    monkeypatch.setattr(runtime, "tune_gc", lambda: calls.append(None))
    settings: Settings = settings_for(sqlite_url, tune_gc=tune)
    async with app_client(settings) as client:
        assert (await client.get("/api/games")).status_code == 200
    assert calls == ([None] if tune else [])


def test_the_server_tunes_the_collector_by_default() -> None:
    assert Settings(_env_file=None).tune_gc is True
