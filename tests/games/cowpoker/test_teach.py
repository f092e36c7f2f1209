"""The game in words: moves, refusals, the cards, the three poker hands so far."""

from __future__ import annotations

from games.cowpoker import GAME
from games.cowpoker.cards import CARDS


def test_every_card_says_its_ranch_values_and_effect():
    notes = GAME.card_notes()
    assert set(notes) == set(CARDS)
    for cid, card in CARDS.items():
        assert card.ranch in notes[cid] and f"Roundup {card.roundup}" in notes[cid]
        if card.effect != "none":
            assert card.effect_text in notes[cid]
        elif not card.place and card.rank != "Joker":
            assert "No special effect." in notes[cid]


def test_the_rules_page_says_the_card_set_is_original():
    text = GAME.rules_markdown()
    assert text is not None and "card set is original" in text
