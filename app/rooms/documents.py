"""The document each connection mirrors (the patches between two of them: ``patches``).

A document is ``{room, game, legal, log}`` for one viewer (a seat, or ``None`` for a
spectator): the room's public summary, the game's view for that viewer, the
viewer's legal actions when the game waits for them, and the log entries they may
see.
"""

from __future__ import annotations

from typing import Any

from app.rooms.data import RoomData
from app.rooms.timing import clock_view
from games.leaks import visible_to

JSON = Any


def summary(room: RoomData, viewer: int | None = None) -> dict[str, JSON]:
    """Returns the room part of a document (and the answer of ``GET /api/rooms/{code}``)."""
    game = room.game
    return {
        "code": room.code,
        "game": game.id,
        "title": game.title,
        "status": str(room.status),
        "options": room.options,
        "allow_spectators": room.allow_spectators,
        "host": room.host_seat,
        "you": viewer,
        "seats": [s.public() | {"presence": room.presence(s.position)} for s in room.seats],
        "min_seats": game.min_seats,
        "max_seats": game.max_seats,
        "match": room.matches,
        "to_act": room.to_act(),
        "result": room.result,
        "clock": clock_view(room),
        "gone_after": room.gone_after,
    }


def document(room: RoomData, viewer: int | None, log_limit: int) -> dict[str, JSON]:
    """Returns the whole document a connection of ``viewer`` mirrors."""
    game_view = room.game.view(room.state, viewer) if room.state is not None else None
    legal: list[JSON] = []
    if viewer is not None and viewer in room.to_act():
        legal = room.game.known_legal(room.state, viewer)
    entries = [e for e in room.log if visible_to(e, viewer)][-log_limit:]
    return {"room": summary(room, viewer), "game": game_view, "legal": legal, "log": entries}
