"""Every registered game played to its end through the browser client, with a reload,
screenshots of the table, and a check that no page ever shows a card its seat may not see."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from games.registry import all_games
from tests.support.browser import Player, next_turn

pytestmark = pytest.mark.browser

# Per game: humans, bots, options that keep the game short, and action types a test
# player prefers (so that a random walk ends in reasonable time).
PLANS: dict[str, dict[str, Any]] = {
    "wyoming_cowboy": {"humans": 2, "bots": 1,
                       "options": {"target_score": 50, "max_hands": 1, "turn_limit": 30}},
    "cards_for_cowboys": {"humans": 2, "bots": 1, "prefer": ["burn", "stop"]},
    "cowpoker": {"humans": 2, "bots": 1},
}
GAMES = sorted(g for g in all_games() if g != "highcard")
RANK_WORDS = {"2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven",
              "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King",
              "A": "Ace"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
MAX_STEPS = 600


def chooser(prefer: list[str]):
    def choose(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        best = [a for a in legal if a["type"] in prefer]
        return rng.choice(best or legal)
    return choose


def leaks(player: Player, seat: int | None, live, code: str) -> list[str] | None:
    """Returns the secrets the page shows, or None when the page and server were not in step."""
    dom = player.dom()
    room = live.room(code)
    v1, state = room.version, room.state
    if state is None or dom["version"] != v1:
        return None
    secrets = room.game.secrets(state, seat)
    if room.version != v1:
        return None
    tokens = set(re.findall(r"[A-Za-z0-9]+", dom["text"]))
    found = sorted(s for s in secrets if s in tokens)
    text = dom["text"]
    for s in secrets:
        if re.fullmatch(r"[2-9TJQKA][CDHS]", s) and f"{RANK_WORDS[s[0]]} of {SUIT_WORDS[s[1]]}" in text:  # noqa: E501
            words = f"{RANK_WORDS[s[0]]} of {SUIT_WORDS[s[1]]}"
            at = text.index(words)
            found.append(f"{s} in words: ...{text[max(0, at - 80):at + 40]!r}")
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_play_a_whole_game_in_the_browser(browser, live, artifacts, game_id):
    game = all_games()[game_id]
    plan = PLANS.get(game_id, {"humans": min(2, game.max_seats),
                               "bots": max(0, game.min_seats - 2)})
    rng = random.Random(6)
    choose = chooser(plan.get("prefer", []))
    host = Player(browser.new_context(), live, "Ana")
    code = host.create(game_id, plan.get("options"))
    players = [host]
    for name in ["Bo", "Cy", "Di"][: plan["humans"] - 1]:
        guest = Player(browser.new_context(viewport={"width": 390, "height": 844},
                                           is_mobile=True, has_touch=True), live, name)
        guest.join(code)
        players.append(guest)
    for _ in range(plan["bots"]):
        host.add_bot("smart" if "smart" in game.bots else None)
    host.start()
    seats = {p: p.doc()["room"]["you"] for p in players}
    watcher = Player(browser.new_context(), live, "Watcher")
    watcher.page.goto(f"{live.http}/r/{code}")
    watcher.wait_doc()
    checked = steps = 0
    shot = reloaded = False
    started = time.monotonic()
    while live.room(code).status != "finished":
        assert steps < MAX_STEPS, f"{game_id} did not end within {MAX_STEPS} browser actions"
        moved = False
        for p in players:
            if p.act(rng, choose):
                moved = True
                steps += 1
        if steps >= 4 and not shot:
            for p in players:
                p.page.wait_for_function(
                    "() => window.saloon.renderedVersion === window.saloon.version")
            host.page.screenshot(path=str(artifacts / f"{game_id}-desktop.png"), full_page=True)
            players[1].page.screenshot(path=str(artifacts / f"{game_id}-390.png"), full_page=True)
            width = players[1].page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 390, f"the {game_id} table is {width}px wide on a 390px screen"
            shot = True
        if steps >= 6 and not reloaded:
            guest = players[-1]
            guest.page.reload()
            guest.wait_doc()
            assert guest.doc()["room"]["you"] == seats[guest]
            reloaded = True
        if not moved:
            # The room now waits for a person, and the pages of those to act show it: a
            # moment the pages and the server are in step (bots playing fast, as Cowpoker's
            # Deadwood does, leave few others).
            next_turn(watcher, players)
        if steps % 2 == 0 or not moved:
            for p in [*players, watcher]:
                found = leaks(p, seats.get(p), live, code)
                if found is not None:
                    checked += 1
                    assert not found, f"{p.name}'s page shows hidden cards {found}"
    assert reloaded, "the game ended before a player could reload"
    for p in [*players, watcher]:
        p.page.wait_for_selector("#game-over", timeout=10000)
        found = leaks(p, seats.get(p), live, code)
        assert not found, f"{p.name}'s page shows hidden cards {found} at the end"
    host.page.screenshot(path=str(artifacts / f"{game_id}-over-desktop.png"), full_page=True)
    host.page.wait_for_selector("#result-rematch")
    assert checked >= 3, "too few moments where page and server were in step to check leaks"
    table_share = sum(p.used_table for p in players) / max(1, steps)
    assert table_share > 0.8, f"only {table_share:.0%} of actions went through the table"
    for p in [*players, watcher]:
        assert not p.errors, f"{p.name}: {p.errors}"
    print(f"{game_id}: {steps} browser actions, {checked} leak checks, "
          f"{table_share:.0%} through the table, {time.monotonic() - started:.1f}s")
