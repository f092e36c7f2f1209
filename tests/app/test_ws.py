"""The websocket protocol against a real uvicorn, with a client that knows only the docs."""

from __future__ import annotations

import asyncio
import copy
import json
from datetime import datetime

import httpx
import pytest
import websockets
from websockets.typing import Subprotocol

from app.ws import MAX_DEPTH, parse, room_code
from games.leaks import leaked
from games.registry import all_games, get_game
from games.rng import Rng
from tests.support.rooms import bearer, open_room, settle, start
from tests.support.server import LiveServer
from tests.support.wire import WireClient


def seat_counts():
    """(game, humans, bots) for every registered game: 2 to 4 seats, some bots."""
    out = []
    for gid, g in all_games().items():
        seats = min(4, g.max_seats)
        humans = 2 if gid != "highcard" else 1
        out.append(pytest.param(gid, humans, seats - humans, id=f"{gid}-{seats}"))
    out.append(pytest.param("highcard", 2, 0, id="highcard-2-humans"))
    if "cowpoker" in all_games():  # every count of live players, the rest Deadwood
        out += [pytest.param("cowpoker", 2, 0, id="cowpoker-2"),
                pytest.param("cowpoker", 1, 2, id="cowpoker-3")]
    return out


@pytest.mark.parametrize(("game_id", "humans", "bots"), seat_counts())
async def test_random_clients_play_to_the_end_and_patches_equal_sync(
        sqlite_server: LiveServer, game_id: str, humans: int, bots: int) -> None:
    """Acceptance: the documented protocol alone plays a whole game; patch == sync."""
    server = sqlite_server
    code, tokens = await open_room(server.http, game_id, humans, bots)
    clients = [await WireClient.connect(server.ws, code, t) for t in tokens]
    spectator = await WireClient.connect(server.ws, code)
    await start(server.http, code, tokens[0])
    game = get_game(game_id)
    rng = Rng(len(tokens) * 7 + bots)
    ref = 0
    checks = 0
    await clients[0].until(lambda c: c.doc["room"]["status"] != "lobby")
    version = clients[0].version
    while True:
        # Every client at the version where the room waits for a person (or is over).
        version = await settle([*clients, spectator], since=version)
        doc = clients[0].doc
        if doc["room"]["status"] == "finished":
            break
        movers = [c for c in clients if c.doc["legal"]]
        assert movers, "the room waits for no bot, yet nobody may move"
        mover = rng.choice(movers)
        ref += 1
        refused = await mover.act(rng.choice(mover.doc["legal"]), ref)
        assert refused is None and not mover.errors, mover.errors
        version = mover.acks[ref]
        for c in (mover, spectator):
            fresh = await c.fresh_sync()
            assert (fresh["version"], fresh["doc"]) == c.replaced
            viewer = c.doc["room"]["you"]
            checks += 1
            assert viewer is None or viewer == clients.index(c)
        assert ref < 5000, "game did not end"
    for c in clients + [spectator]:
        fresh = await c.fresh_sync()
        assert (fresh["version"], fresh["doc"]) == c.replaced
        assert c.doc["room"]["result"] is not None
        await c.close()
    assert checks and game.id == doc["room"]["game"]


