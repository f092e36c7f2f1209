"""The table as a player meets it, in every game at 1280x800 and at 390x844 (touch).

One person plays a whole game against bots, clicking only what is on the screen: at every
decision the decision bar and every control the move needs are inside the viewport (the
test never scrolls), another seat's move leaves data-last-move on what it touched, a card
can be enlarged and its text read at 11 px or more, the end screen names the winner and
every score line, and axe-core finds nothing serious on the lobby, the room and the table.
Screenshots of the table early, mid-game and at the end go to ``artifacts/``. The longest
decisions of Wyoming Cowboy, reached on purpose, have every control on a phone's screen.
"""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from app.rooms import service as service_module
from tests.support.browser import Player, key, next_turn

pytestmark = pytest.mark.browser

JSON = dict[str, Any]
VIEWPORTS: dict[str, JSON] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    # The phone also asks for reduced motion: the page then never animates.
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "reduced_motion": "reduce"},
}
# Per game: bots beside the one person, options that keep the game short, action types the
# person prefers (so that a random walk ends soon).
PLANS: dict[str, JSON] = {
    "wyoming_cowboy": {"bots": 2, "options": {"target_score": 50, "max_hands": 1, "turn_limit": 24},
                       "prefer": ["holster", "nothing", "draw", "discard", "stand"]},
    "cards_for_cowboys": {"bots": 1, "prefer": ["stop", "burn", "skip"]},
    "cowpoker": {"bots": 1},
}
MAX_DECISIONS = 400
# A count of one with a plural word ("1 Cows", "1 cards"): the engines and tables write
# the singular themselves (a "$1" or "-1" is not a count of one thing; "buys", "hands" and
# "turns" are left out: "Smart Bot 1 buys first" is a sentence).
ONE_PLURAL = re.compile(r"(?<![\d.,$\u2212-])\b1 (more )?"
                        r"(Cows|Bandits|cards|points|pts|Jails|actions)\b")
# On a phone, "Not you?" stays on the line of the name it questions.
NOT_YOU_BESIDE_NAME = """() => {
  const b = document.querySelector('#not-me'), who = document.querySelector('.room-title .who');
  if (!b || !who) return 'no name or no button';
  const r = b.getBoundingClientRect(), name = who.getClientRects()[0];
  return Math.abs(r.top + r.height / 2 - (name.top + name.height / 2)) < 8
    ? 'ok' : `Not you? at ${Math.round(r.top)}, the name at ${Math.round(name.top)}`;
}"""
MID = 8  # the decision at which the mid-game screenshot is taken

# Clicks the first element among `selectors` that is on the screen and not covered (in
# one go, so that no redraw comes between looking and clicking); never scrolls. Returns
# "ok", or what it found instead.
CLICK_IN_VIEW = """(selectors) => {
  const seen = [];
  for (const sel of selectors) {
    for (const el of document.querySelectorAll(sel)) {
      if (el.closest('#choice-list')) continue;
      // A row of the bar that scrolls sideways is swiped to the card, as a player would.
      const row = el.closest('.bar-row');
      if (row) {
        const rr = row.getBoundingClientRect(), er = el.getBoundingClientRect();
        if (er.left < rr.left) row.scrollLeft -= rr.left - er.left + 6;
        else if (er.right > rr.right) row.scrollLeft += er.right - rr.right + 6;
      }
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const inside = r.top >= -1 && r.left >= -1
        && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
      const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 14);
      const at = inside ? document.elementFromPoint(x, y) : null;
      if (inside && at && (at === el || el.contains(at))) { el.click(); return 'ok'; }
      seen.push(`${sel} at ${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight}` +
        (inside ? ` covered by ${at && (at.id || at.className)}` : ''));
    }
  }
  return seen.length ? seen.join('; ') : 'nothing';
}"""
BAR_IN_VIEW = """() => {
  const bar = document.querySelector('#decision');
  if (!bar || bar.getAttribute('role') !== 'region'
    || bar.getAttribute('aria-label') !== 'Your move') return 'no region';
  const r = bar.getBoundingClientRect();
  return r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1
    ? 'ok' : `bar at ${r.top}..${r.bottom} of ${innerHeight}`;
}"""
SETTLED = "() => document.getAnimations().every((a) => a.playState !== 'running')"
FINISH_MOTION = """() => {
  const running = document.getAnimations().filter((a) => a.playState === 'running');
  running.forEach((a) => a.finish());
  return running.length;
}"""
# After a move the keyboard stays in the play area (the next decision's control, the bar, or
# what the player had focused there), never back on the page's body.
FOCUS_IN_PLAY = "() => !!(document.activeElement && document.activeElement.closest('#play'))"
OTHER_MARKS = """(me) => [...document.querySelectorAll('[data-last-move]')]
  .filter((e) => e.dataset.lastMove !== String(me)).length"""
