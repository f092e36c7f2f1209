"""Tic-tac-toe: the side-by-side benchmark's common game, a Saloon plugin like any other.

The same rules as boardgame.io's peer (``../shared/bench/bgio/game.js``): two seats
take turns marking a free cell; three in a line wins, a full board is a draw.
"""

from bench.tictactoe.game import GAME, TicTacToe

__all__ = ["GAME", "TicTacToe"]
