"""The plugin object: registration, description, options, serialization, whole games."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from games import registry
from games.cowpoker import GAME
from games.cowpoker.cards import CARDS
from games.play import playout, replay
from tests.games.cowpoker.position import build, cid


def test_cowpoker_is_registered_and_says_its_cards_are_an_original_set() -> None:
    assert registry.get_game("cowpoker") is GAME
    assert "original set" in GAME.description
    # The lobby speaks to players: replacing the card file is the operator's, in the docs.
    assert "file" not in GAME.description
    assert (GAME.min_seats, GAME.max_seats) == (2, 4)


def test_options_have_defaults_descriptions_and_refuse_extras() -> None:
    schema = GAME.Options.model_json_schema()
    assert all("description" in p for p in schema["properties"].values())
    with pytest.raises(ValidationError):
        GAME.parse_options({"nope": 1})


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_whole_games_end_with_labels_for_every_live_seat(seats) -> None:
    out = playout(GAME, seats=seats, seed=77, bots=[GAME.bots["smart"]()] * seats)
    assert out.result is not None and len(out.result.detail["labels"]) == seats
    assert len(set(out.result.detail["labels"])) == seats
    again = replay(GAME, seats=seats, seed=77, options=GAME.Options(), actions=out.actions)
    assert GAME.state_hash(again) == GAME.state_hash(out.state)


def test_dump_and_load_round_trip_mid_trick() -> None:
    s = build(hands={0: ["Lasso Lem", "Cookie Pete"], 1: ["Paco the Kid"]})
    s, _ = GAME.apply(s, 0, {"type": "play", "card": cid("Lasso Lem")})
    assert GAME.load(json.loads(json.dumps(GAME.dump(s)))) == s


def test_apply_never_mutates_its_input() -> None:
    s = build(hands={0: ["Sticky Masterson"]}, gangs={1: ["Paco the Kid"]})
    before = json.dumps(GAME.dump(s), sort_keys=True)
    GAME.apply(s, 0, {"type": "play", "card": cid("Sticky Masterson")})
    assert json.dumps(GAME.dump(s), sort_keys=True) == before


def test_every_action_type_round_trips_and_is_described() -> None:
    actions = [
        {"type": "play", "card": cid("Lasso Lem")},
        {"type": "trick", "card": cid("Lasso Lem")},
        {"type": "call", "trick": "gunfight"},
        {"type": "rustle", "card": cid("Paco the Kid")},
        {"type": "unload", "card": cid("Paco the Kid"), "to": "San Joaquin"},
        {"type": "keep"},
    ]
    for a in actions:
        assert GAME.normalize_action(a) == a
        assert not GAME.describe_action(a).startswith("{")


def test_a_carried_lead_that_is_not_one_is_refused() -> None:
    import pytest

    from games.cowpoker import GAME

    for bad in ({"led": 4}, {"led": "0"}, ["led"], {}):
        with pytest.raises(ValueError, match="last game's lead"):
            GAME.new_game(GAME.parse_options({}), 2, 1, match=1, carried=bad)


def test_the_server_plays_no_fight_for_a_seat_out_of_time() -> None:
    """A Roundup or a Gunfight the player never chose was called in their name. (Another
    Ranch's card calls none for this one: its effect is ignored.)"""
    s = build(hands={0: ["Lasso Lem", "Capitan Ruiz", "Cookie Pete"]})  # Gallagher's turn
    quiet = GAME.timeout_choices(s, 0)
    assert quiet is not None
    assert sorted(CARDS[a["card"]].name for a in quiet) == ["Capitan Ruiz", "Cookie Pete"]
    # With nothing but fights in hand, any play will do.
    assert GAME.timeout_choices(build(hands={0: ["Lasso Lem"]}), 0) is None
