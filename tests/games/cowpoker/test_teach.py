"""The game in words: moves, refusals, the cards, the three poker hands so far."""

from __future__ import annotations

import json
from typing import Any

from games.cowpoker import GAME
from games.cowpoker.cards import CARDS
from games.cowpoker.state import Phase, State
from games.leaks import leaked
from tests.games.cowpoker.position import afresh, build, played
from tests.games.cowpoker.position import cid as card_id


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


def taught(st: State, seat: int) -> dict[str, Any]:
    """Returns every teaching part of ``seat``, as a document holds them."""
    return {"moves": [GAME.describe(st, seat, a) for a in GAME.known_legal(st, seat)],
            "why_not": {k: r.to_json() for k, r in GAME.why_not(st, seat).items()},
            "score": GAME.score_so_far(st, seat),
            "hints": {k: r.to_json() for k, r in GAME.situations(st, seat).items()}}


def test_teaching_parts_asked_in_any_order_equal_parts_built_afresh_and_leak_nothing():
    """The score so far reads the Gangs valued once per state for every seat (and the
    views): each seat's parts, asked before or after the others' and the views, are the
    ones built with nothing kept or cached, and name no card hidden from it."""
    for n, st in enumerate(played([(2, 91), (3, 92), (4, 93)])):
        seats = list(range(st.seats))
        order = seats[n % st.seats:] + seats[:n % st.seats]
        if n % 3 == 0:
            GAME.view(st, None)  # the shared view part first, sometimes
        parts = {}
        for seat in order:
            parts[seat] = taught(st, seat)
            if n % 3 == 1:
                GAME.view(st, seat)
        for seat, seen in parts.items():
            assert json.dumps(seen) == json.dumps(taught(afresh(st), seat)), (n, seat)
            assert not leaked(seen, GAME.secrets(st, seat)), (n, seat)


def test_the_score_so_far_counts_the_gangs_as_the_scores_shown_do():
    """Before the end a seat's total is its public score, which every viewer sees; while
    every Gang is empty (a game's start) nobody has the best Gang's +6."""
    starts = [GAME.new_game(GAME.parse_options({}), seats, 97) for seats in (2, 3, 4)]
    assert not any(starts[-1].gangs)
    for st in [*starts, *played([(3, 95), (4, 96)])]:
        if st.phase == Phase.OVER:
            continue
        shown = GAME.view(st, None)["scores"]
        for seat in range(st.seats):
            taught = GAME.score_so_far(st, seat)
            assert taught["total"] == shown[seat]
            if not any(st.gangs):
                assert taught["lines"][1][1] == 0.0
                assert "best Gang" not in taught["lines"][1][0]


def test_a_card_played_says_its_points_signed_and_the_gang_it_always_goes_into():
    grimes, drifter = card_id("Undertaker Grimes"), card_id("The Drifter")
    say = {"type": "play"}
    # Every Gang at 0 points: the tie goes to the player's own, first in turn order.
    st = build(hands={0: [grimes, drifter, "Wells Fargo Agent"]})
    assert GAME.describe(st, 0, {**say, "card": grimes}) == (
        "Play Undertaker Grimes into your Gang (it always goes into the Gang with the most "
        "points, now yours): -3 points")
    assert GAME.describe(st, 0, {**say, "card": drifter}) == (
        "Play The Drifter into your Gang (it always goes into the Gang with the fewest "
        "points, now yours): +0 points; Jokers are wild")
    assert GAME.describe(st, 0, {**say, "card": card_id("Wells Fargo Agent")}).startswith(
        "Play Wells Fargo Agent into your Gang: +1 point")
    # Another Gang ahead on points takes the Undertaker.
    st = build(hands={0: [grimes]}, gangs={1: ["Wells Fargo Agent"]})
    said = GAME.describe(st, 0, {**say, "card": grimes})
    assert said.endswith("'s Gang (it always goes into the Gang with the most points): "
                         "-3 points"), said


def test_a_wild_card_and_a_trick_play_are_described_as_the_rules_play_them():
    """A Wild card makes its rank wild wherever it lies, whoever played it; a card played
    to a trick has no effect, and one that always goes into a Gang goes there."""
    s = build(turn=1, hands={1: ["Lucky Lupe", "Paco the Kid"]}, gangs={1: ["Cookie Pete"]})
    said = GAME.describe(s, 1, {"type": "play", "card": card_id("Lucky Lupe")})
    assert said == "Play Lucky Lupe into your Gang: +1 point; Threes are wild in the place " \
                   "this card lies."
    s = build(hands={0: ["Lasso Lem", "Cookie Pete"],
                     1: ["Rosa Davila", "The Parson"], 2: ["Mule Thief Dan"],
                     3: ["Dice Dolores"]})
    s, _ = GAME.apply(s, 0, {"type": "play", "card": card_id("Lasso Lem")})
    assert [GAME.describe(s, 1, a) for a in GAME.legal_actions(s, 1)] == [
        "Play Rosa Davila to the Roundup: it counts 2; its effect is ignored in a trick",
        "Play The Parson to the Roundup: it counts 6; then it goes into the Gang with the "
        "best poker hand, whoever wins"]


def test_card_notes_say_for_whom_an_effect_works_and_where_a_card_can_lie():
    notes = {CARDS[c].name: n for c, n in GAME.card_notes().items()}
    assert notes["Lucky Lupe"].endswith("Its effect works wherever it lies, whoever played it.")
    assert "-3 points in a Gang;" in notes["Undertaker Grimes"]  # never in a Cellar
    assert "Cellar" not in notes["The Parson"]
    assert notes["Circuit Rider"].endswith("Its effect works for anyone, when a live player "
                                           "plays it (Deadwood skips it).")
    assert "Its effect works for Davila, or a Ranch whose Gang holds Davila's Ace." in \
        notes["Rosa Davila"]
