"""The bare stack answers the load generator as the floor does: rooms set up over HTTP, a
sync then a patch per version on each seat's socket, its moves played in turn."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from bench.load_side_by_side import LOAD, free_port, wait_for


@pytest.fixture(scope="module")
def bare() -> Iterator[str]:
    """The bare stack served on a free port; yields its address."""
    port = free_port()
    server = subprocess.Popen([sys.executable, str(LOAD / "bare.py"), str(port)])
    try:
        wait_for(port)
        yield f"127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(10)


def set_up(http: httpx.Client) -> tuple[str, list[str]]:
    """Creates and joins a room; returns its code and its seats' tokens."""
    created = http.post("/api/rooms", json={"game": "tictactoe", "name": "Ana"})
    assert created.status_code == 201 and created.json()["seat"] == 0
    code = created.json()["code"]
    joined = http.post(f"/api/rooms/{code}/join", json={"name": "Bo"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    return code, [created.json()["token"], joined.json()["token"]]


def socket(address: str, code: str, token: str) -> ClientConnection:
    return connect(f"ws://{address}/ws/rooms/{code}",
                   subprotocols=[Subprotocol("saloon"), Subprotocol(f"saloon.token.{token}")])


def received(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=5))
    return message


def test_a_match_is_set_up_synced_and_played(bare: str) -> None:
    with httpx.Client(base_url=f"http://{bare}") as http:
        code, tokens = set_up(http)
        with socket(bare, code, tokens[0]) as a, socket(bare, code, tokens[1]) as b:
            for ws in (a, b):
                sync = received(ws)
                assert sync["type"] == "sync" and sync["doc"]["room"]["status"] == "lobby"
            started = http.post(f"/api/rooms/{code}/start", json={},
                                headers={"authorization": f"Bearer {tokens[0]}"})
            assert started.status_code == 200
            for ws in (a, b):
                assert received(ws)["ops"][0]["value"] == {"status": "playing", "to_act": [0]}
            a.send(json.dumps({"type": "action", "action": {"type": "cell", "cell": 4}}))
            for ws in (a, b):
                patch = received(ws)
                assert patch["version"] == 2
                assert patch["ops"][0] == {"op": "replace", "path": "/game/cells/4", "value": 0}


def test_what_the_floor_refuses_is_refused(bare: str) -> None:
    with httpx.Client(base_url=f"http://{bare}") as http:
        code, tokens = set_up(http)
        assert http.post("/api/rooms", json={"name": "Ana"}).status_code == 422
        assert http.post("/api/rooms/nope/join", json={"name": "Bo"}).status_code == 404
        assert http.post(f"/api/rooms/{code}/start", json={},
                         headers={"authorization": f"Bearer {tokens[1]}"}).status_code == 403
        assert http.post("/api/other", json={}).status_code == 404
