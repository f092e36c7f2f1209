"""The client's own machinery: patches, resync, host controls, keyboard, display options."""

from __future__ import annotations

import random
import time

import pytest

from tests.support.browser import Player, key

pytestmark = pytest.mark.browser

PATCH_CASES = """async () => {
  const { applyPatch } = await import('/static/js/jsonpatch.js');
  const out = [];
  const doc = {a: {b: [1, 2, 3]}, c: 'x', 'm/n': 1, 't~u': 2};
  out.push(applyPatch(doc, [{op: 'add', path: '/a/b/1', value: 9}]).a.b);
  out.push(applyPatch(doc, [{op: 'add', path: '/a/b/-', value: 4}]).a.b);
  out.push(applyPatch(doc, [{op: 'remove', path: '/a/b/0'}]).a.b);
  out.push(applyPatch(doc, [{op: 'replace', path: '/c', value: 'y'}]).c);
  out.push(applyPatch(doc, [{op: 'move', from: '/c', path: '/d'}]));
  out.push(applyPatch(doc, [{op: 'copy', from: '/a/b', path: '/e'}]).e);
  out.push(applyPatch(doc, [{op: 'replace', path: '/m~1n', value: 5}])['m/n']);
  out.push(applyPatch(doc, [{op: 'remove', path: '/t~0u'}])['t~u'] === undefined);
  out.push(applyPatch(doc, [{op: 'test', path: '/a', value: {b: [1, 2, 3]}}]).c);
  let failed = false;
  try { applyPatch(doc, [{op: 'test', path: '/c', value: 'nope'}]); } catch (e) { failed = true; }
  out.push(failed);
  failed = false;
  try { applyPatch(doc, [{op: 'remove', path: '/zz'}]); } catch (e) { failed = true; }
  out.push(failed);
  out.push(doc.a.b);
  return out;
}"""


def test_json_patch_follows_rfc_6902(browser, live):
    page = browser.new_page()
    page.goto(live.http + "/")
    out = page.evaluate(PATCH_CASES)
    assert out == [[1, 9, 2, 3], [1, 2, 3, 4], [2, 3], "y",
                   {"a": {"b": [1, 2, 3]}, "d": "x", "m/n": 1, "t~u": 2},
                   [1, 2, 3], 5, True, "x", True, True, [1, 2, 3]]
    page.close()


CHANGES_CASES = """async () => {
  const { applyPatch } = await import('/static/js/jsonpatch.js');
  const { changes } = await import('/static/js/motion.js');
  const pairs = [
    [{a: 1, b: [1, 2]}, {a: 1, b: [1, 3]}],
    [{a: [1, 2, 3], 'm/n': {x: 1}}, {a: [1], 'm/n': {x: 2}, 't~u': 3}],
    [{game: {players: [{hand: ['c1']}, {hand: []}]}},
     {game: {players: [{hand: []}, {hand: ['c1']}]}}],
    [{a: null, b: {c: 1}}, {a: {z: 1}, b: 'x'}],
    [{a: 1}, {a: 1}],
  ];
  // Key order aside: a replaced key may come last.
  const canon = (v) => JSON.stringify(v, (k, x) => (x && typeof x === 'object' && !Array.isArray(x)
    ? Object.fromEntries(Object.entries(x).sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0))) : x));
  return pairs.map(([a, b]) => {
    const ops = changes(a, b);
    return [canon(applyPatch(a, ops)) === canon(b), ops.map((o) => o.path)];
  });
}"""


def test_a_syncs_changes_are_found_by_structure(browser, live):
    """``motion.changes`` finds the operations between two documents where they differ."""
    page = browser.new_page()
    page.goto(live.http + "/")
    out = page.evaluate(CHANGES_CASES)
    assert out == [
        [True, ["/b/1"]],
        [True, ["/a", "/m~1n/x", "/t~0u"]],
        [True, ["/game/players/0/hand", "/game/players/1/hand"]],
        [True, ["/a", "/b"]],
        [True, []],
    ]
    page.close()


