"""A record in words: the game move by move, then the check and the final scores."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from app.records.format import RecordIn
from app.records.verify import Unplayable, playable, verify
from games.base import Game

SEAT = re.compile(r"\{seat:(\d+)\}")


def fill(text: Any, names: Sequence[str]) -> str:
    """Returns an event text with every ``{seat:N}`` replaced by that seat's name."""
    def name(m: re.Match[str]) -> str:
        i = int(m.group(1))
        return names[i] if i < len(names) else f"Seat {i + 1}"
    return SEAT.sub(name, str(text))


def replay_lines(rec: RecordIn) -> Iterator[str]:
    """Yields the game move by move in words, then the check and the final scores."""
    names = [s.name for s in rec.seats]
    game: Game | None = None
    try:
        game = playable(rec.game, rec.rules_version)
    except Unplayable as e:
        problem = e.message
    yield (f"{game.title if game else rec.game} (rules version {rec.rules_version}), "
           f"game {rec.id}")
    if game is None:
        yield f"  {problem}; the stored log follows."
    yield "Seats: " + ", ".join(
        f"{s.seat}: {s.name}" + (f" ({s.bot} bot)" if s.kind == "bot" else "") for s in rec.seats)
    if rec.options:
        yield "Options: " + ", ".join(f"{k}={v}" for k, v in sorted(rec.options.items()))
    width = len(str(len(rec.actions)))
    for a in rec.actions:
        label = game.describe_action(a.action) if game else json.dumps(a.action, sort_keys=True)
        yield f"{a.seq:>{width}}. {names[a.seat]}: {label}"
        for event in a.events:
            only = event.get("only")
            to = f"to {', '.join(names[i] for i in only if i < len(names))}: " if only else ""
            yield f"{'':>{width}}    {to}{fill(event.get('text', event.get('type', '')), names)}"
    yield from _outcome(rec, names)


def _outcome(rec: RecordIn, names: Sequence[str]) -> Iterator[str]:
    check = verify(rec)
    yield f"Check: {check.status} - {check.message}"
    if rec.result:
        scores = rec.result.get("scores", [])
        yield "Final scores: " + ", ".join(
            f"{names[i]} {s:g}" for i, s in enumerate(scores) if i < len(names))
        winners = [names[w] for w in rec.result.get("winners", []) if w < len(names)]
        if winners:
            yield ("Winner: " if len(winners) == 1 else "Winners: ") + ", ".join(winners)
    else:
        yield "The game has not ended." + (" Scores so far: " + ", ".join(
            f"{names[i]} {s:g}" for i, s in enumerate(check.scores[-1]) if i < len(names))
            if check.scores else "")
