"""The document each connection mirrors, and the RFC 6902 patches between two versions of it.

A document is ``{room, game, legal, log}`` for one viewer (a seat, or ``None`` for a
spectator): the room's public summary, the game's view for that viewer, the
viewer's legal actions when the game waits for them, and the log entries they may
see.
"""

from __future__ import annotations

from typing import Any

import jsonpatch

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
        legal = room.game.legal_actions(room.state, viewer)
    entries = [e for e in room.log if visible_to(e, viewer)][-log_limit:]
    return {"room": summary(room, viewer), "game": game_view, "legal": legal, "log": entries}


def diff(old: dict[str, JSON], new: dict[str, JSON]) -> list[dict[str, JSON]]:
    """Returns RFC 6902 operations turning ``old`` into ``new``.

    The log only grows at its end (or is trimmed at its start), so it gets plain
    ``add``/``remove`` operations instead of a generic list diff; the other parts
    go through ``jsonpatch``.
    """
    ops: list[dict[str, JSON]] = []
    for key in new.keys() | old.keys():
        if key == "log":
            continue
        if key not in new:
            ops.append({"op": "remove", "path": f"/{key}"})
        elif key not in old:
            ops.append({"op": "add", "path": f"/{key}", "value": new[key]})
        elif old[key] != new[key]:
            if isinstance(old[key], (dict, list)) and isinstance(new[key], type(old[key])):
                for op in jsonpatch.make_patch(old[key], new[key]).patch:
                    ops.append({**op, "path": f"/{key}{op['path']}"}
                               | ({"from": f"/{key}{op['from']}"} if "from" in op else {}))
            else:
                ops.append({"op": "replace", "path": f"/{key}", "value": new[key]})
    ops.extend(_log_ops(old.get("log", []), new.get("log", [])))
    return ops


def _log_ops(old: list[JSON], new: list[JSON]) -> list[dict[str, JSON]]:
    if old == new:
        return []
    # Find how many entries fell off the front: new must then start with old's tail.
    for dropped in range(len(old) + 1):
        kept = old[dropped:]
        if new[: len(kept)] == kept:
            ops: list[dict[str, JSON]] = [{"op": "remove", "path": "/log/0"}] * dropped
            ops += [{"op": "add", "path": "/log/-", "value": e} for e in new[len(kept):]]
            if len(ops) <= len(new):
                return ops
            break
    return [{"op": "replace", "path": "/log", "value": new}]


def apply(doc: dict[str, JSON], ops: list[dict[str, JSON]]) -> dict[str, JSON]:
    """Returns ``doc`` with ``ops`` applied (a client's view of a patch, used by tests)."""
    result: dict[str, JSON] = jsonpatch.apply_patch(doc, ops)
    return result
