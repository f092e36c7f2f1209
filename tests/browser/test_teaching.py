"""Teaching at the table, per game, in a real browser: the rules panel opened from the
table, a card's enlarged face with what it does, a move's description, a greyed card
that says why it waits, the score so far and a first-game hint (screenshots of the
panel and the hints at 1280x800 and 390x844)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games.registry import all_games
from tests.support.browser import Player, key, next_turn

pytestmark = pytest.mark.browser

GAMES = sorted(g for g in all_games() if g != "highcard")
OPTIONS: dict[str, dict[str, Any]] = {"wyoming_cowboy": {"max_hands": 1}}
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def names_in(text: str, doc: dict[str, Any]) -> str:
    """The text as the page shows it: ``{seat:N}`` replaced by seat N's name."""
    seats = [s["name"] for s in doc["room"]["seats"]]
    return re.sub(r"\{seat:(\d+)\}", lambda m: seats[int(m.group(1))], text)


def rendered(p: Player) -> None:
    p.page.wait_for_function("() => window.saloon && window.saloon.doc && !window.saloon.pending"
                             " && window.saloon.renderedVersion === window.saloon.version")


def read_a_move(p: Player) -> bool:
    """The page's "All your choices" reads the game's sentence for a legal action."""
    rendered(p)
    doc = p.doc()
    if not doc["legal"]:
        return False
    p.page.locator("#choices").evaluate("e => e.open = true")
    for action, words in list(zip(doc["legal"], doc["teach"]["moves"], strict=True))[:12]:
        button = p.page.locator(f"#choice-list [data-action='{key(action)}']")
        assert button.inner_text() == names_in(words, doc)
        assert "{seat:" not in button.inner_text()
    p.page.locator("#choices").evaluate("e => e.open = false")
    return True


def why_a_card_waits(p: Player, shot: str) -> bool:
    """Clicking a greyed card opens its enlarged face with its note and why it waits."""
    rendered(p)
    doc = p.doc()
    # Greyed cards are mostly in the hand, pinned under the table in the dock.
    waiting = p.page.locator("#play .card.waits[data-card]")
    if not waiting.count():
        return False
    card = waiting.first.get_attribute("data-card")
    why_not = doc["teach"]["why_not"]
    if card not in why_not["cards"]:
        return False
    waiting.first.click()
    zoom = p.page.locator("#card-zoom")
    zoom.wait_for()
    why = zoom.locator(".why-not").inner_text()
    assert names_in(why_not["rules"][why_not["cards"][card]]["text"], doc) in why
    assert zoom.locator(".card-note").inner_text().strip(), "the enlarged card says nothing"
    assert zoom.locator(".card-zoom-face svg").count() == 1
    p.page.screenshot(path=shot)
    zoom.locator("#card-zoom-close").click()
    assert not p.page.locator("#card-zoom").count()
    return True


def enlarge_any_card(p: Player) -> None:
    """A right click on any face-up card opens its enlarged face with what it does."""
    card = p.page.locator("#table .card[data-card]").first
    card.click(button="right")
    zoom = p.page.locator("#card-zoom")
    zoom.wait_for()
    assert zoom.locator(".card-note").inner_text().strip()
    p.page.keyboard.press("Escape")
    assert not p.page.locator("#card-zoom").count()


def rules_panel(p: Player, shot: str) -> None:
    """The table's rules button opens the rules beside the game, which goes on underneath."""
    rendered(p)
    p.page.locator("#teach-bar [data-rules]").click()
    panel = p.page.locator("#rules-panel")
    panel.wait_for(state="visible")
    panel.locator("#rule-scoring").wait_for()
    assert panel.locator("h2").count() >= 5
    assert p.page.locator("#table").count() == 1  # still in the room
    p.page.screenshot(path=shot)
    p.page.locator("#rules-close").click()
    panel.wait_for(state="hidden")

# The places of the room a shown hint overlaps (their ids); in the dock (a narrow screen, a
# game on), whether it stands whole on the screen instead, as the dock does.
HINT_COVERS = """() => {
  const hint = document.querySelector('#hint').getBoundingClientRect();
  if (document.querySelector('#dock #hint')) {
    return hint.top >= 0 && hint.bottom <= innerHeight ? [] : [`off the screen: ${hint.top}`];
  }
  return ['table', 'dock', 'log', 'chat-form', 'seat-list'].filter((id) => {
    const r = document.getElementById(id)?.getBoundingClientRect();
    return r && r.width && r.height && r.left < hint.right && hint.left < r.right
      && r.top < hint.bottom && hint.top < r.bottom;
  });
}"""


