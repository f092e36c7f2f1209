"""The HTTP API against the ASGI app: games, rooms, seats, host controls and their errors."""

from __future__ import annotations

import pytest

from tests.support.rooms import bearer, create_room


async def test_games_lists_every_registered_game_with_its_option_schema(client) -> None:
    r = await client.get("/api/games")
    assert r.status_code == 200
    games = {g["id"]: g for g in r.json()}
    assert "highcard" in games
    hc = games["highcard"]
    assert hc["min_seats"] == 2 and hc["max_seats"] == 4
    assert hc["options_schema"]["properties"]["tricks"]["default"] == 3
    assert "random" in hc["bots"]


async def test_create_room_gives_an_unguessable_code_a_host_token_and_an_invite_url(client):
    room = await create_room(client)
    assert len(room["code"]) >= 12  # 72 random bits in URL-safe base64
    assert room["seat"] == 0 and len(room["token"]) >= 32
    assert room["url"].endswith(f"/r/{room['code']}")
    summary = (await client.get(f"/api/rooms/{room['code']}")).json()
    assert summary["status"] == "lobby" and summary["host"] == 0
    assert summary["seats"] == [{"seat": 0, "name": "Ana", "kind": "human", "bot": None,
                                 "presence": "connected"}]
    assert room["token"] not in str(summary)


async def test_codes_differ_between_rooms(client) -> None:
    codes = {(await create_room(client))["code"] for _ in range(20)}
    assert len(codes) == 20


async def test_join_by_name_and_reclaim_with_token(client) -> None:
    room = await create_room(client)
    r = await client.post(f"/api/rooms/{room['code']}/join", json={"name": "Bo"})
    assert r.status_code == 200
    bo = r.json()
    assert bo["seat"] == 1
    again = await client.post(f"/api/rooms/{room['code']}/join", json={},
                              headers=bearer(bo["token"]))
    assert again.json() == bo
    host = await client.post(f"/api/rooms/{room['code']}/join", json={},
                             headers=bearer(room["token"]))
    assert host.json()["seat"] == 0
    # Two seats of one name would read as one in the log.
    twin = await client.post(f"/api/rooms/{room['code']}/join", json={"name": " bo "})
    assert twin.status_code == 409
    assert twin.json()["error"]["message"] == "Another seat here is called bo; choose another name"
    # A zero-width space; a fullwidth B; a Greek capital Beta and a Cyrillic small o.
    for alike in ("B\u200bo", "\uff22o", "\u0392\u043e"):
        r = await client.post(f"/api/rooms/{room['code']}/join", json={"name": alike})
        assert r.status_code == 409, alike
    assert r.json()["error"]["message"] == (
        "Another seat here is called Bo, which looks like \u0392\u043e; choose another name")
    # Letters of other scripts are names of their own where they look like no seat's.
    other = await create_room(client)
    for name in ("Bo", "\u0411\u043e"):
        r = await client.post(f"/api/rooms/{other['code']}/join", json={"name": name})
        assert r.status_code == 200
    # A bot is not named as a person seated already is.
    r = await client.post(f"/api/rooms/{room['code']}/join", json={"name": "random bot 1"})
    assert r.status_code == 200
    await client.post(f"/api/rooms/{room['code']}/bots", json={"bot": "random"},
                      headers=bearer(room["token"]))
    seats = (await client.get(f"/api/rooms/{room['code']}")).json()["seats"]
    assert [s["name"] for s in seats][-2:] == ["random bot 1", "Random Bot 2"]


async def test_host_adds_and_removes_bots_and_starts(client) -> None:
    room = await create_room(client)
    code, h = room["code"], bearer(room["token"])
    r = await client.post(f"/api/rooms/{code}/bots", json={"bot": "random"}, headers=h)
    assert r.status_code == 201 and r.json() == {"seat": 1}
    await client.post(f"/api/rooms/{code}/bots", json={"bot": "random"}, headers=h)
    assert (await client.delete(f"/api/rooms/{code}/seats/1", headers=h)).status_code == 204
    summary = (await client.get(f"/api/rooms/{code}")).json()
    assert [s["seat"] for s in summary["seats"]] == [0, 1]
    assert summary["seats"][1]["kind"] == "bot"
    r = await client.post(f"/api/rooms/{code}/start", headers=h)
    assert r.status_code == 200 and len(r.json()["game_id"]) == 32
    assert (await client.get(f"/api/rooms/{code}")).json()["status"] in ("playing", "finished")


