"""The tic-tac-toe plugin: a state, its one action, its view; nothing is hidden."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from games.base import Action as ActionDict
from games.base import Event, Game, Result, Seat, Viewer, kept
from games.rng import Rng
from games.state import JsonState

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
# The lines through each cell: a mark can complete only those.
THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))
# Each cell's move in words.
DESCRIBED = tuple(f"Mark the cell in row {cell // 3 + 1}, column {cell % 3 + 1}"
                  for cell in range(9))
_VIEW = "tictactoe.view"  # the view every viewer shares, kept on its state


class Cell(BaseModel):
    """Mark a free cell, 0 to 8 (row by row)."""

    type: Literal["cell"]
    cell: Annotated[int, Field(ge=0, le=8)]


@dataclass
class State(JsonState):
    """The board (a seat's number in each marked cell), whose turn, and who won."""

    cells: list[int | None] = field(default_factory=lambda: [None] * 9)
    turn: int = 0
    winner: int | None = None
    moves: int = 0

    def clone(self) -> State:
        """Returns an independent copy."""
        return State(list(self.cells), self.turn, self.winner, self.moves)


def _completes(cells: list[int | None], cell: int) -> bool:
    """Returns whether the mark in ``cell`` completes a line: the game stops at the first
    line completed, so the last mark is the only one that can have done it."""
    mark = cells[cell]
    for a, b, c in THROUGH[cell]:  # a loop, no generator: two to four lines
        if cells[a] == mark and cells[b] == mark and cells[c] == mark:
            return True
    return False


class TicTacToe(Game[State]):
    """Tic-tac-toe for two seats."""

    id = "tictactoe"
    title = "Tic-tac-toe"
    description = "Three in a row wins (the benchmark's common game)."
    min_seats = 2
    max_seats = 2
    state_type = State
    Action = Cell

    def new_game(self, options: BaseModel, seats: int, seed: int, *, match: int = 0,
                 carried: Any = None) -> State:
        """Returns an empty board; seat 0 moves first."""
        return State()

    def is_over(self, state: State) -> bool:
        """Returns whether someone has three in a row or the board is full."""
        return state.winner is not None or state.moves == 9

    def to_act(self, state: State) -> frozenset[Seat]:
        """Returns the seat whose turn it is, none once the game is over."""
        if state.winner is not None or state.moves == 9:
            return frozenset()
        return frozenset((state.turn,))

    def legal_actions(self, state: State, seat: Seat) -> list[ActionDict]:
        """Returns every free cell, for the seat whose turn it is."""
        if seat not in self.to_act(state):
            return []
        return [{"type": "cell", "cell": i} for i, c in enumerate(state.cells) if c is None]

    def step(self, state: State, seat: Seat, action: ActionDict) -> list[Event]:
        """Marks the cell; the game ends on three in a row or a full board."""
        state.cells[action["cell"]] = seat
        state.moves += 1
        if _completes(state.cells, action["cell"]):
            state.winner = seat
        state.turn = 1 - seat
        return [{"type": "cell", "seat": seat, "cell": action["cell"],
                 "text": f"{{seat:{seat}}} marks cell {action['cell'] + 1}"}]

    def describe(self, state: State, seat: Seat, action: ActionDict) -> str:
        """Returns the move in words: which cell is marked."""
        return DESCRIBED[action["cell"]]

    def view(self, state: State, viewer: Viewer) -> Any:
        """Returns the board: nothing in tic-tac-toe is hidden, so every viewer gets the
        same view, made once per state."""
        return kept(state, _VIEW, self._view)

    def _view(self, state: State) -> Any:
        over = state.winner is not None or state.moves == 9
        return {"cells": list(state.cells), "to_act": [] if over else [state.turn],
                "winner": state.winner, "phase": "over" if over else "play",
                "prompt": "" if over else f"{{seat:{state.turn}}} to move",
                "scores": self.scores(state)}

    def omniscient_view(self, state: State) -> Any:
        """Returns the board."""
        return self.view(state, None)

    def result(self, state: State) -> Result | None:
        """Returns 1 for the winner (½ each for a draw) once the game is over."""
        if not self.is_over(state):
            return None
        if state.winner is None:
            return Result([0.5, 0.5], [0, 1])
        return Result([1.0 if s == state.winner else 0.0 for s in (0, 1)], [state.winner])

    def scores(self, state: State) -> list[float]:
        """Returns 1 for a winner so far, else 0."""
        winner = state.winner
        return [1.0 if winner == 0 else 0.0, 1.0 if winner == 1 else 0.0]

    def secrets(self, state: State, viewer: Viewer) -> set[str]:
        """Returns nothing: no card, nothing hidden."""
        return set()

    def hidden_shuffle(self, state: State, viewer: Viewer, rng: Rng, *,
                       keep: frozenset[Seat] = frozenset(), deck: bool = True) -> State:
        """Returns a copy: there is nothing hidden to shuffle."""
        return state.clone()


GAME = TicTacToe()
