"""The turn clock, with a clock moved by hand: time-outs, away seats, gone seats, abandoned games.

No test sleeps: ``ManualClock.advance`` rings the alarms that fall due, and the test
waits for the work they started.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from sqlalchemy import func, select

from app.db import Database
from app.errors import Conflict
from app.models import ActionRow, GameRecord
from app.rooms import RoomService, RoomStatus, SeatKind, persistence
from app.rooms.documents import document
from app.settings import Settings
from app.timers import ManualClock

FAST = {"per_move": 10, "bank": 20}


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def service(settings: Settings, clock: ManualClock) -> AsyncIterator[RoomService]:
    svc = RoomService(Database(settings.database_url),
                      settings.model_copy(update={"away_delay": 2, "gone_grace": 30}),
                      clock=clock)
    yield svc
    await svc.close()
    await svc.db.dispose()


@pytest.fixture
async def two(settings: Settings) -> AsyncIterator[tuple[RoomService, ManualClock,
                                                         RoomService, ManualClock]]:
    """Two processes over one database, each with a clock of its own, set alike:
    ``(a, its clock, b, its clock)``."""
    now = ManualClock()
    later = ManualClock(now.now())
    a = RoomService(Database(settings.database_url), settings, clock=now)
    b = RoomService(Database(settings.database_url), settings, clock=later)
    yield a, now, b, later
    for svc in (a, b):
        await svc.close()
        await svc.db.dispose()


async def table(service: RoomService, *, players: int = 2, turn_clock=FAST,
                gone_after: float | None = None):
    """A High Card game of ``players`` people under ``turn_clock``; returns room and tokens."""
    live, _, host = await service.create(game_id="highcard", options={"tricks": 3}, name="Ana",
                                         turn_clock=turn_clock, gone_after=gone_after)
    tokens = [host]
    for i in range(1, players):
        tokens.append((await service.join(live.code, f"P{i}"))[1])
    await service.start(live.code, host)
    return live, tokens


async def ring(service: RoomService, clock: ManualClock, seconds: float) -> None:
    """Moves the clock on and waits for what its alarms started."""
    clock.advance(seconds)
    await service.keeper.idle()


async def actions(service: RoomService, live) -> int:
    async with service.db.session() as s:
        return int((await s.execute(select(func.count()).select_from(ActionRow).where(
            ActionRow.game_id == live.game_id))).scalar_one())


async def test_a_decision_that_times_out_is_played_for_the_seat_and_said_so(service, clock):
    live, _ = await table(service)
    doc = document(live, 0, 400)["room"]
    deadline = doc["clock"]["seats"][0]["deadline"]
    assert deadline == (clock.now().replace(microsecond=0) + _seconds(30)).isoformat()
    await service.act(live, 0, live.game.legal_actions(live.state, 0)[0])
    await ring(service, clock, 29)
    assert live.seq == 1  # seat 1 still has a second
    await ring(service, clock, 2)
    assert live.seq == 2 and live.timing.away == {1} and live.presence(1) == "away"
    public = [e["text"] for e in document(live, 0, 400)["log"] if e["type"] == "notice"]
    assert ("Time ran out for P1: the server played for them, and plays for them until "
            "they are back") in public
    # Said before the move played for the seat, in the room as kept and as rebuilt.
    log = document(live, 0, 400)["log"]
    said = next(i for i, e in enumerate(log) if e["text"].startswith("Time ran out for P1"))
    assert [e["v"] for e in log[said:]] == [live.version] * (len(log) - said)
    assert any(e["type"] != "notice" for e in log[said + 1:]), log[said:]
    rebuilt = await persistence.load(service.db, live.code, recent=400)
    assert rebuilt.log == live.log
    private = [e for e in document(live, 1, 400)["log"] if e.get("only") == [1]]
    assert any(e["text"].startswith("The server played for you: ") for e in private)
    assert not any(1 in e.get("only", [0]) for e in document(live, 0, 400)["log"])


async def test_the_bank_pays_for_slow_decisions_and_is_spent_for_the_game(service, clock):
    live, _ = await table(service)
    await ring(service, clock, 25)  # 15 s of the 20 s bank
    for seat in (0, 1):
        await service.act(live, seat, live.game.legal_actions(live.state, seat)[0])
    assert live.timing.banks == {0: 5.0, 1: 5.0}
    assert document(live, 0, 400)["room"]["clock"]["seats"][0]["bank"] == 5.0
    await ring(service, clock, 14)
    assert live.seq == 2
    await ring(service, clock, 2)  # 10 s + 5 s left: both time out at once
    assert live.seq == 4 and live.timing.away == {0, 1}


async def test_an_away_seat_is_played_after_a_short_delay_until_its_player_returns(
        service, clock):
    live, tokens = await table(service)
    await service.act(live, 0, live.game.legal_actions(live.state, 0)[0])
    await ring(service, clock, 31)  # seat 1 times out: away
    await service.act(live, 0, live.game.legal_actions(live.state, 0)[0])
    await ring(service, clock, 1)
    assert live.seq == 3  # not yet: away seats get a short delay
    await ring(service, clock, 1)
    assert live.seq == 4 and 1 in live.timing.away
    # Everyone was told at the time-out; the move after it is told to seat 1 alone.
    said = [(e["text"], e.get("only")) for e in document(live, 1, 400)["log"]
            if e["type"] == "notice" and "server played" in e["text"]]
    assert [only for _, only in said] == [None, [1], [1]], said
    await service.come_back(live, 1)
    assert live.timing.away == set() and live.presence(1) == "gone"  # no socket: gone
    with pytest.raises(Conflict):
        await service.come_back(live, 1)
    await service.act(live, 0, live.game.legal_actions(live.state, 0)[0])
    await ring(service, clock, 5)
    assert live.seq == 5  # seat 1 decides for itself again, under its clock


async def test_acting_takes_an_away_seat_back(service, clock):
    live, _ = await table(service)
    await ring(service, clock, 31)  # both time out
    assert live.timing.away == {0, 1}
    await service.act(live, 0, live.game.legal_actions(live.state, 0)[0])
    assert live.timing.away == {1}


async def test_each_seat_of_a_simultaneous_decision_has_its_own_clock(service, clock):
    live, _ = await table(service, players=3)
    await ring(service, clock, 20)
    await service.act(live, 2, live.game.legal_actions(live.state, 2)[0])
    await ring(service, clock, 11)
    assert live.seq == 3 and live.timing.away == {0, 1}


async def test_the_deadline_survives_a_restart_and_fires_once(settings, clock):
    """The process holding the room dies; a new one loads the stored deadline and fires once."""
    first = RoomService(Database(settings.database_url), settings, clock=clock)
    live, _ = await table(first)
    await first.db.dispose()  # killed: no close, its alarms die with it
    later = ManualClock(clock.now())
    second = RoomService(Database(settings.database_url), settings, clock=later)
    assert await second.wake_due(within=60) == [live.code]
    again = second.rooms[live.code]
    await ring(second, later, 29)
    assert again.seq == 0
    await ring(second, later, 2)
    assert again.seq == 2 and await actions(second, again) == 2  # once per seat, not twice
    await ring(second, later, 1)
    assert await actions(second, again) == 2  # both away now: played after the short delay
    await ring(second, later, 1)
    assert await actions(second, again) == 4
    await second.close()
    await second.db.dispose()


async def test_two_processes_play_a_timed_out_move_once(two):
    a, now, b, later = two
    live, _ = await table(a)
    live_b = await b.get(live.code)
    assert live_b.due == live.due
    later.advance(31)
    now.advance(31)
    await b.keeper.idle()
    await a.keeper.idle()
    assert await actions(a, live) == 2  # one move per seat, played by one process only


async def test_a_seat_gone_long_enough_is_handed_to_a_bot_and_the_host_told(service, clock):
    live, _ = await table(service, turn_clock="off", gone_after=300)
    await ring(service, clock, 31)  # nobody connected: both seats count as gone
    assert live.presence(1) == "gone" and document(live, 0, 400)["room"]["seats"][1][
        "presence"] == "gone"
    await ring(service, clock, 300)
    assert [s.kind for s in live.seats] == [SeatKind.BOT, SeatKind.BOT]
    notices = [e["text"] for e in live.log if e["type"] == "notice"]
    assert any("was gone for 5 min; a random bot plays the seat" in t for t in notices)


async def test_a_seat_that_comes_back_within_the_grace_is_never_gone(service, clock):
    live, _ = await table(service, turn_clock="off", gone_after=300)
    conn = await service.connect(live, 1)
    await ring(service, clock, 31)
    assert live.presence(1) == "connected" and live.presence(0) == "gone"
    service.disconnect(live, conn)
    await ring(service, clock, 10)
    await service.connect(live, 1)
    await ring(service, clock, 30)
    assert live.presence(1) == "connected"
    await service.connect(live, 0)
    assert live.presence(0) == "connected"


async def test_the_grace_runs_from_the_last_time_a_seat_was_left(service, clock):
    """A seat left, taken back and left again is gone a grace after it was left the second
    time, and counts as gone since then: the first leave's alarm does nothing."""
    live, _ = await table(service, turn_clock="off", gone_after=300)
    conn = await service.connect(live, 1)
    await ring(service, clock, 31)
    service.disconnect(live, conn)  # left at 31
    await ring(service, clock, 10)
    conn = await service.connect(live, 1)
    await ring(service, clock, 10)
    service.disconnect(live, conn)  # left again at 51
    second = clock.now()
    await ring(service, clock, 15)  # 66: the first leave's grace is over, the second's not
    assert live.presence(1) == "connected"
    await ring(service, clock, 16)  # 82: the second's is
    assert live.presence(1) == "gone" and live.timing.gone[1] == second


