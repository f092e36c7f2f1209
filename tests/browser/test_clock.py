"""The turn clock in a real browser: an idle player is played for, shown away, and comes
back, during a game or after it ended."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser

from tests.support.browser import Player, as_logged
from tests.support.server import LiveServer

pytestmark = pytest.mark.browser


def clocked_game(browser: Browser, live: LiveServer, tricks: int) -> tuple[Player, Player]:
    """Ana opens a High Card room of ``tricks`` tricks with two seconds a decision and no
    bank, from the lobby's form; Bo joins; the game starts. Returns Ana and Bo."""
    ana = Player(browser.new_context(), live, "Ana")
    page = ana.page
    page.goto(live.http + "/")
    form = page.locator("form[data-game='highcard']")
    form.locator("input[name=name]").fill("Ana")
    form.locator("summary").click()
    form.locator("[name='tricks']").fill(str(tricks))
    # Without a clock, or with a preset one, its seconds are not asked for.
    assert not form.locator("#clock-highcard-per-move").is_visible()
    form.locator("#clock-highcard-clock").select_option("custom")
    form.locator("#clock-highcard-per-move").fill("2")
    form.locator("#clock-highcard-bank").fill("0")
    # Its unit said: the presets speak of minutes ("bank 5 min").
    assert form.locator("label[for='clock-highcard-bank']").inner_text() == "Bank (seconds)"
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/r/*")
    ana.wait_doc()
    bo = Player(browser.new_context(), live, "Bo")
    bo.join(page.url.rsplit("/", 1)[1])
    page.wait_for_function("() => window.saloon.doc.room.seats.length === 2")
    assert ana.doc()["room"]["clock"]["per_move"] == 2
    ana.start()
    return ana, bo


def test_an_idle_player_is_played_for_shown_away_and_comes_back(browser, live, artifacts):
    ana, bo = clocked_game(browser, live, tricks=5)
    # Ana plays at once; Bo stays idle and watches his countdown run out.
    bo.page.wait_for_selector("#prompt .countdown.mine")
    assert ana.act(random.Random(0))
    # Ana, waiting for Bo, sees how long he has.
    ana.page.wait_for_selector("#prompt .waited[data-seat='1'] .countdown")
    assert ana.page.locator("#prompt .waited[data-seat='1']").inner_text().startswith("Bo ")
    ana.page.locator("#dock").screenshot(path=str(artifacts / "clock-waiting-dock.png"))
    bo.page.wait_for_selector("#prompt .countdown.hurry")
    bo.page.wait_for_selector("#seat-list [data-seat='1'][data-presence='away']", timeout=15000)
    # Away, but his page is open: connected (the server plays for him all the same).
    bo_seat = "#seat-list [data-seat='1'][data-presence='away'][data-online='yes']"
    ana.page.wait_for_selector(bo_seat)
    assert "away" in ana.page.locator("#seat-list [data-seat='1']").inner_text()
    assert ana.page.locator(f"{bo_seat} .sr-only").text_content() == " (connected, away)"
    assert ana.page.locator(f"{bo_seat} .dot").get_attribute("title") == "connected, away"
    log = ana.page.locator("#log").inner_text()
    assert "Time ran out for Bo: the server played for them" in log
    # An away seat is played for within seconds: no countdown of its clock is shown for it,
    # by the seat list, the others' prompt or its own.
    for p in (ana, bo):
        assert p.page.evaluate("""() => [...document.querySelectorAll(
            "#seat-list [data-presence='away'] .countdown, #prompt .waited .countdown")]
            .filter((e) => e.closest("[data-presence='away'], .waited")?.textContent
                    .includes("away")).length""") == 0
    # Above "I'm back", Bo reads what the server played for him, and nobody else does.
    bo.page.wait_for_selector("#away-played li")
    doc = bo.doc()
    played = doc["room"]["clock"]["seats"][1]["played_for"]
    said = [e["text"].removeprefix("The server played for you: ") for e in doc["log"]
            if e["type"] == "notice" and e.get("only") == [1]][-played:][-3:]
    assert bo.page.locator("#away-played li").all_inner_texts() == [as_logged(s) for s in said]
    assert bo.page.locator("#away-played").inner_text().startswith("What it played for you")
    assert ana.page.locator("#away-played").inner_text() == ""
    bo.page.screenshot(path=str(artifacts / "clock-away-desktop.png"), full_page=True)
    # Away and to move, Bo reads that the server plays in a moment unless he does: his
    # page offers the move all the while, and a press of it is his, not the server's.
    note = ""
    for _ in range(4):
        note = str(bo.page.wait_for_function(AWAY_TO_MOVE, timeout=15000).json_value())
        if note != ANA_TO_MOVE:
            break
        ana.page.wait_for_function("() => window.saloon.doc.legal.length > 0")
        assert ana.act(random.Random(1))
    assert note and note.startswith("You are away: the server plays this move for you in a "
                                   "moment, unless you make it yourself"), note
    # The game moved on without him; "I'm back" gives him his seat again. With two seconds
    # a move he may be to act at once, and away again two seconds later: what the page
    # showed in between is recorded as it happens, not looked for afterwards.
    bo.page.evaluate("""() => {
        window.shown = [];
        const note = () => window.shown.push({
            presence: document.querySelector("#seat-list [data-seat='1']")?.dataset.presence,
            back: !document.querySelector("#away-note").hidden});
        new MutationObserver(note).observe(document.body,
            {subtree: true, childList: true, attributes: true});
    }""")
    # The press spans a redraw: a chat line arrives between the button going down and up,
    # as the server's moves for the away seats may at any time. The page must keep the
    # button it pressed, or the browser sees no click.
    bo.page.locator("#im-back").hover()
    version = bo.version()
    bo.page.mouse.down()
    ana.page.locator("#chat-text").fill("Hurry up, Bo")
    ana.page.locator("#chat-text").press("Enter")
    bo.page.wait_for_function(f"() => window.saloon.version > {version}")
    bo.page.mouse.up()
    bo.page.wait_for_function("() => window.saloon.doc.log.some(e => e.text === 'Bo is back')")
    bo.page.wait_for_function(
        "() => window.shown.some(s => s.presence === 'connected' && !s.back)")
    assert not ana.errors and not bo.errors


# What Bo's away note says while he is away and to move, or that Ana is to move.
ANA_TO_MOVE = "Ana to move"
AWAY_TO_MOVE = """() => {
  const s = window.saloon, d = s.doc;
  if (s.renderedVersion !== s.version || d.room.seats[1].presence !== "away") return false;
  if (d.legal.length) return document.querySelector("#away-text").textContent;
  return d.room.to_act.includes(0) ? "Ana to move" : false;
}"""


def test_a_game_that_ends_while_a_player_is_away_says_so(browser, live):
    ana, bo = clocked_game(browser, live, tricks=1)
    # One trick: Ana plays, Bo's time runs out, the server plays his card and the game ends.
    assert ana.act(random.Random(0))
    bo.page.wait_for_function("() => window.saloon.doc.room.status === 'finished'", timeout=15000)
    bo.page.wait_for_function("() => window.saloon.renderedVersion === window.saloon.version")
    note = bo.page.locator("#away-note")
    assert note.is_visible()
    assert note.inner_text().startswith("You were away: the server played for you.")
    bo.page.locator("#im-back").click()
    bo.page.wait_for_function("() => window.saloon.doc.log.some(e => e.text === 'Bo is back')")
    bo.page.wait_for_selector("#away-note", state="hidden")
    assert not ana.errors and not bo.errors


COUNTDOWNS = """async (cases) => {
  const { countdown } = await import('/static/js/clock.js');
  return cases.map(([ahead, bank]) => {
    const room = {clock: {per_move: 30, bank: 30, seats: [
      {bank, deadline: new Date(Date.now() + ahead * 1000).toISOString()}]}};
    const el = countdown(room, 0, {mine: true});
    return [el.textContent, el.classList.contains('banking'), el.title];
  });
}"""


def test_a_countdown_says_when_the_decisions_seconds_are_spent_and_the_bank_runs(browser,
                                                                               live):
    """While a decision's own seconds run, the countdown says them and the bank apart; then
    "bank N s", in another colour: one sum run on into the bank hid that the player spent
    the game's reserve. Without a bank, one number."""
    page = browser.new_page()
    page.goto(live.http + "/")
    own, banking, plain = page.evaluate(COUNTDOWNS, [[50, 30], [20, 30], [20, 0]])
    assert re.fullmatch(r"(19|20|21) s \+ 30 s bank", own[0]) and not own[1], own
    assert re.fullmatch(r"bank (19|20) s", banking[0]) and banking[1], banking
    assert "bank, kept for the whole game" in banking[2], banking
    assert re.fullmatch(r"(19|20) s", plain[0]) and not plain[1], plain
    page.close()
