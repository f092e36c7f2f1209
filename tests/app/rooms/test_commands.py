"""Room commands: those that carry a game's facts into the next one, and the gone marks."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from saloon_high_card import GAME as HIGH_CARD
from sqlalchemy import select

from app import records
from app.db import Database
from app.errors import Conflict
from app.models import GameRecord
from app.rooms import RoomService, RoomStatus, SeatKind, commands
from app.rooms.data import RoomData, SeatInfo
from app.rooms.events import Timed
from app.tokens import hash_token


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


def test_seats_left_together_are_marked_gone_in_one_change_those_still_due_alone() -> None:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    seats = [SeatInfo(0, "Ana", SeatKind.HUMAN), SeatInfo(1, "Bo", SeatKind.HUMAN),
             SeatInfo(2, "Cy", SeatKind.BOT, bot="random"), SeatInfo(3, "Di", SeatKind.HUMAN)]
    room = RoomData(id=1, code="abc", game=HIGH_CARD, options={}, status=RoomStatus.LOBBY,
                    host_seat=0, allow_spectators=True, version=1, matches=0, seats=seats)
    room.timing = replace(room.timing, gone={3: at})
    later = at + timedelta(seconds=1)
    # Seat 2 is a bot, seat 3 gone already, seat 7 no more: seats 0 and 1 are marked.
    events = commands.left(room, {0: at, 1: later, 2: at, 3: later, 7: at})
    assert len(events) == 1 and isinstance(events[0], Timed)
    assert events[0].timing.gone == {3: at, 0: at, 1: later}
    with pytest.raises(Conflict, match="no longer people's, or gone already"):
        commands.left(room, {2: at, 3: later})


def test_what_the_server_plays_for_a_seat_is_told_it_in_the_games_own_sentence() -> None:
    """The notice for the seat alone reads as its choices did ("Skip your action and discard
    the Four of clubs..."), not as a label of the action's fields ("discard 4C draw 1")."""
    from app.rooms.clock import ClockSetting, Timing
    from app.rooms.events import Noticed, Played
    from games.registry import get_game
    from tests.games.wyoming_cowboy.helpers import build

    game = get_game("wyoming_cowboy")
    began = datetime(2026, 1, 1, tzinfo=UTC)
    room = RoomData(id=1, code="abc", game=game, options={}, status=RoomStatus.PLAYING,
                    host_seat=0, allow_spectators=True, version=3, matches=0,
                    seats=[SeatInfo(i, n, SeatKind.HUMAN) for i, n in enumerate(["A", "B", "C"])],
                    turn_clock=ClockSetting(per_move=10), timing=Timing(turns={0: began}))
    room.state = build(seats=3, hands={0: "8D 3S KH 7C 5D 4C 2H", 1: "2C", 2: "4H"})
    action = next(a for a in game.legal_actions(room.state, 0) if a["type"] == "discard")
    events = commands.play_for(room, 0, lambda: action, now=began + timedelta(seconds=11),
                               away_delay=2)
    said = [(e.text, e.only) for e in events if isinstance(e, Noticed)]
    assert said == [("Time ran out for A: the server played for them, and plays for them "
                     "until they are back", None),
                    (f"The server played for you: {game.describe(room.state, 0, action)}",
                     (0,))]
    assert said[1][0].startswith("The server played for you: Skip your action and discard the ")
    assert next(e for e in events if isinstance(e, Played)).made_by == "timeout"
    # Once away, the server's next move for the seat is recorded as made for an absence,
    # and told to the seat alone: everyone was told at the first, and the seat shows it.
    room.timing = Timing(turns={0: began}, away=frozenset({0}), played={0: 1})
    events = commands.play_for(room, 0, lambda: action, now=began + timedelta(seconds=3),
                               away_delay=2)
    assert next(e for e in events if isinstance(e, Played)).made_by == "away"
    assert [e.only for e in events if isinstance(e, Noticed)] == [(0,)]


def test_a_change_of_the_settings_is_told_to_the_table_in_words() -> None:
    """Saving the options changed them without a word to the others: the turn clock of the
    next game among them. The log now says what changed, and nothing when nothing did."""
    from app.rooms.clock import ClockSetting
    from app.rooms.events import Configured, Noticed
    from games.registry import get_game

    game = get_game("wyoming_cowboy")
    room = RoomData(id=1, code="abc", game=game, options=commands.parse_options(game, {}),
                    status=RoomStatus.FINISHED, host_seat=0, allow_spectators=True, version=3,
                    matches=0, seats=[SeatInfo(0, "Ana", SeatKind.HUMAN,
                                               token_hash=hash_token("host"))])
    events = commands.configure(room, "host", options={"max_hands": 5, "six_six_six": "adds"},
                                allow_spectators=False, turn_clock={"per_move": 20},
                                gone_after=600.0)
    assert isinstance(events[0], Configured)
    [said] = [e.text for e in events if isinstance(e, Noticed)]
    # The options in the words of the lobby's form, their choices included.
    assert said == ("Ana changed the settings for the next game: Three 6s: \u2212100 on top "
                    "of the three \u221220s; Most hands: 5; spectators not allowed; a turn "
                    "clock of 20 s a decision, no bank; a bot for a player gone 10 min")
    room.turn_clock = ClockSetting(per_move=20)
    again = commands.configure(room, "host", turn_clock={"per_move": 20, "bank": 0})
    assert [e for e in again if isinstance(e, Noticed)] == []