async def test_bad_input_gets_errors_and_changes_nothing(server: LiveServer) -> None:
    code, tokens = await open_room(server.http, "highcard", 2, 0)
    a = await WireClient.connect(server.ws, code, tokens[0])
    b = await WireClient.connect(server.ws, code, tokens[1])
    await start(server.http, code, tokens[0])
    await a.until(lambda c: c.doc["room"]["status"] == "playing")
    version = a.version
    doc = copy.deepcopy(a.doc)
    cases = [
        ("{not json", "bad_json"),
        (json.dumps([1, 2]), "unknown_type"),
        (json.dumps({"type": "dance"}), "unknown_type"),
        (json.dumps({"type": "action", "action": "KH"}), "bad_message"),
        (json.dumps({"type": "action", "action": {"type": "play", "card": 7}}), "bad_request"),
        (json.dumps({"type": "action", "action": {"type": "play", "card": "ZZ"}}),
         "bad_request"),
        (json.dumps({"type": "action", "action": {"type": "fold"}}), "bad_request"),
        (json.dumps({"type": "chat", "text": ""}), "bad_request"),
        (json.dumps({"type": "chat", "text": "x" * 501}), "bad_request"),
        (json.dumps({"type": "chat"}), "bad_message"),
        (json.dumps({"type": "action", "action": {"type": "play", "card": "2C"}, "ref": 1,
                     "extra": True}), "bad_message"),
        ("x" * 70_000, "too_large"),
    ]
    mine = set(a.doc["game"]["hand"])
    not_mine = next(c for c in ("2C", "3C", "4C", "5C", "6C") if c not in mine)
    cases.append((json.dumps({"type": "action", "action": {"type": "play", "card": not_mine}}),
                  "illegal_action"))
    for raw, code_expected in cases:
        await a.send(raw)
        err = await a.error()
        assert err["code"] == code_expected, (raw[:60], err)
        assert err["message"]
        if code_expected == "illegal_action":  # a refusal of the game names its rule
            assert err["rule"] == {"anchor": "", "text": "That move is not among the ones "
                                   "the rules allow you now."}
    # Out of turn: a plays, then plays again before b.
    await a.send({"type": "action", "action": a.doc["legal"][0], "ref": "x"})
    await a.until(lambda c: "x" in c.acks)
    await a.send({"type": "action", "action": {"type": "play", "card": a.doc["game"]["hand"][0]},
                  "ref": "y"})
    err = await a.error()
    assert err["code"] == "not_your_turn" and err["ref"] == "y"
    assert err["rule"]["text"] == "Only the seats the game waits for may act now."
    # The socket stays usable and only the one legal action changed anything.
    fresh = await a.fresh_sync()
    assert fresh["version"] == version + 1 and (fresh["version"], fresh["doc"]) == a.replaced
    assert doc != a.doc
    await a.close()
    await b.close()


async def test_a_ping_gets_a_pong_behind_every_patch_and_changes_nothing(
        server: LiveServer) -> None:
    """A pong says the last version sent to that socket, after the patches that made it."""
    code, tokens = await open_room(server.http, "highcard", 2, 0)
    a = await WireClient.connect(server.ws, code, tokens[0])
    b = await WireClient.connect(server.ws, code, tokens[1])
    spectator = await WireClient.connect(server.ws, code)
    await start(server.http, code, tokens[0])
    await a.until(lambda c: c.doc["room"]["status"] == "playing")
    await b.reach(a.version)
    version = a.version
    pong = await a.ping()
    assert pong["version"] == version and datetime.fromisoformat(pong["time"]).tzinfo
    # b moves and a pings before reading: the move's patch comes to a first.
    mover = a if a.doc["legal"] else b
    other = b if mover is a else a
    await mover.send({"type": "action", "action": mover.doc["legal"][0], "ref": 1})
    await mover.until(lambda c: 1 in c.acks)
    patches = other.patches
    pong = await other.ping()
    assert other.patches == patches + 1 and pong["version"] == other.version == version + 1
    assert (await spectator.ping())["version"] == version + 1
    await a.send({"type": "ping", "ref": 1})
    assert (await a.error())["code"] == "bad_message"
    # Pings are no change: nobody's version moved past the move.
    fresh = await a.fresh_sync()
    assert fresh["version"] == version + 1 and (fresh["version"], fresh["doc"]) == a.replaced
    for c in (a, b, spectator):
        await c.close()


async def test_unknown_room_and_bad_tokens_are_refused(server: LiveServer) -> None:
    code, tokens = await open_room(server.http, "highcard", 1, 1)
    for path, expected in [(f"/ws/rooms/nope?token={tokens[0]}", "unknown_room"),
                           (f"/ws/rooms/{code}?token=forged", "bad_token")]:
        async with websockets.connect(server.ws + path) as ws:
            msg = json.loads(await ws.recv())
            assert msg["type"] == "error" and msg["code"] == expected
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code in (4404, 4401)


