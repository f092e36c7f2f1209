"""A game's fingerprint: the same for the same behaviour, different for any change in
what the engine says, over option sets that vary every choice."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict
from saloon_high_card import HighCard, State

from games.base import Action, Viewer
from games.fingerprint import fingerprint, option_sets
from games.registry import all_games


class Reordered(HighCard):
    """The same game, its legal list in the other order."""

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return super().legal_actions(state, seat)[::-1]


class Talkative(HighCard):
    """The same game, its view saying one thing more late in a game."""

    def view(self, state: State, viewer: Viewer) -> dict[str, object]:
        view = dict(super().view(state, viewer))
        if len(state.history) == 2:
            view["note"] = "two tricks played"
        return view


def test_the_same_game_gives_the_same_fingerprint() -> None:
    first = fingerprint(HighCard(), variants=1)
    assert first == fingerprint(HighCard(), variants=1)
    assert first.games == 2 * 3 and first.actions > 0 and len(first.digest) == 64


def test_a_reordered_legal_list_or_a_changed_view_changes_it() -> None:
    base = fingerprint(HighCard(), variants=1).digest
    assert fingerprint(Reordered(), variants=1).digest != base
    assert fingerprint(Talkative(), variants=1).digest != base


def test_option_sets_vary_every_choice_and_keep_the_quick_numbers() -> None:
    class Options(BaseModel):
        model_config = ConfigDict(extra="forbid")
        shape: Literal["round", "square", "oval"] = "round"
        loud: bool = False
        length: int = 10

    class Shaped(HighCard):
        quick_options = {"length": 2}

    Shaped.Options = Options  # type: ignore[assignment]  # another game's options
    sets = option_sets(Shaped(), 12)
    assert sets[0] == {"length": 2} and len(sets) == 13
    assert {s["shape"] for s in sets[1:]} == {"round", "square", "oval"}
    assert {s["loud"] for s in sets[1:]} == {False, True}
    assert all(s["length"] == 2 for s in sets)


def test_every_game_plays_smart_and_mixed_tables_too() -> None:
    game = all_games()["cowpoker"]
    found = fingerprint(game, variants=0)
    assert found.games == 3 * (game.max_seats - game.min_seats + 1)
