"""Wyoming Cowboy: the engine package; ``GAME`` is the plugin the registry loads."""

from games.wyoming_cowboy.game import GAME, WyomingCowboy

__all__ = ["GAME", "WyomingCowboy"]
