"""A fingerprint of how a game behaves: one digest of everything its engine says over a
fixed set of seeded games.

A change meant to keep a game's behaviour (a quicker engine, a tidier rule module) is
checked by taking the fingerprint before and after it: the same digest means the same
legal lists in the same order, the same events, views, teaching parts, state hashes and
results in every game played. The games cover every seat count, the game's quick options
and variants of every choice among its options, and random, smart and mixed bots.
"""

from __future__ import annotations

import hashlib
import json
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.base import Bot, Game
from games.rng import Rng

MAX_STEPS = 100_000
DEEP_EVERY = 3  # every third game also digests every viewer's view and teaching parts


@dataclass(frozen=True)
class Fingerprint:
    """How many games and actions were played, and the digest of all they said."""

    games: int
    actions: int
    digest: str


def fingerprint(game: Game, *, variants: int = 6, seed: int = 0) -> Fingerprint:
    """Returns the fingerprint of ``game`` over its quick options and ``variants`` more
    option sets (each choice among the options drawn at random, the numbers kept quick),
    at every seat count, with random, smart and mixed bots."""
    total = hashlib.sha256()
    games = actions = 0
    for n, raw in enumerate(option_sets(game, variants, seed)):
        options = game.parse_options(raw)
        for seats in range(game.min_seats, game.max_seats + 1):
            for mix in _mixes(game):
                bots = [game.bots[_bot(mix, s)]() for s in range(seats)]
                digest, played = _digest_one(
                    game, options, seats, seed + 1000 * n + 10 * seats + len(mix), bots,
                    deep=games % DEEP_EVERY == 0)
                total.update(digest)
                games, actions = games + 1, actions + played
    return Fingerprint(games, actions, total.hexdigest())


def option_sets(game: Game, variants: int, seed: int = 0) -> list[dict[str, Any]]:
    """Returns the quick options, then ``variants`` sets with every choice (a ``Literal``
    or ``bool`` option) drawn at random."""
    choices = {name: _choices(f.annotation) for name, f in game.Options.model_fields.items()}
    rng = Rng(seed ^ 0xF1A9)
    sets = [dict(game.quick_options)]
    for _ in range(variants):
        raw = dict(game.quick_options)
        for name, values in choices.items():
            if values:
                raw[name] = values[rng.below(len(values))]
        sets.append(raw)
    return sets


def _choices(annotation: Any) -> tuple[Any, ...]:
    if annotation is bool:
        return (False, True)
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    return ()


def _mixes(game: Game) -> tuple[str, ...]:
    return ("random", "smart", "mixed") if "smart" in game.bots else ("random",)


def _bot(mix: str, seat: int) -> str:
    return "smart" if mix == "smart" or (mix == "mixed" and seat % 2) else "random"


def _digest_one(game: Game, options: Any, seats: int, seed: int, bots: Sequence[Bot], *,
                deep: bool) -> tuple[bytes, int]:
    """Plays one game as ``games.play.playout`` does; returns its digest and length."""
    h = hashlib.sha256()

    def put(value: Any) -> None:
        h.update(json.dumps(value, sort_keys=True, default=repr).encode())
        h.update(b"\n")

    rng = Rng(seed ^ 0x5A1005)
    state, opening = game.begin(options, seats, seed)
    if opening:  # a game that says nothing as it sets up keeps the digest it had
        put(opening)
    viewers = [*range(seats), None]
    for step in range(MAX_STEPS):
        acting = sorted(game.known_to_act(state))
        put(acting)
        put(game.state_hash(state))
        for s in acting:
            put(game.known_legal(state, s))
        if deep:
            put([game.view(state, v) for v in viewers])
            put(game.omniscient_view(state))
            for s in range(seats):
                put(game.score_so_far(state, s))
                put({k: rule.to_json() for k, rule in game.why_not(state, s).items()})
                put({k: rule.to_json() for k, rule in game.situations(state, s).items()})
        if game.is_over(state):
            result = game.result(state)
            put(result.to_json() if result is not None else None)
            return h.digest(), step
        seat = rng.choice(acting)
        bot = bots[seat]
        action = bot.choose(game.view(state, seat) if bot.needs_view else None,
                            game.known_legal(state, seat), rng)
        put([seat, action, game.describe(state, seat, action)])
        state, events = game.apply(state, seat, action)
        put(events)
    raise RuntimeError(f"{game.id}: no end after {MAX_STEPS} actions (seed {seed})")
