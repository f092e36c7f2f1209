"""The benchmark's tic-tac-toe keeps the game contract like any game."""

from __future__ import annotations

from bench.tictactoe import GAME
from games.play import playout
from games.testing import check_game


def test_tictactoe_passes_the_conformance_suite() -> None:
    check_game(GAME, games=4)


def test_three_in_a_row_wins_and_a_full_board_draws() -> None:
    state = GAME.new_game(GAME.parse_options({}), 2, 0)
    for seat, cell in ((0, 0), (1, 3), (0, 1), (1, 4), (0, 2)):
        state, _ = GAME.apply(state, seat, {"type": "cell", "cell": cell})
    result = GAME.result(state)
    assert result is not None and result.winners == [0]
    outcomes = {tuple(playout(GAME, seats=2, seed=s).result.winners)  # type: ignore[union-attr]
                for s in range(200)}
    assert {(0,), (1,), (0, 1)} <= outcomes