@pytest.mark.parametrize("apart, changes", [(0.5, 1), (5, 2)])
async def test_seats_left_together_are_marked_gone_in_one_change(service, clock, apart,
                                                                changes):
    """Everyone leaving as a game ends is one change, not one per seat; seats left further
    apart are each marked at their own grace's end."""
    live, _ = await table(service, players=3, turn_clock="off", gone_after=300)
    conns = [await service.connect(live, seat) for seat in range(3)]
    await ring(service, clock, 31)
    service.disconnect(live, conns[0])
    first = clock.now()
    await ring(service, clock, apart)
    service.disconnect(live, conns[1])
    second = clock.now()
    service.disconnect(live, conns[2])
    version = live.version
    await ring(service, clock, 30 - apart)  # the first leave's grace is over
    marked = live.version - version
    await ring(service, clock, apart + 1)  # every one's is
    assert live.timing.gone == {0: first, 1: second, 2: second}
    assert marked == 1 and live.version - version == changes


async def test_a_game_nobody_touches_is_abandoned_and_the_room_can_start_again(service, clock):
    live, tokens = await table(service, turn_clock="off", gone_after=None)
    await ring(service, clock, service.settings.abandon_after - 10)
    assert await service.abandon_idle() == []
    await ring(service, clock, 20)
    assert await service.abandon_idle() == [live.code]
    assert live.status == RoomStatus.ABANDONED
    async with service.db.session() as s:
        record = await s.get(GameRecord, live.game_id)
    assert record is not None and record.status == "abandoned"
    assert record.ended_reason and "abandoned" in record.ended_reason
    await service.start(live.code, tokens[0], rematch=True)
    assert live.status == RoomStatus.PLAYING


