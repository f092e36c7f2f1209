"""Playing the same rooms through two paths of the writer, and reading back every row they
stored, to compare what each path writes."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import JSON, DateTime, Text, cast, select

from app.db import Database
from app.rooms import RoomService
from app.rooms import service as service_module
from app.rooms.clock import PRESETS
from app.rooms.writes import ACTIONS, CHAT, GAMES, ROOMS, SEATS, SNAPSHOTS
from app.settings import Settings
from app.timers import ManualClock


def secrets_for(monkeypatch: pytest.MonkeyPatch, prefix: str) -> None:
    """Makes the room service's secrets a known sequence (codes start with ``prefix``)."""
    numbers = itertools.count()
    monkeypatch.setattr(service_module, "new_code", lambda: f"{prefix}-{next(numbers)}")
    monkeypatch.setattr(service_module, "new_token", lambda: f"token-{next(numbers)}")
    monkeypatch.setattr(service_module, "new_seed", lambda: 4242)
    monkeypatch.setattr(service_module, "new_game_id", lambda: f"{prefix}GAME{next(numbers)}")


async def stored_both_ways(settings: Settings, monkeypatch: pytest.MonkeyPatch,
                           general: Callable[[RoomService], None]
                           ) -> tuple[list[tuple[str, list[Any]]], list[tuple[str, list[Any]]]]:
    """Plays the same rooms through the writer's own path and through the general one
    (``general`` chooses it on a room service); returns what each stored, in that order."""
    general_codes = await play(settings, monkeypatch, "QA", path=general)
    own_codes = await play(settings, monkeypatch, "QB", path=lambda service: None)
    db = Database(settings.database_url)
    try:
        return await stored(db, own_codes), await stored(db, general_codes)
    finally:
        await db.dispose()


async def play(settings: Settings, monkeypatch: pytest.MonkeyPatch, prefix: str, *,
               path: Callable[[RoomService], None]) -> list[str]:
    """Plays the same rooms through the writer's path that ``path`` chooses on a new room
    service; returns their codes."""
    secrets_for(monkeypatch, prefix)
    db = Database(settings.database_url)
    clock = ManualClock(datetime(2026, 5, 1, 12, tzinfo=UTC))
    service = RoomService(db, settings, clock=clock)
    path(service)
    # Three rooms created in one batch, one with a turn clock (values set on every move).
    hosts = (("Ana", PRESETS["fast"]), ("Cy", None), ("Di", None))
    made = await asyncio.gather(*(service.create(
        game_id="highcard", options={"tricks": 2}, name=name, turn_clock=turn_clock,
        gone_after=90.5) for name, turn_clock in hosts))
    for live, _, token in made:  # a second passes between any two changes of a room
        clock.advance(1)
        await service.join(live.code, "Bo")
        # A seat freed before the game: its row deleted, the seats after it moved down.
        clock.advance(1)
        bot = await service.add_bot(live.code, token, "random")
        clock.advance(1)
        await service.join(live.code, "Ed")
        clock.advance(1)
        await service.remove_seat(live.code, token, bot)
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
            # JSON values and times as the text stored, not as read back.
            columns = [cast(c, Text).label(c.name) if isinstance(c.type, (JSON, DateTime))
                       else c for c in table.columns if c.name != "id"]
            for row in await conn.execute(select(*columns).where(where).order_by(*order)):
                values = dict(row._mapping)
                if "room_id" in values:
                    values["room_id"] = placeholders[rooms[values["room_id"]]]
                out.append((table.name, [normal(v, placeholders) for v in values.values()]))
    assert {name for name, _ in out} >= {t.name for t in (ROOMS, SEATS, CHAT, GAMES, ACTIONS)}
    return out
