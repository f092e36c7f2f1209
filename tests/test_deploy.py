"""The deployment files agree with the code: compose, Dockerfile, README settings table."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from app.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_runs_app_postgres_and_redis_with_health_checks() -> None:
    services = compose()["services"]
    assert {"app", "migrate", "postgres", "redis"} <= services.keys()
    for name in ("app", "postgres", "redis"):
        assert "test" in services[name]["healthcheck"], name


def test_migrations_run_before_the_app_starts() -> None:
    services = compose()["services"]
    assert services["migrate"]["command"] == ["saloon", "migrate"]
    needs = services["app"]["depends_on"]
    assert needs["migrate"]["condition"] == "service_completed_successfully"
    assert needs["postgres"]["condition"] == needs["redis"]["condition"] == "service_healthy"
    assert services["migrate"]["depends_on"]["postgres"]["condition"] == "service_healthy"


def test_the_app_serves_in_one_process() -> None:
    # Worker processes sharing a port would split a room's sockets between them, and
    # each move would reload the room in the other (docs/performance.md).
    command = compose()["services"]["app"]["command"]
    assert command[command.index("--workers") + 1] == "1"


def test_compose_sets_only_real_settings_and_points_at_its_services() -> None:
    services = compose()["services"]
    env = services["app"]["environment"]
    fields = {name.upper() for name in Settings.model_fields}
    assert set(env) <= fields, set(env) - fields
    assert env["DATABASE_URL"].startswith("postgresql+asyncpg://") and "@postgres:" in env[
        "DATABASE_URL"]
    assert env["REDIS_URL"].startswith("redis://redis:")
    assert services["migrate"]["environment"] == env


def test_dockerfile_ships_what_the_server_needs() -> None:
    text = (ROOT / "Dockerfile").read_text()
    for part in ("app", "games", "migrations", "static", "alembic.ini", "pyproject.toml"):
        assert re.search(rf"^COPY .*\b{re.escape(part)}\b", text, re.M), part
    assert '"saloon", "serve"' in text and "HEALTHCHECK" in text


def test_readme_lists_every_setting_with_its_default() -> None:
    readme = (ROOT / "README.md").read_text()
    for name, field in Settings.model_fields.items():
        row = next((line for line in readme.splitlines()
                    if line.startswith(f"| `{name.upper()}`")), None)
        assert row is not None, f"README has no row for {name.upper()}"
        default = ("unset" if field.default is None else str(field.default).lower()
                   if isinstance(field.default, bool) else str(field.default))
        assert default in row, f"{name.upper()}: expected default {default!r} in {row!r}"


def test_readme_gives_the_two_setup_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "make run" in readme and "make test" in readme
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^run:", makefile, re.M) and re.search(r"^test:", makefile, re.M)
