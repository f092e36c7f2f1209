"""The admin page in Chromium: sign in, find a finished game of each kind, replay it.

Games are played to their end by bots through the room service (no bot delay) before
the server starts; the page then scrubs each replay to the middle and the end, switches
between the omniscient view and seats, and takes screenshots. A seat's table never
shows a card that seat may not see at that step.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import update

from app import records
from app.db import Database
from app.models import ActionRow
from app.rooms import RoomService
from app.settings import Settings
from games.leaks import leaked
from games.registry import all_games, get_game
from tests.support.browser import WAIT_MS
from tests.support.databases import POSTGRES_URL, Databases, delete_games, off_loop
from tests.support.rooms import play_bots_game
from tests.support.server import ADMIN, ADMIN_TOKEN, LiveServer, settings_for

pytestmark = pytest.mark.browser

GAMES = sorted(all_games())
# Games whose omniscient view is shaped like a seat's: the replay draws it on their table.
TABLE_OMNISCIENT = {"cowpoker", "cards_for_cowboys", "wyoming_cowboy"}

BOARD_WORDS = """() => {
  const out = [];
  const walk = (el) => {
    for (const a of el.attributes || []) out.push(a.value);
    for (const c of el.childNodes) {
      if (c.nodeType === 3) out.push(c.nodeValue);
      else if (c.nodeType === 1) walk(c);
    }
  };
  walk(document.querySelector('#board'));
  return out.join('\\n');
}"""


@pytest.fixture(scope="module")
def admin_settings(databases: Databases, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """An empty database of this module's own (PostgreSQL when TEST_DATABASE_URL is set)."""
    url = databases.postgres() if POSTGRES_URL else databases.sqlite(
        tmp_path_factory.mktemp("admin"))
    return settings_for(url, snapshot_every=20)


@pytest.fixture(scope="module")
def stored(admin_settings: Settings) -> dict[str, str]:
    """One finished game of each registered kind, played by bots; ids by game."""
    out: dict[str, str] = {}

    async def play() -> None:
        service = RoomService(Database(admin_settings.database_url), admin_settings)
        for i, gid in enumerate(GAMES):
            out[gid] = await play_bots_game(service, gid, name=f"Ana {i}", seed=i + 2)
        await service.close()
        await service.db.dispose()

    off_loop(lambda: asyncio.run(play()))
    return out


@pytest.fixture(scope="module")
def admin_server(admin_settings: Settings, stored: dict[str, str]) -> Iterator[LiveServer]:
    """A server over the stored games, started after they were played."""
    with LiveServer(admin_settings) as server:
        yield server


@pytest.fixture
def added(admin_settings: Settings) -> Iterator[list[str]]:
    """The ids of games a test adds to the stored ones; they are deleted after it."""
    ids: list[str] = []
    yield ids
    delete_games(admin_settings.database_url, ids)


def sign_in(page: Page, server: LiveServer) -> None:
    page.goto(server.http + "/admin")
    page.locator("#admin-token").fill(ADMIN_TOKEN)
    page.locator("#login-form button[type=submit]").click()
    page.wait_for_selector("#game-list tbody tr[data-id]")


def shown(page: Page, step: int, seat: str) -> None:
    page.wait_for_selector(f"#board[data-step='{step}'][data-seat='{seat}']", timeout=15000,
                           state="attached")


def scrub(page: Page, step: int) -> None:
    page.locator("#slider").evaluate(
        "(el, v) => { el.value = String(v); el.dispatchEvent(new Event('input')); }", step)


