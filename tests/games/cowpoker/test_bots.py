"""The smart bot beats the random bot; Ranches stay balanced with equal bots."""

from __future__ import annotations

from collections import defaultdict

from games.cowpoker import GAME
from games.play import playout


def shares(games: int, lineup: list[str]) -> dict[str, float]:
    wins: dict[str, float] = defaultdict(float)
    seats = len(lineup)
    for n in range(games):
        order = [lineup[(i + n) % seats] for i in range(seats)]
        out = playout(GAME, seats=seats, seed=500 + n, bots=[GAME.bots[b]() for b in order])
        assert out.result is not None
        for w in out.result.winners:
            wins[order[w]] += 1 / len(out.result.winners)
    return {k: v / games for k, v in wins.items()}


def test_the_smart_bot_beats_the_random_bot_two_seats() -> None:
    result = shares(60, ["smart", "random"])
    assert result["smart"] > 0.65, result


def test_the_smart_bot_beats_the_random_bot_four_seats() -> None:
    result = shares(40, ["smart", "random", "smart", "random"])
    assert result["smart"] > 0.65, result


def test_the_smart_bot_only_returns_legal_actions() -> None:
    base = GAME.bots["smart"]

    class Spy(base):  # type: ignore[misc, valid-type]
        def choose(self, view, legal, rng):
            action = super().choose(view, legal, rng)
            assert action in legal
            return action

    for seed in range(5):
        playout(GAME, seats=3, seed=seed, bots=[Spy() for _ in range(3)])


def test_no_ranch_dominates_with_equal_bots() -> None:
    wins: dict[str, float] = defaultdict(float)
    games = 120
    for n in range(games):
        out = playout(GAME, seats=4, seed=9000 + n, bots=[GAME.bots["smart"]()] * 4)
        assert out.result is not None
        for w in out.result.winners:
            wins[out.result.detail["labels"][w]] += 1 / len(out.result.winners)
    for ranch in ("Davila", "Gallagher", "Masterson", "San Joaquin"):
        assert 0.08 <= wins[ranch] / games <= 0.45, dict(wins)
