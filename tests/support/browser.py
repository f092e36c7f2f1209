"""Drives the browser client like a player: lobby, room, and legal actions through the UI."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from playwright.sync_api import BrowserContext, ConsoleMessage, Locator, Page

from tests.support.server import LiveServer

JSON = dict[str, Any]
Chooser = Callable[[list[JSON], random.Random], JSON]
WAIT_MS = 30_000  # how long a page may take to show what a test waits for

# Gathers what the page shows: text nodes, attribute values and form values, outside
# [data-nocheck] (the invite link holds the room code, which is random text) and the
# log (with its copies: a phone's last-move line, #recent, and what the server played for
# an away seat, #away-played) and the score breakdowns: both are history. The log may
# name cards you once held ("You pass the Four of clubs") or that were shown ("shows a
# couple, King and Queen of spades") that secrets() counts as hidden once they lie in a
# hand, and a breakdown lists what earlier hands scored ("Couple shown: King and Queen of
# hearts") though those cards are back in the pile now. The server checks log entries
# itself, and the engines' tests check their breakdowns.
DOM_WORDS = """() => {
  const out = [];
  const walk = (el) => {
    if (el.closest && el.closest('[data-nocheck], #log, #recent, #away-played, .breakdown')) return;
    for (const a of el.attributes || []) out.push(a.value);
    if (el.value !== undefined && typeof el.value === 'string') out.push(el.value);
    for (const c of el.childNodes) {
      if (c.nodeType === 3) out.push(c.nodeValue);
      else if (c.nodeType === 1) walk(c);
    }
  };
  walk(document.body);
  return {version: window.saloon ? window.saloon.renderedVersion : -1, text: out.join('\\n')};
}"""


def as_logged(text: str, names: Sequence[str] = (), you: int | None = None) -> str:
    """Returns a log entry's words as the page of seat ``you`` writes them: seat N named
    (one's own "Ana (you)", "Ana (you, Gallagher)" before a game's bracket), "9D" as "9♦"."""
    said = [f"{n} (you)" if i == you else n for i, n in enumerate(names)]
    named = re.sub(r"\{seat:(\d+)\}", lambda m: said[int(m[1])], text)
    named = named.replace(" (you) (", " (you, ")
    return re.sub(r"\b([2-9TJQKA])([CDHS])\b",
                  lambda m: ("10" if m[1] == "T" else m[1]) + "♣♦♥♠"["CDHS".index(m[2])], named)


def key(action: JSON) -> str:
    """The client's key of an action: JSON with sorted keys, no spaces."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class Player:
    """One browser context playing one seat (or watching)."""

    def __init__(self, context: BrowserContext, live: LiveServer, name: str) -> None:
        self.context = context
        self.page: Page = context.new_page()
        self.live = live
        self.name = name
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        # A patch the page cannot apply is a wrong patch from the server (the page then
        # syncs, and plays on): it is an error all the same.
        self.page.on("console", self._heard)
        self.used_table = 0
        self.used_fallback = 0

    def _heard(self, message: ConsoleMessage) -> None:
        if message.text.startswith("patch failed"):
            self.errors.append(message.text)

    # ---- lobby and room --------------------------------------------------------------

    def create(self, game: str, options: JSON | None = None) -> str:
        """Opens a room from the lobby form; returns its code."""
        page = self.page
        page.goto(self.live.http + "/")
        form = page.locator(f"form[data-game='{game}']")
        form.locator("input[name=name]").fill(self.name)
        if options:
            form.locator("summary").click()
            for k, v in options.items():
                field = form.locator(f"[name='{k}']")
                if field.evaluate("e => e.tagName") == "SELECT":
                    field.select_option(str(v))
                else:
                    field.fill(str(v))
        form.locator("button[type=submit]").click()
        page.wait_for_url(re.compile(r"/r/[^/]+$"))
        self.wait_doc()
        return page.url.rsplit("/", 1)[1]

    def join(self, code: str) -> None:
        """Opens the invite link and takes a seat by name."""
        self.page.goto(f"{self.live.http}/r/{code}")
        self.page.locator("#join-name").fill(self.name)
        self.page.locator("#join-form button[type=submit]").click()
        self.page.wait_for_function(
            "() => window.saloon && window.saloon.doc && window.saloon.doc.room.you !== null")

    def wait_doc(self) -> None:
        """Waits until the page mirrors a document."""
        self.page.wait_for_function("() => window.saloon && window.saloon.doc")

    def version(self) -> int:
        """Returns the version of the page's document."""
        return int(self.page.evaluate("() => window.saloon.version"))

    def seat(self) -> int | None:
        """Returns the page's seat (None for a spectator)."""
        seat = self.page.evaluate("() => window.saloon.doc.room.you")
        return None if seat is None else int(seat)

    def doc(self) -> JSON:
        """Returns the page's document."""
        doc: JSON = self.page.evaluate("() => window.saloon.doc")
        return doc

    def add_bot(self, kind: str | None = None) -> None:
        """Adds a bot (of ``kind``, else the page's default) as the host; waits for its seat."""
        n = len(self.doc()["room"]["seats"])
        if kind:
            self.page.locator("#bot-kind").select_option(kind)
        self.page.locator("#add-bot").click()
        self.page.wait_for_function(f"() => window.saloon.doc.room.seats.length > {n}")

    def start(self) -> None:
        """Starts the game as the host; waits until the page shows it playing."""
        self.page.locator("#start").click()
        self.page.wait_for_function("() => window.saloon.doc.room.status === 'playing'")

    # ---- playing -----------------------------------------------------------------------

    def ready(self) -> list[JSON]:
        """Returns the legal actions the page offers now (empty while an action is in flight)."""
        legal: list[JSON] = self.page.evaluate(
            "() => (window.saloon && window.saloon.doc && !window.saloon.pending"
            " && window.saloon.renderedVersion === window.saloon.version)"
            " ? window.saloon.doc.legal : []")
        return legal

    def act(self, rng: random.Random, choose: Chooser | None = None) -> bool:
        """Performs one legal action through the table (else the fallback list)."""
        legal = self.ready()
        if not legal:
            return False
        action = choose(legal, rng) if choose else rng.choice(legal)
        version, errors = self.page.evaluate(
            "() => [window.saloon.version, window.saloon.errorCount]")
        self.send(action)
        # The acknowledging patch (or any newer version) re-renders the page.
        self.page.wait_for_function(
            f"() => (window.saloon.version > {version} || window.saloon.errorCount > {errors})"
            " && !window.saloon.pending", timeout=15000)
        return True

    def send(self, action: JSON) -> None:
        """Performs ``action`` through the table (else the list of every choice), without
        waiting for its answer."""
        if self._through_table(action):
            self.used_table += 1
        else:
            self.used_fallback += 1
            self.page.locator("#choices").evaluate("e => e.open = true")
            self.page.locator(f"#choice-list [data-action='{_q(key(action))}']").click()

    def control(self, action: JSON) -> Locator:
        """Returns the table's own buttons that send ``action`` (the list of every choice
        aside)."""
        return self.page.locator(f"#play [data-action='{_q(key(action))}']:not(#choice-list *)")

    def _through_table(self, action: JSON) -> bool:
        page = self.page
        table = "#play"
        k = _q(key(action))
        direct = self.control(action)
        if direct.count():
            direct.first.click()
            return True
        openers = []
        if isinstance(action.get("card"), str):
            openers.append(f"[data-opens][data-card='{_q(action['card'])}']")
        for c in action.get("cards") or []:
            openers.append(f"[data-opens][data-card='{_q(c)}']")
        if isinstance(action.get("gun"), str):
            openers.append(f"[data-opens][data-gun='{_q(action['gun'])}']")
        for sel in openers:
            opener = page.locator(f"{table} {sel}")
            if not opener.count():
                continue
            opener.first.click()
            item = page.locator(f"{table} .menu [data-action='{k}']")
            if item.count():
                item.first.click()
                return True
            page.evaluate("() => window.saloon.clearSelection && window.saloon.clearSelection()")
        cards = action.get("cards") or action.get("order")
        picks = page.locator(f"{table} [data-pick]")
        if isinstance(cards, list) and picks.count():
            page.evaluate("() => window.saloon.clearSelection && window.saloon.clearSelection()")
            for c in cards:
                target = page.locator(f"{table} [data-pick][data-card='{_q(c)}']")
                if not target.count():
                    return False
                target.first.click()
            confirm = page.locator(f"{table} [data-confirm][data-action='{k}']")
            if confirm.count() and confirm.first.is_enabled():
                confirm.first.click()
                return True
            page.evaluate("() => window.saloon.clearSelection && window.saloon.clearSelection()")
        return False

    def dom(self) -> JSON:
        """Returns the page's rendered version and the words it shows (see DOM_WORDS)."""
        words: JSON = self.page.evaluate(DOM_WORDS)
        return words


