"""The lobby and the room page in a real browser, with the test-only High Card game."""

from __future__ import annotations

import random
from contextlib import ExitStack

import pytest
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from tests.support.browser import Player, as_logged, next_turn

pytestmark = pytest.mark.browser


def test_lobby_lists_games_with_options(browser, live, artifacts):
    page = browser.new_page()
    page.goto(live.http + "/")
    page.wait_for_selector("form[data-game='highcard']")
    page.screenshot(path=str(artifacts / "lobby-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "lobby-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    card = page.locator("#game-highcard")
    assert "2–4 players" in card.inner_text()
    card.locator("summary").click()
    field = card.locator("[name='tricks']")
    assert field.get_attribute("max") == "5"
    # A game's options are said in its options model's words: label, help, each choice.
    card = page.locator("#game-wyoming_cowboy")
    card.locator("summary").click()
    assert card.locator("label[for='opt-wyoming_cowboy-six_six_six']").inner_text() == "Three 6s"
    assert card.locator("#opt-wyoming_cowboy-six_six_six-help").inner_text() == \
        "How three 6s held at the end of a hand score."
    assert card.locator("#opt-wyoming_cowboy-six_six_six option").all_inner_texts() == [
        "\u2212100 instead of three times \u221220", "\u2212100 on top of the three \u221220s"]
    page.close()


def test_the_seats_still_free_are_one_line_saying_how_many_a_game_needs(browser, live):
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("wyoming_cowboy", {})
    ana.page.wait_for_selector("#seat-list .seat.empty")
    free = ana.page.locator("#seat-list .seat.empty")
    assert free.count() == 1
    assert free.inner_text().split("\n") == ["7 seats free", "2 more needed to start"]
    Player(browser.new_context(), live, "Bo").join(code)
    ana.add_bot()
    ana.page.wait_for_function("() => window.saloon.doc.room.seats.length === 3")
    assert free.inner_text() == "5 seats free"  # enough to start
    ana.start()
    ana.page.wait_for_function("() => window.saloon.doc.room.status === 'playing'")
    assert free.count() == 0
    # A game that plays the seats left empty says so there.
    cy = Player(browser.new_context(), live, "Cy")
    cy.create("cowpoker", {})
    cy.page.wait_for_function("""() => document.querySelector('#seat-list .seat.empty')
      ?.innerText.includes('Deadwood')""")
    assert cy.page.locator("#seat-list .seat.empty").inner_text().split("\n") == [
        "3 seats free", "1 more needed to start", "a Ranch left empty is played by Deadwood"]


@pytest.mark.parametrize(("game_id", "offered"), [("wyoming_cowboy", True),
                                                 ("cards_for_cowboys", False)])
def test_four_colour_suits_are_offered_only_where_cards_have_suits(browser, live, game_id,
                                                                   offered):
    ana = Player(browser.new_context(), live, "Ana")
    ana.create(game_id, {})
    field = ana.page.locator(".prefs .field:has(#four-colour)")
    ana.page.wait_for_function("(shown) => !document.querySelector('#four-colour')"
                               ".closest('.field').hidden === shown", arg=offered)
    assert field.is_visible() is offered


def test_two_players_play_high_card_with_a_reload_and_chat(browser, live, artifacts):
    rng = random.Random(1)
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("highcard", {"tricks": 3})
    bo = Player(browser.new_context(), live, "Bo")
    bo.join(code)
    ana.page.wait_for_function("() => window.saloon.doc.room.seats.length === 2")
    # Presence: Ana sees Bo connected.
    ana.page.wait_for_selector("#seat-list [data-seat='1'][data-online='yes']")
    # Chat is shown as text, never as markup.
    bo.page.locator("#chat-text").fill("<b>howdy</b>")
    bo.page.locator("#chat-form button").click()
    ana.page.wait_for_function(
        "() => document.querySelector('#log').textContent.includes('<b>howdy</b>')")
    assert ana.page.locator("#log b:text('howdy')").count() == 0
    ana.add_bot()
    ana.page.screenshot(path=str(artifacts / "room-lobby-desktop.png"), full_page=True)
    bo.page.set_viewport_size({"width": 390, "height": 844})
    bo.page.screenshot(path=str(artifacts / "room-lobby-390.png"), full_page=True)
    ana.start()
    bo.page.set_viewport_size({"width": 390, "height": 844})
    bo.page.wait_for_function("() => window.saloon.renderedVersion === window.saloon.version")
    bo.page.screenshot(path=str(artifacts / "highcard-390.png"), full_page=True)
    ana.page.screenshot(path=str(artifacts / "highcard-desktop.png"), full_page=True)
    reloaded = False
    turns = 0
    while live.room(code).status != "finished":
        moved = False
        for p in (ana, bo):
            moved |= p.act(rng)
        turns += moved
        if turns == 1 and not reloaded:
            bo.page.reload()
            bo.wait_doc()
            assert bo.doc()["room"]["you"] == 1
            reloaded = True
        if not moved:
            next_turn(ana, [ana, bo])
    for p in (ana, bo):
        p.page.wait_for_selector("#game-over")
    # The rematch is offered once, under the result; the host panel points there.
    ana.page.wait_for_selector("#result-rematch")
    assert ana.page.locator("#host #rematch-where").is_visible()
    assert ana.page.locator("button:has-text('Rematch')").count() == 1
    ana.page.screenshot(path=str(artifacts / "highcard-over-desktop.png"), full_page=True)
    # Between games the host may change the settings for the next one.
    ana.page.locator("#host summary:text('Options for the next game')").click()
    ana.page.locator("#room-opt-tricks").fill("2")
    ana.page.locator("#host button[type=submit]").click()
    bo.page.wait_for_function("() => window.saloon.doc.room.options.tricks === 2")
    # The host is told it is saved, and everyone what changed.
    ana.page.wait_for_selector("#notice:has-text('Settings saved for the next game')")
    bo.page.wait_for_selector("#log :text('Ana changed the settings for the next game: "
                              "tricks: 2')", state="attached")
    # A setting changed and not saved is not lost to the rematch: it is saved first.
    if not ana.page.locator("#room-opt-tricks").is_visible():
        ana.page.locator("#host summary:text('Options for the next game')").click()
    ana.page.locator("#room-opt-tricks").fill("3")
    # The host's rematch: same seats, a new game, everyone's page follows.
    ana.page.locator("#result-rematch").click()
    bo.page.wait_for_function("() => window.saloon.doc.room.status === 'playing'"
                              " && window.saloon.doc.room.match === 1"
                              " && window.saloon.doc.room.options.tricks === 3")
    assert bo.page.locator("#game-over").count() == 0
    # The new game's deal is nobody's last move: no card of it is marked as one.
    for p in (ana, bo):
        p.page.wait_for_function("() => window.saloon.renderedVersion === window.saloon.version")
        assert p.page.locator("[data-last-move]").count() == 0
    # The invite folds into a button beside the Rules while a game runs (its panel took a
    # line above the table); one click opens it again, and folded it goes again.
    assert not ana.page.locator("#invite").is_visible()
    ana.page.locator("#invite-open").click()
    ana.page.locator("#copy").click()
    ana.page.wait_for_selector("#copy:has-text('Copied')")
    ana.page.wait_for_selector("#invite-open:has-text('Fold the invite')")
    ana.page.locator("#invite-open").click()  # the button folds it too
    ana.page.wait_for_selector("#invite", state="hidden")
    ana.page.wait_for_selector("#invite-open:has-text('Invite friends')")
    ana.page.locator("#invite-open").click()
    ana.page.locator("#invite summary").click()  # and so does its heading
    ana.page.wait_for_selector("#invite", state="hidden")
    ana.page.wait_for_selector("#invite-open:has-text('Invite friends')")
    assert not ana.errors and not bo.errors


def test_reconnecting_state_is_visible(browser, live):
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("highcard")
    ana.page.wait_for_selector("#conn[data-state='open']")
    # The browser says it is offline: the socket is given up at once, and the page's
    # reconnections fail while it is.
    ana.context.set_offline(True)
    ana.page.wait_for_selector("#conn[data-state='reconnecting']")
    assert "Reconnecting" in ana.page.locator("#conn").inner_text()
    ana.context.set_offline(False)
    ana.page.wait_for_selector("#conn[data-state='open']", timeout=20000)
    assert ana.doc()["room"]["code"] == code


def test_a_socket_the_network_dropped_is_given_up_and_replaced(browser, live):
    """A network that drops leaves the socket open, carrying nothing: the page finds it
    out, says so, and is up to date as soon as the network is back."""
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("highcard")
    ana.page.wait_for_selector("#conn[data-state='open']")
    # The page waits 10 s for an answer in play; the test, less.
    ana.page.evaluate("() => { window.saloon.socket.deadMs = 1500; }")
    # Chromium offline holds a socket's frames both ways and never closes it.
    ana.context.set_offline(True)
    ana.page.wait_for_selector("#conn[data-state='reconnecting']", timeout=10000)
    assert "no network" in ana.page.locator("#conn").inner_text()
    bo = Player(browser.new_context(), live, "Bo")
    bo.join(code)
    ana.context.set_offline(False)
    # Back online, the page connects again at once, not after its backoff.
    ana.page.wait_for_selector("#conn[data-state='open']", timeout=5000)
    ana.page.wait_for_function("() => window.saloon.doc.room.seats.length === 2")
    assert ana.version() == bo.version()
    assert not ana.errors and not bo.errors


def test_a_pong_past_the_pages_version_brings_a_sync(browser, live):
    """A patch lost on the way is found by the next pong, without waiting for another."""
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("highcard")
    ana.page.wait_for_selector("#conn[data-state='open']")
    ana.page.evaluate("""() => {
      const s = window.saloon.socket, receive = s.receive.bind(s);
      window.dropped = 0;
      s.receive = (raw) => {
        if (!window.dropped && JSON.parse(raw).type === "patch") { window.dropped = 1; return; }
        receive(raw);
      };
    }""")
    version = ana.version()
    bo = Player(browser.new_context(), live, "Bo")
    bo.join(code)
    ana.page.wait_for_function("() => window.dropped === 1")
    assert ana.version() == version
    ana.page.evaluate("() => window.saloon.socket.ping()")
    ana.page.wait_for_function("() => window.saloon.doc.room.seats.length === 2")
    assert ana.version() == bo.version() and not ana.errors


def test_a_move_sent_as_the_network_dropped_is_owned_up_to(browser, live):
    """The page cannot know whether a move on a lost socket was stored: it says so, and
    shows the room as the server has it."""
    ana = Player(browser.new_context(), live, "Ana")
    ana.create("highcard")
    ana.add_bot()
    ana.start()
    next_turn(ana, [ana])
    # A network gone without the browser knowing: the socket looks open and carries
    # nothing (its sends go nowhere).
    ana.page.evaluate("""() => {
      const s = window.saloon.socket;
      s.deadMs = 1500;
      s.ws.send = () => {};
    }""")
    ana.send(ana.ready()[0])
    ana.page.wait_for_selector("#play .pending")  # "sending…", and nothing comes
    ana.page.wait_for_selector("#conn[data-state='reconnecting']", timeout=10000)
    ana.page.wait_for_selector("#conn[data-state='open']", timeout=10000)
    notice = ana.page.locator("#notice")
    notice.filter(has_text="dropped while your move").wait_for()
    ana.page.wait_for_function("() => !window.saloon.pending")
    # With no socket, a move made from the keyboard is not sent, and the page says so
    # rather than wait on it. The browser knowing it is offline, the socket is given up
    # at once (it had said "Connected" for the seconds a pong took not to come).
    next_turn(ana, [ana])
    ana.context.set_offline(True)
    ana.page.wait_for_selector("#conn[data-state='reconnecting']", timeout=1000)
    ana.page.locator("#play button[data-action]").first.focus()
    ana.page.keyboard.press("Enter")
    notice.filter(has_text="Not connected, so that move was not sent").wait_for()
    ana.context.set_offline(False)
    ana.page.wait_for_selector("#conn[data-state='open']", timeout=5000)
    assert ana.ready() and not ana.errors


def test_a_socket_owes_an_answer_until_one_comes_not_the_rooms_other_news(browser, live):
    """A socket whose sends went nowhere, while others' moves still came in, took each of
    those for the answer its move was owed: the move waited with no end in sight (the
    test above met it about one run in three, a bot moving meanwhile)."""
    page = browser.new_page()
    page.goto(live.http + "/")
    gave_up, owed = page.evaluate("""async () => {
      const { RoomSocket } = await import('/static/js/socket.js');
      const open = () => ({ readyState: WebSocket.OPEN, send: () => {}, close: () => {} });
      const statuses = [];
      const lost = new RoomSocket('abc', null, { onStatus: (st) => statuses.push(st) });
      lost.ws = open();
      lost.deadMs = 50;
      lost.act({ type: 'deal' });
      lost.receive(JSON.stringify({ type: 'presence', online: [0, 1] }));
      await new Promise((done) => setTimeout(done, 80));
      lost.check(false);
      lost.close();
      const heard = new RoomSocket('abc', null, {});
      heard.ws = open();
      const ref = heard.act({ type: 'deal' });
      heard.receive(JSON.stringify({ type: 'error', code: 'illegal', message: 'no', ref }));
      return [statuses.includes('reconnecting'), heard.awaited];
    }""")
    assert gave_up and owed is None, (gave_up, owed)
    page.close()


def test_a_page_once_connected_waits_out_a_seat_full_of_dropped_sockets(browser, live):
    """The sockets a bad network dropped stay on the server until it finds them dead: a
    page that was connected takes "too many connections" as a wait, not as the end."""
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("highcard")
    ana.page.wait_for_selector("#conn[data-state='open']")
    token = ana.page.evaluate("() => window.saloon.token")
    protocols = [Subprotocol("saloon"), Subprotocol(f"saloon.token.{token}")]
    others = ExitStack()
    for _ in range(3):
        others.enter_context(connect(f"{live.ws}/ws/rooms/{code}", subprotocols=protocols))
    # The page's socket goes, and its reconnection waits until the seat is full again.
    ana.page.evaluate("""() => {
      const s = window.saloon.socket, lost = s.lost.bind(s), connect = s.connect.bind(s);
      window.closes = [];
      window.held = true;
      s.lost = (code) => { window.closes.push(code); lost(code); };
      s.connect = () => { if (!window.held) connect(); };
      s.ws.close();
    }""")
    ana.page.wait_for_function("() => window.closes.length === 1")
    others.enter_context(connect(f"{live.ws}/ws/rooms/{code}", subprotocols=protocols))
    ana.page.evaluate("() => { window.held = false; window.saloon.socket.connect(); }")
    ana.page.wait_for_function("() => window.closes.includes(4429)")
    assert ana.page.locator("#conn").get_attribute("data-state") == "reconnecting"
    others.close()
    ana.page.wait_for_selector("#conn[data-state='open']", timeout=15000)
    assert not ana.errors


def test_cards_chosen_for_a_pass_are_still_chosen_after_a_reload(browser, live):
    ana = Player(browser.new_context(), live, "Ana")
    ana.create("wyoming_cowboy", {})
    ana.add_bot()
    ana.add_bot()
    ana.start()
    page = ana.page
    page.wait_for_function("() => window.saloon.doc.legal.length > 0")
    direction = {"type": "direction", "direction": "left"}
    assert direction in ana.ready()
    ana.control(direction).click()
    page.wait_for_function("""() => !window.saloon.pending && window.saloon.doc.legal.length
      && window.saloon.doc.legal.every((a) => a.type === 'pass')""")
    picks = page.locator("#play [data-pick]:not(.dim)")
    chosen = [str(picks.nth(i).get_attribute("data-card")) for i in (0, 1)]
    for card in chosen:
        page.locator(f"#play [data-pick][data-card='{card}']").click()
    page.reload()
    ana.wait_doc()
    page.wait_for_selector("#play [data-pick][aria-pressed='true']")
    pressed = page.locator("#play [data-pick][aria-pressed='true']")
    assert sorted(str(pressed.nth(i).get_attribute("data-card"))
                  for i in range(pressed.count())) == sorted(chosen)
    assert "(2 of 3 chosen)" in page.locator("#play [data-confirm]").inner_text()
    # Once passed, nothing chosen is brought back by the next reload.
    third = next(c for a in ana.ready() for c in a["cards"] if c not in chosen)
    page.locator(f"#play [data-pick][data-card='{third}']").click()
    before = ana.version()
    page.locator("#play [data-confirm]").click()
    # The pass taken (not "no pass offered any more": a bot's 9 may start the next pass
    # before the page has drawn the turn between).
    page.wait_for_function("(v) => !window.saloon.pending && window.saloon.version > v",
                           arg=before)
    page.reload()
    ana.wait_doc()
    assert page.evaluate("() => window.saloon.ui.selected.length") == 0


def test_a_card_menu_opened_on_a_phone_with_the_log_up_is_not_hidden_under_it(browser, live):
    ana = Player(browser.new_context(viewport={"width": 390, "height": 844}), live, "Ana")
    ana.create("wyoming_cowboy", {})
    ana.add_bot()
    ana.add_bot()
    ana.start()
    page, rng = ana.page, random.Random(3)
    opener = page.locator("#play [data-opens]")
    for _ in range(200):  # play on until one of Ana's cards has several uses
        if ana.ready() and opener.count():
            break
        if not ana.act(rng):
            page.wait_for_timeout(50)
    else:
        raise AssertionError("no card of Ana's had several uses in 200 tries")
    page.locator("#log-open").click()
    page.wait_for_selector("#log-panel", state="visible")
    # Opened to be read: the focus is on the log, not in the chat box (which on a phone
    # would raise the on-screen keyboard over it).
    assert page.evaluate("() => document.activeElement.id") == "log"
    opener.first.dispatch_event("click")  # the log is over it, as a phone's hand may be
    choice = page.locator("#play .menu .act").first
    choice.wait_for()
    # What is on top at the menu's first choice is that choice: the log went down.
    assert choice.evaluate("""(el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    }""")
    assert not page.evaluate("() => document.body.classList.contains('log-shown')")
    assert page.locator("#log-open").get_attribute("aria-expanded") == "false"


def test_the_cards_for_cowboys_store_of_four_players_fits_a_phone(browser, live):
    ana = Player(browser.new_context(viewport={"width": 390, "height": 844}), live, "Ana")
    ana.create("cards_for_cowboys", {})
    for _ in range(3):
        ana.add_bot()
    ana.start()
    store = ana.page.locator("#table .store")
    store.wait_for()
    widest = max(len(row) for row in ana.doc()["game"]["store"])
    assert widest == 7
    # Every card of its widest row in view: nothing scrolls sideways out of sight.
    assert store.evaluate("(e) => e.scrollWidth <= e.clientWidth"), store.evaluate(
        "(e) => [e.scrollWidth, e.clientWidth]")


def test_a_code_no_room_has_says_so_and_offers_only_the_lobby(browser, live, artifacts):
    page = browser.new_page()
    page.goto(live.http + "/r/NOSUCHROOM12")
    page.wait_for_selector("#notice:has(#to-lobby)")
    assert page.locator("#notice").inner_text().startswith("There is no room with this code.")
    assert page.locator("#to-lobby").get_attribute("href") == "/"
    assert page.locator("#conn").inner_text() == "No such room"
    # Nothing of a room: no invite to it, no seats, no chat, no table.
    for hidden in ("#invite", "#room .layout", "#chat-form", "#seat-list", "#join"):
        assert not page.locator(hidden).is_visible(), hidden
    page.set_viewport_size({"width": 390, "height": 844})
    assert not page.locator("#log-open").is_visible()
    page.screenshot(path=str(artifacts / "no-such-room-390.png"), full_page=True)
    page.close()


def test_the_room_says_who_does_what_before_the_game_and_why_a_newcomer_watches(
        browser, live, artifacts):
    ana = Player(browser.new_context(), live, "Ana")
    code = ana.create("highcard", {"tricks": 1})
    note = ana.page.locator("#lobby-note")
    assert note.is_visible() and "Send the invite link" in note.inner_text()
    assert "needs 2 players" in note.inner_text()
    bo = Player(browser.new_context(), live, "Bo")
    bo.join(code)
    bo.page.wait_for_selector("#lobby-note:text('Waiting for Ana to start the game.')")
    ana.page.wait_for_selector("#lobby-note:text('Press Start the game when everyone is seated.')")
    ana.page.screenshot(path=str(artifacts / "room-lobby-host-desktop.png"), full_page=True)
    # A third browser, while a seat is free, is offered one and not told it is watching.
    cy = Player(browser.new_context(), live, "Cy")
    cy.page.goto(f"{live.http}/r/{code}")
    cy.wait_doc()
    cy.page.wait_for_selector("#lobby-note:text('press Take a seat to play')")
    assert cy.page.locator("#join").is_visible()
    assert not cy.page.locator("#watch-note").is_visible()
    # The invite, for those seated, is folded above the form to take a seat.
    assert cy.page.locator("#invite").get_attribute("open") is None
    assert bo.page.locator("#invite").get_attribute("open") is not None
    # Every seat taken: the newcomer is told why there is no seat for them.
    ana.add_bot()
    ana.add_bot()
    cy.page.wait_for_selector("#watch-note:text('Every seat is taken, so you are watching.')")
    assert not cy.page.locator("#join").is_visible()
    newcomer = Player(browser.new_context(), live, "Ed")
    newcomer.page.goto(f"{live.http}/r/{code}")
    newcomer.page.wait_for_selector("#watch-note:text('Every seat is taken')")
    assert newcomer.page.locator("#invite").get_attribute("open") is None  # nothing to share
    cy.page.set_viewport_size({"width": 390, "height": 844})
    cy.page.screenshot(path=str(artifacts / "room-full-newcomer-390.png"), full_page=True)
    # Once the game has started, a newcomer is told that seats go before a game starts.
    ana.start()
    dee = Player(browser.new_context(), live, "Dee")
    dee.page.goto(f"{live.http}/r/{code}")
    dee.page.wait_for_selector("#watch-note:text('The game has started, so you are watching')")
    assert not dee.page.locator("#lobby-note").is_visible()
    assert not ana.page.locator("#lobby-note").is_visible()
    assert not ana.page.locator("#watch-note").is_visible()
    # Once it is over, that a rematch keeps the players.
    rng = random.Random(1)
    while live.room(code).status != "finished":
        if not any(p.act(rng) for p in (ana, bo)):
            next_turn(ana, [ana, bo])
    dee.page.wait_for_selector("#watch-note:text('a rematch keeps the same players')")
    for p in (ana, bo, cy, dee, newcomer):
        assert not p.errors


def test_a_phone_says_what_the_last_move_did_above_the_prompt(browser, live):
    """On a phone the log is behind a button and the table under the dock: a line (three at
    most) above the prompt says what the last move did, and opens the log; a wide screen,
    with the log beside the table, has no such line."""
    ana = Player(browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                     has_touch=True), live, "Ana")
    ana.create("highcard")
    ana.add_bot()
    ana.start()
    rng = random.Random(2)
    assert ana.act(rng)
    ana.page.wait_for_function("() => window.saloon.doc.log.some((e) => e.type === 'trick')")
    # Read in one go, the document and the line drawn from it (a bot may move at any time).
    shown, log, names, you = ana.page.evaluate("""() => new Promise((done) => {
      const read = () => (window.saloon.renderedVersion === window.saloon.version
        ? done([document.querySelector('#recent').title, window.saloon.doc.log,
                window.saloon.doc.room.seats.map((s) => s.name), window.saloon.doc.room.you])
        : setTimeout(read, 20));
      read();
    })""")
    events = [e for e in log if e["type"] not in ("chat", "notice") and e.get("text")]
    last = [as_logged(e["text"], names, you) for e in events if e["v"] == events[-1]["v"]][-2:]
    # In the order they happened: newest first read an effect before its cause.
    assert shown == "Last: " + " · ".join(last), (shown, last)
    # The log tells one's own moves by one's name marked as one's own.
    logged = ana.page.evaluate("() => document.querySelector('#log').textContent")
    assert "Ana (you) " in logged and f"{names[1]} (you)" not in logged, logged
    recent = ana.page.locator("#recent")
    assert recent.is_visible()
    # Named by what it shows, then what a tap does.
    name = recent.evaluate("(el) => el.textContent")
    assert name.startswith("Last: ") and name.endswith(". Open the log"), name
    # A long event alone takes a second line; of two long ones, the newest takes two and
    # the one before one, both begun; in a dock too full ("tight") a line each; never more.
    lines = recent.evaluate("""(el) => ['one', 'two', 'tight'].map((n) => {
      el.classList.toggle('tight', n === 'tight');
      const long = 'Bo takes aim at Ana with the .38 and misses, '.repeat(5);
      const hidden = el.querySelector('.sr-only');
      el.replaceChildren(...(n === 'one' ? [long] : [long, 'Ana ' + long]).map((t) => {
        const s = document.createElement('span');
        s.className = 'said';
        s.textContent = t;
        return s;
      }), hidden);
      const box = el.getBoundingClientRect(), range = document.createRange();
      range.selectNodeContents(el);
      const rects = [...range.getClientRects()].filter((r) => r.width > 1);
      const tops = rects.filter((r) => r.bottom <= box.bottom + 1).map((r) => Math.round(r.top));
      // No sliver of a third line: a line the box cuts starts below its foot.
      const cut = rects.filter((r) => r.bottom > box.bottom + 1 && r.top < box.bottom - 1);
      const begun = [...el.children]
        .every((s) => s.getBoundingClientRect().bottom <= box.bottom + 1);
      return cut.length ? -1 : [new Set(tops).size, begun];
    })""")
    assert lines == [[2, True], [3, True], [2, True]], lines
    recent.click()
    assert ana.page.evaluate("() => document.body.classList.contains('log-shown')")
    wide = Player(browser.new_context(viewport={"width": 1280, "height": 800}), live, "Bo")
    wide.create("highcard")
    wide.add_bot()
    wide.start()
    assert wide.act(rng)
    wide.page.wait_for_function("() => window.saloon.doc.log.some((e) => e.type === 'trick')")
    assert not wide.page.locator("#recent").is_visible()
    assert not ana.errors and not wide.errors


def test_the_dock_folds_to_its_prompt_to_show_the_table(browser, live):
    """On a phone a decision's choices and the hand may fill most of the screen: "See the
    table" folds the dock to its prompt, "Back to your move" unfolds it, and so does the
    next decision."""
    ana = Player(browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                     has_touch=True), live, "Ana")
    ana.create("wyoming_cowboy", {"max_hands": 1})
    for _ in range(2):
        ana.add_bot()
    ana.start()
    page = ana.page
    page.wait_for_function("() => window.saloon.doc.legal.length > 0"
                           " && window.saloon.renderedVersion === window.saloon.version")
    fold = page.locator("#dock-fold")
    tall = page.evaluate("() => document.querySelector('#dock').getBoundingClientRect().height")
    assert fold.is_visible() and fold.get_attribute("aria-expanded") == "true"
    fold.click()
    assert fold.inner_text() == "Back to your move"
    assert fold.get_attribute("aria-expanded") == "false"
    assert not page.locator("#reaction").is_visible() and not page.locator("#hand").is_visible()
    assert page.locator("#prompt").is_visible()
    short = page.evaluate("() => document.querySelector('#dock').getBoundingClientRect().height")
    assert short < tall / 2, (short, tall)
    fold.click()
    assert page.locator("#hand").is_visible() and fold.inner_text() == "See the table"
    # Folded, a move made (here through the socket) brings the next decision unfolded.
    fold.click()
    version = page.evaluate("() => window.saloon.version")
    page.evaluate("(a) => window.saloon.socket.act(a)", ana.doc()["legal"][0])
    page.wait_for_function("(v) => window.saloon.version > v"
                           " && window.saloon.doc.legal.length > 0"
                           " && window.saloon.renderedVersion === window.saloon.version",
                           arg=version)
    assert page.locator("#hand").is_visible() and fold.inner_text() == "See the table"
    assert not ana.errors, ana.errors


