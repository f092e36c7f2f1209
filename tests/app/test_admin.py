"""The admin API: the token, the list and its filters, views at any step, no leaks elsewhere."""

from __future__ import annotations

import copy
import io
import random
import secrets as tokens
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select, update

from app import records
from app.admin.auth import ensure_admin_token
from app.db import Database
from app.models import AdminSecret, GameRecord
from app.rooms import service as service_module
from app.settings import Settings
from games.leaks import leaked
from games.registry import get_game
from games.rng import Rng
from tests.support.rooms import open_room, play_bots_game, settle, start
from tests.support.server import ADMIN, NO_RATE_LIMITS, LiveServer, app_client
from tests.support.wire import WireClient

ROUTES = ["/api/admin/games", "/api/admin/games/{id}", "/api/admin/games/{id}/export",
          "/api/admin/games/{id}/verify", "/api/admin/games/{id}/steps/3"]


@pytest.mark.parametrize("route", ROUTES)
async def test_admin_calls_need_the_admin_token(client, route) -> None:
    """Acceptance: none -> 401, a player's token -> 403, a wrong one -> 401, admin -> 200."""
    live, _, host = await client.services.rooms.create(game_id="highcard", options={},
                                                        name="Ana")
    key = await play_bots_game(client.services.rooms, "highcard", seats=2)
    path = route.format(id=key)
    none = await client.get(path)
    assert none.status_code == 401 and none.json()["error"]["code"] == "bad_token"
    assert "got none" in none.json()["error"]["message"]
    player = await client.get(path, headers={"Authorization": f"Bearer {host}"})
    assert player.status_code == 403 and player.json()["error"]["code"] == "forbidden"
    wrong = await client.get(path, headers={"Authorization": "Bearer admin-secreT"})
    assert wrong.status_code == 401
    ok = await client.get(path, headers=ADMIN)
    assert ok.status_code == 200, ok.text
    assert ok.headers["cache-control"] == "no-store"
    post = await client.post("/api/admin/games", json={},
                             headers={"Authorization": f"Bearer {host}"})
    assert post.status_code == 403


async def test_without_a_setting_a_token_is_made_once_written_to_a_file_and_kept_as_a_hash(
        database_url: str, tmp_path) -> None:
    path = tmp_path / "admin-token.txt"
    settings = Settings(database_url=database_url, admin_token=None, bot_delay=0,
                        redis_url=None, admin_token_file=str(path), _env_file=None,
                        **NO_RATE_LIMITS)
    db = Database(database_url)
    first, second = io.StringIO(), io.StringIO()
    digest = await ensure_admin_token(db, settings, out=first)
    again = await ensure_admin_token(db, settings, out=second)
    assert digest == again and second.getvalue() == ""
    token = path.read_text().strip()
    assert len(token) >= 32 and token not in first.getvalue()  # no token in the log
    assert str(path) in first.getvalue() and path.stat().st_mode & 0o777 == 0o600
    async with db.session() as s:
        rows = (await s.execute(select(AdminSecret))).scalars().all()
    assert [r.token_hash for r in rows] == [digest] and token not in digest
    await db.dispose()

    async with app_client(settings) as c:
        ok = await c.get("/api/admin/games", headers={"Authorization": f"Bearer {token}"})
        assert ok.status_code == 200
        bad = await c.get("/api/admin/games", headers=ADMIN)
        assert bad.status_code == 401


