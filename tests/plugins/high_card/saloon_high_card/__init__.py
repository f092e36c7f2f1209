"""High Card, a game for Saloon shipped by its own distribution (``saloon-high-card``)."""

from saloon_high_card.game import GAME, HighCard, State

__all__ = ["GAME", "HighCard", "State"]
