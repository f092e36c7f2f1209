"""Shuffling what a seat cannot see: other Hands and the deck, other Cellars among Cellars."""

from __future__ import annotations

from collections import Counter

from games.cowpoker import GAME
from games.cowpoker.state import Phase
from games.rng import Rng
from tests.games.cowpoker.position import build


def position():
    return build(live=(0, 1, 2),
                 hands={0: ["Cookie Pete", "Lasso Lem"], 1: ["Paco the Kid", "Mute Esteban"],
                        2: ["Rosa Davila", "El Tuerto", "La Viuda"]},
                 cellars={0: ["Wrangler Bess"], 1: ["Drover Mac", "Swing Rider"],
                          3: ["Luz Obregon"]},
                 gangs={1: ["Dusty Rhodes"], 3: ["Capitan Ruiz"]})


def test_the_viewers_hand_and_cellar_and_every_gang_stay() -> None:
    st = position()
    rng = Rng(1)
    for _ in range(20):
        other = GAME.hidden_shuffle(st, 0, rng)
        assert other.hands[0] == st.hands[0] and other.cellars[0] == st.cellars[0]
        assert other.gangs == st.gangs
        assert [len(h) for h in other.hands] == [len(h) for h in st.hands]
        assert [len(c) for c in other.cellars] == [len(c) for c in st.cellars]
        assert not GAME.invariants(other)


def test_hands_mix_with_the_deck_and_cellars_only_among_cellars() -> None:
    st = position()
    rng = Rng(2)
    cellared = Counter(st.cellars[1] + st.cellars[2] + st.cellars[3])
    hands = set()
    for _ in range(20):
        other = GAME.hidden_shuffle(st, 0, rng)
        assert Counter(other.cellars[1] + other.cellars[2] + other.cellars[3]) == cellared
        hands.add(tuple(other.hands[2]))
    assert len(hands) > 10


def test_kept_seats_and_the_undealt_order_stay() -> None:
    st = position()
    other = GAME.hidden_shuffle(st, None, Rng(3), keep=frozenset({1}), deck=False)
    assert other.deck == st.deck and other.hands[1] == st.hands[1]
    assert other.cellars[1] == st.cellars[1]
    assert Counter(other.hands[0] + other.hands[2]) == Counter(st.hands[0] + st.hands[2])


def test_nothing_but_the_deck_is_hidden_once_the_game_is_scored() -> None:
    st = position()
    st.phase = Phase.OVER
    other = GAME.hidden_shuffle(st, None, Rng(4))
    assert other.hands == st.hands and other.cellars == st.cellars


def test_the_given_state_is_never_changed() -> None:
    st = position()
    before = GAME.dump(st)
    GAME.hidden_shuffle(st, None, Rng(5))
    assert GAME.dump(st) == before
