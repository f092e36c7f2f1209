"""Reading a game's card data document: a JSON object whose "cards" list holds one
object per printed card. Each game checks its own fields; the frame is shared."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

Card = TypeVar("Card")


class CardDataError(ValueError):
    """A card data document is malformed; the message names the card and the field."""


def parse_card_list(data: Any, parse: Callable[[Any, int], Card],
                    key: Callable[[Card], Hashable], name: Callable[[Card], str],
                    source: str = "the card data") -> dict[Any, Card]:
    """Parses each entry of ``data["cards"]`` with ``parse(raw, index)`` and returns the
    cards by ``key``, in document order; raises ``CardDataError`` on a missing list or an
    id used twice (naming the card with ``name``)."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardDataError(f"{source}: expected an object with a 'cards' list")
    out: dict[Any, Card] = {}
    for i, raw in enumerate(data["cards"]):
        card = parse(raw, i)
        if key(card) in out:
            raise CardDataError(f"{name(card)}: field 'id' is used twice")
        out[key(card)] = card
    return out
