"""A game installed with pip from its own distribution, in a real browser: listed in the
lobby with its rules page, and played to the end on the table its package ships."""

from __future__ import annotations

import random

import pytest

from tests.support.browser import Player, next_turn

pytestmark = pytest.mark.browser


def test_the_installed_game_shows_in_the_lobby_with_its_rules_page(browser, live, artifacts):
    page = browser.new_page()
    page.goto(live.http + "/")
    link = page.locator("#game-highcard a[data-rules='highcard']")
    assert link.inner_text() == "How to play High Card"
    link.click()  # the rules open beside the lobby
    panel = page.locator("#rules-panel article.rules")
    panel.wait_for()
    assert panel.locator("h1").inner_text() == "High Card"
    assert panel.locator("h2").all_inner_texts()[:2] == ["Object", "Set-up"]
    page.goto(live.http + link.get_attribute("href"))  # and the link is the whole page
    assert page.locator("article.rules h1").inner_text() == "High Card"
    page.screenshot(path=str(artifacts / "highcard-rules-desktop.png"), full_page=True)
    page.close()


def test_the_installed_game_plays_to_the_end_on_its_own_table(browser, live, artifacts):
    rng = random.Random(7)
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("highcard", {"tricks": 3})
    ana.add_bot()
    ana.start()
    # The table module came from the game's package: its zones are on the page.
    ana.page.wait_for_selector("#table[data-game='highcard'] .hand-zone")
    ana.page.screenshot(path=str(artifacts / "highcard-table-desktop.png"), full_page=True)
    while live.room(code).status != "finished":
        if not ana.act(rng):
            next_turn(ana, [ana])
    ana.page.wait_for_selector("#game-over")
    assert ana.used_table > 0 and ana.used_fallback == 0
    assert ana.page.locator("#table .tricks-zone .trick").count() == 3
    assert not ana.errors
