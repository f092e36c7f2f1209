"""One position of Wyoming Cowboy: every card's place, whose turn, what is pending."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from games.rng import Rng
from games.state import JsonState, assemble


class Phase(StrEnum):
    """Where the game stands."""

    DIRECTION = "direction"  # the dealer chooses the opening pass direction
    PASS = "pass"  # every seat passes cards at once (the opening 3, or 2 after a 9)
    TURN = "turn"  # the active seat's turn, in steps (see ``Step``)
    SCORING = "scoring"  # the hand has ended, hands are shown; the next dealer deals
    OVER = "over"


class Step(StrEnum):
    """Where a turn stands."""

    ACT = "act"  # choose the turn's one action (or nothing)
    SHOOT = "shoot"  # shooting: fire another gun, or stop
    REACT = "react"  # the victim answers a shot (backfire, quick draw, or let it come)
    HAND_OVER = "hand_over"  # a hit victim hands over a cowboy and may draw a replacement
    DISCARD = "discard"  # after an action: discard one card and draw


@dataclass
class State(JsonState):
    """Everything that changes; plain lists and dicts so that a dump is the state itself."""

    seats: int
    options: dict[str, Any]
    rng: Rng
    decks: int
    totals: list[int]  # scores from finished hands
    hand_no: int
    dealer: int
    phase: Phase
    hands: list[list[str]]
    badges: list[list[str]]  # aces protecting kings of their suit in that seat's hand
    tens: list[list[str]]  # 10s laid on the table
    guns: list[list[dict[str, Any]]]  # {"id", "kind", "cards", "fresh"}
    couples: list[list[str]]  # suits of couples shown this hand
    ace_pile: list[str]
    pile: list[str]  # the draw pile, top last
    discards: list[str]  # the discard pile, top last
    shots: list[str]  # shot cards, top last (never picked up)
    pass_offset: int = 0  # seats to the left each seat passes to
    pass_size: int = 0
    passing: list[list[str] | None] = field(default_factory=list)  # None: still choosing
    must_pass: list[bool] = field(default_factory=list)
    turn: int = 0
    step: Step = Step.ACT
    acted: str = ""  # the action taken this turn ("" none)
    fired: list[str] = field(default_factory=list)  # gun ids fired this turn
    fresh: int = 0  # own cards put on the discard pile this turn (a 9, the discard)
    pending: dict[str, Any] = field(default_factory=dict)  # the shot being answered
    ender: int = -1
    turns: int = 0  # turns played this hand
    gun_counter: int = 0
    revealed: list[list[str]] = field(default_factory=list)  # hands shown at the end
    history: list[dict[str, Any]] = field(default_factory=list)  # finished hands' scores
    winners: list[int] = field(default_factory=list)

    def opt(self, name: str) -> Any:
        """Returns one option's value."""
        return self.options[name]

    def clone(self) -> State:
        """Returns an independent copy: new lists where a step writes into one, the rest
        shared, as the rules replace those lists and dicts rather than change them."""
        d = self.__dict__.copy()
        # The hands, one list per seat: nearly every action replaces a seat's hand (each
        # seat's hand is replaced when it changes, never changed, so it is shared).
        d["hands"] = self.hands[:]
        # Shared outright, being replaced whenever they change (many actions change none
        # of them): the draw and discard piles, every seat's badges, 10s, couples, guns
        # (each gun too) and cards set aside for a pass, each list of them too
        # (``rules._put``), the totals, the ace and shot piles, who must pass, the guns
        # fired this turn, the shot pending, the finished hands, the winners, the
        # options, the hands last shown and the generator (a deal or a rebuild replaces
        # it before drawing, ``rules._own_rng``).
        return assemble(State, d)
