"""Plain-English names for Ranches and cards in events and prompts."""

from __future__ import annotations

from games.cowpoker.cards import CARDS
from games.cowpoker.state import State


def who(state: State, pos: int) -> str:
    """Returns how events name the Ranch at ``pos``: the live seat, or "Deadwood <Ranch>"."""
    seat = state.seat_of[pos]
    if seat is None:
        return f"Deadwood {state.ranch[pos]}"
    return f"{{seat:{seat}}} ({state.ranch[pos]})"


def card_words(card_id: str) -> str:
    """Returns a public card in words, e.g. "Lasso Lem (6H, Gallagher)"."""
    card = CARDS[card_id]
    return f"{card.name} ({card.face}, {card.ranch})"
