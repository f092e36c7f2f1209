"""Playing whole games in-process with bots: used by the CLI's ``simulate`` and the tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from games import replay as replays
from games.base import Action, Bot, Game, Result
from games.rng import Rng


@dataclass
class Playout:
    """One finished game: its final state, the action log and the result."""

    state: Any
    actions: list[tuple[int, Action]] = field(default_factory=list)
    result: Result | None = None


def playout(
    game: Game,
    *,
    seats: int,
    seed: int,
    options: BaseModel | None = None,
    bots: Sequence[Bot] | None = None,
    max_steps: int = 100_000,
    on_step: Callable[[Any, int, Action], None] | None = None,
) -> Playout:
    """Plays one game to its end with ``bots`` (random by default); raises if it never ends.

    Among several seats to act, the one that acts is drawn from a generator derived
    from ``seed``, so that simultaneous phases are exercised in every interleaving.
    """
    opts = options if options is not None else game.parse_options({})
    players = list(bots) if bots is not None else [game.bots["random"]() for _ in range(seats)]
    rng = Rng(seed ^ 0x5A1005)
    state = game.new_game(opts, seats, seed)
    out = Playout(state)
    for _ in range(max_steps):
        if game.is_over(state):
            out.state, out.result = state, game.result(state)
            return out
        acting = sorted(game.known_to_act(state))
        if not acting:
            raise RuntimeError(f"{game.id}: nobody may act but the game has not ended")
        seat = rng.choice(acting)
        legal = game.known_legal(state, seat)
        if not legal:
            raise RuntimeError(f"{game.id}: seat {seat} is to act but has no legal action")
        bot = players[seat]
        action = bot.choose(game.view(state, seat) if bot.needs_view else None, legal, rng)
        state, _ = game.apply(state, seat, action)
        out.actions.append((seat, action))
        if on_step is not None:
            on_step(state, seat, action)
    raise RuntimeError(f"{game.id}: no end after {max_steps} actions (seed {seed})")


def replay(game: Game, *, seats: int, seed: int, options: BaseModel,
           actions: Sequence[tuple[int, Action]], match: int = 0, carried: Any = None) -> Any:
    """Returns the state reached by applying ``actions`` to a new game."""
    return replays.replay(game, replays.Setup(options, seats, seed, match, carried), actions)