async def test_spectators_only_when_the_host_allows(server: LiveServer) -> None:
    code, tokens = await open_room(server.http, "highcard", 1, 1)
    watcher = await WireClient.connect(server.ws, code)
    assert watcher.doc["room"]["you"] is None and watcher.doc["legal"] == []
    await watcher.send({"type": "chat", "text": "hi"})
    assert (await watcher.error())["code"] == "forbidden"
    async with httpx.AsyncClient(base_url=server.http) as http:
        await http.put(f"/api/rooms/{code}/options", json={"allow_spectators": False},
                       headers=bearer(tokens[0]))
    # An empty token is no token, however it is offered.
    for url, protocols in [(f"{server.ws}/ws/rooms/{code}", None),
                           (f"{server.ws}/ws/rooms/{code}?token=", None),
                           (f"{server.ws}/ws/rooms/{code}",
                            [Subprotocol("saloon"), Subprotocol("saloon.token.")])]:
        async with websockets.connect(url, subprotocols=protocols) as ws:
            assert json.loads(await ws.recv())["code"] == "forbidden", url
    await watcher.close()


async def test_chat_reaches_everyone_as_text_and_presence_is_reported(
        server: LiveServer) -> None:
    code, tokens = await open_room(server.http, "highcard", 2, 0)
    a = await WireClient.connect(server.ws, code, tokens[0])
    b = await WireClient.connect(server.ws, code, tokens[1])
    await a.until(lambda c: c.presence and c.presence["seats"] == [0, 1])
    await a.send({"type": "chat", "text": "<b>howdy</b>"})
    await b.until(lambda c: any(e["type"] == "chat" for e in c.doc["log"]))
    line = [e for e in b.doc["log"] if e["type"] == "chat"][-1]
    assert line == {"v": b.version, "type": "chat", "text": "<b>howdy</b>", "seat": 0,
                    "name": "Ana"}
    await b.close()
    await a.until(lambda c: c.presence is not None and c.presence["seats"] == [0])
    await a.close()


async def started_pair(server: LiveServer) -> tuple[WireClient, WireClient]:
    """Returns the sockets of both seats of a started two-seat highcard room, each
    holding its legal actions."""
    code, tokens = await open_room(server.http, "highcard", 2, 0)
    a = await WireClient.connect(server.ws, code, tokens[0])
    b = await WireClient.connect(server.ws, code, tokens[1])
    await start(server.http, code, tokens[0])
    await a.until(lambda c: bool(c.doc["legal"]))
    await b.until(lambda c: bool(c.doc["legal"]))
    return a, b


async def test_two_actions_at_the_same_instant_are_applied_one_after_the_other(
        server: LiveServer) -> None:
    a, b = await started_pair(server)
    v = a.version
    await asyncio.gather(
        a.send({"type": "action", "action": a.doc["legal"][0], "ref": "a"}),
        b.send({"type": "action", "action": b.doc["legal"][0], "ref": "b"}),
    )
    await a.until(lambda c: "a" in c.acks)
    await b.until(lambda c: "b" in c.acks)
    await a.until(lambda c: c.version == v + 2)
    # Both were accepted, at two distinct versions: each client's ack came with its own.
    assert not a.errors and not b.errors
    assert a.doc["game"]["tricks"] and len(a.doc["game"]["tricks"]) == 1
    await a.close()
    await b.close()


