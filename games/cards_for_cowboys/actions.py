"""Every action a seat may send, as a pydantic discriminated union on ``type``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

CardId = Annotated[str, Field(pattern=r"^c\d+[a-d]?$", description="A card name, e.g. c74")]
SeatNo = Annotated[int, Field(ge=0, le=3)]


class _Act(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Draw(_Act):
    """Draw the top card of your deck (draw phase)."""

    type: Literal["draw"]


class Stop(_Act):
    """Stop drawing for this round."""

    type: Literal["stop"]


class Trash(_Act):
    """Trash one of your drawn cards to use it (see its effect)."""

    type: Literal["trash"]
    card: CardId


class Replay(_Act):
    """Take a card from your discard pile and play it as if drawn (after trashing card 23)."""

    type: Literal["replay"]
    card: CardId


class Return(_Act):
    """Put one drawn card back on top of your deck (card 22, when you stop)."""

    type: Literal["return"]
    card: CardId


class Reorder(_Act):
    """Put the top cards of your draw pile back in this order, first = top."""

    type: Literal["reorder"]
    order: Annotated[list[CardId], Field(min_length=1, max_length=3)]


class Skip(_Act):
    """Decline an optional effect (keep card 19 instead of trashing it)."""

    type: Literal["skip"]


class Throw(_Act):
    """Throw in a rock-paper-scissors exchange for the buy order."""

    type: Literal["throw"]
    hand: Literal["rock", "paper", "scissors"]


class First(_Act):
    """Choose the seat that buys first this round."""

    type: Literal["first"]
    seat: SeatNo


class Buy(_Act):
    """Buy a face-up Store card you can afford."""

    type: Literal["buy"]
    card: CardId


class Burn(_Act):
    """Burn a face-up Store card: it leaves the game."""

    type: Literal["burn"]
    card: CardId


class Pass(_Act):
    """Neither buy nor burn (or no further buy)."""

    type: Literal["pass"]


class Give(_Act):
    """Give the pass-on Jail card to another player's discard pile at round end."""

    type: Literal["give"]
    card: CardId
    to: SeatNo


Action = Annotated[
    Draw | Stop | Trash | Replay | Return | Reorder | Skip | Throw | First | Buy | Burn | Pass
    | Give,
    Field(discriminator="type"),
]
