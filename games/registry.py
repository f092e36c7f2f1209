"""The registry of games, discovered through the ``saloon.games`` entry-point group.

A built-in game registers exactly like a third-party one: an entry point in
pyproject.toml naming its ``Game`` instance (``games.cowpoker:GAME``). Tests may
``register`` extra games at run time.
"""

from __future__ import annotations

from importlib.metadata import entry_points

from games.base import Game

GROUP = "saloon.games"

_extra: dict[str, Game] = {}
_discovered: dict[str, Game] | None = None


class UnknownGame(KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:
        return str(self.args[0])


def _discover() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for ep in entry_points(group=GROUP):
        obj = ep.load()
        game = obj() if isinstance(obj, type) else obj
        if not isinstance(game, Game):
            raise TypeError(f"Entry point {ep.name!r} should name a Game, got {type(game)!r}")
        if game.id != ep.name:
            raise ValueError(f"Entry point {ep.name!r} names a game whose id is {game.id!r}")
        found[game.id] = game
    return found


def _entry_points() -> dict[str, Game]:
    global _discovered
    if _discovered is None:
        _discovered = _discover()
    return _discovered


def all_games() -> dict[str, Game]:
    """Returns every registered game by id, in order of id (a run-time addition shadows
    an entry point of the same id)."""
    return dict(sorted((_entry_points() | _extra).items()))


def get_game(game_id: str) -> Game:
    """Returns the game registered as ``game_id``; raises ``UnknownGame``."""
    # Looked up where it is kept, not in ``all_games``' merged and sorted copy: every
    # room created or loaded asks.
    game = _extra.get(game_id)
    if game is None:
        game = _entry_points().get(game_id)
    if game is None:
        known = ", ".join(all_games()) or "none"
        raise UnknownGame(f"Expected a game among {known}; got {game_id!r}")
    return game


def register(game: Game) -> None:
    """Adds a game at run time (tests, embedding); it shadows an entry point of the same id."""
    _extra[game.id] = game


def unregister(game_id: str) -> None:
    """Removes a game added with ``register``."""
    _extra.pop(game_id, None)