@pytest.mark.parametrize("winners,you,said", [
    ([1], 1, "You win!"),
    ([1], 0, "Bo wins!"),
    ([1], None, "Bo wins!"),  # a spectator
    ([0, 2], 2, "You share the win with Ana!"),
    ([0, 2], 1, "Ana and Cy share the win!"),
])
def test_the_end_screen_says_a_win_of_ones_own_as_ones_own(browser, live, winners, you, said):
    page = browser.new_page()
    page.goto(live.http + "/")
    headline = page.evaluate("""async ([winners, you]) => {
      const { renderResult } = await import('/static/js/actions.js');
      const box = document.createElement('div');
      document.body.replaceChildren(box);
      renderResult(box, {}, { result: { winners, scores: [3, 5, 3], detail: {} } },
                   { seats: ['Ana', 'Bo', 'Cy'], you, text: (t) => t }, null);
      return box.querySelector('.winner').innerText;
    }""", [winners, you])
    assert headline == said
    page.close()


# A page of two cards with the room's enlarged-card wiring: `draw(y)` draws them again
# (as a redraw does, new elements) at `y` px from the top, and follows the open card.
ZOOM_PAGE = """async () => {
  const { installZoom, followZoom, zoomable } = await import('/static/js/zoom.js');
  const make = (id) => {
    const el = document.createElement('button');
    el.className = 'card';
    el.dataset.card = id;
    el.style.cssText = 'width:80px;height:110px;display:inline-block';
    el.innerHTML = '<svg viewBox="0 0 10 14"><rect width="10" height="14"/></svg>';
    return zoomable(el, { title: id, text: 'A card.' });
  };
  const table = document.createElement('div');
  document.body.replaceChildren(table);
  window.draw = (y) => {
    const row = document.createElement('div');
    row.style.cssText = `position:absolute;top:${y}px;left:300px`;
    row.append(make('AS'), make('KH'));
    table.replaceChildren(row);
    followZoom();
  };
  window.draw(100);
  // A card's menu opened in the decision bar, as a click on a card with several uses does.
  window.openMenu = () => {
    const bar = document.createElement('div'), menu = document.createElement('div');
    bar.className = 'decision-body';
    menu.className = 'menu';
    menu.textContent = 'Discard it, then take…';
    bar.append(menu);
    document.body.append(bar);
  };
  installZoom(document);
}"""


def test_the_enlarged_card_of_a_hover_goes_once_the_mouse_is_off_the_card(browser, live):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(live.http + "/static/index.html")
    page.evaluate(ZOOM_PAGE)
    zoom = page.locator("#zoom")
    page.mouse.move(340, 150)  # over the first card
    zoom.wait_for()
    # A redraw moves the cards from under the mouse: once it moves, the card is put away.
    page.evaluate("draw(500)")
    page.mouse.move(600, 20)
    zoom.wait_for(state="detached", timeout=2000)
    # A card slid under a mouse that does not move is not enlarged...
    page.mouse.move(340, 150)
    page.evaluate("draw(100)")
    page.wait_for_timeout(900)
    assert zoom.count() == 0
    # ... nor one pressed: what the press opens would be under it.
    page.mouse.move(345, 160)
    page.mouse.down()
    page.mouse.up()
    page.wait_for_timeout(900)
    assert zoom.count() == 0
    # ... nor, while the menu the press opened is up, one the mouse stirs on after the
    # redraw: its tooltip covered the menu's choices.
    page.evaluate("openMenu(); draw(100)")
    page.mouse.move(350, 165)
    page.mouse.move(352, 168)
    page.wait_for_timeout(900)
    assert zoom.count() == 0
    page.close()


FACE_BOXES = """async () => {
  const { standardFace } = await import('/static/js/cards.js');
  const out = {};
  for (const rank of '23456789TJQKA') for (const suit of 'CDHS') {
    const holder = document.createElement('div');
    holder.className = 'card';
    holder.style.width = '96px';
    holder.append(standardFace(rank + suit));
    document.body.replaceChildren(holder);
    // Every mark of the face, as drawn: the corners' two pairs and the middle.
    out[rank + suit] = [...holder.querySelectorAll('text')].map((t) => {
      const r = t.getBoundingClientRect();
      return [t.getAttribute('class'), r.left, r.top, r.right, r.bottom];
    });
  }
  return out;
}"""


