"""The saloon command: serve, migrate and simulate."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app import cli


def test_simulate_prints_a_summary_table(capsys) -> None:
    assert cli.main(["simulate", "highcard", "--games", "20", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    assert "20/20" in err  # the progress bar
    assert "games/s" in out and "average length" in out and "score spread" in out
    assert out.count("seat ") >= 4 and "win share per seat" in out


def test_simulate_compares_bots_when_given_several(capsys) -> None:
    assert cli.main(["simulate", "highcard", "--games", "8", "--bots", "random,random"]) == 0
    assert cli.main(["simulate", "cowpoker", "--games", "4", "--bots", "smart,random"]) == 0
    out = capsys.readouterr().out
    assert "per bot" in out and "smart" in out
    assert "per label" in out  # Cowpoker labels each seat with its Ranch


def test_simulate_counts_the_safety_valves_a_game_reports(capsys) -> None:
    assert cli.main(["simulate", "wyoming_cowboy", "--games", "2", "--seats", "3",
                     "--bots", "smart"]) == 0
    out = capsys.readouterr().out
    assert "safety valves" in out and "turn_limit" in out
    assert cli.main(["simulate", "highcard", "--games", "2"]) == 0
    assert "safety valves" not in capsys.readouterr().out  # highcard reports none


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "chess"], "got 'chess'"),
    (["simulate", "highcard", "--bots", "genius"], "got genius"),
    (["simulate", "highcard", "--seats", "9"], "takes 2 to 4 seats"),
])
def test_simulate_refuses_bad_arguments(capsys, args, message) -> None:
    assert cli.main(args) == 2
    assert message in capsys.readouterr().err


@pytest.fixture
def settings_from_env() -> Iterator[None]:
    """The process-wide settings, read again from the environment the test sets (and
    forgotten after it)."""
    from app.settings import get_settings

    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def test_migrate_creates_the_schema(tmp_path, monkeypatch, capsys, settings_from_env) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/cli.db"
    monkeypatch.setenv("DATABASE_URL", url)
    assert cli.main(["migrate"]) == 0
    assert "up to date" in capsys.readouterr().out
    assert (tmp_path / "cli.db").exists()


def test_serve_keeps_idle_connections_longer_than_clients_do(monkeypatch) -> None:
    import uvicorn

    from app.cli.server import KEEP_ALIVE

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append(kwargs))
    assert cli.main(["serve", "--port", "8123"]) == 0
    assert calls[0]["port"] == 8123 and calls[0]["factory"] is True
    assert calls[0]["timeout_keep_alive"] == KEEP_ALIVE > 5  # uvicorn's default is 5 s


@pytest.mark.parametrize("env,compressed", [(None, True), ("false", False), ("true", True)])
def test_serve_compresses_websocket_messages_unless_told_not_to(monkeypatch, env, compressed,
                                                                settings_from_env) -> None:
    import uvicorn

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append(kwargs))
    if env is None:
        monkeypatch.delenv("WS_COMPRESSION", raising=False)
    else:
        monkeypatch.setenv("WS_COMPRESSION", env)
    assert cli.main(["serve"]) == 0
    assert calls[0]["ws_per_message_deflate"] is compressed
