"""The turn clock over the wire: set as a room setting, sent as absolute deadlines, "I'm back"."""

from __future__ import annotations

from datetime import datetime

import httpx
import pytest

from tests.support.rooms import bearer, create_room, start
from tests.support.server import ADMIN, LiveServer
from tests.support.wire import WireClient


@pytest.mark.parametrize(("setting", "expected"), [
    ("off", None), ("relaxed", {"per_move": 120.0, "bank": 600.0}),
    ("normal", {"per_move": 45.0, "bank": 300.0}), ("fast", {"per_move": 15.0, "bank": 60.0}),
    ({"per_move": 20, "bank": 90}, {"per_move": 20.0, "bank": 90.0}),
])
async def test_the_clock_is_a_room_setting_by_preset_or_numbers(client, setting, expected):
    room = await create_room(client, turn_clock=setting)
    summary = (await client.get(f"/api/rooms/{room['code']}")).json()
    clock = summary["clock"]
    assert (clock and {"per_move": clock["per_move"], "bank": clock["bank"]}) == expected
    assert summary["gone_after"] == 600


async def test_the_host_changes_the_clock_and_leaving_it_out_keeps_it(client) -> None:
    room = await create_room(client, turn_clock="fast")
    auth = bearer(room["token"])
    code = room["code"]
    r = await client.put(f"/api/rooms/{code}/options", json={"allow_spectators": False},
                         headers=auth)
    assert r.status_code == 204
    assert (await client.get(f"/api/rooms/{code}")).json()["clock"]["per_move"] == 15
    await client.put(f"/api/rooms/{code}/options",
                     json={"turn_clock": {"per_move": 30, "bank": 0}, "gone_after": None},
                     headers=auth)
    summary = (await client.get(f"/api/rooms/{code}")).json()
    assert summary["clock"]["per_move"] == 30 and summary["gone_after"] is None
    await client.put(f"/api/rooms/{code}/options", json={"turn_clock": "off"}, headers=auth)
    assert (await client.get(f"/api/rooms/{code}")).json()["clock"] is None


@pytest.mark.parametrize("bad", ["blitz", {"per_move": 0}, {"per_move": 10, "bank": -1},
                                 {"per_move": 10, "extra": 1}, 15])
async def test_a_bad_clock_is_refused_naming_it(client, bad) -> None:
    r = await client.post("/api/rooms", json={"game": "highcard", "name": "Ana",
                                              "turn_clock": bad})
    assert r.status_code == 422 and r.json()["error"]["message"].startswith("turn_clock")


async def test_deadlines_are_absolute_times_and_im_back_returns_the_seat(settings) -> None:
    fast = settings.model_copy(update={"away_delay": 0.2})
    with LiveServer(fast) as server:
        async with httpx.AsyncClient(base_url=server.http) as http:
            room = await create_room(http, turn_clock={"per_move": 1, "bank": 0},
                                     options={"tricks": 5})
            bo = (await http.post(f"/api/rooms/{room['code']}/join", json={"name": "Bo"})).json()
        ana = await WireClient.connect(server.ws, room["code"], room["token"])
        bob = await WireClient.connect(server.ws, room["code"], bo["token"])
        await start(server.http, room["code"], room["token"])
        await ana.until(lambda c: c.doc["room"]["status"] == "playing")
        deadline = datetime.fromisoformat(ana.doc["room"]["clock"]["seats"][1]["deadline"])
        assert deadline.tzinfo is not None
        await ana.send({"type": "action", "action": ana.doc["legal"][0], "ref": 1})
        await bob.until(lambda c: c.doc["room"]["seats"][1]["presence"] == "away", timeout=10)
        assert any("Time ran out for Bo" in e["text"] for e in bob.doc["log"])
        # How many moves the server made for him, and they are his last private notices.
        played = bob.doc["room"]["clock"]["seats"][1]["played_for"]
        mine = [e for e in bob.doc["log"] if e["type"] == "notice" and e.get("only") == [1]]
        assert played >= 1 and len(mine) >= played
        assert all(e["text"].startswith("The server played for you: ") for e in mine), mine
        assert ana.doc["room"]["clock"]["seats"][0]["played_for"] == 0
        await bob.send({"type": "back", "ref": "b"})
        await bob.until(lambda c: "b" in c.acks)
        assert bob.doc["room"]["seats"][1]["presence"] == "connected"
        assert bob.doc["room"]["clock"]["seats"][1]["played_for"] == 0
        await ana.send({"type": "back", "ref": "a"})
        assert (await ana.error())["code"] == "conflict"
        await ana.close()
        await bob.close()


async def test_the_record_says_which_moves_the_server_and_a_bot_chose(settings) -> None:
    """An admin replaying the game sees who chose each move that its seat's person did
    not: the server, when a person's time ran out or they were away; a bot, in a bot's
    seat."""
    fast = settings.model_copy(update={"away_delay": 0.2, "bot_delay": 0.0})
    with LiveServer(fast) as server:
        async with httpx.AsyncClient(base_url=server.http) as http:
            room = await create_room(http, turn_clock={"per_move": 1, "bank": 0},
                                     options={"tricks": 5})
            bo = (await http.post(f"/api/rooms/{room['code']}/join", json={"name": "Bo"})).json()
            code = room["code"]
            added = await http.post(f"/api/rooms/{code}/bots", json={"bot": "random"},
                                    headers=bearer(room["token"]))
            assert added.status_code < 300, added.text
            ana = await WireClient.connect(server.ws, code, room["token"])
            bob = await WireClient.connect(server.ws, code, bo["token"])
            await start(server.http, code, room["token"])
            await ana.until(lambda c: c.doc["room"]["status"] == "playing")
            await ana.send({"type": "action", "action": ana.doc["legal"][0], "ref": 1})
            await bob.until(lambda c: c.doc["room"]["seats"][1]["presence"] == "away",
                            timeout=10)
            await ana.until(lambda c: 0 in c.doc["room"]["to_act"]
                            or c.doc["room"]["status"] != "playing", timeout=10)
            [game] = (await http.get("/api/admin/games", headers=ADMIN)).json()["games"]
            record = (await http.get(f"/api/admin/games/{game['id']}", headers=ADMIN)).json()
        made = [(a["seat"], a["made_by"]) for a in record["actions"]]
        assert {s for s, _ in made} == {0, 1, 2}, made
        assert all(m is None for s, m in made if s == 0), made
        assert all(m == "bot" for s, m in made if s == 2), made
        # Bob's first move came of his time running out; later ones, of his absence.
        bobs = [m for s, m in made if s == 1]
        assert bobs[0] == "timeout" and all(m == "away" for m in bobs[1:]), made
        await ana.close()
        await bob.close()