async def test_same_seat_racing_itself_gets_one_accept_and_one_refusal(server: LiveServer) -> None:
    code, tokens = await open_room(server.http, "highcard", 2, 0)
    a1 = await WireClient.connect(server.ws, code, tokens[0])
    a2 = await WireClient.connect(server.ws, code, tokens[0])
    await start(server.http, code, tokens[0])
    await a1.until(lambda c: bool(c.doc["legal"]))
    await a2.until(lambda c: bool(c.doc["legal"]))
    await asyncio.gather(
        a1.send({"type": "action", "action": a1.doc["legal"][0], "ref": 1}),
        a2.send({"type": "action", "action": a2.doc["legal"][-1], "ref": 2}),
    )
    await a1.until(lambda c: 1 in c.acks or c.errors)
    await a2.until(lambda c: 2 in c.acks or c.errors)
    outcomes = sorted([bool(a1.errors), bool(a2.errors)])
    assert outcomes == [False, True]
    assert (a1.errors or a2.errors)[0]["code"] == "not_your_turn"
    await a1.close()
    await a2.close()


async def test_a_ref_beyond_64_bits_comes_back_as_it_was_sent(server: LiveServer) -> None:
    # The JSON encoder of the messages stops at 64 bits; the ack and the refusal are
    # written by the standard library's then, with the document's cards and all.
    a, b = await started_pair(server)
    huge = 2**70
    await a.send({"type": "action", "action": {"type": "fold"}, "ref": huge})
    err = await a.error()
    assert err["code"] == "bad_request" and err["ref"] == huge
    await a.send({"type": "action", "action": a.doc["legal"][0], "ref": -huge})
    await a.until(lambda c: -huge in c.acks)
    assert (await a.fresh_sync())["doc"] == a.doc
    await a.close()
    await b.close()

@pytest.mark.parametrize("game_id", sorted(all_games()))
async def test_no_document_ever_holds_a_card_its_seat_may_not_see(
        sqlite_server: LiveServer, game_id: str) -> None:
    """Over whole games with bots, every patch of a seat and of a spectator is checked.

    The game part and the legal actions are checked against the secrets of the state
    the patch describes; a log entry against the state when it was written (a card
    seen on the table once may be named in the log after it went back into a hand).
    """
    server = sqlite_server
    game = get_game(game_id)
    seats = min(game.max_seats, 4)
    # Only documents that reach a client while they are the room's newest are checked, and
    # under load a client may lag most of a short game behind its bots: High Card's
    # longest game (20 moves, not 12) leaves it enough.
    options = {"tricks": 5} if game_id == "highcard" else None
    code, tokens = await open_room(server.http, game_id, 1, seats - 1, options=options)
    me = await WireClient.connect(server.ws, code, tokens[0])
    watcher = await WireClient.connect(server.ws, code)
    await start(server.http, code, tokens[0])
    live = server.room(code)
    rng = Rng(11)
    checked = [0, 0]

    async def follow(client: WireClient, viewer: int | None, k: int) -> None:
        seen = len(client.doc["log"])
        ref = 0  # one action in flight at a time: the next waits for the answer to this ref
        while client.doc["room"]["status"] != "finished":
            answered = ref == 0 or ref in client.acks or client.refusal(ref) is not None
            if (viewer is not None and answered and client.doc["legal"]
                    and client.version == live.version):
                ref += 1
                await client.send({"type": "action", "action": rng.choice(client.doc["legal"]),
                                   "ref": ref})
            await client.receive()
            # Only a document at the room's current version can be compared with its state.
            if client.version != live.version:
                continue
            secrets = game.secrets(live.state, viewer)
            assert not leaked(client.doc["game"], secrets)
            assert not leaked(client.doc["legal"], secrets)
            fresh = [e for e in client.doc["log"][seen:] if e["v"] == live.version]
            assert not leaked(fresh, secrets)
            seen = len(client.doc["log"])
            checked[k] += 1

    await asyncio.gather(follow(me, 0, 0), follow(watcher, None, 1))
    assert min(checked) > 5
    await me.close()
    await watcher.close()


