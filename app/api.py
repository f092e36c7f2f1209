"""The HTTP API under ``/api``: games, rooms and the host's controls. Routes stay thin."""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Request

from app.deps import AUTHORIZATION_DOC, Rooms, Token, bearer_of, services_of
from app.rooms.documents import summary
from app.schemas import (
    AddBot,
    Configure,
    CreateRoom,
    GameInfo,
    Join,
    Joined,
    RoomCreated,
    SeatOut,
    Started,
    error_responses,
)
from games.base import Game
from games.registry import all_games

router = APIRouter(prefix="/api")

HOST_ERRORS = error_responses(401, 403, 404, 409, 413, 422)


def client_address(request: Request) -> str:
    """Returns the caller's address (the proxy's forwarded one where the server trusts it)."""
    return request.client.host if request.client else "unknown"


@router.get("/games")
async def list_games() -> list[GameInfo]:
    """The registered games with their option schemas."""
    return [game_info(g) for g in all_games().values()]


@functools.cache
def game_info(game: Game) -> GameInfo:
    """Returns what the lobby shows of a game (its option schema is built once)."""
    return GameInfo(id=game.id, title=game.title, description=game.description,
                    min_seats=game.min_seats, max_seats=game.max_seats,
                    rules_version=game.rules_version, bots=list(game.bots),
                    options_schema=game.Options.model_json_schema())


@router.post("/rooms", status_code=201, responses=error_responses(413, 422, 429))
async def create_room(body: CreateRoom, request: Request) -> RoomCreated:
    """Creates a private room; the caller becomes its host in seat 0."""
    services = services_of(request)
    services.limits.rooms.check(client_address(request), "rooms opened")
    live, seat, token = await services.rooms.create(
        game_id=body.game, options=body.options, name=body.name,
        allow_spectators=body.allow_spectators, hints=body.hints, turn_clock=body.turn_clock,
        gone_after=body.gone_after)
    return RoomCreated(code=live.code, seat=seat, token=token,
                       url=f"{services.settings.public_url.rstrip('/')}/r/{live.code}")


@router.get("/rooms/{code}", responses=error_responses(404, 422))
async def room_summary(code: str, rooms: Rooms) -> dict[str, Any]:
    """The public summary of a room: game, seats, status."""
    return summary(await rooms.get(code))


@router.post("/rooms/{code}/join", responses=error_responses(401, 404, 409, 413, 422, 429),
             openapi_extra=AUTHORIZATION_DOC)
async def join_room(code: str, body: Join, request: Request) -> Joined:
    """Takes a free seat by name, or reclaims one with its bearer token."""
    services, token = services_of(request), bearer_of(request)
    services.check_join(code, token, client_address(request))
    seat, secret = await services.rooms.join(code, body.name, token)
    return Joined(seat=seat, token=secret)


@router.post("/rooms/{code}/bots", status_code=201, responses=HOST_ERRORS)
async def add_bot(code: str, body: AddBot, rooms: Rooms, token: Token) -> SeatOut:
    """Host only: seats a bot in the next free seat."""
    return SeatOut(seat=await rooms.add_bot(code, token, body.bot))


@router.delete("/rooms/{code}/seats/{seat}", status_code=204, responses=HOST_ERRORS)
async def remove_seat(code: str, seat: int, rooms: Rooms, token: Token) -> None:
    """Host only: removes a bot or kicks a player (during a game a bot takes the seat)."""
    await rooms.remove_seat(code, token, seat)


@router.put("/rooms/{code}/options", status_code=204, responses=HOST_ERRORS)
async def configure(code: str, body: Configure, rooms: Rooms, token: Token) -> None:
    """Host only, outside a game: sets the game options, whether spectators may watch, the
    turn clock and how long a player may be gone; a field left out keeps its value."""
    await rooms.configure(code, token, **body.model_dump(exclude_unset=True))


@router.post("/rooms/{code}/start", responses=HOST_ERRORS, openapi_extra=AUTHORIZATION_DOC)
async def start(code: str, request: Request) -> Started:
    """Host only: starts the game with the seats taken."""
    return Started(game_id=await services_of(request).rooms.start(code, bearer_of(request)))


# The requests every match makes to be set up: the application sends them to their
# routes past the router (``main.SaloonApp``).
SET_UP = frozenset({create_room, join_room, start})


@router.post("/rooms/{code}/rematch", responses=HOST_ERRORS)
async def rematch(code: str, rooms: Rooms, token: Token) -> Started:
    """Host only, after a game: a new game with the same seats."""
    return Started(game_id=await rooms.start(code, token, rematch=True))
