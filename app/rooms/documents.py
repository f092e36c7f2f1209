"""The document each connection mirrors (the patches between two of them: ``patches``).

A document is ``{room, game, legal, teach, log}`` for one viewer (a seat, or ``None``
for a spectator): the room's public summary, the game's view for that viewer, the
viewer's legal actions when the game waits for them, what the game tells that seat in
words (``teach``), and the log entries they may see.
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
        "hints": room.hints,
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


def teach(room: RoomData, viewer: int | None, legal: list[JSON]) -> dict[str, JSON]:
    """Returns what the game tells ``viewer`` in words: a sentence per legal action
    (``moves``, in the order of ``legal``), why a card it sees cannot be used now
    (``why_not``), its score if the hand ended now (``score``) and, in first-game mode,
    the situations it is in with their hints (``hints``). A spectator is told nothing."""
    game, state = room.game, room.state
    if viewer is None or state is None or viewer >= len(room.seats):
        return {"moves": [], "why_not": {}, "score": None, "hints": {}}
    return {
        "moves": [game.describe(state, viewer, a) for a in legal],
        "why_not": {k: r.to_json() for k, r in game.why_not(state, viewer).items()},
        "score": game.score_so_far(state, viewer),
        "hints": ({k: r.to_json() for k, r in game.situations(state, viewer).items()}
                  if room.hints else {}),
    }


def document(room: RoomData, viewer: int | None, log_limit: int) -> dict[str, JSON]:
    """Returns the whole document a connection of ``viewer`` mirrors."""
    game_view = room.game.view(room.state, viewer) if room.state is not None else None
    legal: list[JSON] = []
    if viewer is not None and viewer in room.to_act():
        legal = room.game.legal_actions(room.state, viewer)
    entries = [e for e in room.log if visible_to(e, viewer)][-log_limit:]
    return {"room": summary(room, viewer), "game": game_view, "legal": legal,
            "teach": teach(room, viewer, legal), "log": entries}