async def test_kicked_sockets_close_and_later_seats_follow_their_new_numbers(
        server: LiveServer) -> None:
    code, tokens = await open_room(server.http, "highcard", 3, 0)
    ana, bo, cy = [await WireClient.connect(server.ws, code, t) for t in tokens]
    async with httpx.AsyncClient(base_url=server.http) as http:
        r = await http.delete(f"/api/rooms/{code}/seats/1",
                              headers=bearer(tokens[0]))
        assert r.status_code == 204
    err = await bo.error()
    assert err["code"] == "kicked"
    with pytest.raises(websockets.ConnectionClosed):
        await bo.receive()
    await cy.until(lambda c: c.doc["room"]["you"] == 1)
    assert [s["name"] for s in cy.doc["room"]["seats"]] == ["Ana", "P2"]
    await start(server.http, code, tokens[0])
    await cy.until(lambda c: bool(c.doc["legal"]))
    await cy.send({"type": "action", "action": cy.doc["legal"][0], "ref": "c"})
    await cy.until(lambda c: "c" in c.acks)
    assert not cy.errors
    await ana.close()
    await cy.close()


@pytest.mark.skipif("cards_for_cowboys" not in all_games(), reason="the game is not installed")
async def test_cards_for_cowboys_draws_are_simultaneous(sqlite_server: LiveServer) -> None:
    """Two people draw at the same time: neither waits for the other to move."""
    server = sqlite_server
    code, tokens = await open_room(server.http, "cards_for_cowboys", 2, 0)
    a, b = [await WireClient.connect(server.ws, code, t) for t in tokens]
    await start(server.http, code, tokens[0])
    for c in (a, b):
        await c.until(lambda c: any(x["type"] == "draw" for x in c.doc["legal"]))
    assert sorted(a.doc["room"]["to_act"]) == [0, 1]
    # a draws twice while b has not moved at all; then both draw at the same instant.
    for ref in ("a1", "a2"):
        draw = next(x for x in a.doc["legal"] if x["type"] == "draw")
        await a.act(draw, ref)
        if not any(x["type"] == "draw" for x in a.doc["legal"]):
            break  # busted or out of cards: a's drawing is over
    assert not a.errors
    await b.until(lambda c: c.version == a.version)
    assert any(x["type"] == "draw" for x in b.doc["legal"]), "b had to wait for a"
    moves = [(c, next(x for x in c.doc["legal"] if x["type"] in ("draw", "stop")))
             for c in (a, b) if c.doc["legal"]]
    await asyncio.gather(*(c.send({"type": "action", "action": m, "ref": "both"})
                           for c, m in moves))
    for c, _ in moves:
        await c.until(lambda c: "both" in c.acks or bool(c.errors))
        assert not c.errors
    await a.close()
    await b.close()


def test_a_room_code_is_read_from_the_sockets_path_alone() -> None:
    def code(path: str, root: str = "") -> str | None:
        return room_code({"path": path, "root_path": root})
    assert code("/ws/rooms/AB12CD") == "AB12CD"
    assert code("/saloon/ws/rooms/AB12CD", "/saloon") == "AB12CD"
    assert code("/ws/rooms/AB12CD", "/saloon") == "AB12CD"
    for path in ("/ws/rooms/", "/ws/rooms", "/ws/rooms/AB/CD", "/ws/room/AB", "/api/rooms/AB"):
        assert code(path) is None, path


def test_a_message_is_walked_for_depth_and_surrogates_only_when_its_text_could_hold_them(
        ) -> None:
    """A short ASCII message without ``\\u`` skips the walk; nothing that needs it does."""
    assert parse('{"type": "action", "action": {"cell": 3}, "ref": 1}') == {
        "type": "action", "action": {"cell": 3}, "ref": 1}
    nested = "[" * MAX_DEPTH + "1" + "]" * MAX_DEPTH
    assert parse(nested) is not None  # as deep as allowed
    refused = {
        "too deep": "[" * (MAX_DEPTH + 1) + "1" + "]" * (MAX_DEPTH + 1),
        "too deep in objects": '{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1),
        "an escaped lone surrogate": '{"text": "\\udc00"}',
        "a lone surrogate as it is": '{"text": "\udc00"}',
    }
    for what, raw in refused.items():
        with pytest.raises(ValueError, match="nested at most|lone surrogates"):
            parse(raw)
            pytest.fail(f"{what} was not refused")