def test_a_chat_line_refused_is_said_beside_the_chat_box_and_kept_to_send_again(browser,
                                                                               live):
    """A refusal of a chat line was said at the top of the page, out of sight of the chat
    box, and the line was gone from the box."""
    ana = Player(browser.new_context(), live, "Ana")
    ana.create("highcard")
    ana.page.wait_for_selector("#conn[data-state='open']")
    box = ana.page.locator("#chat-text")
    box.fill("over\u202eturned")  # a direction override: the server refuses it
    box.press("Enter")
    error = ana.page.locator("#chat-error")
    error.wait_for()
    assert "direction overrides" in error.inner_text()
    assert box.input_value() == "over\u202eturned"
    assert ana.page.locator("#notice").is_hidden()
    box.fill("howdy")
    box.press("Enter")
    ana.page.wait_for_function("() => window.saloon.doc.log.some((e) => e.text === 'howdy')")
    error.wait_for(state="hidden")
    ana.page.wait_for_function("() => document.querySelector('#chat-text').value === ''")
    # A message the server does not know (the page newer than the server) is not the
    # player's to read.
    ana.page.evaluate("() => window.saloon.socket.send({type: 'dance'})")
    ana.page.wait_for_function("() => window.saloon.errorCount > 1")
    assert ana.page.locator("#notice").is_hidden()
    assert not ana.errors


