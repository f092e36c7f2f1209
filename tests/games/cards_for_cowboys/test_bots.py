"""The random and push-your-luck bots."""

from __future__ import annotations

from games.base import RandomBot
from games.cards_for_cowboys import GAME
from games.cards_for_cowboys.bots import PushYourLuckBot
from games.play import playout
from games.rng import Rng
from tests.games.cards_for_cowboys.position import DRAW as D
from tests.games.cards_for_cowboys.position import STOP, fresh, play, stack


def _choose(s, seat):
    return PushYourLuckBot().choose(GAME.view(s, seat), GAME.legal_actions(s, seat), Rng(1))


def test_the_game_offers_a_random_and_a_smart_bot() -> None:
    assert set(GAME.bots) == {"random", "smart"}


def test_the_smart_bot_stops_when_the_next_card_would_likely_bust_it() -> None:
    s = stack(fresh(2), 0, ["c62a", "c34a", "c64a", "c63a", "c61a"])
    s, _ = play(s, (0, D), (0, D))
    # Two Bandits out; the top is a rattlesnake back, and the rattlesnakes left hold
    # the double Bandit and another Bandit.
    assert s.players[0].draw[0] == "c64a"
    assert _choose(s, 0) == STOP


def test_the_smart_bot_draws_when_the_top_card_is_safe() -> None:
    s = stack(fresh(2), 0, ["c62a", "c34a", "c91a"])
    s, _ = play(s, (0, D), (0, D))
    assert _choose(s, 0) == D


def test_the_smart_bot_uses_a_jail_before_risking_the_third_bandit() -> None:
    s = stack(fresh(2), 0, ["c50", "c64a", "c61a"])
    s, _ = play(s, (0, D), (0, D))
    assert _choose(s, 0) == {"type": "trash", "card": "c50"}


def test_the_smart_bot_throws_uniformly_from_the_generator_it_is_given() -> None:
    s, _ = play(stack(stack(fresh(2), 0, ["c91a"]), 1, ["c91b"]), (0, D), (1, D), (0, STOP),
                (1, STOP))
    legal = GAME.legal_actions(s, 0)
    for seed in range(5):
        expected = Rng(seed).choice(legal)
        assert PushYourLuckBot().choose(GAME.view(s, 0), legal, Rng(seed)) == expected


def test_the_smart_bot_wins_clearly_more_cows_than_the_random_bot() -> None:
    cows = {"smart": 0.0, "random": 0.0}
    for n in range(18):
        seats = 2 + n % 3
        bots = [PushYourLuckBot() if (s + n) % 2 == 0 else RandomBot() for s in range(seats)]
        out = playout(GAME, seats=seats, seed=n, bots=bots)
        assert out.result is not None
        per: dict[str, list[float]] = {"smart": [], "random": []}
        for s, bot in enumerate(bots):
            per[bot.name].append(out.result.scores[s])
        for k, v in per.items():
            cows[k] += sum(v) / len(v)
    assert cows["smart"] > 3 * cows["random"]
