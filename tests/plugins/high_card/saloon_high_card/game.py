"""High Card: a small game from its own distribution that exercises the whole contract.

Each seat is dealt three cards face down. In each of three tricks every seat plays one
card at the same time (simultaneous play, hidden until all have chosen); the highest
card wins the trick (ties: the lower seat). Most tricks wins.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.base import (
    Action,
    Event,
    Game,
    Result,
    Seat,
    Viewer,
)
from games.cards import Card, standard_deck
from games.rng import Rng
from games.slots import Slot, permute, slots_of
from games.state import JsonState


class Options(BaseModel):
    """High Card options."""

    model_config = ConfigDict(extra="forbid")
    tricks: int = Field(3, ge=1, le=5, description="Cards dealt and tricks played")


class Play(BaseModel):
    """Play one card from your hand into the current trick."""

    type: Literal["play"]
    card: Annotated[str, Field(pattern=r"^[2-9TJQKA][CDHS]$")]


@dataclass
class State(JsonState):
    """One position of High Card."""

    seats: int
    tricks: int
    hands: list[list[str]]
    stock: list[str]
    played: list[str | None]
    won: list[int]
    rng: Rng
    history: list[list[str]] = field(default_factory=list)

    def clone(self) -> State:
        """Returns an independent copy."""
        return copy.deepcopy(self)


class HighCard(Game[State]):
    """The test game."""

    id = "highcard"
    title = "High Card"
    description = "A tiny test game: play your highest card, all at once."
    min_seats = 2
    max_seats = 4
    rules_version = "1"
    Options = Options
    state_type = State
    Action: ClassVar[Any] = Play

    def new_game(self, options: Any, seats: int, seed: int, *, match: int = 0,
                 carried: Any = None) -> State:
        rng = Rng(seed)
        deck = [c.text for c in standard_deck()]
        rng.shuffle(deck)
        n = options.tricks
        hands = [sorted(deck[i * n : (i + 1) * n]) for i in range(seats)]
        return State(seats, n, hands, deck[seats * n :], [None] * seats, [0] * seats, rng)

    def to_act(self, state: State) -> frozenset[int]:
        if self._over(state):
            return frozenset()
        return frozenset(s for s in range(state.seats) if state.played[s] is None)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "play", "card": c} for c in state.hands[seat]]

    def step(self, s: State, seat: int, action: Action) -> list[Event]:
        s.hands[seat].remove(action["card"])
        s.played[seat] = action["card"]
        events: list[Event] = [
            {"type": "played", "seat": seat, "text": f"{{seat:{seat}}} chose a card"},
            {"type": "you_played", "only": [seat], "card": action["card"],
             "text": f"You chose {action['card']}"},
        ]
        if all(p is not None for p in s.played):
            cards = [Card.parse(p) for p in s.played if p is not None]
            best = max(range(s.seats), key=lambda i: (cards[i].rank, -i))
            s.won[best] += 1
            s.history.append([p for p in s.played if p is not None])
            events.append({"type": "trick", "cards": s.history[-1], "winner": best,
                           "text": f"{{seat:{best}}} wins the trick with {s.played[best]}"})
            s.played = [None] * s.seats
        return events

    def describe(self, state: State, seat: int, action: Action) -> str:
        return f"Play {action['card']} into this trick, face down until everyone has"

    def is_over(self, state: State) -> bool:
        return self._over(state)

    def _over(self, state: State) -> bool:
        return len(state.history) == state.tricks

    def view(self, state: State, viewer: Viewer) -> Any:
        return {
            "hand": list(state.hands[viewer]) if viewer is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "played": [p is not None for p in state.played],
            "tricks": [list(t) for t in state.history],
            "won": list(state.won),
            "stock": len(state.stock),
            "to_act": sorted(self.to_act(state)),
            "prompt": self._prompt(state, viewer),
        }

    def _prompt(self, state: State, viewer: Viewer) -> str:
        if self._over(state):
            return "The game is over."
        if viewer is not None and state.played[viewer] is None:
            return "Choose a card: everyone plays at once, and the highest card wins the trick."
        return "Waiting for every seat to choose a card."

    def omniscient_view(self, state: State) -> Any:
        d = state.to_json()
        d.pop("rng")
        return d

    def result(self, state: State) -> Result | None:
        if not self._over(state):
            return None
        top = max(state.won)
        winners = [i for i, w in enumerate(state.won) if w == top]
        return Result([float(w) for w in state.won], winners)

    def scores(self, state: State) -> list[float]:
        return [float(w) for w in state.won]

    def secrets(self, state: State, viewer: Viewer) -> set[str]:
        hidden = set(state.stock)
        for s in range(state.seats):
            if s != viewer:
                hidden |= set(state.hands[s])
                if state.played[s] is not None:
                    hidden.add(state.played[s])  # type: ignore[arg-type]
        return hidden

    def hidden_shuffle(self, state: State, viewer: Viewer, rng: Rng, *,
                       keep: frozenset[Seat] = frozenset(), deck: bool = True) -> State:
        """Permutes the other hands, the cards they chose for this trick and the stock."""
        s = copy.deepcopy(state)
        slots: list[Slot] = slots_of(s.stock) if deck else []
        for seat in range(s.seats):
            if seat != viewer and seat not in keep:
                slots += slots_of(s.hands[seat])
                if s.played[seat] is not None:
                    slots.append((s.played, seat))
        permute(slots, rng)
        for hand in s.hands:
            hand.sort()
        return s

    def invariants(self, state: State) -> list[str]:
        cards = list(state.stock) + [c for h in state.hands for c in h]
        cards += [p for p in state.played if p] + [c for t in state.history for c in t]
        return [] if len(cards) == 52 == len(set(cards)) else [f"{len(cards)} cards"]


GAME = HighCard()
