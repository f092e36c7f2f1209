"""Two processes over one database, one of them stale: every check runs on fresh facts."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import func, select

from app.db import Database
from app.errors import Conflict, Unauthorized
from app.models import GameRecord, Seat
from app.rooms import RoomService, RoomStatus, SeatKind
from app.rooms.documents import document
from app.settings import Settings
from app.tokens import hash_token


@pytest.fixture
async def two(settings: Settings) -> AsyncIterator[tuple[RoomService, RoomService]]:
    """Two room services over one database, like two server processes without Redis."""
    a = RoomService(Database(settings.database_url), settings)
    b = RoomService(Database(settings.database_url), settings)
    yield a, b
    for svc in (a, b):
        await svc.close()
        await svc.db.dispose()


async def _started_behind_b(a: RoomService, b: RoomService) -> tuple[str, str]:
    """A room of three whose game ``a`` started while ``b`` still holds it as a lobby."""
    live, _, host = await a.create(game_id="highcard", options={}, name="Ana")
    await a.join(live.code, "Bo")
    await a.join(live.code, "Cy")
    stale = await b.get(live.code)
    await a.start(live.code, host)
    assert stale.status == RoomStatus.LOBBY
    return live.code, host


async def _games(svc: RoomService) -> int:
    async with svc.db.session() as s:
        return int((await s.execute(select(func.count()).select_from(GameRecord))).scalar_one())


async def test_a_stale_start_does_not_start_a_second_game(two) -> None:
    a, b = two
    code, host = await _started_behind_b(a, b)
    with pytest.raises(Conflict, match="but it is playing"):
        await b.start(code, host)
    assert await _games(a) == 1
    assert (await b.get(code)).status == RoomStatus.PLAYING


async def test_a_stale_configure_cannot_change_options_mid_game(two) -> None:
    a, b = two
    code, host = await _started_behind_b(a, b)
    with pytest.raises(Conflict, match="during a game"):
        await b.configure(code, host, options={"tricks": 5}, allow_spectators=None)
    assert (await a.get(code)).options == (await b.get(code)).options


async def test_a_stale_remove_seat_hands_the_seat_to_a_bot_instead_of_deleting_it(two) -> None:
    a, b = two
    code, host = await _started_behind_b(a, b)
    await b.remove_seat(code, host, 1)
    live = await b.get(code)
    assert [s.kind for s in live.seats] == [SeatKind.HUMAN, SeatKind.BOT, SeatKind.HUMAN]
    async with b.db.session() as s:
        rows = (await s.execute(select(Seat.position, Seat.kind).where(
            Seat.room_id == live.id).order_by(Seat.position))).all()
    assert [tuple(r) for r in rows] == [(0, "human"), (1, "bot"), (2, "human")]
    assert live.state is not None and live.game.to_act(live.state)


async def test_a_stale_action_is_applied_to_the_fresh_game(two) -> None:
    a, b = two
    code, _ = await _started_behind_b(a, b)
    live_a, live_b = await a.get(code), await b.get(code)
    first = live_a.game.legal_actions(live_a.state, 0)[0]
    await a.act(live_a, 0, first)
    move = live_a.game.legal_actions(live_a.state, 1)[0]
    await b.act(live_b, 1, move)  # b reloads, then checks the action on the fresh game
    assert live_b.seq == 2 and live_b.version == live_a.version + 1


async def test_a_seat_taken_on_another_process_is_known_by_its_token(two) -> None:
    a, b = two
    live, _, _ = await a.create(game_id="highcard", options={}, name="Ana")
    stale = await b.get(live.code)
    seat, token = await a.join(live.code, "Bo")
    assert await b.authenticate(stale, token) == seat  # b reloads before refusing
    assert len(stale.seats) == 2
    assert await b.join(live.code, "ignored", token) == (seat, token)
    with pytest.raises(Unauthorized):
        await b.authenticate(stale, "not-a-token")
    with pytest.raises(Unauthorized):
        await b.join(live.code, "Cy", "not-a-token")


def _hands(doc: dict) -> object:
    """The private part of a High Card document: the viewer's hand."""
    return (doc["game"] or {}).get("hand")


async def test_a_seat_removed_by_another_process_moves_its_neighbours_sockets_here(two) -> None:
    """Seats after a removed one move up one. A socket here of a seat that moved must follow
    it when this process hears of the removal, or it would be sent the next seat's
    document, hand and all; a socket of the removed seat is closed."""
    a, b = two
    live, _, host = await a.create(game_id="highcard", options={}, name="Ana")
    tokens = {name: (await a.join(live.code, name))[1] for name in ("Bo", "Cy", "Di")}
    bo = await a.connect(live, 1)
    cy = await a.connect(live, 2)
    await b.remove_seat(live.code, host, 1)  # the host, on b, frees Bo's seat
    on_b = await b.get(live.code)
    await a.refresh(live.code, on_b.version)  # as a's notifier tells it
    assert bo.closed and (bo.viewer, cy.viewer) == (1, 1)
    assert live.seat_for_token(tokens["Cy"]) == 1
    await b.start(live.code, host)
    await a.refresh(live.code, on_b.version)
    assert _hands(cy.doc) == _hands(document(on_b, 1, 400)) != _hands(document(on_b, 2, 400))
    assert cy.doc == document(live, 1, 400)


async def test_a_seat_handed_to_a_bot_by_another_process_closes_its_sockets_here(two) -> None:
    a, b = two
    code, host = await _started_behind_b(a, b)
    live = await a.get(code)
    on_b = await b.get(code)
    bo = await b.connect(on_b, 1)
    await a.remove_seat(code, host, 1)  # during the game: a bot takes Bo's seat over
    await b.refresh(code, live.version)
    assert bo.closed and on_b.seats[1].kind == SeatKind.BOT


async def test_spectators_turned_away_by_another_process_are_closed_here(two) -> None:
    a, b = two
    live, _, host = await a.create(game_id="highcard", options={}, name="Ana")
    watcher = await a.connect(live, None)
    await b.configure(live.code, host, allow_spectators=False)
    await a.refresh(live.code, (await b.get(live.code)).version)
    assert watcher.closed and not len(live.connections)


async def test_a_socket_opening_as_another_process_renumbers_the_seats_gets_its_own(two) -> None:
    """A socket's seat is found by its token before the room is caught up; should another
    process have freed an earlier seat meanwhile, the socket opens on the seat its token
    holds once caught up, not on the number it had."""
    a, b = two
    live, _, host = await a.create(game_id="highcard", options={}, name="Ana")
    tokens = {name: (await a.join(live.code, name))[1] for name in ("Bo", "Cy", "Di")}
    seat = await a.authenticate(live, tokens["Cy"])
    assert seat == 2
    await b.remove_seat(live.code, host, 1)
    await b.start(live.code, host)
    await a.refresh(live.code, (await b.get(live.code)).version)  # heard while it opens
    cy = await a.connect(live, seat, token_hash=hash_token(tokens["Cy"]))
    assert cy.viewer == 1 and cy.doc == document(live, 1, 400)
    with pytest.raises(Unauthorized):
        await a.connect(live, 1, token_hash=hash_token(tokens["Bo"]))