async def test_options_are_validated_and_set_by_the_host(client) -> None:
    room = await create_room(client, options={"tricks": 2})
    code, h = room["code"], bearer(room["token"])
    assert (await client.get(f"/api/rooms/{code}")).json()["options"] == {"tricks": 2}
    r = await client.put(f"/api/rooms/{code}/options", json={"options": {"tricks": 9}}, headers=h)
    assert r.status_code == 422 and "tricks" in r.json()["error"]["message"]
    r = await client.put(f"/api/rooms/{code}/options",
                         json={"options": {"tricks": 4}, "allow_spectators": False}, headers=h)
    assert r.status_code == 204
    summary = (await client.get(f"/api/rooms/{code}")).json()
    assert summary["options"] == {"tricks": 4} and summary["allow_spectators"] is False


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "/bots", {"bot": "random"}),
        ("delete", "/seats/1", None),
        ("put", "/options", {"options": {}}),
        ("post", "/start", None),
        ("post", "/rematch", None),
    ],
)
async def test_host_only_calls_refuse_guests_and_strangers(client, method, path, body) -> None:
    room = await create_room(client)
    code = room["code"]
    guest = (await client.post(f"/api/rooms/{code}/join", json={"name": "Bo"})).json()
    before = (await client.get(f"/api/rooms/{code}")).json()
    kwargs = {"json": body} if body is not None else {}
    r = await client.request(method, f"/api/rooms/{code}{path}", headers=bearer(guest["token"]),
                             **kwargs)
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    r = await client.request(method, f"/api/rooms/{code}{path}", **kwargs)
    assert r.status_code == 401 and r.json()["error"]["code"] == "bad_token"
    r = await client.request(method, f"/api/rooms/{code}{path}", headers=bearer("forged"),
                             **kwargs)
    assert r.status_code == 401
    assert (await client.get(f"/api/rooms/{code}")).json() == before


async def test_unknown_rooms_games_and_bad_bodies_get_clear_errors(client) -> None:
    r = await client.get("/api/rooms/nope")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = await client.post("/api/rooms", json={"game": "chess", "name": "Ana"})
    assert r.status_code == 422 and "chess" in r.json()["error"]["message"]
    r = await client.post("/api/rooms", json={"game": "highcard", "name": ""})
    assert r.status_code == 422 and "name" in r.json()["error"]["message"]
    r = await client.post("/api/rooms", json={"game": "highcard", "name": 5})
    assert r.status_code == 422
    r = await client.post("/api/rooms", content=b"{not json", headers={
        "Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"
    r = await client.post("/api/rooms/nope/join", json={"name": "Bo"})
    assert r.status_code == 404


async def test_room_limits_seats_and_refuses_joins_once_playing(client) -> None:
    room = await create_room(client)
    code, h = room["code"], bearer(room["token"])
    for _ in range(3):
        await client.post(f"/api/rooms/{code}/bots", json={}, headers=h)
    r = await client.post(f"/api/rooms/{code}/join", json={"name": "Late"})
    assert r.status_code == 409 and "full" in r.json()["error"]["message"]
    await client.delete(f"/api/rooms/{code}/seats/3", headers=h)
    await client.post(f"/api/rooms/{code}/start", headers=h)
    r = await client.post(f"/api/rooms/{code}/join", json={"name": "Late"})
    assert r.status_code == 409 and "spectator" in r.json()["error"]["message"]
    r = await client.post(f"/api/rooms/{code}/start", headers=h)
    assert r.status_code == 409


async def test_starting_needs_enough_seats(client) -> None:
    room = await create_room(client)
    r = await client.post(f"/api/rooms/{room['code']}/start", headers=bearer(room["token"]))
    assert r.status_code == 409 and "needs 2 to 4" in r.json()["error"]["message"]


async def test_unknown_bot_name_is_refused(client) -> None:
    room = await create_room(client)
    r = await client.post(f"/api/rooms/{room['code']}/bots", json={"bot": "genius"},
                          headers=bearer(room["token"]))
    assert r.status_code == 422 and "random" in r.json()["error"]["message"]
