"""Replaying a game: the states reached from its set-up through its action log.

Every caller that re-runs a stored game goes through here: a room rebuilt from the
database, the admin's view at a step, the verification of a record, the text
replay, ``games.play``. Pure: no I/O.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from games.base import Action, Event, Game, GameError

JSON = Any


@dataclass(frozen=True)
class Setup:
    """What ``new_game`` needs: everything stored with a game besides its actions."""

    options: Mapping[str, JSON] | BaseModel
    seats: int
    seed: int
    match: int = 0
    carried: JSON = field(default=None)

    def start(self, game: Game) -> Any:
        """Returns the game's first state; raises ``pydantic.ValidationError`` on bad options."""
        return self.begin(game)[0]

    def begin(self, game: Game) -> tuple[Any, list[Event]]:
        """Returns the game's first state and the events of its setting up (``Game.begin``)."""
        options = (self.options if isinstance(self.options, BaseModel)
                   else game.parse_options(self.options))
        return game.begin(options, self.seats, self.seed, match=self.match,
                          carried=self.carried)


@dataclass(frozen=True)
class Step:
    """One replayed action: who played what, the state after it and the events it gave."""

    seq: int
    seat: int
    action: Action
    state: Any
    events: list[Event]


class ReplayError(Exception):
    """An action of the log cannot be applied; ``part`` names its wrong field, if one is."""

    def __init__(self, seq: int, part: str | None, message: str) -> None:
        super().__init__(f"Step {seq}: {message}")
        self.seq, self.part, self.message = seq, part, message


def steps(game: Game, state: Any, actions: Iterable[tuple[int, Action]], *,
          first_seq: int = 1) -> Iterator[Step]:
    """Yields each action of ``actions`` applied in turn from ``state``.

    Raises ``ReplayError`` at the first action that the game had ended before, that
    comes from a seat not to act, or that the engine refuses.
    """
    for seq, (seat, action) in enumerate(actions, start=first_seq):
        if game.is_over(state):
            raise ReplayError(seq, None, "the game had already ended before this action")
        to_act = game.known_to_act(state)
        if seat not in to_act:
            raise ReplayError(seq, "seat", f"seat {seat} was not to act (expected one of "
                              f"{sorted(to_act)})")
        try:
            state, events = game.apply(state, seat, action)
        except Exception as e:  # noqa: BLE001 - a stored log may hold anything: stop here
            message = e.message if isinstance(e, GameError) else f"{type(e).__name__}: {e}"
            raise ReplayError(seq, "action", f"the engine refuses "
                              f"{json.dumps(action, sort_keys=True)}: {message}") from e
        yield Step(seq, seat, action, state, events)


def replay(game: Game, start: Setup | Any, actions: Iterable[tuple[int, Action]], *,
           first_seq: int = 1) -> Any:
    """Returns the state after ``actions``, from a set-up or from a state (a snapshot's)."""
    state = start.start(game) if isinstance(start, Setup) else start
    for step in steps(game, state, actions, first_seq=first_seq):
        state = step.state
    return state