# What the page remembers of the last moves, for a failure's message.
MARKS_HELD = """() => JSON.stringify({version: window.saloon.version, syncs: window.saloon.syncs,
  to_act: window.saloon.doc.room.to_act,
  marks: [...window.saloon.marks].map(([seat, ids]) => [seat, [...ids]])})"""
# The smallest rendered text a player can see among the texts of card faces a selector
# names, outside a place (another selector, or null): SVG units scaled to the card's width.
SMALLEST_TEXT = """([texts, outside]) => {
  let min = Infinity, where = '';
  for (const t of document.querySelectorAll(texts)) {
    if (outside && t.closest(outside)) continue;
    const svg = t.ownerSVGElement, w = svg.getBoundingClientRect().width;
    // (An SVG group drawn with display: none hides its text; checkVisibility misses it.)
    let shown = !!w && !!t.textContent.trim();
    for (let e = t; shown && e !== svg; e = e.parentNode) {
      shown = getComputedStyle(e).display !== 'none';
    }
    if (!shown) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * w / svg.viewBox.baseVal.width;
    if (px < min) {
      min = px;
      where = `"${t.textContent}" on ${t.closest('.card').dataset.card}, ${w}px wide, in `
        + t.closest('[id]').id;
    }
  }
  return min === Infinity ? null : [min, where];
}"""
# On a desktop: the effects and names of full-size faces.
DESKTOP_FACES = ("#play .card:not(.small) svg :is(.c4c-effect, .cow-effect, .cow-name)", None)
# On a phone, Cowpoker's and Cards for Cowboys' cards are 62 px wide, and the type they are
# drawn with there keeps their text at 9 px or more. (Cards for Cowboys' Store is drawn at
# 46 px to hold its pyramid, the other players' rows at 38 px beside the sums they make:
# their cards are read enlarged, the Store's also in the decision bar when one may be
# bought.)
PHONE_FACES = {"cowpoker": ("#play .card svg.cow-face text", ".zoom"),
               "cards_for_cowboys": ("#play .card svg.c4c-face text", ".store, .card.small")}
# Cards for Cowboys' Store thumbnails show values and a few words of an effect in type of 8 px
# or more on a phone, 9 on a desktop (their rules are read enlarged, or in the bar).
STORE_FACES = ("#play .store svg.c4c-face text", None)

# The place a decision needs on the table (a table's focusTarget: the cards to beat in a
# Cowpoker trick), scrolled into view above the dock that stands over the screen's foot.
PLACE_CLEAR_OF_DOCK = """(selector) => {
  const place = document.querySelector(selector), dock = document.querySelector('#dock');
  if (!place || !dock) return 'ok';
  const p = place.getBoundingClientRect(), d = dock.getBoundingClientRect();
  return p.top >= -1 && p.bottom <= d.top + 1 ? 'ok'
    : `${selector} at ${p.top}..${p.bottom}, the dock from ${d.top}`;
}"""


def one_plurals(page: Page) -> list[str]:
    """The places where the page's text counts one thing with a plural word."""
    text = page.inner_text("body")
    return [text[max(0, m.start() - 40):m.end()].replace("\n", " | ")
            for m in ONE_PLURAL.finditer(text)]


def click_in_view(page: Page, selectors: list[str], what: str) -> None:
    found = page.evaluate(CLICK_IN_VIEW, selectors)
    assert found == "ok", f"{what}: not in view without scrolling: {found}"


def q(text: str) -> str:
    return text.replace("\\", "\\\\").replace("'", "\\'")


