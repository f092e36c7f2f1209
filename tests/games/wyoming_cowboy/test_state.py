"""The state: a clone is independent, a dump is JSON and loads back equal."""

from __future__ import annotations

import json

from games.wyoming_cowboy import GAME
from tests.games.wyoming_cowboy.helpers import build


def test_a_clone_is_equal_and_independent():
    st = build(hands={0: "KH 7S"}, guns={0: [("45", "4H 5H")]})
    copy = st.clone()
    assert copy == st
    copy.pile = copy.pile[:-1]  # the piles are replaced, never changed
    copy.hands[0] = [*copy.hands[0], "9C"]  # a seat's hand is replaced, never changed
    # A seat's guns are replaced, and the list of every seat's with them.
    copy.guns = [[{**copy.guns[0][0], "fresh": True}], *copy.guns[1:]]
    assert st.hands[0] == ["KH", "7S"] and len(st.pile) == len(copy.pile) + 1
    assert st.guns[0][0]["fresh"] is False


def test_an_action_leaves_the_cards_of_the_state_it_was_played_on_alone():
    st = build(hands={0: "KH 7S", 1: "KD 5C"}, badges={1: "AD"})
    before = GAME.dump(st)
    after, _ = GAME.apply(st, 0, {"type": "discard", "card": "7S", "pile": 1, "discard": 0})
    assert GAME.dump(st) == before and after.hands[0] != st.hands[0]


def test_a_dump_is_json_and_loads_back_equal():
    st = GAME.new_game(GAME.parse_options({}), 5, 3)
    data = json.loads(json.dumps(GAME.dump(st)))
    assert GAME.load(data) == st
