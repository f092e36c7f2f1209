"""The room service: persistence, rebuilding from the database, kicks, rematches, bots."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from sqlalchemy import func, select

from app.db import Database
from app.errors import Conflict, Crowded, Forbidden, Unauthorized
from app.models import ActionRow, GameRecord, Snapshot
from app.rooms import RoomService, persistence
from app.rooms import service as service_module
from app.rooms.documents import document
from app.tokens import hash_token
from games.base import GameError, NotYourTurn
from tests.support.rooms import bots_done, play_humans


async def test_a_room_not_in_memory_is_rebuilt_from_the_database(service, settings) -> None:
    live, _, host = await service.create(game_id="highcard", options={"tricks": 5}, name="Ana")
    code = live.code
    _, bo = await service.join(code, "Bo")
    await service.add_bot(code, host, "random")
    await service.start(code, host)
    await play_humans(service, code, steps=7)
    await service.chat(live, 1, "still here")
    before = {v: document(live, v, 400) for v in (None, 0, 1, 2)}
    version, seq = live.version, live.seq
    assert seq >= 5

    other = RoomService(Database(settings.database_url), settings)
    again = await other.get(code)
    assert (again.version, again.seq) == (version, seq)
    assert {v: document(again, v, 400) for v in (None, 0, 1, 2)} == before
    assert again.game.state_hash(again.state) == live.game.state_hash(live.state)
    async with other.db.session() as s:
        snaps = (await s.execute(select(func.count()).select_from(Snapshot))).scalar_one()
    assert snaps == seq // settings.snapshot_every
    await other.close()
    await other.db.dispose()


async def test_every_action_is_one_row_and_seq_is_unique(service) -> None:
    live, _, host = await service.create(game_id="highcard", options={}, name="Ana")
    _, bo = await service.join(live.code, "Bo")
    await service.start(live.code, host)
    await play_humans(service, live.code, steps=100)
    assert live.status == "finished"
    async with service.db.session() as s:
        seqs = (await s.execute(select(ActionRow.seq).where(ActionRow.game_id == live.game_id)
                                .order_by(ActionRow.seq))).scalars().all()
        record = await s.get(GameRecord, live.game_id)
    assert seqs == list(range(1, live.seq + 1))
    assert record.status == "finished" and record.actions_count == live.seq
    assert record.result == live.result and record.final_hash


async def test_bots_play_their_seats_until_the_game_ends(service) -> None:
    live, _, host = await service.create(game_id="highcard", options={}, name="Ana")
    for _ in range(3):
        await service.add_bot(live.code, host, "random")
    await service.start(live.code, host)
    await play_humans(service, live.code, steps=200)
    await bots_done(live)
    assert live.status == "finished" and live.result is not None


async def test_rematch_keeps_the_seats_and_starts_a_new_game(service) -> None:
    live, _, host = await service.create(game_id="highcard", options={"tricks": 1}, name="Ana")
    _, bo = await service.join(live.code, "Bo")
    with pytest.raises(Conflict):
        await service.start(live.code, host, rematch=True)
    first = await service.start(live.code, host)
    await play_humans(service, live.code, steps=10)
    assert live.status == "finished"
    second = await service.start(live.code, host, rematch=True)
    assert second != first and live.status == "playing" and live.matches == 1
    # Game ids are time-ordered (``tokens.new_game_id``): a later game's sorts after.
    assert uuid.UUID(first).version == uuid.UUID(second).version == 7
    assert second[:12] >= first[:12]
    assert [s.name for s in live.seats] == ["Ana", "Bo"]
    assert not any(e["type"] == "trick" for e in live.log)  # the old game's events are gone


async def test_a_rematch_keeps_how_the_last_game_ended_in_the_log(service, settings) -> None:
    live, _, host = await service.create(game_id="highcard", options={"tricks": 1}, name="Ana")
    await service.join(live.code, "Bo")
    await service.start(live.code, host)
    await play_humans(service, live.code, steps=10)
    winners, scores = live.result["winners"], live.result["scores"]
    names = ["Ana", "Bo"]
    won = (f"{names[winners[0]]} won" if len(winners) == 1 else "Ana and Bo shared the win")
    await service.start(live.code, host, rematch=True)
    notices = [e["text"] for e in live.log if e["type"] == "notice"]
    assert notices[-2:] == [f"Game 1 ended: {won} (Ana {scores[0]:g}, Bo {scores[1]:g})",
                            "Game 2 of High Card begins"]
    # The notice is stored: a room rebuilt from the database shows it too.
    other = RoomService(Database(settings.database_url), settings)
    again = await other.get(live.code)
    assert [e["text"] for e in again.log if e["type"] == "notice"][-2:] == notices[-2:]
    await other.close()
    await other.db.dispose()


async def test_what_a_game_does_as_it_sets_up_is_in_the_log_and_read_back(
        service, settings, monkeypatch) -> None:
    """Cowpoker's Deadwood Gallagher leads seed 8 of two players: it plays, and calls a
    Roundup, before anyone acts. The log says so, after the start's notices, in a room
    read back from the database as well, whose snapshot holds none of it."""
    monkeypatch.setattr(service_module, "new_seed", lambda: 8)
    live, _, host = await service.create(game_id="cowpoker", options={}, name="Ana")
    await service.join(live.code, "Bo")
    await service.start(live.code, host)
    opening = live.game.begin(live.game.parse_options({}), 2, 8)[1]
    assert [e["text"] for e in opening] == [
        "Deadwood Gallagher plays Wells Fargo Agent (5S, Town) into the Gang: “Roundup!”",
        "Deadwood Gallagher calls a Roundup!"]
    start = next(i for i, e in enumerate(live.log) if e["text"].startswith("Game 1 of"))
    assert live.log[start + 1:] == [{"v": live.version, **e} for e in opening]
    await play_humans(service, live.code, steps=settings.snapshot_every + 1)
    before = {v: document(live, v, 400) for v in (None, 0, 1)}
    other = RoomService(Database(settings.database_url), settings)
    again = await other.get(live.code)
    async with other.db.session() as s:
        assert (await s.execute(select(func.count()).select_from(Snapshot))).scalar_one()
    assert {v: document(again, v, 400) for v in (None, 0, 1)} == before
    await other.close()
    await other.db.dispose()


async def test_the_next_game_plays_with_the_options_set_between_games(service) -> None:
    live, _, host = await service.create(game_id="highcard", options={"tricks": 1}, name="Ana")
    await service.join(live.code, "Bo")
    await service.start(live.code, host)
    with pytest.raises(Conflict):  # not during a game
        await service.configure(live.code, host, options={"tricks": 2})
    await play_humans(service, live.code, steps=10)
    assert live.status == "finished"
    first_tricks = live.state.tricks
    await service.configure(live.code, host, options={"tricks": 2})
    assert live.status == "finished" and live.options == {"tricks": 2}
    await service.start(live.code, host, rematch=True)
    assert live.state.tricks == 2 != first_tricks
    async with service.db.session() as s:
        stored = await s.get(GameRecord, live.game_id)
    assert stored.options == {"tricks": 2}


async def test_kick_during_a_game_hands_the_seat_to_a_bot(service) -> None:
    live, _, host = await service.create(game_id="highcard", options={}, name="Ana")
    _, bo = await service.join(live.code, "Bo")
    await service.start(live.code, host)
    with pytest.raises(Forbidden):
        await service.remove_seat(live.code, bo, 0)
    await service.remove_seat(live.code, host, 1)
    assert live.seats[1].kind == "bot" and live.seats[1].name == "Bo"
    with pytest.raises(Unauthorized):
        await service.join(live.code, "", bo)
    await play_humans(service, live.code, steps=50)
    await bots_done(live)
    assert live.status == "finished"


async def test_a_seat_whose_player_left_stays_theirs(service) -> None:
    live, _, host = await service.create(game_id="highcard", options={}, name="Ana")
    seat, bo = await service.join(live.code, "Bo")
    conn = await service.connect(live, seat)
    service.disconnect(live, conn)
    assert live.seats[seat].name == "Bo" and live.seats[seat].kind == "human"
    assert await service.join(live.code, "", bo) == (seat, bo)


async def test_refused_actions_change_nothing(service) -> None:
    live, _, host = await service.create(game_id="highcard", options={}, name="Ana")
    await service.join(live.code, "Bo")
    await service.start(live.code, host)
    seat = 0
    await service.act(live, seat, live.game.legal_actions(live.state, seat)[0])
    version, state = live.version, live.game.state_hash(live.state)
    with pytest.raises(NotYourTurn):
        await service.act(live, seat, {"type": "play", "card": live.state.hands[0][0]})
    # A card seat 1 does not hold: its hand has three, so one of four will do (with two
    # candidates, a deal holding both made the refusal an ordinary move).
    not_held = next(c for c in ("AS", "2C", "3D", "4H") if c not in live.state.hands[1])
    with pytest.raises(GameError):
        await service.act(live, 1, {"type": "play", "card": not_held})
    assert live.version == version and live.game.state_hash(live.state) == state


async def test_lobby_removal_renumbers_seats_and_survives_a_reload(service, settings) -> None:
    live, _, host = await service.create(game_id="highcard", options={}, name="Ana")
    await service.add_bot(live.code, host, "random")
    _, cy = await service.join(live.code, "Cy")
    await service.remove_seat(live.code, host, 1)
    assert [(s.position, s.name) for s in live.seats] == [(0, "Ana"), (1, "Cy")]
    other = RoomService(Database(settings.database_url), settings)
    again = await other.get(live.code)
    assert [(s.position, s.name) for s in again.seats] == [(0, "Ana"), (1, "Cy")]
    assert again.seat_for_token(cy) == 1
    await other.db.dispose()


async def test_first_game_hints_are_a_room_option_kept_in_the_database(service, settings) -> None:
    live, _, host = await service.create(game_id="highcard", options={}, name="Ana",
                                         hints=False)
    assert document(live, 0, 10)["room"]["hints"] is False
    await service.configure(live.code, host, hints=True)
    other = RoomService(Database(settings.database_url), settings)
    again = await other.get(live.code)
    assert again.hints is True and document(again, 0, 10)["room"]["hints"] is True
    await other.close()
    await other.db.dispose()


async def test_the_document_tells_a_seat_its_moves_in_words_and_a_spectator_nothing(
        service) -> None:
    live, _, host = await service.create(game_id="wyoming_cowboy",
                                         options={"max_hands": 1}, name="Ana")
    for _ in range(2):
        await service.add_bot(live.code, host, "random")
    await service.start(live.code, host)
    dealer = next(iter(live.to_act()))
    doc = document(live, dealer, 10)
    assert len(doc["teach"]["moves"]) == len(doc["legal"]) > 0
    assert doc["teach"]["moves"][0].startswith("Have everyone pass three cards")
    assert doc["teach"]["score"]["title"] == "Hand 1 if it ended now"
    assert document(live, None, 10)["teach"] == {
        "moves": [], "why_not": {"rules": [], "cards": {}}, "score": None, "hints": {}}


async def test_sockets_opening_at_once_get_no_more_than_their_seat_may_hold(
        service, settings) -> None:
    """The seat's count is read under the room's lock: sockets opening while it is held
    (another change under way) each wait, and find the ones before them counted."""
    live, _, token = await service.create(game_id="highcard", options={}, name="Ana")
    most = settings.max_connections_per_seat
    async with live.lock:
        tries = [asyncio.create_task(service.connect(live, 0, token_hash=hash_token(token)))
                 for _ in range(most + 3)]
        await asyncio.sleep(0.05)  # each has read what it reads before the lock
    done = await asyncio.gather(*tries, return_exceptions=True)
    assert sum(not isinstance(d, BaseException) for d in done) == most
    assert all(isinstance(d, Crowded) for d in done if isinstance(d, BaseException))
    assert live.connections.count(0) == most


async def test_a_move_whose_sender_goes_while_it_is_written_is_followed_all_the_same(
        service, monkeypatch) -> None:
    """A socket closed while its move was being written cancels the task that sent it:
    the write landed, but the room in memory stayed a version behind, its bots asleep, and
    every later move was stale: the room froze until the server restarted."""
    live, _, host = await service.create(game_id="highcard", options={"tricks": 2},
                                         name="Ana")
    await service.add_bot(live.code, host, "random")
    await service.start(live.code, host)
    await bots_done(live)
    assert 0 in live.to_act()
    writing = asyncio.Event()
    submit = service.committer.submit
    relays: list[asyncio.Task[None]] = []

    def slow_submit(*args: Any) -> asyncio.Future[bool]:
        landing = submit(*args)  # on its way to the disk
        told: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

        async def relay() -> None:  # told a while after it lands
            await asyncio.sleep(0.05)
            told.set_result(await landing)

        relays.append(asyncio.ensure_future(relay()))
        writing.set()
        return told

    monkeypatch.setattr(service.committer, "submit", slow_submit)
    version = live.version
    sent = asyncio.create_task(service.act(live, 0, live.game.legal_actions(live.state, 0)[0]))
    await writing.wait()
    sent.cancel()
    with pytest.raises(asyncio.CancelledError):
        await sent
    monkeypatch.undo()
    # The move is written and the room in memory followed it, and the bot plays on.
    assert live.version == version + 1
    async with live.lock:  # the bot plays on: compare the two between its moves
        assert await persistence.stored_version(service.db, live) == live.version
    await bots_done(live)
    await play_humans(service, live.code, steps=20)
    assert live.status == "finished"
