"""Playing-card helpers: text forms, parsing, decks."""

import pytest

from games.cards import Card, Rank, Suit, parse_cards, standard_deck


def test_text_form_is_rank_then_suit() -> None:
    assert Card(Rank.KING, Suit.HEARTS).text == "KH"
    assert str(Card(Rank.TEN, Suit.SPADES)) == "TS"
    assert Card(Rank.TWO, Suit.CLUBS).words == "Two of clubs"


@pytest.mark.parametrize("text", ["KH", "kh", "Kh", " KH "])
def test_parse_accepts_any_case_and_spaces(text: str) -> None:
    assert Card.parse(text) == Card(Rank.KING, Suit.HEARTS)


def test_parse_accepts_ten_as_t_or_10() -> None:
    assert Card.parse("10d") == Card.parse("TD") == Card(Rank.TEN, Suit.DIAMONDS)


@pytest.mark.parametrize(("text", "message"), [("", "Expected a card"), ("K", "Expected a card"),
                                               ("KX", "suit"), ("1H", "rank"), ("ZZ", "suit")])
def test_parse_errors_say_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Card.parse(text)


def test_parse_cards_packed_or_separated() -> None:
    assert parse_cards("KhQs") == [Card.parse("KH"), Card.parse("QS")]
    assert parse_cards("KH, 10S 2c") == [Card.parse("KH"), Card.parse("TS"), Card.parse("2C")]
    assert parse_cards("10h9c") == [Card.parse("TH"), Card.parse("9C")]


def test_decks_hold_every_card_once_per_copy() -> None:
    one = standard_deck()
    assert len(one) == 52 == len(set(one))
    two = standard_deck(2)
    assert len(two) == 104 and set(two) == set(one)


def test_cards_order_by_rank_then_suit() -> None:
    assert Card.parse("AS") > Card.parse("KS") > Card.parse("2C")
    assert Rank.ACE > Rank.KING and Rank.parse("T") is Rank.TEN
