"""The HTTP API under ``/api``: games, rooms and the host's controls. Routes stay thin."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app.deps import AppSettings, Rooms, Token
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
)
from games.registry import all_games

router = APIRouter(prefix="/api")


@router.get("/games")
async def list_games() -> list[GameInfo]:
    """The registered games with their option schemas."""
    return [
        GameInfo(id=g.id, title=g.title, description=g.description, min_seats=g.min_seats,
                 max_seats=g.max_seats, rules_version=g.rules_version, bots=list(g.bots),
                 options_schema=g.Options.model_json_schema())
        for g in all_games().values()
    ]


@router.post("/rooms", status_code=201)
async def create_room(body: CreateRoom, rooms: Rooms, settings: AppSettings) -> RoomCreated:
    """Creates a private room; the caller becomes its host in seat 0."""
    live, seat, token = await rooms.create(game_id=body.game, options=body.options,
                                           name=body.name, allow_spectators=body.allow_spectators)
    return RoomCreated(code=live.code, seat=seat, token=token,
                       url=f"{settings.public_url.rstrip('/')}/r/{live.code}")


@router.get("/rooms/{code}")
async def room_summary(code: str, rooms: Rooms) -> dict[str, Any]:
    """The public summary of a room: game, seats, status."""
    return summary(await rooms.get(code))


@router.post("/rooms/{code}/join")
async def join_room(code: str, body: Join, rooms: Rooms, token: Token) -> Joined:
    """Takes a free seat by name, or reclaims one with its bearer token."""
    seat, secret = await rooms.join(code, body.name, token)
    return Joined(seat=seat, token=secret)


@router.post("/rooms/{code}/bots", status_code=201)
async def add_bot(code: str, body: AddBot, rooms: Rooms, token: Token) -> SeatOut:
    """Host only: seats a bot in the next free seat."""
    return SeatOut(seat=await rooms.add_bot(code, token, body.bot))


@router.delete("/rooms/{code}/seats/{seat}", status_code=204)
async def remove_seat(code: str, seat: int, rooms: Rooms, token: Token) -> None:
    """Host only: removes a bot or kicks a player (during a game a bot takes the seat)."""
    await rooms.remove_seat(code, token, seat)


@router.put("/rooms/{code}/options", status_code=204)
async def configure(code: str, body: Configure, rooms: Rooms, token: Token) -> None:
    """Host only, outside a game: sets the game options and whether spectators may watch."""
    await rooms.configure(code, token, options=body.options,
                          allow_spectators=body.allow_spectators)


@router.post("/rooms/{code}/start")
async def start(code: str, rooms: Rooms, token: Token) -> Started:
    """Host only: starts the game with the seats taken."""
    return Started(game_id=await rooms.start(code, token))


@router.post("/rooms/{code}/rematch")
async def rematch(code: str, rooms: Rooms, token: Token) -> Started:
    """Host only, after a game: a new game with the same seats."""
    return Started(game_id=await rooms.start(code, token, rematch=True))