async def test_the_list_filters_by_game_status_date_and_player_and_pages(client) -> None:
    """Acceptance: filters and pagination."""
    rooms = client.services.rooms
    done = [await play_bots_game(rooms, "highcard", seats=2, name=f"Ana {i}", seed=i)
            for i in range(5)]
    cow = await play_bots_game(rooms, "cowpoker", name="Zoë Ranch")
    live, _, host = await rooms.create(game_id="highcard", options={}, name="Bo Playing")
    await rooms.add_bot(live.code, host, "random")
    playing = await rooms.start(live.code, host)
    old = datetime(2025, 1, 15, 12, tzinfo=UTC)
    async with client.services.db.session() as s:
        await s.execute(update(GameRecord).where(GameRecord.id == done[0]).values(started_at=old))
        await s.commit()

    async def ids(**params) -> list[str]:
        r = await client.get("/api/admin/games", params=params, headers=ADMIN)
        assert r.status_code == 200, r.text
        return [g["id"] for g in r.json()["games"]]

    everything = await ids(per_page=100)
    assert set(everything) == {*done, cow, playing} and everything[-1] == done[0]
    assert set(await ids(game="cowpoker")) == {cow}
    assert set(await ids(status="playing")) == {playing}
    assert set(await ids(status="finished", game="highcard")) == set(done)
    assert await ids(player="zoë") == [cow]
    assert await ids(player="ANA 3") == [done[3]]
    assert await ids(player="nobody by that name") == []
    assert await ids(until="2025-01-15") == [done[0]]
    assert await ids(since="2025-01-01", until="2025-12-31") == [done[0]]
    today = datetime.now(UTC).date()
    assert done[0] not in await ids(since=today.isoformat(), per_page=100)
    assert await ids(since=(today + timedelta(days=1)).isoformat()) == []
    assert done[0] in await ids(until="2025-01-15T12:00:00Z")
    assert await ids(until="2025-01-15T11:59:59+00:00") == []

    pages = []
    for page in (1, 2, 3):
        r = (await client.get("/api/admin/games", params={"per_page": 3, "page": page},
                              headers=ADMIN)).json()
        assert (r["total"], r["pages"], r["page"]) == (7, 3, page)
        pages.append([g["id"] for g in r["games"]])
    assert [len(p) for p in pages] == [3, 3, 1] and sum(pages, []) == everything

    line = next(g for g in (await client.get("/api/admin/games", params={"game": "cowpoker"},
                                             headers=ADMIN)).json()["games"])
    assert line["title"] == "Cowpoker" and line["status"] == "finished"
    assert line["actions"] > 0 and line["winners"] and line["room"]
    assert line["seats"][0]["name"] == "Zoë Ranch"
    current = next(g for g in (await client.get("/api/admin/games", params={
        "status": "playing"}, headers=ADMIN)).json()["games"])
    assert current["scores"] is None and current["finished_at"] is None

    for params, word in (({"status": "paused"}, "status"), ({"since": "yesterday"}, "since"),
                         ({"per_page": 500}, "per_page"), ({"page": 0}, "page")):
        r = await client.get("/api/admin/games", params=params, headers=ADMIN)
        assert r.status_code == 422 and r.json()["error"]["message"].startswith(word)


async def test_step_views_bounds_and_seats(client) -> None:
    key = await play_bots_game(client.services.rooms, "cowpoker")
    record = (await client.get(f"/api/admin/games/{key}", headers=ADMIN)).json()
    n = len(record["actions"])
    for step, seat, status in ((n + 1, "all", 404), (-1, "all", 404), (2, "9", 404),
                               (2, "north", 422), ("x", "all", 422)):
        r = await client.get(f"/api/admin/games/{key}/steps/{step}", params={"seat": seat},
                             headers=ADMIN)
        assert r.status_code == status, (step, seat, r.text)
    game = get_game("cowpoker")
    end = (await client.get(f"/api/admin/games/{key}/steps/{n}", headers=ADMIN)).json()
    assert end["over"] and end["scores"] == record["result"]["scores"] and end["steps"] == n
    assert "deck" in end["view"]  # the omniscient view shows what no seat sees
    spectator = (await client.get(f"/api/admin/games/{key}/steps/{n // 2}",
                                  params={"seat": "spectator"}, headers=ADMIN)).json()
    seat1 = (await client.get(f"/api/admin/games/{key}/steps/{n // 2}",
                              params={"seat": "1"}, headers=ADMIN)).json()
    assert spectator["view"] != seat1["view"]
    assert spectator["legal"] == [] and isinstance(seat1["legal"], list)
    assert game.id == record["game"]
    check = (await client.get(f"/api/admin/games/{key}/verify", params={"scores": "true"},
                              headers=ADMIN)).json()
    assert check["status"] == "verified" and len(check["scores"]) == n + 1
    assert check["scores"][-1] == record["result"]["scores"]


async def test_a_record_says_what_its_game_did_as_it_was_set_up(client, monkeypatch) -> None:
    """Cowpoker's seed 8 of two: Deadwood Gallagher plays and calls a Roundup before the
    first action. The record the replay reads gives it as ``opening`` (step 0's events)."""
    monkeypatch.setattr(service_module, "new_seed", lambda: 8)
    key = await play_bots_game(client.services.rooms, "cowpoker", seats=2, options={})
    record = (await client.get(f"/api/admin/games/{key}", headers=ADMIN)).json()
    assert [e["text"] for e in record["opening"]] == [
        "Deadwood Gallagher plays Wells Fargo Agent (5S, Town) into the Gang: “Roundup!”",
        "Deadwood Gallagher calls a Roundup!"]
    # The file exported is the record as stored: nothing worked out is added to it.
    exported = (await client.get(f"/api/admin/games/{key}/export", headers=ADMIN)).json()
    assert "opening" not in exported
    assert records.opening(exported | {"rules_version": "0"}) == []  # not this server's