@pytest.mark.parametrize("game_id", GAMES)
def test_the_table_teaches_the_game(browser, live, artifacts, game_id):
    game = all_games()[game_id]
    host = Player(browser.new_context(viewport=DESKTOP), live, "Ana")
    code = host.create(game_id, OPTIONS.get(game_id))
    guest = Player(browser.new_context(**PHONE), live, "Bo")
    guest.join(code)
    for _ in range(max(0, game.min_seats - 2)):
        host.add_bot("smart" if "smart" in game.bots else None)
    host.start()
    players = [host, guest]
    assert host.doc()["room"]["hints"] is True  # a first game in this browser
    rng = random.Random(3)
    done = {"move": False, "why-desktop": False, "why-390": False, "hint-desktop": False,
            "hint-390": False}
    for _ in range(60):
        for p, size in ((host, "desktop"), (guest, "390")):
            rendered(p)
            if not done["move"]:
                done["move"] = read_a_move(p)
            if not done[f"why-{size}"]:
                done[f"why-{size}"] = why_a_card_waits(
                    p, str(artifacts / f"teach-{game_id}-why-{size}.png"))
            if not done[f"hint-{size}"] and p.page.locator("#hint").count():
                # The hint covers nothing a player reads: neither the table, the bar nor
                # the log and chat; on a phone it heads the dock, whole on the screen (above
                # the table it was scrolled away as each decision brought its part of the
                # table into view).
                assert p.page.evaluate(HINT_COVERS) == [], p.page.evaluate(HINT_COVERS)
                assert (size == "390") is bool(p.page.locator("#dock #hint").count())
                p.page.screenshot(path=str(artifacts / f"teach-{game_id}-hint-{size}.png"))
                done[f"hint-{size}"] = True
        if all(done.values()):
            break
        moved = False
        for p in players:
            if p.act(rng):
                moved = True
                break
        if not moved:
            next_turn(host, players)
    assert all(done.values()), f"{game_id}: not seen {[k for k, v in done.items() if not v]}"
    enlarge_any_card(host)
    rules_panel(host, str(artifacts / f"teach-{game_id}-rules-desktop.png"))
    rules_panel(guest, str(artifacts / f"teach-{game_id}-rules-390.png"))
    # The score so far opens from the bar, as the engine computed it.
    rendered(host)
    score = host.doc()["teach"]["score"]
    host.page.locator("#score-toggle").click()
    panel = host.page.locator("#score-panel")
    panel.wait_for()
    assert score["title"] in panel.inner_text()
    # Under one's own lines, every seat's score as all can see it: the standings. (Read
    # with the document drawn, in one go: a bot may move at any time.)
    rows, scores, names, you = host.page.evaluate("""() => new Promise((done) => {
      const read = () => (window.saloon.renderedVersion === window.saloon.version
        ? done([[...document.querySelectorAll('#score-panel .standings tr')]
                  .map((r) => [...r.cells].map((c) => c.textContent)),
                window.saloon.doc.game.scores, window.saloon.doc.room.seats.map((s) => s.name),
                window.saloon.doc.room.you])
        : setTimeout(read, 20));
      read();
    })""")
    assert [name for name, _ in rows] == [f"{n} (you)" if i == you else n
                                          for i, n in enumerate(names)], rows
    assert [float(pts) for _, pts in rows] == pytest.approx([round(x, 1) for x in scores]), rows
    # Headed by what they count, where the game says (Wyoming Cowboy's: the points banked,
    # less than one's lines "if the hand ended now" count).
    heading = panel.locator(".standings").evaluate("(t) => t.previousElementSibling.textContent")
    assert heading == score.get("standings", "Everyone, as all can see it"), heading
    assert ("standings" in score) is (game_id == "wyoming_cowboy"), score
    host.page.screenshot(path=str(artifacts / f"teach-{game_id}-score-desktop.png"))
    # A hint goes away when dismissed, and stays away after a reload.
    guest.page.reload()
    guest.wait_doc()
    rendered(guest)
    for p in players:
        hint = p.page.locator("#hint")
        if hint.count():
            seen = hint.get_attribute("data-hint")
            p.page.locator("#hint-ok").click()
            assert p.page.locator(f"#hint[data-hint='{seen}']").count() == 0
    for p in players:
        assert not p.errors, f"{p.name}: {p.errors}"


