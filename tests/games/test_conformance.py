"""The contract, checked on every registered game by ``games.testing``: one test per check.

``SALOON_CONFORMANCE_GAMES`` sets how many games per game and seat count the fast
suite plays (default 12); the ``slow`` marker runs 10,000 per game. Both use the
game's ``quick_options``, its shortest complete game. Every check runs with the
global ``random`` functions made to raise, which ``check_game`` cannot do itself.
"""

from __future__ import annotations

import ast
import functools
import os
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from games import registry
from games.play import playout
from games.registry import get_game
from games.testing import (
    CHECKS,
    Played,
    check_games_end,
    check_invariants,
    check_replay,
    play_games,
    play_one,
    seat_counts,
)

GAMES = sorted(registry.all_games())
FAST = int(os.environ.get("SALOON_CONFORMANCE_GAMES", "12"))
ROOT = Path(__file__).resolve().parents[2]

# Leaks the engines have today (issue 17), each asserted to fail with the message that
# names it. When a fix lands its test fails ("passes now"): remove its entry then.
KNOWN_LEAKS: dict[tuple[str, str], str] = {
}

RANDOM_FUNCTIONS = ("random", "randint", "randrange", "choice", "choices", "shuffle",
                    "sample", "getrandbits", "uniform")


@contextmanager
def global_random_forbidden() -> Iterator[None]:
    """Makes the global random generator raise while the block runs."""
    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("games/ used the global random generator")

    replaced: dict[str, Any] = dict.fromkeys(RANDOM_FUNCTIONS, forbidden)
    with mock.patch.multiple(random, **replaced):
        yield


@functools.lru_cache(maxsize=1)
def played(game_id: str) -> list[Played]:
    """The seeded random games every check of one game reads (the tests run game by game)."""
    with global_random_forbidden():
        return play_games(get_game(game_id), games=FAST)


@pytest.mark.parametrize("check", list(CHECKS))
@pytest.mark.parametrize("game_id", GAMES)
def test_check(game_id: str, check: str) -> None:
    """One check of ``games.testing`` on one game (known leaks must fail where they are)."""
    game = get_game(game_id)
    known = KNOWN_LEAKS.get((game_id, check))
    try:
        with global_random_forbidden():
            CHECKS[check](game, played(game_id))
    except AssertionError as e:
        if known is None or not re.search(known, str(e)):
            raise
        pytest.xfail(f"known leak (issue 17): {e}")
    if known is not None:
        pytest.fail(f"{game_id} now passes {check}: its leak is fixed; remove its entry "
                    "from KNOWN_LEAKS")


@pytest.mark.parametrize("game_id", GAMES)
def test_global_randomness_is_never_used_by_the_bots(game_id: str) -> None:
    """The bots (smart ones too) take their randomness from the generator they are given."""
    game = get_game(game_id)
    kinds = sorted(game.bots)
    bots = [game.bots[kinds[seat % len(kinds)]]() for seat in range(game.max_seats)]
    with global_random_forbidden():
        playout(game, seats=game.max_seats, seed=3, bots=bots,
                options=game.parse_options(game.quick_options))


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
    """Plays seeded random games: each ends, keeps the invariants and replays exactly."""
    game = registry.get_game(game_id)
    counts = seat_counts(game)
    for n in seeds:
        one = [play_one(game, counts[n % len(counts)], n)]
        for check in (check_games_end, check_invariants, check_replay):
            check(game, one)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_ten_thousand_random_games(game_id: str) -> None:
    """10,000 complete games per game (its quick options: Wyoming Cowboy plays one hand)."""
    ten_thousand(game_id)
