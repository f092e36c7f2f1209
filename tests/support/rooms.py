"""Rooms for tests: opened and started over HTTP, followed over the websocket, or played
through the room service directly.

The HTTP helpers take a live server's base URL or an httpx client (an in-process app).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, NamedTuple

import httpx

from app.rooms import LiveRoom, RoomService
from games.registry import get_game
from games.rng import Rng
from tests.support.wire import JSON, WireClient

Target = str | httpx.AsyncClient


class OpenRoom(NamedTuple):
    """A room opened for a test: its code and the tokens of its people, the host's first."""

    code: str
    tokens: list[str]


def bearer(token: str) -> dict[str, str]:
    """Returns the ``Authorization`` header of a seat's token."""
    return {"Authorization": f"Bearer {token}"}


@asynccontextmanager
async def _http(target: Target) -> AsyncIterator[httpx.AsyncClient]:
    if isinstance(target, httpx.AsyncClient):
        yield target
    else:
        async with httpx.AsyncClient(base_url=target) as client:
            yield client


async def create_room(target: Target, game: str = "highcard", name: str = "Ana",
                      **body: Any) -> JSON:
    """Creates a room (``body`` adds options, allow_spectators); returns the 201 answer."""
    async with _http(target) as http:
        r = await http.post("/api/rooms", json={"game": game, "name": name, **body})
    assert r.status_code == 201, r.text
    answer: JSON = r.json()
    return answer


async def open_room(target: Target, game: str, humans: int = 1, bots: int = 0, *,
                    options: JSON | None = None, name: str = "Ana",
                    bot: str = "random") -> OpenRoom:
    """Creates a room with ``humans`` people (the host named ``name``) and ``bots`` bots.

    Options default to the game's ``quick_options``: the shortest complete game.
    """
    if options is None:
        options = dict(get_game(game).quick_options)
    async with _http(target) as http:
        room = await create_room(http, game, name, options=options)
        code, tokens = room["code"], [room["token"]]
        for i in range(1, humans):
            j = await http.post(f"/api/rooms/{code}/join", json={"name": f"P{i}"})
            assert j.status_code == 200, j.text
            tokens.append(j.json()["token"])
        for _ in range(bots):
            b = await http.post(f"/api/rooms/{code}/bots", json={"bot": bot},
                                headers=bearer(room["token"]))
            assert b.status_code == 201, b.text
    return OpenRoom(code, tokens)


async def start(target: Target, code: str, token: str) -> None:
    """Starts the room's game with the host's ``token``."""
    async with _http(target) as http:
        r = await http.post(f"/api/rooms/{code}/start", headers=bearer(token))
    assert r.status_code == 200, r.text


# ---- following a room over the websocket ------------------------------------------------

def bots_to_act(doc: JSON) -> list[int]:
    """Returns the bot seats the document's room waits for."""
    room = doc["room"]
    return [s for s in room["to_act"] if room["seats"][s]["kind"] == "bot"]


def waits_for_people(doc: JSON) -> bool:
    """Whether only a person can change the started room now: it is over, or waits for no bot."""
    status = doc["room"]["status"]
    return status == "finished" or (status == "playing" and not bots_to_act(doc))


async def settle(clients: Sequence[WireClient], since: int) -> int:
    """Waits until the room, at version ``since`` or later, waits for no bot (or is over).

    Every client is brought to that version, which is returned: no later version comes
    until a person acts, so the documents are the room as it stands.
    """
    first, *others = clients
    await first.until(lambda c: c.version >= since and waits_for_people(c.doc))
    for c in others:
        await c.reach(first.version)
    return first.version


# ---- playing through the room service ------------------------------------------------------

async def bots_done(live: LiveRoom) -> None:
    """Waits until no bot of the room is to move: the game waits for a person, or is over."""
    await live.bots.idle()


async def play_bots_game(service: RoomService, game_id: str, *, seats: int | None = None,
                         seed: int = 1, name: str = "Ana", options: JSON | None = None) -> str:
    """Plays a whole game with bots in every seat but the host's, whose moves are random.

    Options default to the game's ``quick_options``. Returns the stored game's id.
    """
    game = get_game(game_id)
    n = seats or min(4, game.max_seats)
    opts = dict(game.quick_options) if options is None else options
    live, _, host = await service.create(game_id=game_id, options=opts, name=name)
    for _ in range(n - 1):
        await service.add_bot(live.code, host, "random")
    game_key = await service.start(live.code, host)
    rng = Rng(seed)
    while live.status == "playing":
        if 0 in live.to_act():
            await service.act(live, 0, rng.choice(game.legal_actions(live.state, 0)))
        elif live.bots.busy():
            await bots_done(live)
        else:
            raise AssertionError(f"{game_id} waits for {live.to_act()}, and no bot plays")
    await bots_done(live)
    return game_key


async def play_humans(service: RoomService, code: str, *, steps: int, seed: int = 1) -> None:
    """Plays random legal actions for the room's people, ``steps`` times at most.

    A step where only bots are to move waits for them instead.
    """
    rng = Rng(seed)
    live = await service.get(code)
    for _ in range(steps):
        if live.status != "playing":
            return
        humans = [s for s in live.to_act() if live.seats[s].kind == "human"]
        if not humans:
            await bots_done(live)
            continue
        seat = rng.choice(humans)
        await service.act(live, seat, rng.choice(live.game.legal_actions(live.state, seat)))
