"""Every action a seat can send, as pydantic models (a union discriminated on ``type``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.wyoming_cowboy.cards import CARD_PATTERN

CardText = Annotated[str, Field(pattern=CARD_PATTERN)]
Direction = Literal["left", "right", "across"]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChooseDirection(_Action):
    """The dealer chooses which way the opening three cards are passed."""

    type: Literal["direction"]
    direction: Direction


class PassCards(_Action):
    """Pass these cards (three at the opening, two after a 9) without seeing what comes.

    ``badges``, only when the passer holds a protected and an unprotected king of a suit
    passed (two decks): the badges that go with the kings passed, i.e. which copy goes.
    """

    type: Literal["pass"]
    cards: list[CardText]
    badges: list[CardText] | None = None


class Nothing(_Action):
    """Holding no cards: end the turn (no discard, no draw)."""

    type: Literal["nothing"]


class ShowCouple(_Action):
    """Show the King and Queen of one suit (+25, once per suit per hand)."""

    type: Literal["couple"]
    suit: Literal["C", "D", "H", "S"]


class PlayNine(_Action):
    """Lay a 9 on the discard pile and have everyone pass two cards that way."""

    type: Literal["nine"]
    card: CardText
    direction: Direction


class PullGun(_Action):
    """Lay one gun from your hand face up on the table."""

    type: Literal["pull"]
    gun: Literal["22", "38", "357", "357q", "45"]
    cards: list[CardText]


class Shoot(_Action):
    """Fire one gun pulled in an earlier turn at another seat."""

    type: Literal["shoot"]
    gun: str
    target: int


class Backfire(_Action):
    """Shot at with a .22: hand the shooter one of your 6s instead."""

    type: Literal["backfire"]
    card: CardText


class QuickDraw(_Action):
    """Shot at: pull your same-suit 3-5-7 and take the shooter's gun."""

    type: Literal["quick_draw"]
    cards: list[CardText]


class Stand(_Action):
    """Shot at: neither backfire nor quick draw; the shot goes ahead."""

    type: Literal["stand"]


class HandOver(_Action):
    """Hit: hand this cowboy to the shooter and draw ``draw`` replacement cards."""

    type: Literal["hand_over"]
    card: CardText
    draw: int = Field(ge=0, le=2)


class Discard(_Action):
    """Discard ``card`` (a 10 goes on your table; a 5 lets you draw two), then draw
    ``pile`` cards from the draw pile and ``discard`` (0 or 1) top discards.

    Chosen as the turn's first step, it is the "Nothing" action: discard straight away.
    ``badges``, only when the player holds a protected and an unprotected king of the
    suit discarded (two decks): ``["AH"]`` discards the protected one (his badge goes
    back to the ace pile), ``[]`` the unprotected one.
    """

    type: Literal["discard"]
    card: CardText
    pile: int = Field(ge=0, le=2)
    discard: int = Field(ge=0, le=1)
    badges: list[CardText] | None = None


class Deal(_Action):
    """The next dealer deals the next hand after everyone has seen the scores."""

    type: Literal["deal"]


Action = Annotated[
    ChooseDirection | PassCards | Nothing | ShowCouple | PlayNine | PullGun | Shoot
    | Backfire | QuickDraw | Stand | HandOver | Discard | Deal,
    Field(discriminator="type"),
]
