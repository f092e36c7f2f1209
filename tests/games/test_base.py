"""The contract's own machinery: what is kept per state, and bots that read no view."""

from __future__ import annotations

import copy

import pytest

from games.base import Game, RandomBot, kept, option_said
from games.play import playout
from games.registry import get_game


@pytest.fixture
def game() -> Game:
    return get_game("cowpoker")


def test_what_is_legal_is_found_once_per_state_and_seat(game: Game) -> None:
    state = game.new_game(game.parse_options({}), 4, 3)
    seat = min(game.known_to_act(state))
    legal = game.known_legal(state, seat)
    assert legal == game.legal_actions(state, seat)
    assert game.known_legal(state, seat) is legal
    after, _ = game.apply(state, seat, legal[0])
    assert game.known_legal(state, seat) is legal  # apply changed nothing of the original
    nxt = min(game.known_to_act(after))
    assert game.known_legal(after, nxt) == game.legal_actions(after, nxt)


def test_a_copy_never_reads_what_was_known_of_its_original(game: Game) -> None:
    state = game.new_game(game.parse_options({}), 4, 3)
    seat = min(game.known_to_act(state))
    legal = game.known_legal(state, seat)
    for other in (copy.copy(state), copy.deepcopy(state), game.copy(state)):
        assert game.known_legal(other, seat) is not legal
        assert game.known_legal(other, seat) == legal
    assert game.known_legal(state, seat) is legal


def test_kept_computes_once_per_state_and_never_for_a_copy(game: Game) -> None:
    state = game.new_game(game.parse_options({}), 4, 3)
    made: list[object] = []

    def make(s: object) -> list[object]:
        made.append(s)
        return [len(made)]

    first = kept(state, "test.count", make)
    assert kept(state, "test.count", make) is first and made == [state]
    for other in (copy.copy(state), copy.deepcopy(state), game.copy(state)):
        assert kept(other, "test.count", make) is not first
    assert kept(state, "test.count", make) is first and len(made) == 4
    assert kept(state, "test.other", make) == [5]  # each key is its own


def test_a_state_without_a_dict_keeps_nothing() -> None:
    class Slotted:
        __slots__ = ("n",)

    state, made = Slotted(), list[object]()
    assert kept(state, "test.count", made.append) is None
    kept(state, "test.count", made.append)
    assert made == [state, state]


def test_a_bot_that_reads_no_view_gets_none(game: Game,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    assert RandomBot.needs_view is False
    assert game.bots["smart"].needs_view is True

    def no_view(*_: object) -> None:
        raise AssertionError("a view was built for a bot that reads none")

    monkeypatch.setattr(game, "view", no_view)
    out = playout(game, seats=4, seed=1)
    assert out.result is not None


@pytest.mark.parametrize("game_id", ["wyoming_cowboy", "cowpoker", "cards_for_cowboys"])
def test_every_option_is_said_in_words(game_id: str) -> None:
    """Each option of the games has a label and a line of help, and a choice has words for
    each of its values: the lobby's form and the room's log say it in them."""
    options = get_game(game_id).Options
    schema = options.model_json_schema()
    for key, prop in schema.get("properties", {}).items():
        assert options.model_fields[key].title, f"{key} has no label"
        assert prop.get("help"), f"{key} has no help"
        if "enum" in prop:
            assert sorted(prop.get("choices", {})) == sorted(prop["enum"]), key
            for value in prop["enum"]:
                said = option_said(options, key, value)
                assert said.startswith(f"{options.model_fields[key].title}: ") and \
                    said.endswith(prop["choices"][value]), said


def test_an_option_without_words_is_said_by_its_name() -> None:
    from pydantic import BaseModel

    class Plain(BaseModel):
        rounds_to_play: int = 3

    assert option_said(Plain, "rounds_to_play", 5) == "rounds to play: 5"
