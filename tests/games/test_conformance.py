"""The contract, checked on every registered game through many seeded random games.

``SALOON_CONFORMANCE_GAMES`` sets how many games per game and seat count the fast
suite plays (default 12); the ``slow`` marker runs 10,000 per game. Both use the
game's ``quick_options``, its shortest complete game.
"""

from __future__ import annotations

import ast
import json
import os
import random
from pathlib import Path

import pytest

from games import registry
from games.base import Game, GameError
from games.leaks import leaked, visible_to
from games.play import playout, replay
from games.registry import get_game

GAMES = sorted(registry.all_games())
FAST = int(os.environ.get("SALOON_CONFORMANCE_GAMES", "12"))
ROOT = Path(__file__).resolve().parents[2]


def seat_counts(game: Game) -> list[int]:
    return list(range(game.min_seats, game.max_seats + 1))


def check_step(game: Game, before, seat: int, action, after, events) -> None:
    """Every check that holds after one action."""
    assert not game.invariants(after), game.invariants(after)
    seats = len(game.scores(after))
    for viewer in [None, *range(seats)]:
        view = game.view(after, viewer)
        assert json.loads(json.dumps(view)) == view, "view is not plain JSON"
        secrets = game.secrets(after, viewer)
        assert not leaked(view, secrets), f"view of {viewer} leaks {leaked(view, secrets)}"
        if viewer is not None:
            legal = game.legal_actions(after, viewer)
            assert not leaked(legal, secrets), f"legal of {viewer} leaks"
        for ev in events:
            assert "type" in ev and "text" in ev, f"event without type/text: {ev}"
            if visible_to(ev, viewer):
                assert not leaked(ev, secrets), f"event {ev['type']} leaks to {viewer}"
    json.dumps(events)


def refusals_do_not_leak(game: Game, state) -> None:
    """Another seat's legal actions, tried by each seat, are refused without naming secrets."""
    seats = len(game.scores(state))
    actions = [a for s in game.to_act(state) for a in game.legal_actions(state, s)[:3]]
    for seat in range(seats):
        for action in actions:
            try:
                game.apply(state, seat, action)
            except GameError as e:
                assert not leaked(e.message, game.secrets(state, seat)), (
                    f"refusing {action} to seat {seat} names a hidden card: {e.message}")


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_end_conserve_and_replay(game_id: str) -> None:
    """Every action of every game keeps the invariants; each game replays exactly.

    The first game of each seat count also checks every view, legal list and event
    for leaks, JSON-ness, determinism and serialization after every action.
    """
    game = get_game(game_id)
    options = game.parse_options(game.quick_options)
    for seats in seat_counts(game):
        for n in range(FAST):
            seed = 1000 * seats + n
            prev = {"state": game.new_game(options, seats, seed)}

            def full(state, seat, action, prev=prev):
                before = prev["state"]
                refusals_do_not_leak(game, before)
                dumped = json.dumps(game.dump(before), sort_keys=True)
                again, events = game.apply(before, seat, action)
                assert json.dumps(game.dump(before), sort_keys=True) == dumped, "apply mutated"
                assert game.state_hash(again) == game.state_hash(state), "apply not deterministic"
                check_step(game, before, seat, action, state, events)
                assert game.load(json.loads(json.dumps(game.dump(state)))) == state
                prev["state"] = state

            def light(state, seat, action, seed=seed):
                broken = game.invariants(state)
                assert not broken, f"seed {seed}: {broken}"

            out = playout(game, seats=seats, seed=seed, options=options,
                          on_step=full if n == 0 else light)
            assert out.result is not None
            assert len(out.result.scores) == seats
            assert set(out.result.winners) <= set(range(seats)) and out.result.winners
            again = replay(game, seats=seats, seed=seed, options=options, actions=out.actions)
            assert game.state_hash(again) == game.state_hash(out.state)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_action_round_trips_through_the_schema(game_id: str) -> None:
    game = registry.get_game(game_id)
    seen: set[str] = set()

    def on_step(state, seat, action):
        for s in game.to_act(state):
            for a in game.legal_actions(state, s):
                assert game.normalize_action(a) == a, f"{a} does not round-trip"
                seen.add(a["type"])

    for seats in seat_counts(game):
        playout(game, seats=seats, seed=7 + seats, on_step=on_step,
                options=game.parse_options(game.quick_options))
    assert seen


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_and_out_of_turn_actions_are_refused_and_change_nothing(game_id: str) -> None:
    game = registry.get_game(game_id)
    seats = game.min_seats
    state = game.new_game(game.parse_options({}), seats, 99)
    before = game.state_hash(state)
    idle = [s for s in range(seats) if s not in game.to_act(state)]
    acting = sorted(game.to_act(state))
    legal = game.legal_actions(state, acting[0])
    if idle:
        with pytest.raises(GameError):
            game.apply(state, idle[0], legal[0])
    with pytest.raises(GameError):
        game.apply(state, acting[0], {"type": "no-such-action"})
    assert game.state_hash(state) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_views_are_deterministic_and_options_have_a_schema(game_id: str) -> None:
    game = registry.get_game(game_id)
    schema = game.Options.model_json_schema()
    assert schema["type"] == "object"
    a = game.new_game(game.parse_options({}), game.min_seats, 5)
    b = game.new_game(game.parse_options({}), game.min_seats, 5)
    assert game.dump(a) == game.dump(b)
    assert game.view(a, 0) == game.view(b, 0)
    omni = game.omniscient_view(a)
    assert json.loads(json.dumps(omni)) == omni


@pytest.mark.parametrize("game_id", GAMES)
def test_global_randomness_is_never_used(game_id: str, monkeypatch) -> None:
    game = registry.get_game(game_id)

    def forbidden(*a, **k):
        raise AssertionError("games/ used the global random generator")

    for name in ("random", "randint", "randrange", "choice", "shuffle", "sample", "getrandbits"):
        monkeypatch.setattr(random, name, forbidden)
    playout(game, seats=game.max_seats, seed=3, options=game.parse_options(game.quick_options))


FORBIDDEN_IMPORTS = {
    "random", "time", "datetime", "os", "socket", "secrets", "uuid", "subprocess",
    "threading", "asyncio", "app", "fastapi", "starlette", "sqlalchemy", "uvicorn",
    "redis", "httpx", "websockets",
}


def test_games_package_is_pure() -> None:
    """games/ imports nothing that does I/O, keeps time or draws global randomness."""
    offenders = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                if name.split(".")[0] in FORBIDDEN_IMPORTS:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert not offenders, "\n".join(offenders)


def ten_thousand(game_id: str, seeds: range = range(10_000)) -> None:
    """Plays seeded random games: invariants after every action, then an exact replay."""
    game = registry.get_game(game_id)
    options = game.parse_options(game.quick_options)
    counts = seat_counts(game)
    for n in seeds:
        seats = counts[n % len(counts)]

        def check(state, *_, n=n):
            broken = game.invariants(state)
            assert not broken, f"seed {n}: {broken}"

        out = playout(game, seats=seats, seed=n, options=options, on_step=check)
        again = replay(game, seats=seats, seed=n, options=options, actions=out.actions)
        assert game.state_hash(again) == game.state_hash(out.state), f"seed {n}"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_ten_thousand_random_games(game_id: str) -> None:
    """10,000 complete games per game (its quick options: Wyoming Cowboy plays one hand)."""
    ten_thousand(game_id)
