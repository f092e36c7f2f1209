"""Request and response bodies of the HTTP API, and the messages clients send on the socket."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter

from app.rooms.clock import TurnClock

# Every collection and string a client sends is bounded, so that validating a request
# costs little whatever it holds (the body itself is bounded by MAX_BODY_BYTES).
Name = Annotated[str, StringConstraints(max_length=200)]
GameId = Annotated[str, StringConstraints(max_length=64)]
OptionKey = Annotated[str, StringConstraints(max_length=64)]
OptionValue = Annotated[str, StringConstraints(max_length=200)] | int | float | bool | None
Options = Annotated[dict[OptionKey, OptionValue], Field(max_length=32)]
# An action's own fields are the game's to check; its size and depth are bounded by
# the message limit and by app.ws before it gets here.
ActionBody = Annotated[dict[Annotated[str, StringConstraints(max_length=64)], Any],
                       Field(max_length=32)]
Ref = Annotated[str, StringConstraints(max_length=64)] | int


TURN_CLOCK = ("The turn clock: off, relaxed (120 s a decision + a 10 min bank), normal "
              "(45 s + 5 min), fast (15 s + 1 min), or {\"per_move\": s, \"bank\": s}")
HINTS = ("First-game mode: the table shows a short hint the first time each situation "
         "occurs (the opening pass, the first shot, the first bust, the first trick)")
GONE_AFTER = ("Seconds a player may be gone (no connection) during a game before a bot plays "
              "their seat for the rest of it; null: never")
GoneAfter = Annotated[float | None, Field(ge=60, le=7 * 24 * 3600)]


class ErrorDetail(BaseModel):
    """What went wrong: a stable code, a message for people, and when to try again (429)."""

    code: str
    message: str
    retry_after: int | None = None


class ErrorBody(BaseModel):
    """The body of every HTTP error."""

    error: ErrorDetail


ERROR_WORDS = {
    401: "No token, or a token that is no seat of this room (`bad_token`)",
    403: "A valid token that may not do this (`forbidden`)",
    404: "Unknown room, seat or game (`not_found`)",
    409: "The room's state forbids it (`conflict`)",
    413: "The request body is over the limit (`too_large`)",
    422: "Malformed JSON, a wrong field, unknown game or invalid options (`bad_request`)",
    429: "Too many requests from this client; see `retry_after` (`rate_limited`)",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """Returns the OpenAPI ``responses`` of a route's errors, all in the one error shape."""
    return {status: {"model": ErrorBody, "description": ERROR_WORDS[status]}
            for status in statuses}


class Body(BaseModel):
    """A request body: unknown fields are refused."""

    model_config = ConfigDict(extra="forbid")


class CreateRoom(Body):
    """``POST /api/rooms``."""

    game: GameId = Field(description="A registered game id, e.g. wyoming_cowboy")
    name: Name = Field(description="The host's display name")
    options: Options = Field(default_factory=dict)
    allow_spectators: bool = True
    hints: bool = Field(True, description=HINTS)
    turn_clock: TurnClock = Field("off", description=TURN_CLOCK)
    gone_after: GoneAfter = Field(600, description=GONE_AFTER)


class RoomCreated(BaseModel):
    """The new room, the host's seat and secret token, and the invite link."""

    code: str
    seat: int
    token: str
    url: str


class Join(Body):
    """``POST /api/rooms/{code}/join``; with a valid bearer token the name is ignored."""

    name: Name = ""


class Joined(BaseModel):
    """A seat and its secret token."""

    seat: int
    token: str


class AddBot(Body):
    """``POST /api/rooms/{code}/bots``."""

    bot: Annotated[str, StringConstraints(max_length=32)] = "random"


class SeatOut(BaseModel):
    """A seat number."""

    seat: int


class Configure(Body):
    """``PUT /api/rooms/{code}/options``: any field may be left out (it keeps its value)."""

    options: Options | None = None
    allow_spectators: bool | None = None
    hints: bool | None = Field(None, description=HINTS)
    turn_clock: TurnClock | None = Field(None, description=TURN_CLOCK)
    gone_after: GoneAfter = Field(None, description=GONE_AFTER)


class Started(BaseModel):
    """The id of the game that started."""

    game_id: str


class GameInfo(BaseModel):
    """A registered game as the lobby shows it."""

    id: str
    title: str
    description: str
    min_seats: int
    max_seats: int
    rules_version: str
    bots: list[str]
    options_schema: dict[str, Any]


class ActionMessage(Body):
    """Client → server: play one of the ``legal`` actions."""

    type: Literal["action"]
    action: ActionBody
    ref: Ref | None = None


class SyncMessage(Body):
    """Client → server: send me the whole document again."""

    type: Literal["sync"]


class PingMessage(Body):
    """Client → server: is this socket still carrying messages? Answered by a ``pong``."""

    type: Literal["ping"]


class BackMessage(Body):
    """Client → server: I am back; stop playing for my seat."""

    type: Literal["back"]
    ref: Ref | None = None


class ChatMessage(Body):
    """Client → server: say something to the room."""

    type: Literal["chat"]
    text: Annotated[str, StringConstraints(max_length=4000)]
    ref: Ref | None = None


ClientMessage = TypeAdapter(
    Annotated[ActionMessage | SyncMessage | ChatMessage | BackMessage | PingMessage,
              Field(discriminator="type")]
)
CLIENT_TYPES = ("action", "sync", "chat", "back", "ping")