GAMES = ["highcard", "cowpoker", "cards_for_cowboys", "wyoming_cowboy"]
LONGEST = 400  # room versions followed before a long game is left waiting for seat 0


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_view_at_step_n_is_what_the_live_game_sent_at_that_version(
        sqlite_server: LiveServer, game_id: str) -> None:
    """Acceptance: record each version a seat's socket received; the admin view matches."""
    server = sqlite_server
    game = get_game(game_id)
    seats = min(4, game.max_seats) if game_id != "highcard" else 2
    host = f"Ana {tokens.token_hex(4)}"  # finds this test's game among the server's
    code, seat_tokens = await open_room(server.http, game_id, 1, seats - 1, name=host)
    seen: dict[int, dict[str, Any]] = {}
    watched: dict[int, dict[str, Any]] = {}

    def keep(into: dict[int, dict[str, Any]]) -> Callable[[WireClient], None]:
        def record(c: WireClient) -> None:
            if c.doc["game"] is not None:
                into[c.version] = copy.deepcopy({"game": c.doc["game"], "legal": c.doc["legal"]})
        return record

    me = await WireClient.connect(server.ws, code, seat_tokens[0], on_change=keep(seen))
    spectator = await WireClient.connect(server.ws, code, on_change=keep(watched))
    await start(server.http, code, seat_tokens[0])
    rng = Rng(11)
    ref = 0
    await me.until(lambda c: c.doc["room"]["status"] != "lobby")
    version = me.version
    while True:
        # Both sockets at the version where the room waits for seat 0 (or is over).
        version = await settle([me, spectator], since=version)
        if me.doc["room"]["status"] == "finished":
            break
        if me.version > LONGEST:
            break  # long games stop here, waiting for seat 0: the rest adds only time
        ref += 1
        await me.act(rng.choice(me.doc["legal"]), ref)
        version = me.acks.get(ref, version)
    assert {e["code"] for e in me.errors} <= {"illegal_action", "not_your_turn"}, me.errors

    async with httpx.AsyncClient(base_url=server.http, headers=ADMIN, timeout=30) as http:
        games = (await http.get("/api/admin/games", params={"game": game_id,
                                                            "player": host})).json()["games"]
        assert [g["room"] for g in games] == [code]
        key = games[0]["id"]
        record = (await http.get(f"/api/admin/games/{key}")).json()
        versions = [a["room_version"] for a in record["actions"]]

        def step_at(version: int) -> int:
            return sum(1 for v in versions if v <= version)

        sample = sorted(seen)
        if len(sample) > 60:
            sample = sorted({sample[0], sample[-1], *random.Random(3).sample(sample, 58)})
        for version in sample:
            n = step_at(version)
            got = (await http.get(f"/api/admin/games/{key}/steps/{n}",
                                  params={"seat": "0"})).json()
            assert got["view"] == seen[version]["game"], (version, n)
            assert got["legal"] == seen[version]["legal"], (version, n)
        for version in sample[:: max(1, len(sample) // 15)]:
            if version in watched:
                n = step_at(version)
                got = (await http.get(f"/api/admin/games/{key}/steps/{n}",
                                      params={"seat": "spectator"})).json()
                assert got["view"] == watched[version]["game"], (version, n)
        if record["status"] == "finished":
            assert step_at(max(seen)) == len(record["actions"])
    await me.close()
    await spectator.close()


async def test_no_route_without_the_admin_token_shows_a_hidden_card(client) -> None:
    """Hidden information: only admin answers hold everything; nothing else leaks."""
    key = await play_bots_game(client.services.rooms, "cowpoker")
    game = get_game("cowpoker")
    record = (await client.get(f"/api/admin/games/{key}", headers=ADMIN)).json()
    async with client.services.db.session() as s:
        from app import records

        rec, _ = await records.stored_record(s, key)
    states = [step.state for step in records.replay_steps(rec)]
    secrets = set().union(*(game.secrets(st, None) for st in states[::5]))
    assert secrets
    omni = (await client.get(f"/api/admin/games/{key}/steps/{len(states) // 2}",
                             headers=ADMIN)).json()
    assert leaked(omni, secrets)  # the admin sees them...
    calls = [("GET", r.format(id=key)) for r in ROUTES] + [("POST", "/api/admin/games")]
    for method, path in calls:
        for headers in ({}, {"Authorization": "Bearer nope"}):
            r = await client.request(method, path, headers=headers, json=record)
            assert r.status_code == 401 and not leaked(r.json(), secrets), path
    page = await client.get("/admin")
    assert page.status_code == 200 and not leaked(page.text, secrets)
