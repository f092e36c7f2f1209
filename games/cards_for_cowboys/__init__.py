"""Cards for Cowboys: the push-your-luck deckbuilder, as a Saloon game plugin."""

from games.cards_for_cowboys.game import GAME, CardsForCowboys

__all__ = ["GAME", "CardsForCowboys"]
