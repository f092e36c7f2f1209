"""The one writer: games ending in one batch each get their own values; closing it lets a
batch being written finish and be acknowledged, not cut off, even when its commit is
under way as it closes."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

import app.db
from app.db import Database
from app.models import GameStatus
from app.rooms import RoomService
from app.rooms import service as service_module
from app.rooms.committer import Committer, Stale
from app.rooms.writes import GAMES, ROOMS, Writes
from app.settings import Settings
from tests.support.databases import POSTGRES_URL


async def join_while_writing(settings: Settings, delay: float,
                             monkeypatch: pytest.MonkeyPatch
                             ) -> tuple[RoomService, str, asyncio.Task[tuple[int, str]]]:
    """Opens a room, makes every transaction take ``delay`` seconds more, and starts a
    join whose batch is being written when this returns: (service, room code, join)."""
    service = RoomService(Database(settings.database_url), settings)
    live, _, _ = await service.create(game_id="highcard", options={}, name="Ana")
    write = service.committer._write

    async def slowly(*args: Any) -> set[int]:
        await asyncio.sleep(delay)
        return await write(*args)

    monkeypatch.setattr(service.committer, "_write", slowly)
    joining = asyncio.create_task(service.join(live.code, "Bo"))
    await asyncio.sleep(0.05)
    return service, live.code, joining


async def test_close_lets_the_batch_being_written_commit(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    service, code, joining = await join_while_writing(settings, 0.3, monkeypatch)
    await service.close()
    seat, _ = await asyncio.wait_for(joining, 5)  # acknowledged, not left waiting
    assert seat == 1
    other = RoomService(Database(settings.database_url), settings)
    assert [s.name for s in (await other.get(code)).seats] == ["Ana", "Bo"]
    for svc in (service, other):
        await svc.db.dispose()


async def test_close_refuses_what_it_could_not_write_in_time(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    service, _, joining = await join_while_writing(settings, 30, monkeypatch)
    await service.committer.close(timeout=0.1)
    with pytest.raises(RuntimeError, match="shutting down"):
        await asyncio.wait_for(joining, 5)
    await service.close()
    await service.db.dispose()


async def test_an_idle_writer_closes_at_once(settings: Settings) -> None:
    committer = Committer(Database(settings.database_url))
    await asyncio.wait_for(committer.close(timeout=30), 1)
    await committer.db.dispose()


async def test_games_ending_in_one_batch_each_get_their_own_values(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    service = RoomService(Database(settings.database_url), settings)
    rooms = []
    for host in ("Ana", "Cy", "Di"):
        live, _, token = await service.create(game_id="highcard", options={"tricks": 1},
                                              name=host)
        await service.join(live.code, "Bo")
        await service.start(live.code, token)
        await service.act(live, 0, live.game.legal_actions(live.state, 0)[0])
        rooms.append(live)
    write, batches = service.committer._write, []

    async def counting(*args: Any) -> set[int]:
        batches.append(len(args[0]))
        return await write(*args)

    monkeypatch.setattr(service.committer, "_write", counting)
    # The last card of two games: both ends are written in one transaction.
    await asyncio.gather(*(service.act(live, 1, live.game.legal_actions(live.state, 1)[0])
                           for live in rooms[:2]))
    assert batches == [2]
    async with service.db.engine.connect() as conn:
        rows = {r.id: r for r in await conn.execute(select(GAMES))}
    for live in rooms[:2]:
        row = rows[live.game_id]
        assert (row.status, row.actions_count) == (GameStatus.FINISHED, 2)
        assert row.result == live.result and row.final_hash and row.finished_at
    unfinished = rows[rooms[2].game_id]  # in no batch: left as it was
    assert (unfinished.status, unfinished.result, unfinished.finished_at) == (
        GameStatus.PLAYING, None, None)
    await service.close()
    await service.db.dispose()


class SlowCommits(sqlite3.Connection):
    """A SQLite connection whose commits in a worker thread take ``delay`` seconds, then
    fail if ``fail`` is set."""

    delay = 0.0
    fail = False

    def commit(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            time.sleep(SlowCommits.delay)
            if SlowCommits.fail:
                raise sqlite3.OperationalError("disk I/O error")
        super().commit()


async def join_while_committing(settings: Settings, monkeypatch: pytest.MonkeyPatch, *,
                                fail: bool) -> tuple[RoomService, str, asyncio.Task[Any]]:
    """Opens a room, then starts a join whose commit takes half a second (and fails if
    ``fail``) and is under way when this returns: (service, room code, join)."""
    make_engine = app.db.create_engine

    def slow_engine(url: Any, **options: Any) -> Any:
        options["connect_args"] = {**options.get("connect_args", {}), "factory": SlowCommits}
        return make_engine(url, **options)

    monkeypatch.setattr(app.db, "create_engine", slow_engine)
    monkeypatch.setattr(SlowCommits, "delay", 0.0)
    service = RoomService(Database(settings.database_url), settings)
    live, _, _ = await service.create(game_id="highcard", options={}, name="Ana")
    monkeypatch.setattr(SlowCommits, "delay", 0.5)
    monkeypatch.setattr(SlowCommits, "fail", fail)
    joining = asyncio.create_task(service.join(live.code, "Bo"))
    await asyncio.sleep(0.1)
    return service, live.code, joining


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_change_committed_while_the_writer_closes_is_acknowledged(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    service, code, joining = await join_while_committing(settings, monkeypatch, fail=False)
    await asyncio.wait_for(service.committer.close(timeout=0.05), 5)
    seat, _ = await asyncio.wait_for(joining, 5)
    assert seat == 1
    other = RoomService(Database(settings.database_url), settings)
    assert [s.name for s in (await other.get(code)).seats] == ["Ana", "Bo"]
    for svc in (service, other):
        await svc.close()
        await svc.db.dispose()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_commit_failing_while_the_writer_closes_refuses_its_change(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    service, code, joining = await join_while_committing(settings, monkeypatch, fail=True)
    await asyncio.wait_for(service.committer.close(timeout=0.05), 5)  # it stops all the same
    with pytest.raises(RuntimeError, match="shutting down"):
        await asyncio.wait_for(joining, 5)
    monkeypatch.setattr(SlowCommits, "fail", False)
    other = RoomService(Database(settings.database_url), settings)
    assert [s.name for s in (await other.get(code)).seats] == ["Ana"]
    for svc in (service, other):
        await svc.close()
        await svc.db.dispose()


async def test_a_room_whose_code_is_taken_fails_alone_in_its_batch(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    codes = iter(["TAKEN", "TAKEN", "FREE"])
    monkeypatch.setattr(service_module, "new_code", lambda: next(codes))
    service = RoomService(Database(settings.database_url), settings)
    await service.create(game_id="highcard", options={}, name="Ana")
    clash, made = await asyncio.gather(
        service.create(game_id="highcard", options={}, name="Bo"),
        service.create(game_id="highcard", options={}, name="Cy"), return_exceptions=True)
    assert isinstance(clash, IntegrityError)
    assert not isinstance(made, BaseException) and made[0].code == "FREE"
    other = RoomService(Database(settings.database_url), settings)
    assert [s.name for s in (await other.get("FREE")).seats] == ["Cy"]
    assert [s.name for s in (await other.get("TAKEN")).seats] == ["Ana"]
    for svc in (service, other):
        await svc.close()
        await svc.db.dispose()


async def test_a_stale_change_leaves_its_game_row_as_it_was(settings: Settings) -> None:
    """A change whose room another writer moved on sets none of its values on the game."""
    service = RoomService(Database(settings.database_url), settings)
    live, _, token = await service.create(game_id="highcard", options={}, name="Ana")
    await service.join(live.code, "Bo")
    game_id = await service.start(live.code, token)
    stale = SimpleNamespace(id=live.id, code=live.code, version=live.version - 1)
    abandon = Writes(games={game_id: {"status": GameStatus.ABANDONED, "ended_reason": "x"}},
                     room={"status": "abandoned"})
    with pytest.raises(Stale):
        await service.committer.commit(stale, abandon, datetime.now(UTC))  # type: ignore[arg-type]
    async with service.db.engine.connect() as conn:
        game = (await conn.execute(select(GAMES).where(GAMES.c.id == game_id))).one()
        room = (await conn.execute(select(ROOMS).where(ROOMS.c.id == live.id))).one()
    assert (game.status, game.ended_reason) == (GameStatus.PLAYING, None)
    assert (room.status, room.version) == ("playing", live.version)
    await service.close()
    await service.db.dispose()


@pytest.mark.skipif(POSTGRES_URL is None, reason="needs TEST_DATABASE_URL")
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_a_statement_under_way_on_postgresql_when_the_writer_closes_is_acknowledged(
        settings: Settings) -> None:
    """On PostgreSQL a batch is one statement committed on its own: once sent, its outcome
    is the database's, and the writer closing meanwhile waits for it and reports it."""
    service = RoomService(Database(settings.database_url), settings)
    live, _, _ = await service.create(game_id="highcard", options={}, name="Ana")
    async with service.db.engine.connect() as other:  # holds the room's row, as a writer would
        await other.execute(text("SELECT 1 FROM rooms WHERE id = :id FOR UPDATE"),
                            {"id": live.id})
        joining = asyncio.create_task(service.join(live.code, "Bo"))
        await asyncio.sleep(0.2)
        closing = asyncio.create_task(service.committer.close(timeout=0.1))
        await asyncio.sleep(0.3)
        assert not closing.done()  # waiting for the statement, not cutting it off
        await other.rollback()
    await asyncio.wait_for(closing, 5)
    seat, _ = await asyncio.wait_for(joining, 5)
    assert seat == 1
    fresh = RoomService(Database(settings.database_url), settings)
    assert [s.name for s in (await fresh.get(live.code)).seats] == ["Ana", "Bo"]
    for svc in (service, fresh):
        await svc.close()
        await svc.db.dispose()


async def test_a_writer_cancelled_before_its_first_step_refuses_what_was_queued(
        settings: Settings) -> None:
    """A closing loop cancels every task, a writer just made among them: one cancelled
    before its first step never ran its body, and what was queued for it waited for ever
    (a bot whose move was being written held the loop's end up)."""
    committer = Committer(Database(settings.database_url))
    creating = asyncio.ensure_future(committer.create({}, []))
    await asyncio.sleep(0)  # queued, its writer's task made and not yet run
    assert committer._task is not None and not committer._task.done()
    committer._task.cancel()
    with pytest.raises(RuntimeError, match="shutting down"):
        await asyncio.wait_for(creating, 1)
    await committer.db.dispose()


async def test_a_closed_writer_refuses_what_comes_after_at_once(settings: Settings) -> None:
    """A writer started again after ``close`` outlived the service, its change unwritten."""
    committer = Committer(Database(settings.database_url))
    await committer.close(timeout=1)
    with pytest.raises(RuntimeError, match="shutting down"):
        await asyncio.wait_for(committer.create({}, []), 1)
    assert committer._task is None
    await committer.db.dispose()