def test_the_middle_of_a_standard_face_touches_neither_corner(browser, live):
    page = browser.new_page()
    page.goto(live.http + "/")
    for card, marks in page.evaluate(FACE_BOXES).items():
        middle = [m for m in marks if m[0] in ("pip", "pip-small", "court")]
        corners = [m for m in marks if m[0].startswith("corner")]
        assert middle and len(corners) == 4, card
        for _, left, top, right, bottom in middle:
            for _, l2, t2, r2, b2 in corners:
                apart = right <= l2 or r2 <= left or bottom <= t2 or b2 <= top
                assert apart, (card, (left, top, right, bottom), (l2, t2, r2, b2))
    page.close()


def test_a_missed_version_asks_for_a_sync(browser, live):
    ana = Player(browser.new_context(), live, "Ana")
    ana.create("highcard")
    page = ana.page
    page.wait_for_selector("#conn[data-state='open']")
    page.evaluate("""() => {
      const sock = window.saloon.socket;
      window.sent = [];
      const send = sock.send.bind(sock);
      sock.send = (m) => { window.sent.push(m); return send(m); };
      sock.receive(JSON.stringify({type: 'patch', version: sock.version + 2, ops: []}));
    }""")
    assert page.evaluate("() => window.sent") == [{"type": "sync"}]
    # A patch that does not apply asks for a sync too; the tests count it as an error.
    page.wait_for_function("() => window.saloon.socket.synced")
    page.evaluate("""() => {
      const sock = window.saloon.socket;
      sock.receive(JSON.stringify({type: 'patch', version: sock.version + 1,
                                   ops: [{op: 'remove', path: '/nowhere'}]}));
    }""")
    assert page.evaluate("() => window.sent") == [{"type": "sync"}, {"type": "sync"}]
    page.wait_for_timeout(100)
    assert [e for e in ana.errors if e.startswith("patch failed")], ana.errors
    ana.errors.clear()
    ana.add_bot()  # later patches apply again after the sync
    assert page.evaluate("() => window.saloon.doc.room.seats.length") == 2


def test_moves_a_sync_brings_are_still_marked(browser, live):
    """A page that missed the patches of a bot's move (and syncs) still marks that move."""
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("cowpoker")
    ana.add_bot("smart")
    ana.start()
    page = ana.page
    page.wait_for_function("() => window.saloon.doc.legal.length > 0"
                           " && window.saloon.renderedVersion === window.saloon.version")
    room = live.room(code)
    moves = room.seq
    # The page stops hearing patches, forgets the marks it has, and plays a card.
    page.evaluate("""(action) => {
      const s = window.saloon.socket, receive = s.receive.bind(s);
      window.dropping = true;
      s.receive = (raw) =>
        (window.dropping && JSON.parse(raw).type === 'patch') ? null : receive(raw);
      window.saloon.marks.clear();
      s.act(action);
    }""", ana.doc()["legal"][0])
    # The bot answers (a card that gives another play or a rustle keeps the turn: the
    # page plays on, through its socket, until it is the bot's); the page, told nothing,
    # asks for the room again.
    mine, deadline = 1, time.monotonic() + 10
    while room.status == "playing" and not (room.seq > moves + mine and 0 in room.to_act()):
        assert time.monotonic() < deadline, "the bot did not move"
        if room.seq == moves + mine and 0 in room.to_act():
            page.evaluate("(a) => window.saloon.socket.act(a)",
                          room.game.legal_actions(room.state, 0)[0])
            mine += 1
        time.sleep(0.02)
    assert room.seq > moves + mine, "the game ended before the bot moved"
    page.evaluate("() => { window.dropping = false; window.saloon.socket.send({type: 'sync'}); }")
    page.wait_for_function("(v) => window.saloon.renderedVersion === v", arg=room.version)
    assert page.evaluate("() => window.saloon.syncs") == 1
    marked = page.evaluate("() => [...document.querySelectorAll('[data-last-move]')]"
                           ".map((e) => e.dataset.lastMove)")
    assert "1" in marked, f"the bot's move, brought by a sync, is not marked: {marked}"
    assert not ana.errors, ana.errors


