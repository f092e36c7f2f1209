"""Cards as short strings and the decks a table plays with."""

from __future__ import annotations

from games.wyoming_cowboy.cards import decks_for, full_deck, sort_key, split_aces, words


def test_three_or_four_players_use_one_deck_five_to_eight_two():
    assert [decks_for(n) for n in range(3, 9)] == [1, 1, 2, 2, 2, 2]


def test_a_deck_is_52_cards_without_jokers():
    assert len(full_deck(1)) == 52 and len(set(full_deck(1))) == 52
    assert len(full_deck(2)) == 104


def test_the_aces_are_taken_out():
    rest, aces = split_aces(full_deck(1))
    assert len(aces) == 4 and len(rest) == 48


def test_cards_read_in_words_without_their_text_form():
    assert words("KH") == "King of hearts" and words("TS") == "Ten of spades"


def test_hands_sort_by_suit_then_rank():
    assert sorted(["KH", "2H", "AC"], key=sort_key) == ["AC", "2H", "KH"]
    by_pairs = sorted(full_deck(2), key=lambda c: (c[1], "23456789TJQKA".index(c[0])))
    assert sorted(full_deck(2), key=sort_key) == by_pairs