def test_admin_replays_a_finished_game_of_each_kind(browser, admin_server, stored,
                                                     artifacts) -> None:
    """Acceptance: find each kind, scrub to the middle and the end, switch seats, screenshots."""
    server = admin_server
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # Without a token the page asks for one; a wrong token is refused there.
    page.goto(server.http + "/admin")
    page.wait_for_selector("#login:not([hidden])")
    page.locator("#admin-token").fill("not-the-token")
    page.locator("#login-form button[type=submit]").click()
    expect(page.locator("#login-error")).to_contain_text("not the admin token", timeout=WAIT_MS)
    sign_in(page, server)
    page.screenshot(path=str(artifacts / "admin-list.png"), full_page=True)
    # On a phone every column of the list is read without scrolling sideways.
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "admin-list-390.png"), full_page=True)
    assert page.evaluate("""() => { const w = document.querySelector('.table-wrap');
      return w.scrollWidth <= w.clientWidth; }"""), "the list of games is cut on a phone"
    seats = page.locator("#game-list tbody tr td[data-label='Seats']").first
    box = seats.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    page.set_viewport_size({"width": 1366, "height": 900})

    with httpx.Client(base_url=server.http, headers=ADMIN) as http:
        for gid in GAMES:
            game = get_game(gid)
            page.locator("#f-game").select_option(gid)
            page.locator("#f-status").select_option("finished")
            page.locator("#filters button[type=submit]").click()
            row = page.locator(f"#game-list tbody tr[data-game='{gid}'][data-status='finished']")
            row.first.wait_for()
            assert row.count() == 1
            # Its result names whose each score is.
            listed = http.get(f"/api/admin/games/{stored[gid]}").json()
            scores = ", ".join(f"{seat['name']} {score:g}" for seat, score
                               in zip(listed["seats"], listed["result"]["scores"], strict=True))
            assert f"({scores})" in row.first.inner_text(), (gid, row.first.inner_text())
            started = row.first.locator("a").inner_text()
            row.first.locator("a").click()
            shown(page, 0, "all")
            # Step 0 tells what happened as the game was set up (Cowpoker's first draw,
            # or a Deadwood leader's play), in the log and under the step's line.
            opening = [e for e in listed["opening"] if not e.get("only")]
            assert (gid == "cowpoker") is bool(listed["opening"]), (gid, listed["opening"])
            assert page.locator("#events li.event[data-step='0']").count() == \
                len(listed["opening"])
            assert page.locator("#step-action .outcome li").count() == min(len(opening), 4)
            # The list and the record say a time alike.
            facts = page.locator("#facts dt:text-is('Started') + dd").inner_text()
            assert facts == started, (facts, started)
            expect(page.locator("#verify")).not_to_have_attribute("data-status", "pending",
                                                                  timeout=WAIT_MS)
            assert page.locator("#verify").get_attribute("data-status") == "verified"
            assert "Verified" in page.locator("#verify").inner_text()

            raw = http.get(f"/api/admin/games/{stored[gid]}").json()
            rec = records.parse_record(raw)
            states = [None] + [step.state for step in records.replay_steps(rec)]
            n = len(rec.actions)
            assert page.locator("#slider").get_attribute("max") == str(n)
            # The chart says what this game's running score is, and of no other game.
            helped = page.locator("#chart-help").inner_text()
            assert helped.startswith("Each seat's running score after every step"), helped
            assert ("Cowpoker" not in helped) and (("poker hands" in helped)
                                                   == (gid == "cowpoker")), (gid, helped)
            assert ("Herd" in helped) == (gid == "cards_for_cowboys"), (gid, helped)
            polylines = page.locator("#chart polyline.series")
            assert polylines.count() == len(rec.seats)

            middle = n // 2
            scrub(page, middle)
            shown(page, middle, "all")
            assert page.locator("#step-label").inner_text() == f"Step {middle} of {n}"
            assert page.locator("#events li").count() > 0
            # The step's line says what came of a step, as the log's lines of that step do;
            # a step nobody was told of says nothing more.
            for k in (
                next(k for k in range(middle, n + 1)
                     if any(not e.get("only") for e in rec.actions[k - 1].events)),
                next((k for k in range(1, n + 1)
                      if all(e.get("only") for e in rec.actions[k - 1].events)), None),
            ):
                if k is None:
                    continue
                scrub(page, k)
                shown(page, k, "all")
                told = page.locator("#events li.current:not(.private)")
                said = page.locator("#step-action .outcome li")
                line = page.locator("#step-action").inner_text().split("\n")[0]
                action = line.split(" — ", 1)[1].rsplit(" · ", 1)[0]
                # One a line, as the log has them (after its step number), but for one that
                # only says again what the step's line says.
                events = [t.split(" ", 1)[1] for t in told.all_inner_texts()]
                events = [e for e in events if e != action]
                more = len(events) - 4
                assert said.all_inner_texts() == events[:4] + (
                    [f"and {more} more in the log"] if more > 0 else []), (gid, k, line)
            scrub(page, middle)
            shown(page, middle, "all")
            # What no seat sees is listed as players count, from 1.
            assert page.evaluate("""() => [...document.querySelectorAll('#board ol')]
              .every((ol) => ol.start === 1)"""), gid
            if gid in TABLE_OMNISCIENT:
                assert page.locator("#board > .generic").count() == 0, gid
                assert page.locator("#board [data-card]").count() > 0, gid
                # Seen by nobody in particular: no Ranch's Cellar is called "Your Cellar".
                assert "Your Cellar" not in (page.locator("#board").text_content() or ""), gid
            page.screenshot(path=str(artifacts / f"admin-{gid}-middle-all.png"), full_page=True)
            if gid == "cowpoker":
                # A card played by id is named on the step's line, from the position before.
                k = next(k for k in range(middle, n + 1) if "card" in rec.actions[k - 1].action)
                scrub(page, k)
                shown(page, k, "all")
                card = rec.actions[k - 1].action["card"]
                name = game.omniscient_view(states[k - 1])["cards"][card]["name"]
                expect(page.locator("#step-action")).to_contain_text(name, timeout=WAIT_MS)

            for seat in ("1", "0", "spectator"):
                page.locator("#seat-view").select_option(seat)
                shown(page, middle, seat)
                viewer = None if seat == "spectator" else int(seat)
                secrets = game.secrets(states[middle], viewer)
                assert not leaked(page.evaluate(BOARD_WORDS), secrets), (gid, seat)
            page.locator("#seat-view").select_option("1")
            shown(page, middle, "1")
            page.screenshot(path=str(artifacts / f"admin-{gid}-middle-seat1.png"), full_page=True)

            page.locator("#step-forward").click()
            shown(page, middle + 1, "1")
            page.locator("#step-back").click()
            page.locator("#step-back").click()
            shown(page, middle - 1, "1")

            scrub(page, n)
            shown(page, n, "1")
            assert not leaked(page.evaluate(BOARD_WORDS), game.secrets(states[n], 1))
            page.screenshot(path=str(artifacts / f"admin-{gid}-end-seat1.png"), full_page=True)
            page.locator("#seat-view").select_option("all")
            shown(page, n, "all")
            legend = page.locator("#chart .legend").inner_text()
            assert rec.result is not None
            assert str(rec.result["scores"][0]).removesuffix(".0") in legend
            page.screenshot(path=str(artifacts / f"admin-{gid}-end-all.png"), full_page=True)

            # Play at the fastest speed from a few steps before the end.
            scrub(page, max(0, n - 3))
            page.locator("#speed").select_option("50")
            page.locator("#play").click()
            shown(page, n, "all")
            expect(page.locator("#play")).to_contain_text("Play", timeout=WAIT_MS)

            page.locator("#back").click()
            page.wait_for_selector("#games:not([hidden])")
    # A phone-sized window: one column, the controls still usable.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server.http}/admin#game/{stored['cowpoker']}")
    shown(page, 0, "all")
    page.locator("#seat-view").select_option("2")
    scrub(page, 10)
    shown(page, 10, "2")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    # Read from its top, the table leaves the step controls in view at the screen's foot.
    page.evaluate("document.querySelector('#board').scrollIntoView()")
    in_view = page.evaluate("""() => {
      const b = document.querySelector('#step-forward').getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return b.top >= 0 && b.bottom <= innerHeight && hit?.closest('#step-forward') !== null;
    }""")
    assert in_view, "the step controls scrolled away with the table"
    page.locator("#step-forward").click()
    shown(page, 11, "2")
    # The sticky controls kept short: the speed and the view on one row, a step's time
    # without the day (the record's facts give it).
    rows = page.evaluate("""() => ['#speed', '#seat-view']
      .map((s) => Math.round(document.querySelector(s).getBoundingClientRect().top))""")
    assert rows[0] == rows[1], rows
    year = page.evaluate("() => String(new Date().getFullYear())")
    assert year not in page.locator("#step-action").inner_text()
    page.screenshot(path=str(artifacts / "admin-cowpoker-390-table.png"))
    page.screenshot(path=str(artifacts / "admin-cowpoker-390.png"), full_page=True)
    assert not errors, errors
    context.close()


