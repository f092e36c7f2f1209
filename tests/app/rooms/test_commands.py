"""Room commands that carry a game's facts into the next one."""

from __future__ import annotations

from sqlalchemy import select

from app import records
from app.db import Database
from app.models import GameRecord
from app.rooms import RoomService, RoomStatus, SeatKind


async def test_a_cowpoker_rematch_is_led_left_of_the_last_leader_and_replays(settings) -> None:
    service = RoomService(Database(settings.database_url), settings)
    live, _, host = await service.create(game_id="cowpoker", options={}, name="Ana")
    await service.add_bot(live.code, host, "random")
    first_id = await service.start(live.code, host)
    live.seats[0].kind, live.seats[0].bot = SeatKind.BOT, "random"  # the host lets a bot play
    service._schedule_bots(live)
    while live.status == RoomStatus.PLAYING:
        await live.bots.idle()
    first_lead = live.state.lead
    second_id = await service.start(live.code, host, rematch=True)
    assert live.state.lead == (first_lead + 1) % 4
    async with service.db.session() as s:
        rows = {r.id: r for r in (await s.execute(select(GameRecord))).scalars()}
        rec, _ = await records.stored_record(s, second_id)
    assert rows[first_id].carried is None and rows[second_id].carried == {"led": first_lead}
    assert rec.carried == {"led": first_lead}
    assert records.verify(rec).status == "verified"
    await service.close()
    await service.db.dispose()
