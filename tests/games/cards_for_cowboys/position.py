"""Building Cards for Cowboys positions directly, card by card, for the rule tests."""

from __future__ import annotations

from typing import Any

from games.cards_for_cowboys import GAME
from games.cards_for_cowboys import store as pyramid
from games.cards_for_cowboys.rules import new_state
from games.cards_for_cowboys.state import State


def fresh(seats: int = 2, seed: int = 1) -> State:
    """Returns a new game's opening position."""
    return new_state(seats, seed)


def take(state: State, card: str) -> None:
    """Removes ``card`` from wherever it lies (in place; players through ``State.own``, and
    every list replaced rather than changed, so that states sharing them, earlier ones
    among them, stay as they were)."""
    for seat in range(len(state.players)):
        p = state.own(seat)
        for name in ("draw", "discard", "row", "bought", "known", "order", "doubled"):
            if card in getattr(p, name):
                setattr(p, name, [c for c in getattr(p, name) if c != card])
    # The state's own lists are replaced, not changed: a state's copies share them.
    state.reserve = [c for c in state.reserve if c != card]
    state.unused = [c for c in state.unused if c != card]
    state.box = [c for c in state.box if c != card]
    for r, row in enumerate(state.store):
        if card in row:  # the row is replaced: a state's copies share the Store's rows
            state.store[r] = [None if c == card else c for c in row]


def stack(state: State, seat: int, cards: list[str]) -> State:
    """Puts ``cards`` on top of ``seat``'s draw pile, first = top (in place); returns state."""
    for c in reversed(cards):
        take(state, c)
        p = state.own(seat)
        p.draw = [c, *p.draw]
    return state


def to_discard(state: State, seat: int, cards: list[str]) -> State:
    """Moves ``cards`` onto ``seat``'s discard pile, last = top (in place); returns state."""
    for c in cards:
        take(state, c)
        p = state.own(seat)
        p.discard = [*p.discard, c]
    return state


def set_store(state: State, rows: list[list[str | None]]) -> State:
    """Replaces the pyramid: cards of the old one not named go back to the unused pile."""
    named = {c for row in rows for c in row if c}
    for c in pyramid.cards(state.store):
        if c not in named:
            take(state, c)
            state.unused = [*state.unused, c]
    for c in named:
        take(state, c)
    state.store = [list(r) for r in rows]
    return state


def play(state: State, *moves: tuple[int, dict[str, Any]]) -> tuple[State, list[dict]]:
    """Applies ``(seat, action)`` moves in turn; returns the last state and all events."""
    events: list[dict] = []
    for seat, action in moves:
        state, ev = GAME.apply(state, seat, action)
        events += ev
        assert not GAME.invariants(state), GAME.invariants(state)
    return state, events


DRAW = {"type": "draw"}
STOP = {"type": "stop"}
PASS = {"type": "pass"}