def act_in_view(player: Player, action: JSON) -> None:
    """Makes ``action`` by clicking only controls on the screen; fails if one is not."""
    page = player.page
    version, errors = page.evaluate("() => [window.saloon.version, window.saloon.errorCount]")
    k = q(key(action))
    found = page.evaluate(CLICK_IN_VIEW, [f"#play [data-action='{k}']:not([data-confirm])"])
    if found != "ok":
        assert found == "nothing", \
            f"the control of {action}: not in view without scrolling: {found}"
        if isinstance(action.get("gun"), str) or isinstance(action.get("card"), str):
            opener = (f"#play [data-opens][data-gun='{q(action['gun'])}']"
                      if isinstance(action.get("gun"), str)
                      else f"#play [data-opens][data-card='{q(action['card'])}']")
            click_in_view(page, [opener], f"the card or gun that opens {action}")
            click_in_view(page, [f"#play .menu [data-action='{k}']"], f"the menu entry of {action}")
        else:
            cards = action.get("cards")
            assert isinstance(cards, list), f"no control on the table for {action}"
            page.evaluate("() => window.saloon.clearSelection && window.saloon.clearSelection()")
            for c in cards:
                pick = f"#play [data-pick][data-card='{q(c)}'][aria-pressed='false']"
                click_in_view(page, [pick],
                              f"the card {c} to pick for {action}")
            click_in_view(page, [f"#play [data-confirm][data-action='{k}']",
                                 f"#play [data-action='{k}']"],
                          f"the confirm of {action}")
    page.wait_for_function(
        f"() => (window.saloon.version > {version} || window.saloon.errorCount > {errors})"
        " && !window.saloon.pending", timeout=15000)


def axe(page: Page, where: str) -> None:
    """Runs axe-core on the page; fails on serious or critical violations."""
    page.add_script_tag(url="/static/vendor/axe.min.js")
    found = page.evaluate("""async () => {
      const r = await axe.run(document, {resultTypes: ['violations']});
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help} — `
          + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | '));
    }""")
    assert not found, f"axe on {where}: " + "\n".join(found)


# A face-up card on the screen (not covered by anything), as a selector that still finds
# it after a redraw (redraws replace the elements).
CARD_IN_VIEW = """() => {
  for (const el of document.querySelectorAll('#play .card[data-card]')) {
    const r = el.getBoundingClientRect();
    if (!r.width || r.top < 0 || r.bottom > innerHeight || r.right > innerWidth) continue;
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const where = el.closest('#hand, #table, #decision');
    if (at && el.contains(at) && where) return `#${where.id} .card[data-card="${el.dataset.card}"]`;
  }
  return null;
}"""


def enlarge(page: Page, phone: bool, shot: Path) -> float | None:
    """Enlarges a face-up card on the screen (hover on a desktop, a long press and the Z
    key on a phone), screenshots it to ``shot``; returns the size of its text, or None when
    no face-up card is in view."""
    found = page.evaluate(CARD_IN_VIEW)
    if not found:
        return None
    card = page.locator(found).first
    if phone:
        # A long press opens the enlarged card (and does not play it)...
        touch = {"identifier": 1, "clientX": 1, "clientY": 1}
        card.dispatch_event("touchstart", {"touches": [touch]})
        page.wait_for_selector("#card-zoom")
        card.dispatch_event("touchend", {"touches": []})
        page.keyboard.press("Escape")
        page.wait_for_selector("#card-zoom", state="detached")
        # ... and so does the Z key on a focused card.
        card.focus()
        page.keyboard.press("z")
        box, text = "#card-zoom", "#card-zoom .card-note, #card-zoom h2"
    else:
        card.hover()
        box, text = "#zoom", "#zoom .zoom-text, #zoom .zoom-title"
    page.wait_for_selector(box)
    if not phone:
        # Once the game's note on the card is in, the enlarged card says each thing once.
        with contextlib.suppress(PlaywrightTimeout):  # unless the game has no note on it
            page.wait_for_selector("#zoom .zoom-note", timeout=3000)
        said = page.locator("#zoom .zoom-words").inner_text()
        sentences = [x.strip() for x in re.split(r"(?<=[.!?])\s+|\n", said) if len(x.strip()) > 12]
        assert len(sentences) == len(set(sentences)), f"the enlarged card repeats itself: {said}"
    size: float = page.evaluate("""(sel) => {
      const t = document.querySelector(sel);
      return t && t.textContent.trim() ? parseFloat(getComputedStyle(t).fontSize) : 0;
    }""", text)
    page.screenshot(path=str(shot))
    if phone:
        page.keyboard.press("Escape")
    else:
        page.mouse.move(1, 1)
    page.wait_for_selector(box, state="detached")
    return size


