"""Bots at the table: one task per bot seat, so a simultaneous phase is played at once."""

from __future__ import annotations

import asyncio

from app.db import Database
from app.rooms import RoomService, SeatKind
from app.rooms.bots import BotTasks


async def test_bots_of_a_simultaneous_phase_wait_their_delays_side_by_side(settings) -> None:
    """Cards for Cowboys' draw phase: every bot draws at once, each after its own delay,
    not one after another (each would have waited for the last before)."""
    slow = settings.model_copy(update={"bot_delay": 60})
    service = RoomService(Database(slow.database_url), slow)
    live, _, host = await service.create(game_id="cards_for_cowboys", options={}, name="Ana")
    for _ in range(3):
        await service.add_bot(live.code, host, "smart")
    await service.start(live.code, host)
    assert set(live.bots_to_act()) == {1, 2, 3}
    running = {seat for seat, task in live.bots._tasks.items() if not task.done()}
    assert running == {1, 2, 3}  # all three are waiting at the same time
    await service.close()
    await service.db.dispose()


async def test_random_bots_play_without_a_view_or_a_schema_check(settings, monkeypatch) -> None:
    """A random bot reads no view, and its action (taken from the legal list) is not run
    through the Action schema again: a whole game is played with neither, and stored."""
    service = RoomService(Database(settings.database_url), settings)
    live, _, host = await service.create(game_id="cowpoker", options={}, name="Ana")
    for _ in range(3):
        await service.add_bot(live.code, host, "random")

    def never(*_: object) -> None:
        raise AssertionError("not needed for a random bot's move")

    await service.start(live.code, host)
    monkeypatch.setattr(live.game, "view", never)
    monkeypatch.setattr(live.game, "normalize_action", never)
    live.seats[0].kind, live.seats[0].bot = SeatKind.BOT, "random"  # the host watches
    service._schedule_bots(live)
    await live.bots.idle()
    assert live.status == "finished"
    assert live.seq > 20
    await service.close()
    await service.db.dispose()


def test_the_server_playing_for_an_absent_player_pulls_no_gun() -> None:
    """The smart bot pulls a gun whenever it can; playing for a person who is not there,
    the server keeps to the game's quiet choices: a discard and a draw."""
    from app.rooms.bots import choose, stand_in
    from app.rooms.data import RoomData, RoomStatus, SeatInfo
    from games.registry import get_game
    from tests.games.wyoming_cowboy.helpers import build

    game = get_game("wyoming_cowboy")
    room = RoomData(id=1, code="abc", game=game, options={}, status=RoomStatus.PLAYING,
                    host_seat=0, allow_spectators=True, version=3, matches=0,
                    seats=[SeatInfo(i, n, SeatKind.HUMAN) for i, n in enumerate("ABC")])
    room.state = build(seats=3, hands={0: "8D 3S KH 7C 5D 4C 2H", 1: "2C", 2: "4H"})
    assert choose(room, 0, "smart")["type"] == "pull"
    assert stand_in(room, 0)["type"] == "discard"


async def test_bot_tasks_cancelled_start_no_more() -> None:
    """A bot cancelled while its move was written follows the move once it lands, and
    started the next bot's task after the service had closed its writer."""
    bots, played = BotTasks(), []

    async def turn(seat: int) -> None:
        played.append(seat)

    bots.start([1], turn)
    await bots.idle()
    await bots.cancel()
    bots.start([2], turn)
    await asyncio.sleep(0)
    assert played == [1] and not bots.busy()
