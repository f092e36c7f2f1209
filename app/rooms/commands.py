"""The commands a room accepts: each checks everything it needs and returns its events.

A command is a pure function of the room as it is now. The service calls it inside
the retried write step, so when another process wrote first and the room was
reloaded, every check runs again on the fresh room. A refusal raises a
``SaloonError`` (or the game's ``GameError``) and nothing is written.
"""

from __future__ import annotations

from typing import Any

import pydantic

from app.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized, first_error
from app.rooms.data import RoomData, RoomStatus, SeatInfo, SeatKind
from app.rooms.events import (
    Configured,
    GameStarted,
    Noticed,
    Played,
    RoomEvent,
    Said,
    SeatHandedToBot,
    SeatLeft,
    SeatTaken,
)
from app.text import clean_chat, clean_name
from games.base import Game
from games.registry import UnknownGame, get_game

JSON = Any


def game_named(game_id: str) -> Game:
    """Returns the registered game ``game_id``; raises ``BadRequest`` naming the known ones."""
    try:
        return get_game(game_id)
    except UnknownGame as e:
        raise BadRequest(str(e)) from None


def parse_options(game: Game, raw: dict[str, JSON] | None) -> dict[str, JSON]:
    """Returns the game's options, validated and complete; raises ``BadRequest``."""
    try:
        return game.parse_options(raw).model_dump(mode="json")
    except pydantic.ValidationError as e:
        raise BadRequest(f"Options for {game.id} are not valid: "
                         f"{first_error(e.errors())}") from None


def seat_of(room: RoomData, token: str | None) -> int:
    """Returns the seat of ``token``; raises ``Unauthorized`` when it has none."""
    seat = room.seat_for_token(token) if token else None
    if seat is None:
        raise Unauthorized("Expected the token of a seat in this room"
                           + ("" if token else ", got none"))
    return seat


def require_host(room: RoomData, token: str | None) -> int:
    """Returns the host's seat; raises unless ``token`` is the host's."""
    seat = seat_of(room, token)
    if seat != room.host_seat:
        raise Forbidden("Only the host may do that")
    return seat


def _require_lobby(room: RoomData, refusal: str) -> None:
    if room.status != RoomStatus.LOBBY:
        raise Conflict(refusal)


def _require_free_seat(room: RoomData) -> None:
    if len(room.seats) >= room.game.max_seats:
        raise Conflict(f"The room is full ({room.game.max_seats} seats)")


def join(room: RoomData, name: str, token_hash: str) -> list[RoomEvent]:
    """A person takes the next seat, in the lobby, while one is free."""
    name = clean_name(name)
    _require_lobby(room, "The game has started; watch as a spectator or wait for a rematch")
    _require_free_seat(room)
    seat = SeatInfo(len(room.seats), name, SeatKind.HUMAN, None, token_hash)
    return [SeatTaken(seat), Noticed(f"{name} sat down")]


def add_bot(room: RoomData, token: str | None, bot: str) -> list[RoomEvent]:
    """The host seats a bot of a kind the game offers in the next free seat, in the lobby."""
    require_host(room, token)
    if bot not in room.game.bots:
        raise BadRequest(f"Expected a bot among {', '.join(room.game.bots)}, got {bot!r}")
    _require_lobby(room, "Bots can be added only before the game starts")
    _require_free_seat(room)
    taken = {s.name for s in room.seats}
    name = next(f"{bot.capitalize()} Bot {i}" for i in range(1, 100)
                if f"{bot.capitalize()} Bot {i}" not in taken)
    seat = SeatInfo(len(room.seats), name, SeatKind.BOT, bot)
    return [SeatTaken(seat), Noticed(f"{name} joined the table")]


def remove_seat(room: RoomData, token: str | None, position: int) -> list[RoomEvent]:
    """The host frees another seat in the lobby, or hands a player's seat to a bot in a game."""
    require_host(room, token)
    if not 0 <= position < len(room.seats):
        raise NotFound(f"Expected a seat from 0 to {len(room.seats) - 1}, got {position}")
    if position == room.host_seat:
        raise Conflict("The host cannot remove their own seat")
    target = room.seats[position]
    if room.status == RoomStatus.LOBBY:
        return [SeatLeft(position), Noticed(f"{target.name} left the table")]
    if target.kind == SeatKind.BOT:
        raise Conflict("A bot's seat cannot be emptied during a game")
    bot = "smart" if "smart" in room.game.bots else "random"
    return [SeatHandedToBot(position, bot),
            Noticed(f"{target.name} was removed; a {bot} bot plays the seat")]


def configure(room: RoomData, token: str | None, *, options: dict[str, JSON] | None,
              allow_spectators: bool | None) -> list[RoomEvent]:
    """The host, outside a game, replaces the options and/or the spectator setting."""
    require_host(room, token)
    if room.status == RoomStatus.PLAYING:
        raise Conflict("Options cannot change during a game")
    opts = parse_options(room.game, options) if options is not None else room.options
    spectators = room.allow_spectators if allow_spectators is None else allow_spectators
    return [Configured(opts, spectators)]


def start(room: RoomData, token: str | None, *, rematch: bool, game_id: str,
          seed: int) -> list[RoomEvent]:
    """The host starts the first game from the lobby, or (``rematch``) the next one after a game."""
    require_host(room, token)
    expected = RoomStatus.FINISHED if rematch else RoomStatus.LOBBY
    if room.status != expected:
        raise Conflict(f"Expected the room to be {expected} to "
                       f"{'rematch' if rematch else 'start'}, but it is {room.status}")
    game, n = room.game, len(room.seats)
    if not game.min_seats <= n <= game.max_seats:
        raise Conflict(f"{game.title} needs {game.min_seats} to {game.max_seats} seats; "
                       f"{n} are taken")
    match = room.matches + (1 if rematch else 0)
    state = game.new_game(game.parse_options(room.options), n, seed, match=match)
    return [GameStarted(game_id, seed, match, state),
            Noticed(f"Game {match + 1} of {game.title} begins")]


def play(room: RoomData, seat: int, raw: JSON) -> list[RoomEvent]:
    """A seat plays an action of the game being played; the game decides if it is legal."""
    if room.status != RoomStatus.PLAYING or room.state is None:
        raise Conflict(f"No game is being played; the room is {room.status}")
    game = room.game
    try:
        action = game.normalize_action(raw)
    except pydantic.ValidationError as e:
        raise BadRequest(f"Expected a {game.title} action; {first_error(e.errors())}") from None
    except (TypeError, ValueError) as e:
        raise BadRequest(f"Expected a {game.title} action object; {e}") from None
    state, events = game.apply(room.state, seat, action)
    return [Played(seat, action, room.seq + 1, state, events, game.result(state))]


def say(room: RoomData, seat: int | None, text: str, *, max_length: int) -> list[RoomEvent]:
    """A seated player says a line of 1 to ``max_length`` characters in the chat."""
    text = clean_chat(text, max_length)
    if seat is None:
        raise Forbidden("Spectators cannot chat")
    return [Said(seat, room.seats[seat].name, text)]
