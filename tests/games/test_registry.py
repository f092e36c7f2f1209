"""The registry finds games through the saloon.games entry-point group."""

from importlib.metadata import entry_points

import pytest
from saloon_high_card import HighCard

from games import registry
from games.base import Game


def test_built_in_games_register_through_entry_points() -> None:
    names = {ep.name for ep in entry_points(group=registry.GROUP)}
    assert {"wyoming_cowboy", "cards_for_cowboys", "cowpoker"} <= names
    for name in names:
        game = registry.get_game(name)
        assert isinstance(game, Game) and game.id == name


def test_run_time_registration_adds_and_removes_a_game() -> None:
    class Twin(HighCard):
        id = "highcard_twin"

    twin = Twin()
    assert "highcard_twin" not in registry.all_games()
    registry.register(twin)
    try:
        assert registry.get_game("highcard_twin") is twin
    finally:
        registry.unregister("highcard_twin")
    assert "highcard_twin" not in registry.all_games()


def test_a_run_time_game_shadows_an_entry_point_of_the_same_id() -> None:
    class Shadow(HighCard):
        id = "cowpoker"

    shadow = Shadow()
    registry.register(shadow)
    try:
        assert registry.get_game("cowpoker") is shadow
        assert registry.all_games()["cowpoker"] is shadow
    finally:
        registry.unregister("cowpoker")
    assert registry.get_game("cowpoker") is not shadow


def test_unregister_leaves_entry_point_games_alone(toy) -> None:
    registry.unregister("highcard")
    assert registry.get_game("highcard") is toy


def test_unknown_game_error_lists_the_known_ones() -> None:
    with pytest.raises(registry.UnknownGame, match="cowpoker.*got 'chess'"):
        registry.get_game("chess")


def test_every_game_declares_its_facts() -> None:
    for game in registry.all_games().values():
        assert game.title and game.description
        assert 1 <= game.min_seats <= game.max_seats
        assert "random" in game.bots
        game.parse_options(game.quick_options)
