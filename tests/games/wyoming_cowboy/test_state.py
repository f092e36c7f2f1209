"""The state: a clone is independent, a dump is JSON and loads back equal."""

from __future__ import annotations

import json

from games.wyoming_cowboy import GAME
from tests.games.wyoming_cowboy.helpers import build


def test_a_clone_is_equal_and_independent():
    st = build(hands={0: "KH 7S"}, guns={0: [("45", "4H 5H")]})
    copy = st.clone()
    assert copy == st
    copy.hands[0].append("9C")
    copy.guns[0] = [{**copy.guns[0][0], "fresh": True}]  # guns are replaced, never changed
    assert st.hands[0] == ["KH", "7S"] and st.guns[0][0]["fresh"] is False


def test_a_dump_is_json_and_loads_back_equal():
    st = GAME.new_game(GAME.parse_options({}), 5, 3)
    data = json.loads(json.dumps(GAME.dump(st)))
    assert GAME.load(data) == st
