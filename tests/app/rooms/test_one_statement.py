"""A batch as one PostgreSQL statement: the same play stores the same rows, to the text of
every JSON value, as the general path; a batch it cannot hold goes the general way."""

from __future__ import annotations

import asyncio
import itertools
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import JSON, Text, cast, select

from app.db import Database
from app.rooms import RoomService, one_statement
from app.rooms import service as service_module
from app.rooms.clock import PRESETS
from app.rooms.writes import ACTIONS, CHAT, GAMES, ROOMS, SEATS, SNAPSHOTS, Writes
from app.settings import Settings
from app.timers import ManualClock
from tests.support.databases import POSTGRES_URL


def secrets_for(monkeypatch: pytest.MonkeyPatch, prefix: str) -> None:
    """Makes the room service's secrets a known sequence (codes start with ``prefix``)."""
    numbers = itertools.count()
    monkeypatch.setattr(service_module, "new_code", lambda: f"{prefix}-{next(numbers)}")
    monkeypatch.setattr(service_module, "new_token", lambda: f"token-{next(numbers)}")
    monkeypatch.setattr(service_module, "new_seed", lambda: 4242)
    monkeypatch.setattr(service_module, "uuid", SimpleNamespace(
        uuid4=lambda: SimpleNamespace(hex=f"{prefix}GAME{next(numbers)}")))


async def play(settings: Settings, monkeypatch: pytest.MonkeyPatch, prefix: str, *,
               alone: bool) -> list[str]:
    """Plays the same rooms through one path; returns their codes."""
    secrets_for(monkeypatch, prefix)
    db = Database(settings.database_url)
    db.asyncpg = alone
    clock = ManualClock(datetime(2026, 5, 1, 12, tzinfo=UTC))
    service = RoomService(db, settings, clock=clock)
    # Three rooms created in one batch, one with a turn clock (values set on every move).
    hosts = (("Ana", PRESETS["fast"]), ("Cy", None), ("Di", None))
    made = await asyncio.gather(*(service.create(
        game_id="highcard", options={"tricks": 2}, name=name, turn_clock=turn_clock,
        gone_after=90.5) for name, turn_clock in hosts))
    for live, _, token in made:  # a second passes between any two changes of a room
        clock.advance(1)
        await service.join(live.code, "Bo")
        clock.advance(1)
        await service.chat(live, 0, "howdy")
        clock.advance(1)
        await service.configure(live.code, token, allow_spectators=False)
        clock.advance(1)
        await service.start(live.code, token)
    # Their moves in shared batches, until every game has ended (the last ones ending in one).
    while any(live.state is not None and live.result is None for live, _, _ in made):
        clock.advance(1)
        await asyncio.gather(*(
            service.act(live, seat, live.game.legal_actions(live.state, seat)[0])
            for live, _, _ in made if live.result is None
            for seat in live.to_act()[:1]))
    await service.start(made[1][0].code, made[1][2], rematch=True)
    await service.close()
    await db.dispose()
    return [live.code for live, _, _ in made]


def normal(value: Any, codes: dict[str, str]) -> Any:
    """Replaces what differs by run alone (codes and game ids) by placeholders."""
    if isinstance(value, str):
        for code, name in codes.items():
            value = value.replace(code, name)
    return value


async def stored(db: Database, codes: list[str]) -> list[tuple[str, list[Any]]]:
    """Returns every row of the rooms ``codes``, JSON values as their stored text, ids out."""
    out = []
    async with db.engine.connect() as conn:
        rooms = {r.id: r.code for r in await conn.execute(
            select(ROOMS.c.id, ROOMS.c.code).where(ROOMS.c.code.in_(codes)))}
        placeholders = {code: f"room{i}" for i, code in enumerate(codes)}
        games = [r.id for r in await conn.execute(
            select(GAMES.c.id).where(GAMES.c.room_id.in_(rooms)).order_by(GAMES.c.id))]
        placeholders |= {g: f"game{i}" for i, g in enumerate(games)}
        for table, where, order in (
                (ROOMS, ROOMS.c.id.in_(rooms), [ROOMS.c.code]),
                (SEATS, SEATS.c.room_id.in_(rooms), [SEATS.c.room_id, SEATS.c.position]),
                (CHAT, CHAT.c.room_id.in_(rooms), [CHAT.c.room_id, CHAT.c.id]),
                (GAMES, GAMES.c.room_id.in_(rooms), [GAMES.c.id]),
                (ACTIONS, ACTIONS.c.game_id.in_(games), [ACTIONS.c.game_id, ACTIONS.c.seq]),
                (SNAPSHOTS, SNAPSHOTS.c.game_id.in_(games),
                 [SNAPSHOTS.c.game_id, SNAPSHOTS.c.seq])):
            columns = [cast(c, Text).label(c.name) if isinstance(c.type, JSON) else c
                       for c in table.columns if c.name != "id"]
            for row in await conn.execute(select(*columns).where(where).order_by(*order)):
                values = dict(row._mapping)
                if "room_id" in values:
                    values["room_id"] = placeholders[rooms[values["room_id"]]]
                out.append((table.name, [normal(v, placeholders) for v in values.values()]))
    assert {name for name, _ in out} == {t.name for t in (ROOMS, SEATS, CHAT, GAMES, ACTIONS)}
    return out


@pytest.mark.skipif(POSTGRES_URL is None, reason="needs TEST_DATABASE_URL")
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
async def test_the_same_play_stores_the_same_rows_either_way(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    general = await play(settings, monkeypatch, "QA", alone=False)
    alone = await play(settings, monkeypatch, "QB", alone=True)
    db = Database(settings.database_url)
    assert await stored(db, alone) == await stored(db, general)
    await db.dispose()


def test_a_batch_with_other_statements_goes_the_general_way() -> None:
    def change(writes: Writes) -> SimpleNamespace:
        return SimpleNamespace(room=SimpleNamespace(id=1, version=3), writes=writes,
                               now=datetime.now(UTC))

    assert one_statement.build([], [change(Writes(statements=[ROOMS.delete()]))]) is None
    started_and_set = Writes(inserts=[(GAMES, {"id": "g"})], games={"g": {"status": "x"}})
    assert one_statement.build([], [change(started_and_set)]) is None
    assert one_statement.build([], [change(Writes())]) is not None
