"""The benchmark's database with a past holds matches as the server stores them."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from app.db import Database
from app.models import ActionRow, GameRecord, Seat
from app.models import Room as RoomRow
from app.records.repository import verify_stored
from bench import history
from bench.tictactoe import GAME
from games import registry


@pytest.fixture
def tictactoe() -> Iterator[None]:
    """Registers the benchmark's game, as its server does."""
    registry.register(GAME)
    yield
    registry.unregister(GAME.id)


async def test_each_stored_match_replays_to_its_result_and_ids_follow_start_times(
        tmp_path: Path, tictactoe: None) -> None:
    path = tmp_path / "history.db"
    await asyncio.to_thread(history.fill, path, 30)  # it migrates: its own event loop
    db = Database(f"sqlite+aiosqlite:///{path}")
    try:
        async with db.session() as s:
            games = (await s.execute(select(GameRecord).order_by(GameRecord.started_at))
                     ).scalars().all()
            assert len(games) == 30
            assert await s.scalar(select(func.count()).select_from(RoomRow)) == 30
            assert await s.scalar(select(func.count()).select_from(Seat)) == 60
            actions = await s.scalar(select(func.count()).select_from(ActionRow))
            assert actions == sum(g.actions_count for g in games)
            # Time-ordered ids, as the server makes them: later matches sort after.
            ids = [g.id for g in games]
            assert ids == sorted(ids) and len(set(ids)) == 30
            assert all(uuid.UUID(i).version == 7 for i in ids)
            for game in games[:5]:
                found = await verify_stored(s, game.id)
                assert found.status == "verified", found.message
    finally:
        await db.dispose()
