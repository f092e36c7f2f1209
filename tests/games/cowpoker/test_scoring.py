"""Scoring: Gang points, three poker hands, the Cellar penalty, wilds in their place, ties."""

from __future__ import annotations

from games.cowpoker import GAME, scoring
from games.cowpoker.state import Phase
from games.poker import Category
from tests.games.cowpoker.position import build, ids


def totals(state):
    return [row["total"] for row in scoring.breakdown(state)]


def line(state, pos, what):
    return next(x for x in scoring.breakdown(state)[pos]["lines"] if x["what"].startswith(what))


def test_gang_points_are_the_base_score() -> None:
    s = build(gangs={0: ["Cookie Pete", "Undertaker Grimes"], 1: ["Paco the Kid"]},
              cellars={0: ["Bluff Barlow"], 1: ["Silent Masterson"], 2: ["Dice Dolores"],
                       3: ["Mule Thief Dan"]})
    assert line(s, 0, "Gang points")["points"] == 0.0  # 3 - 3
    assert line(s, 1, "Gang points")["points"] == 3.0


def test_the_best_hand_in_each_place_scores_six() -> None:
    s = build(gangs={0: ["Cookie Pete", "Mule Thief Dan"], 1: ["Paco the Kid"]},
              cellars={2: ["Bluff Barlow", "Big Jim Gallagher"]},
              hands={3: ["Sharp Sally", "Faro Jack"]})
    assert line(s, 0, "Best poker hand among Gangs")["points"] == 6.0  # pair of Threes
    assert line(s, 2, "Best poker hand among Cellars")["points"] == 6.0
    assert line(s, 3, "Best poker hand among Hands")["points"] == 6.0


def test_tied_hands_split_the_six_points_so_halves_occur() -> None:
    s = build(gangs={0: ["Cookie Pete"], 1: ["Paco the Kid"], 2: ["Mule Thief Dan"],
                     3: ["Dice Dolores"]})
    assert [line(s, p, "Best poker hand among Gangs")["points"] for p in range(4)] == \
        [0.0, 0.0, 0.0, 6.0]
    s = build(gangs={0: ["Cookie Pete"], 1: ["Paco the Kid"], 2: ["Mule Thief Dan"],
                     3: ["Undertaker Grimes"]})
    assert [line(s, p, "Best poker hand among Gangs")["points"] for p in range(4)] == \
        [1.5, 1.5, 1.5, 1.5]
    assert line(s, 0, "Best poker hand among Gangs")["shared"] is True


def test_the_cellar_penalty_hits_the_live_player_with_fewest_cellar_points() -> None:
    s = build(live=(0, 2), cellars={0: ["Cookie Pete"], 1: [], 2: ["Paco the Kid",
                                                                   "Mute Esteban"]})
    assert line(s, 0, "Fewest Cellar")["points"] == -6.0
    assert line(s, 2, "Fewest Cellar")["points"] == 0.0
    assert all(not x["what"].startswith("Fewest") for x in scoring.breakdown(s)[1]["lines"])


def test_a_tied_cellar_penalty_is_split() -> None:
    s = build(live=(0, 1, 2), cellars={0: ["Cookie Pete"], 1: ["Paco the Kid"],
                                       2: ["Bluff Barlow", "Mute Esteban"]})
    assert line(s, 0, "Fewest Cellar")["points"] == -3.0
    assert line(s, 1, "Fewest Cellar")["points"] == -3.0


def test_cellar_points_do_not_count_toward_the_score() -> None:
    s = build(live=(0, 1), cellars={0: ["Cookie Pete", "Bluff Barlow"], 1: ["Paco the Kid"]})
    assert totals(s)[0] == 6.0  # only the Cellar hand bonus (Queen high beats Three high)


def test_a_wild_maker_works_only_in_the_place_it_lies() -> None:
    # Faro Dolly makes Twos wild in the Cellar where she lies, not in the Gang.
    cellar = ids("Faro Dolly", "Shorty Gallagher", "Bluff Barlow", "Silent Masterson")
    gang = ids("Nino Davila", "Carlos Davila", "Iron Nell")
    assert scoring.hand_value(cellar)[0] == Category.THREE_OF_A_KIND  # Queens, a Two wild
    assert scoring.hand_value(gang)[0] == Category.PAIR  # Kings; the Two is a Two
    assert scoring.hand_value([*gang, *ids("Faro Dolly")])[0] == Category.THREE_OF_A_KIND


def test_a_wild_maker_need_not_be_in_the_chosen_five() -> None:
    gang = ids("Faro Dolly", "Nino Davila", "Carlos Davila", "Iron Nell", "Duchess of San Joaquin",
               "Big Jim Gallagher")
    # Kings x3 + a wild Two = four Kings, Ace kicker; the Seven (Dolly) is not in the five.
    assert scoring.hand_value(gang) == (Category.FOUR_OF_A_KIND, 13, 14)


def test_jokers_are_wild_wherever_they_lie() -> None:
    assert scoring.hand_value(ids("The Stranger", "Carlos Davila"))[:2] == (Category.PAIR, 13)


def test_deadwood_can_take_a_hand_bonus_but_never_the_penalty() -> None:
    s = build(live=(0, 2), gangs={1: ["Cookie Pete", "Mule Thief Dan"]},
              cellars={1: []})
    assert line(s, 1, "Best poker hand among Gangs")["points"] == 6.0
    assert scoring.breakdown(s)[1]["deadwood"] is True


def test_the_result_lists_seats_with_their_ranch_labels_and_a_breakdown() -> None:
    s = build(live=(0, 2), gangs={0: ["Cookie Pete"], 2: ["Bluff Barlow"]},
              cellars={0: ["Paco the Kid"], 2: ["Mute Esteban"]}, deck=[], phase=Phase.OVER)
    r = GAME.result(s)
    assert r is not None
    assert r.detail["labels"] == ["Gallagher", "Masterson"]
    assert len(r.scores) == 2 and r.winners == [1]
    assert [row["ranch"] for row in r.detail["ranches"]] == \
        ["Gallagher", "Davila", "Masterson", "San Joaquin"]
    view = GAME.view(s, 0)
    assert view["result"]["scores"] == r.scores