def result_words(detail: Any) -> list[str]:
    """The names of the score lines in a result's detail."""
    out = []
    for row in (detail or {}).get("seats") or (detail or {}).get("ranches") or []:
        for line in row.get("lines", []):
            out.append(line if isinstance(line, str) else line.get("label") or line.get("what"))
    return out


@pytest.mark.parametrize("width", sorted(VIEWPORTS))
@pytest.mark.parametrize("game_id", sorted(PLANS))
def test_a_whole_game_with_the_decision_always_in_view(browser, live, artifacts, game_id, width):
    plan = PLANS[game_id]
    phone = width == "phone"
    rng = random.Random(11)
    ana = Player(browser.new_context(**VIEWPORTS[width]), live, "Ana")
    page = ana.page
    code = ana.create(game_id, plan.get("options"))
    axe(page, f"the room of {game_id} ({width})")
    for _ in range(plan["bots"]):
        ana.add_bot("smart")
    ana.start()
    me = ana.seat()
    prefer = plan.get("prefer", [])
    decisions = marks_checked = moving = others_seen = 0
    enlarged = False
    while live.room(code).status != "finished":
        legal = ana.ready()
        if not legal:
            next_turn(ana, [ana])
            continue
        assert decisions < MAX_DECISIONS, f"{game_id} did not end within {MAX_DECISIONS} decisions"
        if phone:
            assert page.evaluate("() => document.getAnimations().length") == 0, \
                "the page animates though the browser asks for reduced motion"
        else:
            # Cards still travelling are where the player sees them a moment later.
            moving += page.evaluate(FINISH_MOTION)
        assert page.evaluate(BAR_IN_VIEW) == "ok", \
            f"decision {decisions}: the bar is off the screen"
        if decisions:
            assert page.evaluate(FOCUS_IN_PLAY), f"decision {decisions}: focus fell to the page"
        # The server counts the moves; those not the player's own are the other seats'.
        # (Not the page's version after a move: a bot with no delay may have moved too.)
        room = live.room(code)
        others, seen = room.seq - decisions, room.version
        if others > others_seen:
            page.wait_for_function("(v) => window.saloon.version >= v", arg=seen)
            assert page.evaluate(OTHER_MARKS, me) > 0, (
                f"decision {decisions}: another seat moved but nothing carries data-last-move "
                f"({page.evaluate(MARKS_HELD)})")
            marks_checked += 1
        others_seen = others
        assert not one_plurals(page), f"decision {decisions}: {one_plurals(page)}"
        if decisions == 0:
            if phone:
                assert page.evaluate(NOT_YOU_BESIDE_NAME) == "ok", \
                    page.evaluate(NOT_YOU_BESIDE_NAME)
            # The tab says it is your move: its title and a dot on its icon.
            assert page.evaluate("() => document.title").startswith("● Your move")
            assert page.locator("#favicon").get_attribute("data-flag") == "yes"
            page.screenshot(path=str(artifacts / f"ui-{game_id}-{width}-early.png"))
            axe(page, f"the {game_id} table ({width})")
        if decisions == MID:
            page.screenshot(path=str(artifacts / f"ui-{game_id}-{width}-mid.png"))
        if not enlarged:
            size = enlarge(page, phone, artifacts / f"ui-{game_id}-{width}-card.png")
            assert size is None or size >= 11, f"the enlarged card's text is {size}px"
            enlarged = size is not None
        if phone and any(a["type"] == "trick" for a in legal):
            found = page.evaluate(PLACE_CLEAR_OF_DOCK, "#play .trick-zone")
            assert found == "ok", f"decision {decisions}: the trick is under the dock: {found}"
        if phone and game_id in PHONE_FACES and decisions % 4 == 0:
            smallest = page.evaluate(SMALLEST_TEXT, PHONE_FACES[game_id])
            assert smallest is None or smallest[0] >= 8.9, \
                f"{game_id} card text at {smallest[0]:.1f}px on a phone: {smallest[1]}"
        if game_id == "cards_for_cowboys" and decisions % 4 == 0:
            smallest = page.evaluate(SMALLEST_TEXT, STORE_FACES)
            assert smallest is None or smallest[0] >= (7.95 if phone else 8.95), \
                f"Store card text at {smallest[0]:.1f}px: {smallest[1]}"
        if not phone and decisions % 4 == 0:
            smallest = page.evaluate(SMALLEST_TEXT, DESKTOP_FACES)
            assert smallest is None or smallest[0] >= 10.9, \
                f"card text at {smallest[0]:.1f}px on a desktop: {smallest[1]}"
        best = [a for a in legal if a["type"] in prefer]
        act_in_view(ana, rng.choice(best or legal))
        decisions += 1
    page.wait_for_selector("#game-over", timeout=10000)
    page.wait_for_function(SETTLED)
    # The end of the game scrolls to who won, whatever the result's height.
    page.wait_for_function("""() => {
      const r = document.querySelector('#game-over .winner').getBoundingClientRect();
      return r.top > -1 && r.bottom < innerHeight + 1;
    }""", timeout=5000)
    room = live.room(code)
    over = page.locator("#game-over").inner_text()
    headline = page.locator("#game-over .winner").inner_text()
    names = [s["name"] for s in ana.doc()["room"]["seats"]]
    you = ana.doc()["room"]["you"]
    winners = [names[w] for w in room.result["winners"] if w != you]
    assert all(w in headline for w in winners), \
        f"the end screen does not name the winner: {headline}"
    # A win of one's own is said as one's own.
    assert headline.startswith("You ") is (you in room.result["winners"]), headline
    for name in names:
        assert name in over
    for line in result_words(room.result.get("detail")):
        assert line in over, f"the end screen misses the line {line!r}"
    assert not one_plurals(page), f"the end screen: {one_plurals(page)}"
    page.screenshot(path=str(artifacts / f"ui-{game_id}-{width}-end.png"), full_page=True)
    axe(page, f"the end of {game_id} ({width})")
    # The sound's switch is remembered by the browser.
    page.locator("#mute").click()
    page.reload()
    ana.wait_doc()
    assert page.locator("#mute").inner_text() == "Sound off"
    assert page.locator("#mute").get_attribute("aria-pressed") == "true"
    page.locator("#mute").click()
    assert enlarged, "no card could be enlarged"
    assert phone or moving, "no card ever travelled or turned over on the desktop"
    assert marks_checked >= 1, "no move of another seat was checked for data-last-move"
    assert not ana.errors, ana.errors


