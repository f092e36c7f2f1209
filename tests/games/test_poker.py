"""The shared poker evaluator: categories, kickers, wilds, short hands, frequencies."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from games.cards import Card, Rank, Suit, parse_cards, standard_deck
from games.poker import Category, Joker, _best, best_of, describe, evaluate
from games.rng import Rng

X = Joker("X1")


def ev(text: str, jokers: int = 0, wild: tuple[int, ...] = ()):
    return evaluate([*parse_cards(text), *[Joker(f"X{i}") for i in range(jokers)]], wild)


def cat(text: str, jokers: int = 0, wild: tuple[int, ...] = ()) -> Category:
    return Category(ev(text, jokers, wild)[0])


# ---- categories without wilds ---------------------------------------------------

def test_each_category_is_recognised() -> None:
    assert cat("AS KS QS JS TS") == Category.STRAIGHT_FLUSH
    assert cat("9C 9D 9H 9S 2C") == Category.FOUR_OF_A_KIND
    assert cat("TC TD TH 2S 2C") == Category.FULL_HOUSE
    assert cat("2H 7H 9H JH KH") == Category.FLUSH
    assert cat("9C TD JH QS KC") == Category.STRAIGHT
    assert cat("QC QD QH 2S 5C") == Category.THREE_OF_A_KIND
    assert cat("QC QD 5H 5S 2C") == Category.TWO_PAIR
    assert cat("7C 7D 5H 3S 2C") == Category.PAIR
    assert cat("AC 7D 5H 3S 2C") == Category.HIGH_CARD


def test_aces_are_low_in_the_wheel_but_straights_never_wrap() -> None:
    assert ev("AC 2D 3H 4S 5C") == (Category.STRAIGHT, 5)
    assert ev("AC 2D 3H 4S 5C") < ev("2D 3H 4S 5C 6C")
    assert cat("QC KD AH 2S 3C") == Category.HIGH_CARD
    assert ev("AH 2H 3H 4H 5H") == (Category.STRAIGHT_FLUSH, 5)


def test_tens_full_of_twos_beat_fives_full_of_aces() -> None:
    assert ev("TC TD TH 2S 2C") > ev("5C 5D 5H AS AC")


def test_kickers_are_compared_exactly() -> None:
    assert ev("AC AD KH 9S 3C") > ev("AH AS KC 9D 2C")
    assert ev("AC AD KH 9S 3C") == ev("AH AS KC 9D 3D")
    assert ev("KC KD 5H 5S 3C") > ev("KH KS 4C 4D AC")
    assert ev("KC KD 5H 5S 3C") < ev("KH KS 5C 5D 4C")
    assert ev("2H 7H 9H JH KH") < ev("3D 7D 9D JD KD")


def test_suits_have_no_order() -> None:
    assert ev("2H 7H 9H JH KH") == ev("2S 7S 9S JS KS")


def test_best_five_of_many_cards() -> None:
    assert ev("2C 3D 4H 5S 6C 7D 8H") == (Category.STRAIGHT, 8)
    assert ev("AS KS QS JS 9S TD") == (Category.FLUSH, 14, 13, 12, 11, 9)
    assert ev("9C 9D 9H 2S 2C 2D KH") == (Category.FULL_HOUSE, 9, 2)
    assert ev("QC QD 5H 5S 3C 3D AH") == (Category.TWO_PAIR, 12, 5, 14)


def test_fewer_than_five_cards_make_what_they_can() -> None:
    assert ev("") == ()
    assert ev("7C") == (Category.HIGH_CARD, 7)
    assert ev("7C 7D") == (Category.PAIR, 7)
    assert ev("7C 7D 7H 7S") == (Category.FOUR_OF_A_KIND, 7)
    assert ev("7C 7D 2H 2S") == (Category.TWO_PAIR, 7, 2)
    assert cat("AH KH QH JH") == Category.HIGH_CARD  # four cards are no flush
    assert ev("7C 7D") < ev("7H 7S 2C")  # the kicker counts


# ---- Jokers and wild ranks ----------------------------------------------------

def test_jokers_make_five_of_a_kind() -> None:
    assert ev("KC KD KH KS", jokers=1) == (Category.FIVE_OF_A_KIND, 13)
    assert ev("KC KD KH KS", jokers=1) > ev("AS KS QS JS TS")


def test_a_joker_in_a_suited_hand_makes_a_double_ace_flush() -> None:
    assert ev("AH 9H 7H 4H", jokers=1) == (Category.FLUSH, 14, 14, 9, 7, 4)
    assert ev("AH 9H 7H 4H", jokers=1) > ev("AD KD 9D 7D 4D")


def test_wild_cards_become_the_best_card() -> None:
    assert ev("9H TH JH QH", jokers=1) == (Category.STRAIGHT_FLUSH, 13)
    assert ev("2C 3D 4H 5S", jokers=1) == (Category.STRAIGHT, 6)
    assert ev("AC KD", jokers=1) == (Category.PAIR, 14, 13)
    assert ev("", jokers=5) == (Category.FIVE_OF_A_KIND, 14)
    assert ev("", jokers=2) == (Category.PAIR, 14)


def test_a_wild_rank_counts_as_a_joker() -> None:
    assert ev("2C KD KH KS 3C", wild=(2,)) == (Category.FOUR_OF_A_KIND, 13, 3)
    assert ev("2C KD KH KS 3C") == (Category.THREE_OF_A_KIND, 13, 3, 2)
    assert ev("2C 2D KH QH 9S", wild=(2,)) == (Category.STRAIGHT, 13)
    assert ev("2C 2D KH QH 5S", wild=(2,)) == (Category.THREE_OF_A_KIND, 13, 12, 5)


def _brute(naturals: list[Card], wilds: int) -> tuple:
    """Every substitution of every wild, every five-card subset: the reference answer."""
    deck = standard_deck()
    best: tuple = ()
    for subs in itertools.product(deck, repeat=wilds):
        cards = naturals + list(subs)
        for five in itertools.combinations(cards, min(5, len(cards))):
            best = max(best, evaluate(five))
    return best


def test_wild_evaluation_matches_brute_force_substitution() -> None:
    rng = Rng(11)
    deck = standard_deck()
    for _ in range(60):
        n = rng.randint(2, 5)
        naturals = rng.shuffled(deck)[:n]
        wilds = 1 if n > 3 or rng.below(2) else 2
        got = evaluate([*naturals, *[Joker(f"X{i}") for i in range(wilds)]])
        assert got == _brute(naturals, wilds), (naturals, wilds)


def test_the_general_path_agrees_with_the_five_card_fast_path() -> None:
    rng = Rng(5)
    deck = standard_deck()
    for _ in range(3000):
        hand = rng.shuffled(deck)[:5]
        counts = [0] * 15
        suits: dict[Suit, list[int]] = {}
        for c in hand:
            counts[int(c.rank)] += 1
            suits.setdefault(c.suit, []).append(int(c.rank))
        assert _best(counts, suits, 0, 5) == evaluate(hand)


def test_best_of_finds_ties_and_skips_empty_hands() -> None:
    assert best_of([(), ev("7C 7D"), ev("7H 7S")]) == [1, 2]
    assert best_of([(), ()]) == []


def test_describe_names_the_hand() -> None:
    assert describe(ev("TC TD TH 2S 2C")) == "full house, Tens full of Twos"
    assert describe(ev("AC 2D 3H 4S 5C")) == "straight, Five-high"
    assert describe(ev("KC KD KH KS", jokers=1)) == "five Kings"
    assert describe(ev("8C 8D KH TS 4C")) == "a pair of Eights, with King, Ten, Four"
    assert describe(ev("KC TD 4H")) == "high card King, with Ten, Four"
    assert describe(ev("KH 9H 7H 4H 2H")) == "flush, King-high, with Nine, Seven, Four, Two"
    # A Joker in a flush is an Ace even beside one: said, where "Ace, Ace" read as a slip.
    assert describe(ev("AH 9H 7H 4H", jokers=1)) == \
        "flush with two Aces (wild cards among them), with Nine, Seven, Four"
    assert Rank.SIX.word == "Six" and "Sixes" in describe(ev("6C 6D 2H"))


# ---- the frequency table ------------------------------------------------------

EXPECTED = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}
TOTAL = 2_598_960


def test_sampled_frequencies_match_the_table() -> None:
    rng = Rng(2026)
    deck = standard_deck()
    n = 40_000
    seen = Counter(Category(evaluate(rng.shuffled(deck)[:5])[0]) for _ in range(n))
    for c, count in EXPECTED.items():
        p = count / TOTAL
        sigma = math.sqrt(n * p * (1 - p))
        assert abs(seen[c] - n * p) <= 5 * sigma + 2, (c, seen[c], n * p)


@pytest.mark.slow
def test_all_2598960_hands_reproduce_the_frequency_table() -> None:
    deck = standard_deck()
    table = Counter(Category(evaluate(h)[0]) for h in itertools.combinations(deck, 5))
    assert dict(table) == EXPECTED
    assert sum(table.values()) == TOTAL