def _seconds(n: float):
    from datetime import timedelta

    return timedelta(seconds=n)


async def test_a_seat_removed_in_the_lobby_takes_its_gone_mark_with_it(service, clock):
    """The seats after a removed one move up one, and their presence with them: a player
    connected in the next seat is not shown gone, nor handed to a bot once the game starts,
    for the removed player's absence; a seat left before the removal is still marked gone."""
    live, _, host = await service.create(game_id="highcard", options={"tricks": 3},
                                         name="Ana", gone_after=60)
    for name in ("Bo", "Cy", "Di"):
        await service.join(live.code, name)
    ana = await service.connect(live, 0)
    bo = await service.connect(live, 1)
    cy = await service.connect(live, 2)
    di = await service.connect(live, 3)
    service.disconnect(live, bo)
    await ring(service, clock, 31)
    assert live.presence(1) == "gone"
    service.disconnect(live, di)  # Di's grace runs on while Bo's seat goes
    await ring(service, clock, 10)
    await service.remove_seat(live.code, host, 1)
    assert [s.name for s in live.seats] == ["Ana", "Cy", "Di"]
    assert [live.presence(seat) for seat in range(3)] == ["connected", "connected", "connected"]
    await ring(service, clock, 21)  # Di's grace is over: Di's seat, now the third, is gone
    assert [live.presence(seat) for seat in range(3)] == ["connected", "connected", "gone"]
    await service.start(live.code, host)
    await ring(service, clock, 61)  # Di gone for over a minute: a bot plays the seat
    assert [s.kind for s in live.seats] == [SeatKind.HUMAN, SeatKind.HUMAN, SeatKind.BOT]
    for conn in (ana, cy):
        assert not conn.closed
    reloaded = await RoomService(service.db, service.settings, clock=clock).get(live.code)
    assert reloaded.timing.gone == live.timing.gone and 1 not in live.timing.gone


async def test_a_removed_players_socket_closing_is_no_leave_of_the_next_seat(service, clock):
    """The sockets of a seat removed in the lobby are closed by the room: their closing is
    not the next seat (its number now) being left, nor does it put off that seat's grace."""
    live, _, host = await service.create(game_id="highcard", options={"tricks": 3},
                                         name="Ana", gone_after=60)
    for name in ("Bo", "Cy"):
        await service.join(live.code, name)
    bo = await service.connect(live, 1)
    cy = await service.connect(live, 2)
    service.disconnect(live, cy)
    left = clock.now()
    await ring(service, clock, 10)
    await service.remove_seat(live.code, host, 1)
    assert bo.closed and live.seats[1].name == "Cy"
    service.disconnect(live, bo)  # its socket's handler, once the socket is closed
    await ring(service, clock, 21)  # Cy's grace, from when Cy left, is over
    assert live.presence(1) == "gone" and live.timing.gone == {1: left}