def test_the_lobby_opens_each_games_rules_beside_it(browser, live, artifacts):
    player = Player(browser.new_context(viewport=DESKTOP), live, "Ana")
    player.page.goto(live.http + "/")
    player.page.locator("#games [data-rules='cowpoker']").click()
    panel = player.page.locator("#rules-panel")
    panel.wait_for(state="visible")
    assert "card set is original" in panel.inner_text()
    assert player.page.locator("form[data-game='cowpoker']").is_visible()
    assert player.page.locator("#hints-cowpoker").is_checked()
    player.page.screenshot(path=str(artifacts / "teach-lobby-rules-desktop.png"))
    player.page.keyboard.press("Escape")
    panel.wait_for(state="hidden")
    # The panel narrows the lobby: the game whose rules were asked for stays in view.
    for game_id in GAMES:
        player.page.locator(f"#games [data-rules='{game_id}']").click()
        panel.wait_for(state="visible")
        player.page.wait_for_function("""(id) => {
          const r = document.querySelector(`#game-${id}`).getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight + 2;
        }""", arg=game_id, timeout=5000)
        player.page.keyboard.press("Escape")
        panel.wait_for(state="hidden")


def test_a_touch_screen_is_told_a_long_press_reads_a_card_until_one_has_been(browser, live):
    """A mouse shows a card large when it rests on it; on a touch screen a tip says that
    a long press does, until a card has been read large in this browser."""
    host = Player(browser.new_context(viewport=DESKTOP), live, "Ana")
    code = host.create("cowpoker")
    guest = Player(browser.new_context(**PHONE), live, "Bo")
    guest.join(code)
    host.start()
    for p in (host, guest):
        rendered(p)
    assert host.page.locator("#card-tip").count() == 0  # a mouse
    tip = guest.page.locator("#card-tip")
    assert tip.is_visible() and "Press and hold a card" in tip.inner_text()
    # (dispatched: a card of the table may lie under the dock, which a right click would
    # meet; and before the first move, only the hand has cards)
    guest.page.locator("#play .card[data-card]").first.dispatch_event("contextmenu")
    guest.page.locator("#card-zoom").wait_for()
    assert tip.count() == 0
    guest.page.reload()
    guest.wait_doc()
    rendered(guest)
    assert guest.page.locator("#teach-bar [data-rules]").count() == 1
    assert guest.page.locator("#card-tip").count() == 0
    for p in (host, guest):
        assert not p.errors, f"{p.name}: {p.errors}"


def test_an_enlarged_card_is_headed_by_its_name_not_by_the_move_it_makes(browser, live):
    """A card of the hand that is a button is titled by its move ("2 choices", "Skip your action
    and discard..."): its enlarged face is headed by the card's own name all the same."""
    ana = Player(browser.new_context(viewport=DESKTOP), live, "Ana")
    ana.create("wyoming_cowboy", OPTIONS["wyoming_cowboy"])
    for _ in range(2):
        ana.add_bot("smart")
    ana.start()
    rng = random.Random(5)
    card = ana.page.locator("#play .my-hand button.card[data-card]")
    for _ in range(40):
        rendered(ana)
        legal = ana.doc()["legal"]
        if card.count() and legal and legal[0]["type"] != "pass":
            break
        if not ana.act(rng):
            next_turn(ana, [ana])
    assert card.count(), "no card of the hand became a button"
    title = str(card.first.get_attribute("title"))
    card.first.click(button="right")
    zoom = ana.page.locator("#card-zoom")
    zoom.wait_for()
    heading = zoom.locator("h2").inner_text()
    assert re.fullmatch(r"(Ace|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King)"
                        r" of (clubs|diamonds|hearts|spades)", heading), (heading, title)
    assert zoom.get_attribute("aria-label") == heading
    # Its tip names the card too, before what a click does: "2 choices" alone said nothing.
    assert title.startswith(f"{heading}: "), (title, heading)
    assert not ana.errors


