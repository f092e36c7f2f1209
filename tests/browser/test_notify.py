"""A player who opted in is notified of a new move of theirs while the tab is hidden
(static/js/notify.js): never while the tab is in view, never once they opt out.

The browser's Notification is replaced by a recorder, granted, and ``document.hidden``
follows a flag the test sets: a headless browser shows no notifications and is never
hidden, but the page's own code runs as it would.
"""

from __future__ import annotations

import random

import pytest

from tests.support.browser import Player

pytestmark = pytest.mark.browser

RECORDER = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(Document.prototype, "hidden",
                      { get() { return window.__hidden; }, configurable: true });
class Recorded {
  constructor(title, options) { window.__notes.push({ title, ...options }); }
  close() {}
}
Recorded.permission = "granted";
Recorded.requestPermission = async () => "granted";
window.Notification = Recorded;
"""


def notes(player: Player) -> list[dict[str, str]]:
    found: list[dict[str, str]] = player.page.evaluate("() => window.__notes")
    return found


def opt(player: Player, on: bool) -> None:
    """Ticks or clears "Notify me" in the page's settings, as a player does."""
    box = player.page.locator("#notify")
    if not box.is_visible():
        player.page.locator("#log-open").click()
    box.set_checked(on)
    player.page.wait_for_function(  # the page asks for permission, then keeps the choice
        "(on) => localStorage.getItem('saloon.pref.notify') === JSON.stringify(on)", arg=on)


def new_trick(ana: Player, bo: Player, rng: random.Random) -> None:
    """Both play a card (High Card is played all at once): a new trick asks Ana again."""
    version = ana.version()
    assert ana.act(rng) and bo.act(rng)
    ana.page.wait_for_function(
        "(v) => window.saloon.version > v + 1 && window.saloon.doc.legal.length > 0"
        " && window.saloon.renderedVersion === window.saloon.version", arg=version)


def test_a_hidden_tab_is_notified_of_a_new_move_only_when_the_player_opted_in(browser, live):
    rng = random.Random(3)
    context = browser.new_context()
    context.add_init_script(RECORDER)
    ana = Player(context, live, "Ana")
    code = ana.create("highcard", {"tricks": 4})
    bo = Player(browser.new_context(), live, "Bo")
    bo.join(code)
    ana.page.wait_for_function("() => window.saloon.doc.room.seats.length === 2")
    opt(ana, True)
    ana.start()  # Ana's move, with the tab in view: the title says so, nothing pops up
    ana.page.wait_for_function("() => document.title.startsWith('● Your move')")
    assert notes(ana) == []

    ana.page.evaluate("() => { window.__hidden = true; }")
    new_trick(ana, bo, rng)
    ana.page.wait_for_function("() => window.__notes.length === 1")
    [note] = notes(ana)
    assert note["title"] == "Saloon: your move" and note["tag"] == "saloon-turn"
    assert note["body"] == ana.page.evaluate("() => window.saloon.doc.game.prompt")

    opt(ana, False)
    new_trick(ana, bo, rng)
    assert len(notes(ana)) == 1  # opted out: the hidden tab is not notified again
    assert not ana.errors and not bo.errors


def test_a_page_reloaded_on_your_move_keeps_quiet_until_touched(browser, live):
    # Browsers refuse sound before the player's first touch of a page, with a warning in
    # the console: the chime waits for it (and is heard at the next move).
    ana = Player(browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                     has_touch=True), live, "Ana")
    ana.create("highcard", {"tricks": 3})
    ana.add_bot()
    ana.start()
    page = ana.page
    # (A touch screen's card opens a menu to confirm its one use: no action on the card.)
    page.wait_for_selector("#table [data-opens]")
    said: list[str] = []
    page.on("console", lambda m: said.append(m.text))
    page.reload()
    ana.wait_doc()
    page.wait_for_selector("#table [data-opens]")
    page.wait_for_timeout(300)
    assert not [m for m in said if "AudioContext" in m], said