def test_host_controls_spectators_and_kick(browser, live):
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("highcard")
    page = ana.page
    ana.add_bot()
    page.locator("#seat-list [data-seat='1'] button").click()
    page.wait_for_function("() => window.saloon.doc.room.seats.length === 1")
    page.locator("#host summary").click()
    page.locator("#room-opt-tricks").fill("2")
    page.locator("#room-spectators").uncheck()
    page.locator("#host button[type=submit]").click()
    page.wait_for_function("() => window.saloon.doc.room.options.tricks === 2"
                           " && !window.saloon.doc.room.allow_spectators")
    # Without a token and without spectators, a visitor is told so and offered a seat.
    bo = Player(browser.new_context(), live, "Bo")
    bo.page.goto(f"{live.http}/r/{code}")
    bo.page.wait_for_selector("#notice:has-text('does not allow spectators')")
    assert bo.page.locator("#join").is_visible()
    # What anyone may know of the room is shown all the same: its game, who sits, the
    # rules; and no fault is claimed.
    bo.page.wait_for_selector("#seat-list [data-seat='0']")
    assert "High Card" in bo.page.locator("#room-title").inner_text()
    assert "waiting to start" in bo.page.locator("#room-title").inner_text()
    assert "Ana" in bo.page.locator("#seat-list").inner_text()
    assert bo.page.locator("#conn").inner_text() == "Not watching"
    bo.page.locator("#join-name").fill("Bo")
    bo.page.locator("#join-form button[type=submit]").click()
    bo.page.wait_for_function("() => window.saloon.doc && window.saloon.doc.room.you === 1")
    ana.start()
    # The host kicks Bo mid-game, asked first in the page's own dialog (the browser's
    # confirm() would stop the page): Cancel, the keyboard's first stop, keeps him.
    page.locator("#seat-list [data-seat='1'] button").click()
    question = page.locator("dialog.ask[open]")
    assert "Kick Bo?" in question.inner_text()
    assert page.evaluate("() => document.activeElement.textContent") == "Cancel"
    page.keyboard.press("Escape")
    question.wait_for(state="detached")
    page.locator("#seat-list [data-seat='1'] button").click()
    question.locator("button:text('Cancel')").click()
    question.wait_for(state="detached")
    assert ana.doc()["room"]["seats"][1]["kind"] == "human"
    # Bo is told, and a bot plays on in his seat.
    page.locator("#seat-list [data-seat='1'] button").click()
    question.locator("button:text('Kick Bo')").click()
    bo.page.wait_for_selector("#notice:has-text('removed you')")
    page.wait_for_function("() => window.saloon.doc.room.seats[1].kind === 'bot'")
    bo.page.wait_for_function(f"() => localStorage.getItem('saloon.token.{code}') === null")
    assert bo.page.locator("#notice").inner_text().startswith("The host removed you")
    # The room takes no spectators: the page says so, and what it showed of his seat goes
    # (no move offered, no seat to take mid-game, no claim that he watches).
    bo.page.wait_for_selector("#notice:has-text('and this room takes no spectators')")
    bo.page.wait_for_function("() => window.saloon.doc && window.saloon.doc.game === null")
    assert bo.page.locator("#conn").inner_text() == "Not watching"
    assert not bo.page.locator("#join").is_visible()
    assert not bo.page.locator("#watch-note").is_visible()
    assert bo.page.locator("#prompt .your-turn, #reaction button").count() == 0
    # Who is at the table is read from the room's summary: Ana is not shown as gone.
    assert bo.page.locator("#seat-list [data-seat='0']").get_attribute("data-online") == "yes"
    # Kept out, he is offered neither a chat he cannot hear nor friends to invite; a
    # reload still says why he is out.
    assert not bo.page.locator("#invite").is_visible()
    assert bo.page.locator("#invite-open").count() == 0
    assert not bo.page.locator("#chat-form").is_visible()
    bo.page.reload()
    bo.page.wait_for_selector("#notice:has-text('removed you from your seat, and this room')")
    assert not bo.page.locator("#chat-form").is_visible()
    # A stranger following the invite mid-game is told the same, without a seat offered.
    cy = Player(browser.new_context(), live, "Cy")
    cy.page.goto(f"{live.http}/r/{code}")
    cy.page.wait_for_selector("#notice:has-text('its game has begun')")
    assert cy.page.locator("#notice").inner_text().startswith("The host does not allow")
    assert not cy.page.locator("#join").is_visible()
    assert not cy.page.locator("#watch-note").is_visible()
    assert not cy.page.locator("#invite").is_visible()


