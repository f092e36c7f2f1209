"""Request and response bodies of the HTTP API, and the messages clients send on the socket."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class Body(BaseModel):
    """A request body: unknown fields are refused."""

    model_config = ConfigDict(extra="forbid")


class CreateRoom(Body):
    """``POST /api/rooms``."""

    game: str = Field(description="A registered game id, e.g. wyoming_cowboy")
    name: str = Field(description="The host's display name")
    options: dict[str, Any] = Field(default_factory=dict)
    allow_spectators: bool = True


class RoomCreated(BaseModel):
    """The new room, the host's seat and secret token, and the invite link."""

    code: str
    seat: int
    token: str
    url: str


class Join(Body):
    """``POST /api/rooms/{code}/join``; with a valid bearer token the name is ignored."""

    name: str = ""


class Joined(BaseModel):
    """A seat and its secret token."""

    seat: int
    token: str


class AddBot(Body):
    """``POST /api/rooms/{code}/bots``."""

    bot: str = "random"


class SeatOut(BaseModel):
    """A seat number."""

    seat: int


class Configure(Body):
    """``PUT /api/rooms/{code}/options``: either field may be left out."""

    options: dict[str, Any] | None = None
    allow_spectators: bool | None = None


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
    action: dict[str, Any]
    ref: str | int | None = None


class SyncMessage(Body):
    """Client → server: send me the whole document again."""

    type: Literal["sync"]


class ChatMessage(Body):
    """Client → server: say something to the room."""

    type: Literal["chat"]
    text: str


ClientMessage = TypeAdapter(
    Annotated[ActionMessage | SyncMessage | ChatMessage, Field(discriminator="type")]
)
CLIENT_TYPES = ("action", "sync", "chat")
