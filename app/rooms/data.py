"""A room's data: what is stored and rebuilt on load, its seats and its status."""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from app.rooms.clock import ClockSetting, Presence, Timing
from app.tokens import hash_token
from games.base import Game

JSON = Any


class RoomStatus(StrEnum):
    """Where a room stands: seats change in the lobby, actions only while playing."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class SeatKind(StrEnum):
    """Who plays a seat."""

    HUMAN = "human"
    BOT = "bot"


@dataclass
class SeatInfo:
    """A seat as the room keeps it in memory."""

    position: int
    name: str
    kind: SeatKind
    bot: str | None = None
    token_hash: str | None = None

    def public(self) -> dict[str, JSON]:
        """Returns what anyone in the room may know about the seat."""
        return {"seat": self.position, "name": self.name, "kind": str(self.kind),
                "bot": self.bot}


@dataclass
class RoomData:
    """Everything a room is, as stored: rebuilt from the database whenever it is loaded.

    Only ``app.rooms.events.apply`` changes it once it is loaded.
    """

    id: int
    code: str
    game: Game
    options: dict[str, JSON]
    status: RoomStatus
    host_seat: int
    allow_spectators: bool
    version: int
    matches: int
    seats: list[SeatInfo]
    game_id: str | None = None
    seed: int | None = None
    state: Any = None
    seq: int = 0
    result: JSON = None
    log: list[dict[str, JSON]] = field(default_factory=list)
    turn_clock: ClockSetting | None = None
    gone_after: float | None = None
    hints: bool = True  # first-game mode: hints at the first occurrence of each situation
    timing: Timing = field(default_factory=Timing)
    due: datetime | None = None  # when the server must next act for the room (clocks)

    def seat_for_token(self, token: str) -> int | None:
        """Returns the seat whose token this is, else ``None``."""
        return self.seat_for_hash(hash_token(token))

    def seat_for_hash(self, digest: str) -> int | None:
        """Returns the seat whose token hashes to ``digest``, else ``None``."""
        for s in self.seats:  # compared with each seat's in constant time
            if s.token_hash is not None and hmac.compare_digest(digest, s.token_hash):
                return s.position
        return None

    def to_act(self) -> list[int]:
        """Returns the seats the game waits for (none outside a game)."""
        if self.status != RoomStatus.PLAYING or self.state is None:
            return []
        return sorted(self.game.known_to_act(self.state))

    def bots_to_act(self) -> list[int]:
        """Returns the bot seats the game waits for."""
        return [s for s in self.to_act() if self.seats[s].kind == SeatKind.BOT]

    def presence(self, seat: int) -> Presence | None:
        """Returns whether a person's seat is connected, away or gone (``None`` for a bot)."""
        if self.seats[seat].kind == SeatKind.BOT:
            return None
        if seat in self.timing.away:
            return "away"
        return "gone" if seat in self.timing.gone else "connected"