def test_keyboard_plays_and_four_colour_suits(browser, live):
    ana = Player(browser.new_context(), live, "Ana")
    ana.create("highcard", {"tricks": 1})
    ana.add_bot()
    ana.start()
    page = ana.page
    page.wait_for_selector("#table [data-action]")
    clubs = page.evaluate("""() => {
      const g = document.createElement('div'); g.className = 'suit-C'; document.body.append(g);
      const c = getComputedStyle(g).color; g.remove(); return c; }""")
    page.locator("#four-colour").check()
    clubs4 = page.evaluate("""() => {
      const g = document.createElement('div'); g.className = 'suit-C'; document.body.append(g);
      const c = getComputedStyle(g).color; g.remove(); return c; }""")
    assert clubs != clubs4
    page.locator("#table [data-action]").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#game-over", timeout=15000)
    page.reload()
    ana.wait_doc()
    assert page.locator("#four-colour").is_checked()


def test_a_second_window_of_the_same_browser_can_take_another_seat(browser, live):
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("highcard")
    second = ana.context.new_page()
    second.goto(f"{live.http}/r/{code}")
    second.wait_for_function("() => window.saloon.doc && window.saloon.doc.room.you === 0")
    second.locator("#not-me").click()
    second.locator("dialog.ask[open] button:text('Take another seat here')").click()
    second.wait_for_function("() => window.saloon.doc && window.saloon.doc.room.you === null")
    second.locator("#join-name").fill("Bo")
    second.locator("#join-form button[type=submit]").click()
    second.wait_for_function("() => window.saloon.doc && window.saloon.doc.room.you === 1")
    second.reload()
    second.wait_for_function("() => window.saloon.doc && window.saloon.doc.room.you === 1")
    ana.page.reload()
    ana.wait_doc()
    assert ana.doc()["room"]["you"] == 0


def test_a_press_on_the_table_survives_another_players_move(browser, live):
    # High Card's players choose at once: Bo presses a card of his hand, Ana's card arrives
    # before he lets go. The table waits for his release to redraw, so the press is a click.
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("highcard", {"tricks": 3})
    bo = Player(browser.new_context(), live, "Bo")
    bo.join(code)
    ana.page.wait_for_function("() => window.saloon.doc.room.seats.length === 2")
    ana.start()
    bo.page.wait_for_function("() => window.saloon.doc.legal.length > 0")
    card = bo.doc()["legal"][0]
    bo.page.locator("#chat-text").focus()  # the press moves the focus: a blur on the way
    bo.control(card).first.hover()
    version = bo.version()
    bo.page.mouse.down()
    assert ana.act(random.Random(0))
    bo.page.wait_for_function(f"() => window.saloon.version > {version}")
    assert bo.page.evaluate("() => window.saloon.renderedVersion") == version  # held
    bo.page.mouse.up()
    bo.page.wait_for_function(
        f"() => window.saloon.doc.log.some(e => e.text === 'You chose {card['card']}')")
    bo.page.wait_for_function("() => window.saloon.renderedVersion === window.saloon.version")
    assert not ana.errors and not bo.errors


