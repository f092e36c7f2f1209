"""The actions a live player may send, as a pydantic discriminated union on ``type``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

CardId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,16}$", description="A card id")]


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Play(_Base):
    """Play a card from your hand into your Gang (its effect applies if it works for you)."""

    type: Literal["play"]
    card: CardId


class TrickPlay(_Base):
    """Play a card from your hand to the Roundup or Gunfight under way."""

    type: Literal["trick"]
    card: CardId


class Call(_Base):
    """Choose the trick a "Gunfight or Roundup! (You choose.)" card starts."""

    type: Literal["call"]
    trick: Literal["roundup", "gunfight"]


class Rustle(_Base):
    """Take this card from another Gang into your Gang."""

    type: Literal["rustle"]
    card: CardId


class Unload(_Base):
    """Move this card of your Gang into the Gang of the named Ranch."""

    type: Literal["unload"]
    card: CardId
    to: Literal["Davila", "Gallagher", "Masterson", "San Joaquin"]


class Keep(_Base):
    """Decline to move a card out of your Gang."""

    type: Literal["keep"]


Action = Annotated[Play | TrickPlay | Call | Rustle | Unload | Keep, Field(discriminator="type")]