def test_the_lobby_passes_axe(browser, live, artifacts):
    for width, opts in VIEWPORTS.items():
        context = browser.new_context(**opts)
        page = context.new_page()
        page.goto(live.http + "/")
        page.wait_for_selector("form[data-game]")
        page.screenshot(path=str(artifacts / f"ui-lobby-{width}.png"), full_page=True)
        axe(page, f"the lobby ({width})")
        context.close()


# Every element of the lobby's game forms that scrolls on its own (its content taller than
# its box, and its box one that scrolls), as text; [] when the page alone scrolls.
SCROLLING_BOXES = """() => [...document.querySelectorAll('form[data-game] *')].filter((el) => {
  const flow = getComputedStyle(el).overflowY;
  return (flow === 'auto' || flow === 'scroll') && el.scrollHeight > el.clientHeight + 1;
}).map((el) => `${el.closest('form').dataset.game}: ${el.className || el.tagName}`)"""


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_the_lobby_options_flow_with_the_page(browser, live, screen):
    # A box of options scrolling inside the page cut a field in two on a phone.
    context = browser.new_context(**VIEWPORTS[screen])
    page = context.new_page()
    page.goto(live.http + "/")
    page.wait_for_selector("form[data-game]")
    page.eval_on_selector_all("details.game-options", "all => all.forEach((d) => d.open = true)")
    assert page.locator("text=Passing across with 5 or 7 players").is_visible()
    assert page.evaluate(SCROLLING_BOXES) == []
    # A select shows its chosen words in one line: each choice's words fit, on a phone
    # and in a game's column of a wide screen.
    assert page.evaluate(CUT_CHOICES) == []
    context.close()