@pytest.mark.parametrize("width,height", [(1280, 420), (390, 240)])
def test_the_end_of_a_game_brings_its_result_into_view(browser, live, width, height):
    # A short window scrolled down during play: the result, drawn above the table,
    # would be out of sight unless the end of the game scrolls to it; from its top, where
    # it says who won, when it is taller than the window (the second size).
    ana = Player(browser.new_context(viewport={"width": width, "height": height},
                                     reduced_motion="reduce"), live, "Ana")
    ana.create("highcard", {"tricks": 1})
    ana.add_bot()
    ana.start()
    page = ana.page
    page.wait_for_selector("#table [data-action]")
    # Scrolled to the foot of the play area, where the dock is.
    page.evaluate("""() => window.scrollTo(0, window.scrollY - innerHeight
      + document.querySelector('#play').getBoundingClientRect().bottom)""")
    page.wait_for_function("() => window.scrollY > 0")
    page.locator("#table [data-action]").first.click()
    page.wait_for_selector("#game-over", timeout=15000)
    page.wait_for_function("""() => {
      const box = document.querySelector('#game-over .winner').getBoundingClientRect();
      return box.top > -1 && box.bottom < window.innerHeight + 1;  // a pixel's rounding
    }""", timeout=5000)



def test_not_you_during_a_game_watches_and_can_go_back_to_the_seat(browser, live):
    # In a game no seat can be taken: Not you? makes the tab a spectator, says so, and
    # offers the seat back, reloads included; the seat stays the browser's meanwhile.
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("highcard", {"tricks": 3})
    ana.add_bot()
    ana.start()
    page = ana.page
    page.locator("#not-me").click()
    question = page.locator("dialog.ask[open]")
    assert "no other seat can be taken now" in question.inner_text()
    question.locator("button:text('Watch in this tab')").click()
    page.wait_for_function("() => window.saloon.doc && window.saloon.doc.room.you === null")
    assert not page.locator("#join").is_visible()
    note = page.locator("#watch-note")
    assert "this browser still holds its seat" in note.inner_text()
    page.reload()
    page.wait_for_function("() => window.saloon.doc && window.saloon.doc.room.you === null")
    note.locator("#back-to-seat").click()
    page.wait_for_function("() => window.saloon.doc && window.saloon.doc.room.you === 0")
    assert not note.is_visible()
    page.reload()
    page.wait_for_function("() => window.saloon.doc && window.saloon.doc.room.you === 0")
    assert live.room(code).status == "playing"
    assert not ana.errors


FOCUSED = """() => {
  const a = document.activeElement;
  return {id: a?.id || '', tag: a?.tagName || '', action: a?.dataset?.action || null,
          inPlay: !!a?.closest('#play'), pending: !!window.saloon.pending,
          rendered: window.saloon.renderedVersion === window.saloon.version};
}"""


def test_the_keyboard_lands_on_a_control_after_start_and_after_each_move(browser, live):
    # Cards for Cowboys' draw: after a draw the seat may draw again, so the keyboard goes
    # back to the control it pressed (or the next decision's first), never the bar itself.
    ana = Player(browser.new_context(), live, "Ana")
    ana.create("cards_for_cowboys")
    ana.add_bot("smart")
    page = ana.page
    page.locator("#start").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.saloon.doc.room.status === 'playing'"
                           " && window.saloon.renderedVersion === window.saloon.version")
    page.wait_for_function("() => document.activeElement !== document.body")
    at = page.evaluate(FOCUSED)
    assert at["inPlay"], at  # not the page's top, 30 tabs from the table
    moves = 0
    while moves < 6 and ana.ready():
        at = page.evaluate(FOCUSED)
        assert at["action"], f"move {moves}: the keyboard is on {at}, not a control"
        pressed = at["action"]
        version = ana.version()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(v) => window.saloon.version > v && !window.saloon.pending"
            " && window.saloon.renderedVersion === window.saloon.version", arg=version)
        moves += 1
        legal = [key(a) for a in ana.ready()]
        if legal:
            at = page.evaluate(FOCUSED)
            assert at["action"], f"after move {moves}: the keyboard is on {at}"
            if pressed in legal:  # the same control is there again: it has the keyboard
                assert at["action"] == pressed, (pressed, at)
    assert moves >= 2
    assert not ana.errors


