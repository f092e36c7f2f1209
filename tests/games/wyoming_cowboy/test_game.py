"""The plugin on the contract: options, actions' schema, labels, whole games."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from games.base import RandomBot
from games.play import playout, replay
from games.wyoming_cowboy import GAME
from games.wyoming_cowboy.bots import SmartBot

OPTION_FIELDS = {"target_score", "discard_dispute", "top_discard", "across_with_odd_seats",
                 "delay_of_game", "six_six_six", "shared_cards", "max_hands", "turn_limit"}


def keeps_invariants(state: Any, *_: Any) -> None:
    """Fails at the first state that breaks an invariant."""
    broken = GAME.invariants(state)
    assert not broken, broken


def test_options_default_to_the_written_rules_and_a_target_of_500():
    opts: Any = GAME.parse_options({})
    assert opts.target_score == 500 and opts.discard_dispute == "written"
    assert set(GAME.Options.model_json_schema()["properties"]) == OPTION_FIELDS


def test_the_default_game_is_the_written_game_first_to_500_and_no_hand_limit():
    opts: Any = GAME.parse_options({})
    assert opts.max_hands == 0


def test_short_presets_are_offered_in_the_options_schema():
    presets = GAME.Options.model_json_schema()["presets"]
    assert presets[0]["options"] == {}  # the written game first
    assert {"max_hands": 1} in [p["options"] for p in presets]
    for p in presets:
        assert p["title"] and GAME.parse_options(p["options"])
    assert dict(GAME.quick_options) in [p["options"] for p in presets]


def test_every_option_has_a_description_and_unknown_options_are_refused():
    props = GAME.Options.model_json_schema()["properties"]
    assert all(p.get("description") for p in props.values())
    with pytest.raises(ValidationError):
        GAME.parse_options({"jokers": True})


def test_three_to_eight_seats():
    assert (GAME.min_seats, GAME.max_seats) == (3, 8)
    with pytest.raises(ValueError):
        GAME.new_game(GAME.parse_options({}), 9, 1)


@pytest.mark.parametrize("seats", [3, 5, 8])
def test_a_random_game_ends_and_replays_exactly(seats):
    opts = GAME.parse_options({"max_hands": 2})
    out = playout(GAME, seats=seats, seed=seats, options=opts, on_step=keeps_invariants)
    assert out.result is not None
    again = replay(GAME, seats=seats, seed=seats, options=opts, actions=out.actions)
    assert GAME.state_hash(again) == GAME.state_hash(out.state)
    for _, action in out.actions:
        assert GAME.normalize_action(action) == action
        assert GAME.describe_action(action)


@pytest.mark.parametrize("variant", [
    {"discard_dispute": "inventor"}, {"top_discard": "own"},
    {"across_with_odd_seats": "right"}, {"delay_of_game": "once"},
    {"six_six_six": "adds"}, {"shared_cards": "queens_too"},
])
def test_every_variant_plays_to_the_end(variant):
    opts = GAME.parse_options({"max_hands": 1, **variant})
    out = playout(GAME, seats=5, seed=11, options=opts, on_step=keeps_invariants)
    assert out.result is not None


def test_smart_bots_play_a_whole_game_to_its_end():
    out = playout(GAME, seats=4, seed=2, bots=[SmartBot() for _ in range(4)])
    assert out.result is not None


def test_bots_are_random_and_smart():
    assert GAME.bots == {"random": RandomBot, "smart": SmartBot}


def test_quick_options_play_one_whole_hand():
    opts = GAME.parse_options(GAME.quick_options)
    out = playout(GAME, seats=4, seed=1, options=opts)
    assert out.result is not None and len(out.state.history) == 1


def test_what_the_server_plays_for_a_seat_out_of_time_starts_no_fight() -> None:
    """A victim out of time lets the shot come (the rules' own default); in a turn the
    server keeps to the quiet moves: no gun pulled, no shot, no 9 (a couple may be shown,
    a card discarded); elsewhere the smart bot's choice stands."""
    from games.play import playout
    from games.registry import get_game

    game = get_game("wyoming_cowboy")
    seen = {"react": 0, "turn": 0, "loud_left_out": 0, "other": 0}

    def check(state, seat, action):
        for s in game.to_act(state):
            gentle, quiet = game.timeout_action(state, s), game.timeout_choices(state, s)
            legal = game.legal_actions(state, s)
            if state.step == "react":
                assert gentle == {"type": "stand"} and gentle in legal
                seen["react"] += 1
                continue
            assert gentle is None
            if state.phase == "turn" and state.step in ("act", "shoot"):
                assert quiet and all(a in legal for a in quiet)
                assert not {a["type"] for a in quiet} & {"pull", "shoot", "nine"}
                seen["turn"] += 1
                seen["loud_left_out"] += len(quiet) < len(legal)
            else:
                assert quiet is None
                seen["other"] += 1

    for seed in range(6):
        playout(game, seats=4, seed=seed, options=game.parse_options(game.quick_options),
                on_step=check)
    assert all(seen.values()), seen