def test_on_a_phone_the_hint_heads_the_dock_and_the_score_so_far_stands_above_it(browser,
                                                                                  live):
    """At the opening pass the dock holds the whole hand, at its tallest: the hint (with
    its buttons) heads it, whole on the screen with the hand under it, and the score so
    far, once opened, is read above it, not under it."""
    host = Player(browser.new_context(**PHONE), live, "Ana")
    host.create("wyoming_cowboy", OPTIONS["wyoming_cowboy"])
    for _ in range(2):
        host.add_bot("smart")
    host.start()
    host.page.wait_for_function("() => window.saloon.doc.legal.some((a) => a.type === 'pass')"
                                " || window.saloon.doc.legal.some((a) => a.type === 'direction')")
    if host.doc()["legal"][0]["type"] == "direction":
        host.control(host.doc()["legal"][0]).click()
        host.page.wait_for_function("() => window.saloon.doc.legal.some((a) => a.type === 'pass')")
    rendered(host)
    host.page.evaluate("() => window.scrollTo(0, 0)")
    clear = """(sel) => {
      const p = document.querySelector(sel).getBoundingClientRect();
      const d = document.querySelector('#dock').getBoundingClientRect();
      return p.top >= 0 && p.bottom <= d.top + 1 ? 'ok'
        : `${sel} ${p.top}..${p.bottom}, dock ${d.top}`;
    }"""
    host.page.locator("#dock #hint").wait_for()
    assert host.page.evaluate("""() => [...document.querySelectorAll('#hint, #hand .card')]
      .every((e) => { const r = e.getBoundingClientRect();
                      return r.top >= 0 && r.bottom <= innerHeight; })""")
    host.page.locator("#score-toggle").click()
    host.page.locator("#score-panel").wait_for()
    assert host.page.evaluate(clear, "#score-panel") == "ok"
    assert not host.errors


def test_on_a_phone_a_hint_in_a_dock_too_full_waits_and_never_goes_under_it(browser, live):
    """Where even one line of the hint would leave the dock holding more than it shows, the
    hint waits for a decision that leaves it room, and the decision stays in view: put
    back above the table, the dock covered it and its "Got it" could not be tapped; kept
    in the dock, it pushed the hand's cards out of view. With room again it is back,
    "Got it" tappable."""
    host = Player(browser.new_context(**PHONE), live, "Ana")
    host.create("wyoming_cowboy", OPTIONS["wyoming_cowboy"])
    for _ in range(2):
        host.add_bot("smart")
    host.start()
    host.page.locator("#dock #hint").wait_for()
    rendered(host)
    fitted = host.page.evaluate("""async () => {
      const dock = document.getElementById('dock');
      const teaching = await import('/static/js/teaching.js');
      const fit = () => {
        teaching.fitDockHint(dock);
        const ok = document.getElementById('hint-ok').getBoundingClientRect();
        const hit = document.elementFromPoint(ok.left + ok.width / 2, ok.top + ok.height / 2);
        return {docked: !!dock.querySelector('#hint'),
                above: !!document.querySelector('#teach-bar #hint'),
                shown: !document.getElementById('dock-hint').hidden,
                tappable: hit?.id === 'hint-ok'};
      };
      dock.style.maxHeight = '160px';  // a decision as tall as a shot's answer and a hand
      const full = fit();
      dock.style.maxHeight = '';
      return [full, fit()];
    }""")
    assert fitted == [{"docked": True, "above": False, "shown": False, "tappable": False},
                      {"docked": True, "above": False, "shown": True, "tappable": True}], fitted
    assert not host.errors


def test_the_lobby_offers_hints_for_each_game_this_browser_has_never_played(browser, live):
    """A player of one game is a newcomer to the next: hints stay ticked for the others."""
    player = Player(browser.new_context(viewport=DESKTOP), live, "Ana")
    player.page.goto(live.http + "/")
    player.page.evaluate("() => localStorage.setItem('saloon.pref.played.wyoming_cowboy', 'true')")
    player.page.reload()
    player.page.locator("#hints-cowpoker").wait_for()
    assert not player.page.locator("#hints-wyoming_cowboy").is_checked()
    assert player.page.locator("#hints-cowpoker").is_checked()
    assert player.page.locator("#hints-cards_for_cowboys").is_checked()
    # Its game length too: the shortest for a game never played here (a newcomer who did
    # not look opened Wyoming Cowboy's full game, some 70 minutes), as written once played.
    def chosen() -> str:
        form = player.page.locator("form[data-game='wyoming_cowboy']")
        return form.locator("input[type=radio]:checked + label").inner_text()
    assert chosen().startswith("Full game"), chosen()
    player.page.evaluate("() => localStorage.removeItem('saloon.pref.played.wyoming_cowboy')")
    player.page.reload()
    player.page.locator("#hints-cowpoker").wait_for()
    assert chosen().startswith("One hand"), chosen()