def test_admin_reports_tampered_and_unplayable_records(browser, admin_server, stored, added,
                                                       artifacts) -> None:
    server = admin_server
    added += ["oldrules", "tampered"]
    with httpx.Client(base_url=server.http, headers=ADMIN) as http:
        record = http.get(f"/api/admin/games/{stored['cowpoker']}").json()
        old = copy.deepcopy(record)
        old.update(id="oldrules", rules_version="0")
        assert http.post("/api/admin/games", json=old).status_code == 201
    # A tampered copy goes straight into the database (import would refuse it).
    tampered = copy.deepcopy(record)
    tampered["id"] = "tampered"
    first = tampered["actions"][5]["events"]
    tampered["actions"][5]["events"] = first + [{"type": "note", "text": "an extra card"}]

    async def store_tampered() -> None:
        db = Database(server.settings.database_url)
        good = copy.deepcopy(tampered)
        good["actions"][5]["events"] = first
        async with db.session() as s:
            await records.import_record(s, good, snapshot_every=20)
        async with db.session() as s:
            await s.execute(update(ActionRow).where(ActionRow.game_id == "tampered",
                                                    ActionRow.seq == 6)
                            .values(events=tampered["actions"][5]["events"]))
            await s.commit()
        await db.dispose()

    off_loop(lambda: asyncio.run(store_tampered()))

    page = browser.new_page(viewport={"width": 1280, "height": 860})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_in(page, server)
    page.goto(server.http + "/admin#game/tampered")
    expect(page.locator("#verify")).to_have_attribute("data-status", "diverged", timeout=WAIT_MS)
    text = page.locator("#verify").inner_text()
    assert "Diverges at step 6" in text and "actions[5].events" in text
    page.locator("#verify button").click()
    shown(page, 6, "all")
    page.screenshot(path=str(artifacts / "admin-diverged.png"), full_page=True)

    page.goto(server.http + "/admin#game/oldrules")
    expect(page.locator("#verify")).to_have_attribute("data-status", "unplayable",
                                                      timeout=WAIT_MS)
    assert "rules version 0" in page.locator("#verify").inner_text()
    scrub(page, 4)
    shown(page, 4, "all")
    assert "cannot replay the record" in page.locator("#board .no-replay").inner_text()
    assert page.locator("#events li").count() > 0
    page.screenshot(path=str(artifacts / "admin-unplayable.png"), full_page=True)
    assert not errors, errors
    page.close()


