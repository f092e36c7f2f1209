"""The scoring table, row by row, and every FAQ answer about how collections combine."""

from __future__ import annotations

from games.wyoming_cowboy import scoring
from games.wyoming_cowboy.scoring import collections, delay, every_other_card_counts, sixes
from tests.games.wyoming_cowboy.helpers import options


def points(hand: str, badges: str = "", tens: str = "", couples: str = "", ended=False,
           **opts) -> int:
    lines = scoring.hand_lines(hand.split(), badges.split(), tens.split(), couples.split(),
                               ended, options(**opts))
    return sum(p for _, p in lines)


def court(hand: str, badges: str = "", shared: str = "kings") -> int:
    return collections(hand.split(), badges.split(), shared)[0]


def test_ending_a_hand_scores_30():
    assert points("", ended=True) == 30


def test_delay_of_game_costs_30_for_a_ten_held():
    assert points("TH") == -30


def test_delay_of_game_costs_30_for_a_22_held():
    assert points("2H 2S") == -30
    assert points("2H") == 0


def test_delay_of_game_per_card_by_default_or_once_as_an_option():
    assert delay(["TH", "TS", "2C", "2D"], "per_card") == [
        ("Delay of game: a 10 held", -30)] * 2 + [("Delay of game: a .22 held", -30)]
    assert points("TH TS 2C 2D", delay_of_game="once") == -30


def test_a_ten_on_the_table_scores_10():
    assert points("", tens="TH TS") == 20


def test_a_cowboy_scores_25():
    assert points("KH") == 25


def test_a_harlot_costs_25():
    assert points("QH") == -25


def test_a_couple_shown_scores_25():
    assert points("", couples="H S") == 50


def test_a_marriage_costs_50():
    assert points("KH QH") == -50


def test_an_orphanage_scores_80():
    assert court("JC JD JH JS") == 80


def test_a_harem_scores_100():
    assert court("QC QD QH QS") == 100


def test_a_family_scores_120():
    assert court("KH QH JH", "AH") == 120


def test_a_family_needs_the_ace_as_the_kings_badge():
    assert court("KH QH JH") == -50  # a marriage and an orphan


def test_a_gang_scores_150():
    assert court("KC KD KH KS") == 150


def test_a_posse_scores_200():
    assert court("KC KD KH KS", "AC AD AH AS") == 200


def test_a_six_costs_20():
    assert points("6H") == -20 and points("6H 6S") == -40


def test_666_costs_100_instead_of_the_three_sixes_by_default():
    assert sixes(["6H", "6S", "6C"], "replaces") == [("666 (three sixes)", -100)]
    assert points("6H 6S 6C") == -100
    assert points("6H 6S 6C 6D") == -120


def test_666_adds_to_the_three_sixes_as_an_option():
    assert points("6H 6S 6C", six_six_six="adds") == -160


def test_two_decks_six_sixes_are_two_666s_as_only_credit_is_limited_to_one_per_type():
    six = ["6C", "6C", "6D", "6D", "6H", "6S"]
    assert sixes(six, "replaces") == [("666 (three sixes)", -100)] * 2
    assert points("6C 6C 6D 6D 6H 6S") == -200
    assert points("6C 6C 6D 6D 6H") == -100 - 40
    assert points("6C 6C 6D 6D 6H 6S", six_six_six="adds") == -200 - 120


def test_harem_and_marriage_cannot_be_held_together_you_get_the_cowboy_and_the_harem():
    assert court("QC QD QH QS KH") == 100 + 25


def test_a_full_gang_and_a_queen_is_150_for_the_cowboys_and_minus_50_for_the_marriage():
    assert court("KC KD KH KS QH") == 150 - 50


def test_a_solo_cowboy_is_nullified_by_marriage():
    assert court("KH QH KS") == -50 + 25


def test_you_get_no_points_for_a_married_cowboy():
    assert court("KH QH") == -50


def test_posse_and_family_at_the_same_time():
    assert court("KC KD KH KS QH JH", "AC AD AH AS") == 200 + 120


def test_orphanage_and_family_never_together_the_better_one_counts():
    assert court("JC JD JH JS KH QH", "AH") == 120


def test_gang_and_family_at_the_same_time():
    assert court("KC KD KH KS QH JH", "AH") == 150 + 120


def test_queens_too_never_puts_one_queen_in_two_collections_when_that_costs_the_holder():
    # Two decks: the second queen of diamonds makes the harem, the first stays in the
    # family; sharing one queen would leave the other a harlot (120 + 100 - 25).
    hand = "KD QD QD JD QC QH QS"
    assert court(hand, "AD", "queens_too") == 120 + 100
    assert court(hand, "AD", "kings") == 120 + 100


def test_queens_too_option_lets_a_family_queen_count_in_the_harem():
    hand = "QC QD QH QS KH JH"
    assert court(hand, "AH", "kings") == max(120 - 75, 100 + 25)
    assert court(hand, "AH", "queens_too") == 120 + 100


def test_two_decks_a_harem_needs_one_queen_of_each_suit():
    assert court("QH QH QD QS") == -100


def test_two_decks_no_player_scores_two_collections_of_one_type():
    assert court("QC QD QH QS QC QD QH QS") == 100 - 100  # one harem, four harlots
    assert court("JC JD JH JS JC JD JH JS") == 80


def test_two_decks_a_second_king_of_a_suit_is_a_cowboy_beside_the_gang():
    assert court("KC KD KH KS KH") == 150 + 25


def test_every_other_card_counts_only_for_kings_queens_and_jacks_that_score():
    assert every_other_card_counts(["6H", "KS"], [])
    assert not every_other_card_counts(["6H", "KS", "QS"], [])
    assert not every_other_card_counts(["6H", "TS"], [])
    assert every_other_card_counts(["6H", "KH", "QH", "JH"], ["AH"])
    assert every_other_card_counts(["6H", "QC", "QD", "QH", "QS"], [])


def test_the_lines_kept_for_a_hand_stay_as_they_were_whatever_a_caller_does_with_its_own():
    # What a hand holds scores the same every time it is asked (the lines are kept by the
    # cards and options they come from): each caller gets a list of its own.
    hand, opts = ["KH", "QH", "QS", "6C", "6D", "6S", "TD", "2C", "2D"], options()
    first = scoring.hand_lines(hand, [], ["TS"], ["D"], False, opts)
    first.append(("Changed by a caller", 1000))
    again = scoring.hand_lines(hand, [], ["TS"], ["D"], False, opts)
    assert again == first[:-1] and again is not first
    assert scoring.hand_lines(hand, [], ["TS"], ["D"], True, opts) == [
        ("Ending the hand", 30), *again]
    assert scoring.held_lines(hand, [], ["TS"], ["D"], opts) == (
        sum(p for _, p in again), tuple(again))
    assert points("KH QH QS 6C 6D 6S TD 2C 2D", tens="TS", couples="D",
                  delay_of_game="once") != sum(p for _, p in again)  # the options count too