def test_a_game_started_from_the_foot_of_a_phone_page_shows_the_table_from_its_top(browser,
                                                                                  live):
    # On a phone, Start sits under the seats, at the foot of a long page: once pressed, the
    # table's figures, at the top of the play area, come into view (the browser's scroll
    # anchoring would follow the host panel down as the table grows above it), and the
    # first hint, heading the dock.
    ana = Player(browser.new_context(viewport={"width": 390, "height": 844},
                                     reduced_motion="reduce"), live, "Ana")
    ana.create("wyoming_cowboy")
    for _ in range(5):
        ana.add_bot()
    page = ana.page
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.locator("#start").scroll_into_view_if_needed()
    assert page.evaluate("() => document.querySelector('#play').getBoundingClientRect().top") < 0
    ana.start()
    page.wait_for_selector("#dock .hint")
    page.wait_for_function("""() => ['#table', '#dock .hint'].every((sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return r.top > -1 && r.top < innerHeight;
    })""", timeout=5000)


def test_a_card_that_arrives_in_a_hand_is_nobodys_last_move(browser, live):
    """The last pass of a round hands every seat its cards, and a turn begun draws for the
    next seat: neither is the mover's move, so a card now in a hand is not marked."""
    page = browser.new_page()
    page.goto(live.http + "/")
    marks = page.evaluate("""async () => {
      const { remember } = await import('/static/js/motion.js');
      const marks = new Map();
      remember(marks, [2], [{ id: 'QC', owner: 2, place: 'hand' },
        { id: '6D', owner: 0, place: 'hand' }, { id: '5D', owner: null, place: 'Piles' },
        { id: 'TH', owner: 2, place: 'seat:2' }]);
      remember(marks, [1], [{ id: 'c17', owner: 0, place: 'hand' }]);
      return [...marks].map(([seat, ids]) => [seat, [...ids].sort()]);
    }""")
    assert marks == [[2, ["5D", "TH"]], [1, ["zone"]]]
    page.close()


def test_ones_own_mark_joins_a_games_bracket_after_the_name(browser, live):
    page = browser.new_page()
    page.goto(live.http + "/")
    said = page.evaluate("""async () => {
      const { youJoined } = await import('/static/js/dom.js');
      return [youJoined('Ana (you) (Gallagher) plays Belle'), youJoined('Ana (you) passes'),
              youJoined('Bo (Davila) plays')];
    }""")
    assert said == ["Ana (you, Gallagher) plays Belle", "Ana (you) passes", "Bo (Davila) plays"]
    page.close()


def test_a_card_taken_and_taken_back_is_marked_as_the_later_move(browser, live):
    """Seat 1 rustles a card, seat 0 takes it, seat 1 takes it back: the card is seat 1's
    last move, whichever seat moved first in the game."""
    page = browser.new_page()
    page.goto(live.http + "/")
    marked = page.evaluate("""async () => {
      const { mark, remember } = await import('/static/js/motion.js');
      document.body.innerHTML = '<div id="t"><section class="zone" data-owner="0">'
        + '<div class="card" data-card="x"></div></section>'
        + '<section class="zone" data-owner="1"></section></div>';
      const marks = new Map(), root = document.querySelector('#t');
      remember(marks, [1], [{ id: 'x', owner: 1, place: 'ranch:B' }]);
      remember(marks, [0], [{ id: 'x', owner: 0, place: 'ranch:A' }]);
      remember(marks, [1], [{ id: 'x', owner: 1, place: 'ranch:B' }]);
      mark(root, marks);
      return root.querySelector('[data-card="x"]').dataset.lastMove;
    }""")
    assert marked == "1"
    page.close()