def test_admin_sees_which_moves_the_server_played_for_a_person(browser, admin_server, stored,
                                                               added, artifacts) -> None:
    """A move the turn clock chose for a person says so on its step, in the log and in
    the record's facts; a bot's move in a bot's seat is not marked (its seat says bot)."""
    server = admin_server
    added.append("playedfor")
    with httpx.Client(base_url=server.http, headers=ADMIN) as http:
        record = http.get(f"/api/admin/games/{stored['wyoming_cowboy']}").json()
        record["id"] = "playedfor"
        assert record["seats"][0]["kind"] == "human"
        mine = [a for a in record["actions"] if a["seat"] == 0]
        for a in mine:
            a["made_by"] = None
        # A time-out, an absence, and a move of a record stored before the two were told
        # apart.
        for a, why in zip(mine, ["timeout", "away", "server"], strict=False):
            a["made_by"] = why
        assert http.post("/api/admin/games", json=record).status_code == 201
    marked, bot_step = mine[0]["seq"], next(a["seq"] for a in record["actions"] if a["seat"] == 1)
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_in(page, server)
    page.goto(server.http + "/admin#game/playedfor")
    name = record["seats"][0]["name"]
    expect(page.locator("#played-for")).to_have_text(
        f"{name}: 1 move (time ran out), 1 move (away), 1 move (time ran out, or away)",
        timeout=WAIT_MS)
    scrub(page, marked)
    shown(page, marked, "all")
    expect(page.locator("#step-made-by")).to_contain_text(
        "the server played for them: their time ran out")
    assert page.locator("#events li.current .made-by").count() > 0
    page.screenshot(path=str(artifacts / "admin-played-for.png"), full_page=True)
    scrub(page, bot_step)
    shown(page, bot_step, "all")
    assert page.locator("#step-made-by").count() == 0
    assert not errors, errors
    page.close()
