"""The plugin object: actions schema, serialization, invariants and labels."""

from __future__ import annotations

import json
from dataclasses import fields
from importlib.metadata import entry_points

import pytest
from pydantic import ValidationError

from games import registry
from games.cards_for_cowboys import GAME
from games.cards_for_cowboys.state import Player, State
from games.play import playout
from tests.games.cards_for_cowboys.position import DRAW as D
from tests.games.cards_for_cowboys.position import fresh, play


def test_the_game_is_registered_under_its_id() -> None:
    found = [ep for ep in entry_points(group=registry.GROUP) if ep.name == "cards_for_cowboys"]
    assert len(found) == 1 and found[0].load() is GAME
    assert (GAME.min_seats, GAME.max_seats) == (2, 4)


@pytest.mark.parametrize("action", [
    {"type": "draw"}, {"type": "stop"}, {"type": "trash", "card": "c77"},
    {"type": "replay", "card": "c91a"}, {"type": "return", "card": "c22"},
    {"type": "reorder", "order": ["c91a", "c92a", "c93a"]}, {"type": "skip"},
    {"type": "throw", "hand": "paper"}, {"type": "first", "seat": 2},
    {"type": "buy", "card": "c74"}, {"type": "burn", "card": "c74"}, {"type": "pass"},
    {"type": "give", "card": "c4", "to": 3},
])
def test_every_action_type_round_trips_through_the_schema(action: dict) -> None:
    assert GAME.normalize_action(action) == action
    assert GAME.describe_action(action)


@pytest.mark.parametrize("action", [
    {"type": "throw", "hand": "dynamite"}, {"type": "buy"}, {"type": "draw", "card": "c1"},
    {"type": "give", "card": "c4", "to": 9},
])
def test_malformed_actions_fail_the_schema(action: dict) -> None:
    with pytest.raises(ValidationError):
        GAME.normalize_action(action)


def test_the_state_serializes_every_field_and_back() -> None:
    out = playout(GAME, seats=3, seed=2, max_steps=100_000)
    s = out.state
    data = GAME.dump(s)
    assert set(data) == {f.name for f in fields(State)}
    assert set(data["players"][0]) == {f.name for f in fields(Player)}
    assert GAME.load(json.loads(json.dumps(data))) == s


def test_apply_never_changes_the_state_it_is_given() -> None:
    s = fresh(2)
    before = json.dumps(GAME.dump(s))
    play(s, (0, D))
    assert json.dumps(GAME.dump(s)) == before


def test_invariants_notice_a_card_lost_or_doubled() -> None:
    s = fresh(2)
    assert GAME.invariants(s) == []
    s.players[0].draw.pop()
    assert GAME.invariants(s)
    s = fresh(2)
    s.players[0].discard.append(s.players[0].draw[0])
    assert GAME.invariants(s)


def test_options_have_a_schema_and_forbid_unknown_fields() -> None:
    assert GAME.Options.model_json_schema()["type"] == "object"
    with pytest.raises(ValidationError):
        GAME.parse_options({"speed": 2})


def test_the_seat_count_is_checked() -> None:
    with pytest.raises(ValueError):
        GAME.new_game(GAME.parse_options({}), 5, 1)


def test_describe_action_names_the_card() -> None:
    assert GAME.describe_action({"type": "buy", "card": "c74"}) == "buy c74 ($1 (river))"


def test_a_golden_playthrough_is_unchanged() -> None:
    """A seeded random game, recorded: any change to the rules or the data shows up here."""
    out = playout(GAME, seats=3, seed=7)
    assert out.result is not None
    assert out.result.scores == [13.0, 15.0, 15.0] and out.result.winners == [1, 2]
    assert len(out.actions) == 436
    assert GAME.state_hash(out.state) == (
        "9cf2eaa8da01585757df362a00b06200f6be44475113c80fed9bce2c8d395edd")


def test_a_seat_out_of_time_stops_drawing_or_buys_nothing() -> None:
    """The gentlest choices: stop drawing where stopping is allowed, pass when buying (a
    burn would take a card from everyone's Store); elsewhere, none (the smart bot's)."""
    from games.cards_for_cowboys import GAME
    from games.play import playout

    seen = {"stop": 0, "pass": 0, "none": 0}

    def check(state, seat, action):
        for s in GAME.to_act(state):
            gentle = GAME.timeout_action(state, s)
            legal = GAME.legal_actions(state, s)
            if {"type": "stop"} in legal:
                assert gentle == {"type": "stop"}
                seen["stop"] += 1
            elif state.phase == "buy":
                assert {"type": "pass"} in legal and gentle == {"type": "pass"}
                seen["pass"] += 1
            else:
                assert gentle is None
                seen["none"] += 1

    playout(GAME, seats=3, seed=2, on_step=check)
    assert all(seen.values()), seen


def test_the_result_counts_the_busts_apart_from_the_cows() -> None:
    """A seat's bust rounds are said as what they are, rounds without Cows: "Busts: 24"
    among the Acts' Cows read as a score line taken off the Herd."""
    over = playout(GAME, seats=3, seed=4).state
    result = GAME.result(over)
    assert result is not None
    for seat, row in enumerate(result.detail["seats"]):
        said = [line for line in row["lines"] if "bust" in line.lower()]
        busts = over.players[seat].busts
        assert said == [f"Rounds busted: {busts} (no Cows in them)" if busts
                        else "Rounds busted: none"], said
    assert any(p.busts for p in over.players) and not all(p.busts for p in over.players)