async def test_a_room_with_a_leave_in_its_grace_stays_in_memory_until_it_is_marked(service,
                                                                                  clock):
    """Dropping an idle room would leave its grace's alarm to mark a copy nobody else holds:
    a player back by then, on the room loaded anew, would be marked gone all the same."""
    live, _ = await table(service, turn_clock="off", gone_after=None)  # nobody connected
    assert live.due is None and service.evict_idle(0) == []
    await ring(service, clock, 10)
    again = await service.get(live.code)
    assert again is live
    await service.connect(live, 1)  # back within the grace
    await ring(service, clock, 21)
    assert live.timing.gone == {0: live.timing.gone[0]} and live.presence(1) == "connected"
    assert service.evict_idle(0) == []  # seat 1 has a socket
    service.disconnect(live, next(iter(live.connections)))
    await ring(service, clock, 31)
    assert service.evict_idle(0) == [live.code]
    reloaded = await service.get(live.code)
    assert reloaded is not live and reloaded.timing.gone == live.timing.gone
    assert set(reloaded.timing.gone) == {0, 1}


async def test_a_seat_marked_gone_by_a_process_it_left_is_connected_in_the_one_it_is_on(two):
    """Presence is each process's: a player whose page reloads onto another process is
    marked gone by the one their old socket closed on. The process holding their socket,
    hearing of it, says they are connected, so a bot never takes a seat being played."""
    a, now, b, later = two
    live, _ = await table(a, turn_clock="off", gone_after=60)
    await a.connect(live, 0)
    await a.connect(live, 1)
    live_b = await b.get(live.code)
    b.disconnect(live_b, await b.connect(live_b, 1))  # the old page, on b, closed
    later.advance(31)
    await b.keeper.idle()
    assert live_b.presence(1) == "gone"  # b has no socket of seat 1 left
    await a.refresh(live.code, live_b.version)  # as a's notifier tells it
    await a.keeper.idle()
    assert live.presence(1) == "connected" and 1 not in live.timing.gone
    await b.refresh(live.code, live.version)
    assert (await b.get(live.code)).presence(1) == "connected"
    now.advance(61)
    later.advance(61)
    await a.keeper.idle()
    await b.keeper.idle()
    assert [s.kind for s in live.seats] == [SeatKind.HUMAN, SeatKind.HUMAN]


async def test_a_leave_follows_its_player_when_another_process_frees_an_earlier_seat(two):
    """A process remembers who left it by the player, not by the seat's number: when
    another process frees an earlier seat, the player who left is still the one marked
    gone at the grace's end, and the player now at their old number is not."""
    a, now, b, later = two
    live, _, host = await a.create(game_id="highcard", options={"tricks": 3}, name="Ana",
                                   gone_after=60)
    for name in ("Bo", "Cy", "Di"):
        await a.join(live.code, name)
    a.disconnect(live, await a.connect(live, 2))  # Cy's page, on a, closed
    left = now.now()
    on_b = await b.get(live.code)
    await b.connect(on_b, 3)  # Di, on b
    await b.remove_seat(live.code, host, 1)  # the host, on b, frees Bo's seat
    await a.refresh(live.code, on_b.version)
    now.advance(31)
    await a.keeper.idle()
    assert [s.name for s in live.seats] == ["Ana", "Cy", "Di"]
    assert live.timing.gone == {1: left}  # Cy, now the second seat; not Di


async def test_a_player_back_is_found_by_their_token_when_the_seats_move_meanwhile(two):
    """The seat a returning player is marked connected on is found when the change is made:
    another process may free an earlier seat while the return waits for the room."""
    a, now, b, later = two
    live, _, host = await a.create(game_id="highcard", options={"tricks": 3}, name="Ana")
    for name in ("Bo", "Cy", "Di"):
        await a.join(live.code, name)
    for seat in (1, 2):
        a.disconnect(live, await a.connect(live, seat))
    now.advance(31)
    await a.keeper.idle()
    assert set(live.timing.gone) == {1, 2}
    async with live.lock:  # the room busy while Cy's socket opens
        back = asyncio.create_task(a.keeper.arrived(live, 2))
        await asyncio.sleep(0)
        await b.remove_seat(live.code, host, 1)  # meanwhile, on b, Bo's seat is freed
        await a._reload(live)
    await back
    assert [s.name for s in live.seats] == ["Ana", "Cy", "Di"]
    assert set(live.timing.gone) == set()  # Cy, now the second seat, is back