# The choices of the page's selects whose words are wider than the select shows them.
CUT_CHOICES = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const select of document.querySelectorAll('select')) {
    const style = getComputedStyle(select);
    ctx.font = style.font;
    // What the select leaves for its words: its width less its padding and the arrow.
    const room = select.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - 20;
    for (const o of select.options) {
      if (ctx.measureText(o.text).width > room) out.push(`${select.id}: ${o.text}`);
    }
  }
  return out;
}"""

# Every control of the decision bar (of its open menu when one is open: the entries and
# Cancel), each wholly on the screen and not covered where it is pressed; returns what is
# not, as text, else "ok".
WHOLE_BAR_IN_VIEW = """() => {
  const out = [];
  const bar = document.querySelector('#reaction .menu') || document.querySelector('#reaction');
  for (const el of bar.querySelectorAll('button')) {
    const r = el.getBoundingClientRect();
    const inside = r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1
      && r.right <= innerWidth + 1;
    const points = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 3, r.top + 3],
                    [r.right - 3, r.bottom - 3]];
    const hit = inside && points.every(([x, y]) => {
      const at = document.elementFromPoint(x, y);
      return at && (at === el || el.contains(at));
    });
    const what = el.dataset.action || el.textContent.trim();
    if (!hit) out.push(`${what} at ${Math.round(r.top)}..` +
      `${Math.round(r.bottom)} of ${innerHeight}` + (inside ? ' (covered)' : ''));
  }
  return out.length ? out.join('; ') : 'ok';
}"""
# Two decisions as long as any seen in a million decisions of random games, each reached
# by a seed and the moves of three people with names as long as people give (no bot:
# nothing else moves): the card to open (or none) and the decision's controls. With seed
# 49 Ana deals, the three pass, the others discard, and Ana's Five of diamonds opens six
# ways to pull a .357 with it and four ways to discard it and draw, each a sentence of
# two or three lines. With seed 2279 the second seat pulls a .22 and shoots Ana, who holds
# the four 6s: four backfires, each naming the shooter, or the shot.
LONG_NAMES = ("Ana", "Buffalo Bill Cody", "Calamity Jane")
LONG_DECISIONS: dict[str, JSON] = {
    "card-menu": {"seed": 49, "open": "5D", "controls": 10, "moves": [
        (0, {"type": "direction", "direction": "left"}),
        (0, {"type": "pass", "cards": ["4C", "KD", "4H"]}),
        (1, {"type": "pass", "cards": ["5C", "3D", "6H"]}),
        (2, {"type": "pass", "cards": ["7C", "5D", "3H"]}),
        (1, {"type": "discard", "card": "4C", "pile": 1, "discard": 0}),
        (2, {"type": "discard", "card": "5C", "pile": 1, "discard": 0}),
    ]},
    "shot-at": {"seed": 2279, "open": None, "controls": 5, "moves": [
        (0, {"type": "direction", "direction": "left"}),
        (0, {"type": "pass", "cards": ["2D", "8D", "JH"]}),
        (1, {"type": "pass", "cards": ["5C", "7C", "TC"]}),
        (2, {"type": "pass", "cards": ["4C", "KD", "6H"]}),
        (1, {"type": "pull", "gun": "22", "cards": ["2D", "2H"]}),
        (1, {"type": "discard", "card": "8D", "pile": 1, "discard": 0}),
        (2, {"type": "discard", "card": "5C", "pile": 1, "discard": 0}),
        (0, {"type": "discard", "card": "4C", "pile": 1, "discard": 0}),
        (1, {"type": "shoot", "gun": "g1", "target": 0}),
    ]},
}


@pytest.mark.parametrize("decision", sorted(LONG_DECISIONS))
def test_the_longest_decisions_fit_a_phone_screen(browser, live, artifacts, monkeypatch,
                                                 decision):
    """On a phone every control of the longest decisions (a card's menu with its Cancel,
    the answers to a shot) is on the screen at once, without scrolling; an opened menu's
    first entry has the keyboard; the last control plays."""
    plan = LONG_DECISIONS[decision]
    monkeypatch.setattr(service_module, "new_seed", lambda: plan["seed"])
    people = [Player(browser.new_context(**VIEWPORTS["phone"]), live, name)
              for name in LONG_NAMES]
    ana, page = people[0], people[0].page
    code = ana.create("wyoming_cowboy", PLANS["wyoming_cowboy"]["options"])
    for p in people[1:]:
        p.join(code)
    ana.start()
    for seat, action in plan["moves"]:
        next_turn(ana, people)
        assert action in people[seat].ready(), f"{action} is not legal for seat {seat}"
        people[seat].act(random.Random(0), lambda legal, _rng, a=action: a)
    next_turn(ana, people)
    legal = ana.ready()
    card = plan["open"]
    if card:
        legal = [a for a in legal if a.get("card") == card or card in a.get("cards", [])]
        click_in_view(page, [f"#play [data-opens][data-card='{card}']"], f"the card {card}")
        page.wait_for_selector("#reaction .menu")
        assert page.evaluate("() => document.activeElement.dataset.action") == key(legal[0])
    assert len(legal) == plan["controls"]
    assert page.locator("#reaction [data-action]").count() == plan["controls"]
    page.screenshot(path=str(artifacts / f"ui-wyoming_cowboy-phone-{decision}.png"))
    found = page.evaluate(WHOLE_BAR_IN_VIEW)
    assert found == "ok", f"not wholly on the screen: {found}"
    axe(page, f"the {decision} decision (phone)")
    act_in_view(ana, legal[-1])
    assert live.room(code).seq == len(plan["moves"]) + 1
    assert not ana.errors, ana.errors


def test_a_wyoming_cowboy_players_own_row_stands_above_the_dock(browser, live):
    """At 1280x800 one's own row (the cowboys, 10s and guns on one's table) heads the
    seats, above the dock, rather than under the others where the dock covers it."""
    ana = Player(browser.new_context(viewport={"width": 1280, "height": 800}), live, "Ana")
    ana.create("wyoming_cowboy", {"max_hands": 1})
    for _ in range(2):
        ana.add_bot("smart")
    ana.start()
    ana.page.wait_for_selector("#table .mine")
    ana.page.evaluate("() => window.scrollTo(0, 0)")
    place = ana.page.evaluate("""() => {
      const mine = document.querySelector('#table .mine').getBoundingClientRect();
      const others = document.querySelector('#table .opponents > :not(.mine)')
        .getBoundingClientRect();
      const dock = document.querySelector('#dock').getBoundingClientRect();
      return {mine: mine.top, others: others.top, dock: dock.top};
    }""")
    assert place["mine"] + 60 <= place["dock"], place
    assert place["mine"] <= place["others"], place
    assert not ana.errors


def test_on_a_phone_a_decision_that_takes_no_card_of_the_hand_sets_it_aside(browser, live,
                                                                           artifacts):
    """Answering a shot, choosing a direction: the hand, a third of a phone's screen, is one
    button that shows it, and the dock leaves the table in view; a decision that takes a
    card of it shows it whole."""
    host = Player(browser.new_context(**VIEWPORTS["phone"]), live, "Ana")
    host.create("wyoming_cowboy", {"max_hands": 1})
    for _ in range(3):
        host.add_bot("smart")
    host.start()
    rng = random.Random(5)
    seen = {"aside": False, "whole": False}
    for _ in range(80):
        legal = host.ready()
        if legal:
            hand = set(host.doc()["game"]["my_hand"])
            named = any(a.get("card") in hand or set(a.get("cards") or []) & hand
                        for a in legal)
            state = host.page.evaluate("""() => ({
              aside: document.getElementById('hand').classList.contains('aside'),
              toggle: document.getElementById('hand-toggle')?.innerText || null,
              cards: [...document.querySelectorAll('#hand .card')].filter(
                (c) => c.getClientRects().length).length})""")
            if named:
                assert not state["aside"] and state["cards"], state
                seen["whole"] = True
            elif host.doc()["game"]["my_hand"]:
                assert state["aside"] and state["cards"] == 0, state
                assert state["toggle"].startswith("Show your hand ("), state
                host.page.screenshot(path=str(artifacts / "play-hand-aside-390.png"))
                host.page.locator("#hand-toggle").click()
                host.page.wait_for_function(
                    "() => !document.getElementById('hand').classList.contains('aside')")
                assert host.page.locator("#hand-toggle").inner_text() == "Hide your hand"
                seen["aside"] = True
            if all(seen.values()):
                break
            host.act(rng)
        else:
            next_turn(host, [host])
    assert all(seen.values()), seen
    assert not host.errors


def test_on_a_touch_screen_a_cards_one_use_is_confirmed_in_its_menu(browser, live, artifacts):
    """A tap on a card to read it played it, beyond undoing: on a touch screen a card with
    one use opens a menu of it, with Cancel; the use is made from the menu."""
    ana = Player(browser.new_context(**VIEWPORTS["phone"]), live, "Ana")
    ana.create("cowpoker")
    ana.add_bot("smart")
    ana.start()
    rng = random.Random(2)
    for _ in range(40):
        legal = ana.ready()
        plays = [a for a in legal if a["type"] in ("play", "trick")]
        one = next((a for a in plays if sum(b.get("card") == a["card"] for b in legal) == 1),
                   None)
        if one is not None:
            break
        if legal:
            ana.act(rng)
        else:
            next_turn(ana, [ana])
    assert one is not None, "no card of a single use came to hand"
    version = ana.version()
    card = ana.page.locator(f"#hand [data-card='{one['card']}']")
    assert card.get_attribute("data-action") is None
    card.tap()
    menu = ana.page.locator("#dock .menu")
    menu.wait_for()
    assert menu.locator(f"[data-action='{key(one)}']").count() == 1
    ana.page.screenshot(path=str(artifacts / "play-confirm-one-use-390.png"))
    ana.page.wait_for_timeout(200)
    assert ana.version() == version  # nothing sent yet
    menu.get_by_text("Cancel").tap()
    menu.wait_for(state="detached")
    card.tap()
    menu.locator(f"[data-action='{key(one)}']").tap()
    ana.page.wait_for_function(f"() => window.saloon.version > {version}")
    assert not ana.errors


def test_a_new_deal_forgets_the_last_hands_marks(browser, live):
    """Wyoming Cowboy deals the same cards each hand: a card the last hand's moves touched,
    dealt again, was outlined as a last move in the new one."""
    ana = Player(browser.new_context(**VIEWPORTS["desktop"]), live, "Ana")
    ana.create("wyoming_cowboy", {"max_hands": 2, "turn_limit": 12})
    for _ in range(2):
        ana.add_bot("smart")
    ana.start()
    ana.page.wait_for_function("() => window.saloon.deal === 1")
    # Every card marked as a move of a seat that is none: only a new deal clears it.
    ana.page.evaluate("""() => window.saloon.marks.set(9, new Set(
      [...'23456789TJQKA'].flatMap((r) => [...'CDHS'].map((s) => r + s))))""")
    rng = random.Random(4)
    for _ in range(200):
        if ana.doc()["game"]["hand_no"] == 2:
            break
        if ana.ready():
            ana.act(rng)
        else:
            next_turn(ana, [ana])
    ana.page.wait_for_function("() => window.saloon.deal === 2")
    assert ana.page.evaluate("""() => !window.saloon.marks.has(9)
      && !document.querySelector('[data-last-move="9"]')""")
    assert not ana.errors


def test_on_a_phone_the_cards_drawn_this_round_are_never_set_aside(browser, live):
    """Cards for Cowboys has no hand: the dock's slot holds the cards drawn this round, what
    each draw-or-stop decides on, and stays in view though no decision clicks them."""
    ana = Player(browser.new_context(**VIEWPORTS["phone"]), live, "Ana")
    ana.create("cards_for_cowboys")
    ana.add_bot("smart")
    ana.start()
    checked = 0
    for _ in range(3):
        legal = ana.ready()
        if not any(a["type"] == "draw" for a in legal):
            break  # the round's drawing is over for this seat (a bust)
        checked += 1
        shown = ana.page.evaluate("""() => ({aside: document.getElementById('hand')
          .classList.contains('aside'), toggle: !!document.getElementById('hand-toggle'),
          said: document.querySelector('#hand h3')?.innerText || ''})""")
        assert shown["said"].startswith("Drawn this round") and not shown["aside"], shown
        assert not shown["toggle"], shown
        ana.act(random.Random(0), lambda legal, rng: next(a for a in legal
                                                          if a["type"] == "draw"))
    assert checked and not ana.errors