def test_a_game_refusal_is_said_in_the_games_words_not_the_clients(browser, live):
    """A move from a page behind the table ("Expected an action from seat 1; got one from
    seat 0") is refused in words a player reads, with the rule."""
    ana = Player(browser.new_context(), live, "Ana")
    ana.create("highcard")
    bo = Player(browser.new_context(), live, "Bo")
    bo.join(ana.page.url.rsplit("/", 1)[1])
    ana.start()
    next_turn(ana, [ana, bo])
    waiting = ana if ana.doc()["legal"] else bo
    assert waiting.act(random.Random(2))  # its move made, it waits for the other's
    card = waiting.doc()["game"]["hand"][0]
    waiting.page.evaluate("(card) => window.saloon.socket.act({type: 'play', card})", card)
    notice = waiting.page.locator("#notice")
    notice.wait_for()
    said = notice.inner_text()
    assert said.startswith("It is not your move now: the table has moved on.")
    assert "seat 0" not in said and "seat 1" not in said and "Read the rule" in said
    assert not ana.errors and not bo.errors


def test_a_phone_says_how_many_moves_the_others_made_since_yours(browser, live):
    """Three bots play between two moves of yours, and the line above the prompt says only
    the last: it says how many there were since yours (the log, a tap away, has them)."""
    ana = Player(browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                     has_touch=True), live, "Ana")
    ana.create("wyoming_cowboy", {"max_hands": 1})
    for _ in range(3):
        ana.add_bot("smart")
    ana.start()
    rng = random.Random(3)
    for _ in range(60):
        if not ana.act(rng):
            next_turn(ana, [ana])
            continue
        next_turn(ana, [ana])
        shown, log, mine = ana.page.evaluate("""() => new Promise((done) => {
          const read = () => (window.saloon.renderedVersion === window.saloon.version
            ? done([document.querySelector('#recent').title, window.saloon.doc.log,
                    window.saloon.mineAt])
            : setTimeout(read, 20));
          read();
        })""")
        moves = {e["v"] for e in log
                 if e["type"] not in ("chat", "notice") and e.get("text") and e["v"] > mine}
        if len(moves) >= 2:
            assert shown.startswith(f"Last of {len(moves)} moves since yours: "), shown
            break
    else:
        pytest.fail("the bots never made two moves between two of Ana's")
    assert not ana.errors
