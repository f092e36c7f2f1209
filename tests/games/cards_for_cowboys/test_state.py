"""The state's copies: players shared until one is taken to be changed, Store rows
replaced rather than changed."""

from __future__ import annotations

import json

from games.base import Action
from games.cards_for_cowboys import GAME
from games.cards_for_cowboys import store as pyramid
from games.cards_for_cowboys.state import State
from games.play import playout
from games.rng import Rng
from tests.games.cards_for_cowboys.position import fresh


def test_a_clone_shares_its_players_until_one_is_owned() -> None:
    s = fresh(3)
    c = s.clone()
    assert all(a is b for a, b in zip(c.players, s.players, strict=True))
    mine = c.own(1)
    assert mine is c.players[1] and mine is not s.players[1] and mine == s.players[1]
    assert mine.draw is s.players[1].draw  # the lists are replaced, never changed: shared
    assert c.own(1) is mine  # copied once, then changed in place
    assert c.players[0] is s.players[0] and c.players[2] is s.players[2]


def test_after_a_clone_neither_state_changes_a_shared_player_in_place() -> None:
    s = fresh(2)
    s.own(0).herd = 4  # made without ``clone``: its first change copies too
    c = s.clone()
    s.own(0).herd = 5
    c.own(0).herd = 6
    assert (s.players[0].herd, c.players[0].herd) == (5, 6)


def test_a_store_card_taken_from_a_clone_stays_in_the_state_it_came_from() -> None:
    s = fresh(2)
    c = s.clone()
    card = pyramid.face_up(c.store)[0]
    pyramid.remove(c.store, card)
    assert card in pyramid.cards(s.store) and card not in pyramid.cards(c.store)
    assert sum(a is not b for a, b in zip(s.store, c.store, strict=True)) == 1


def test_a_clone_shares_the_generator_until_it_draws_through_own_rng() -> None:
    s = fresh(2)
    c = s.clone()
    assert c.rng is s.rng and c.box is s.box and c.reserve is s.reserve
    before = s.rng.dump()
    drawn = c.own_rng().next_u64()
    assert s.rng.dump() == before and c.rng is not s.rng
    assert Rng.load(before).next_u64() == drawn


def test_no_step_of_a_whole_game_changes_an_earlier_state() -> None:
    states: list[tuple[State, str]] = []

    def keep(state: State, seat: int, action: Action) -> None:
        states.append((state, json.dumps(GAME.dump(state))))

    playout(GAME, seats=4, seed=11, on_step=keep)
    assert len(states) > 100
    assert all(json.dumps(GAME.dump(s)) == dumped for s, dumped in states)


def test_a_hidden_shuffle_leaves_the_state_it_shuffles_unchanged() -> None:
    states: list[State] = []
    playout(GAME, seats=3, seed=4, on_step=lambda state, seat, action: states.append(state))
    moved = 0
    for s in states[::25]:
        before = json.dumps(GAME.dump(s))
        shuffled = GAME.hidden_shuffle(s, 0, Rng(1))
        assert json.dumps(GAME.dump(s)) == before
        moved += json.dumps(GAME.dump(shuffled)) != before
    assert moved  # the shuffles did move cards: the check above is not idle
