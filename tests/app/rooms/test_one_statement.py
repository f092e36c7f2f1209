"""A batch as one PostgreSQL statement: the same play stores the same rows, to the text of
every JSON value, as the general path; a batch it cannot hold goes the general way."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from app.rooms import RoomService, one_statement
from app.rooms.writes import GAMES, ROOMS, Writes
from app.settings import Settings
from tests.support.batches import stored_both_ways
from tests.support.databases import POSTGRES_URL


def general(service: RoomService) -> None:
    service.db.asyncpg = False


@pytest.mark.skipif(POSTGRES_URL is None, reason="needs TEST_DATABASE_URL")
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_the_same_play_stores_the_same_rows_either_way(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    alone, general_path = await stored_both_ways(settings, monkeypatch, general)
    assert alone == general_path


def test_a_batch_with_other_statements_goes_the_general_way() -> None:
    def change(writes: Writes) -> SimpleNamespace:
        return SimpleNamespace(room=SimpleNamespace(id=1, version=3), writes=writes,
                               now=datetime.now(UTC))

    assert one_statement.build([], [change(Writes(statements=[ROOMS.delete()]))]) is None
    started_and_set = Writes(inserts=[(GAMES, {"id": "g"})], games={"g": {"status": "x"}})
    assert one_statement.build([], [change(started_and_set)]) is None
    assert one_statement.build([], [change(Writes())]) is not None
