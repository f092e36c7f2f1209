"""One Cowpoker position: four Ranches around the table, live or Deadwood."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from games.rng import Rng
from games.state import JsonState


class Phase(StrEnum):
    """Who is deciding what."""

    PLAY = "play"          # the active live player plays a card into his Gang
    SHOWDOWN = "showdown"  # he chooses Roundup or Gunfight
    RUSTLE = "rustle"      # he chooses which card (or Gang) to take
    UNLOAD = "unload"      # he may move a card of his Gang into another Gang
    TRICK = "trick"        # a Roundup or Gunfight is being played; a live player adds a card
    OVER = "over"
    # Only inside a step, never between two: a turn begins, a turn is over.
    START = "start"
    END = "end"


@dataclass
class Trick:
    """A Roundup or Gunfight under way: who plays in what order, and what was played."""

    kind: str  # "roundup" or "gunfight"
    caller: int  # table position
    order: list[int]  # positions, left of the caller first, the caller last
    played: list[list[Any]] = field(default_factory=list)  # [position, card id or None]

    def clone(self) -> Trick:
        return Trick(self.kind, self.caller, list(self.order), [list(p) for p in self.played])


@dataclass
class State(JsonState):
    """Everything that changes in a game of Cowpoker.

    Table positions 0..3 run clockwise (to the left); ``seat_of[p]`` is the live seat
    at position ``p`` or ``None`` for a Deadwood Ranch. The deck's top is its last item.
    """

    seats: int
    seat_of: list[int | None]
    ranch: list[str]  # Ranch name per position
    deck: list[str]
    hands: list[list[str]]  # per position (always empty for Deadwood)
    gangs: list[list[str]]  # per position, in the order the cards arrived (newest last)
    cellars: list[list[str]]
    turn: int  # position whose turn it is
    lead: int  # position that led the game
    phase: Phase
    rng: Rng
    match: int = 0
    trick: Trick | None = None
    turns: int = 0
    drew: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # last draw per position
    pending: str = ""  # the effect awaiting a choice ("rustle", "live_rustle", "extra_play")

    # ---- helpers -----------------------------------------------------------

    def position_of(self, seat: int) -> int:
        """Returns the table position of a live seat."""
        return self.seat_of.index(seat)

    def is_live(self, pos: int) -> bool:
        """Returns whether the Ranch at ``pos`` is played by a live seat."""
        return self.seat_of[pos] is not None

    def left_of(self, pos: int) -> int:
        """Returns the position to the left (next clockwise)."""
        return (pos + 1) % 4

    def clone(self) -> State:
        """Returns an independent copy (faster than deepcopy)."""
        return State(
            self.seats, list(self.seat_of), list(self.ranch), list(self.deck),
            [list(h) for h in self.hands], [list(g) for g in self.gangs],
            [list(c) for c in self.cellars], self.turn, self.lead, self.phase,
            self.rng.copy(), self.match,
            self.trick.clone() if self.trick else None, self.turns, list(self.drew),
            self.pending,
        )