# The room as a page shows it, once that page has rendered version ``since`` or a later
# one and the room waits for no bot (or is over): its version and the seats to act.
PEOPLE_TO_ACT = """(since) => {
  const s = window.saloon;
  if (!s || !s.doc || s.version < since || s.renderedVersion !== s.version) return null;
  const room = s.doc.room;
  const bots = room.to_act.filter((seat) => room.seats[seat].kind === 'bot');
  if (room.status === 'finished' || (room.status === 'playing' && bots.length === 0)) {
    return {version: s.version, seats: room.to_act};
  }
  return null;
}"""
SHOWS_VERSION = """(v) => window.saloon.version >= v && !window.saloon.pending
  && window.saloon.renderedVersion === window.saloon.version"""


def next_turn(observer: Player, players: Sequence[Player]) -> None:
    """Waits until the room waits for a person (or is over), and their pages show it.

    ``observer`` is any page of the room; it must first reach the newest version any
    player's page has, so that what it shows is the room as it stands.
    """
    since = max(p.version() for p in players)
    turn = observer.page.wait_for_function(PEOPLE_TO_ACT, arg=since,
                                           timeout=WAIT_MS).json_value()
    for p in players:
        if p.seat() in turn["seats"]:
            p.page.wait_for_function(SHOWS_VERSION, arg=turn["version"], timeout=WAIT_MS)


def _q(text: str) -> str:
    """Escapes a value for a CSS attribute selector in single quotes."""
    return text.replace("\\", "\\\\").replace("'", "\\'")
