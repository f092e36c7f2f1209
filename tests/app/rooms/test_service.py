"""The room service's memory stays bounded however long a room's history grows."""

from __future__ import annotations

from sqlalchemy import insert

from app.db import Database
from app.models import ChatRow
from app.rooms import RoomService
from app.rooms.documents import document
from app.timers import ManualClock


async def test_the_log_in_memory_is_a_bounded_buffer(settings) -> None:
    small = settings.model_copy(update={"log_limit": 10, "rate_chat": "off"})
    service = RoomService(Database(small.database_url), small)
    live, _, _ = await service.create(game_id="highcard", options={}, name="Ana")
    for i in range(60):
        await service.chat(live, 0, f"line {i}")
    assert len(live.log) == 2 * small.log_limit
    assert [e["text"] for e in document(live, 0, small.log_limit)["log"]] == [
        f"line {i}" for i in range(50, 60)]
    await service.close()
    await service.db.dispose()


async def test_loading_a_room_reads_only_its_recent_history(settings) -> None:
    """A million chat lines made every document rebuild scan them all; now only the last ones."""
    small = settings.model_copy(update={"log_limit": 10})
    service = RoomService(Database(small.database_url), small)
    live, _, _ = await service.create(game_id="highcard", options={}, name="Ana")
    async with service.db.session() as s:
        await s.execute(insert(ChatRow), [
            {"room_id": live.id, "room_version": 1, "seat": 0, "name": "Ana", "kind": "chat",
             "text": f"old {i}"} for i in range(3000)])
        await s.commit()
    other = RoomService(Database(small.database_url), small)
    again = await other.get(live.code)
    assert len(again.log) == 2 * small.log_limit
    assert again.log[-1]["text"] == "old 2999"
    for svc in (service, other):
        await svc.close()
        await svc.db.dispose()


async def test_a_room_dropped_from_memory_comes_back_as_it_was(settings) -> None:
    """Idle rooms leave memory (``ROOM_IDLE_SECONDS``) and reload on their next use: every
    viewer's document is the one it was, mid-game, private log lines included."""
    clock = ManualClock()
    service = RoomService(Database(settings.database_url), settings, clock=clock)
    live, _, host = await service.create(game_id="highcard", options={"tricks": 3}, name="Ana")
    await service.join(live.code, "Bo")
    await service.start(live.code, host)
    clock.advance(settings.gone_grace + 1)  # nobody came: both seats are gone
    await service.keeper.idle()
    for _ in range(3):
        seat = live.to_act()[0]
        await service.act(live, seat, live.game.legal_actions(live.state, seat)[0])
    await service.chat(live, 1, "back in five")
    before = {viewer: document(live, viewer, settings.log_limit) for viewer in (0, 1, None)}
    assert service.evict_idle(0) == [live.code] and live.code not in service.rooms
    again = await service.get(live.code)
    assert again is not live
    assert {viewer: document(again, viewer, settings.log_limit)
            for viewer in (0, 1, None)} == before
    await service.close()
    await service.db.dispose()
