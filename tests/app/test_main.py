"""The application: every router's routes are its own, matched once per request, a
room's socket goes straight to its handler, and the requests that set a match up go
straight to their routes, answering as through the whole stack."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from starlette.routing import Mount, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app import admin, api, pages
from app.headers import HEADERS
from app.main import create_app
from app.settings import Settings
from tests.support.rooms import bearer, create_room
from tests.support.server import AppClient


def test_every_route_is_the_applications_own_not_a_router_branch() -> None:
    """An included router is a branch matched again on every request; Saloon's routers
    add their routes as they are, so the application holds plain routes only."""
    app = create_app(Settings(_env_file=None))
    assert all(isinstance(r, APIRoute | Route | Mount) for r in app.routes)
    for router in (api.router, admin.router, pages.router):
        assert all(route in app.routes for route in router.routes)


async def open_socket(app: FastAPI, path: str) -> list[Message]:
    """Opens a socket on ``path`` as a server would, and returns what the app sent on it."""
    scope: Scope = {"type": "websocket", "asgi": {"version": "3.0"}, "scheme": "ws",
                    "path": path, "raw_path": path.encode(), "query_string": b"",
                    "root_path": "", "headers": [(b"host", b"test")], "subprotocols": [],
                    "client": ("127.0.0.1", 5000), "server": ("test", 80), "state": {}}
    incoming = [{"type": "websocket.connect"}]
    sent: list[Message] = []

    async def receive() -> Message:
        return incoming.pop(0) if incoming else {"type": "websocket.disconnect", "code": 1000}

    async def send(message: Message) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return sent


async def test_a_rooms_socket_passes_no_middleware_and_other_sockets_meet_the_router(
        client: AppClient) -> None:
    """The middleware and the router act on HTTP alone: a room's socket is answered
    without them; a socket on any other path still reaches the router, which refuses it."""
    app = client.app
    stack = app.build_middleware_stack()
    seen: list[tuple[str, str]] = []

    async def recording(scope: Scope, receive: Receive, send: Send) -> None:
        seen.append((scope["type"], scope["path"]))
        await stack(scope, receive, send)

    app.middleware_stack = recording
    sent = await open_socket(app, "/ws/rooms/NOPE")
    assert [m["type"] for m in sent] == ["websocket.accept", "websocket.send", "websocket.close"]
    assert '"unknown_room"' in sent[1]["text"] and sent[2]["code"] == 4404
    assert seen == []
    for path in ("/ws/rooms/NOPE/more", "/ws/rooms/", "/ws/elsewhere"):
        assert [m["type"] for m in await open_socket(app, path)] == ["websocket.close"], path
    assert seen == [("websocket", "/ws/rooms/NOPE/more"), ("websocket", "/ws/rooms/"),
                    ("websocket", "/ws/elsewhere")]
    assert (await client.get("/api/games")).status_code == 200
    assert seen[-1] == ("http", "/api/games")


async def test_the_set_up_requests_pass_the_router_by_and_answer_as_through_it(
        client: AppClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Creating, joining and starting a room reach their routes without the middleware
    stack's outer layers and the router, yet answer exactly as through them: with the
    same fields and security headers, and every refusal (a bad body, one too large, an
    unknown room, a wrong token, a room already started) and failure in the same words.
    Any other request, or a path those routes do not match, goes through the whole
    stack."""
    app = client.app
    stack = app.build_middleware_stack()
    seen: list[str] = []

    async def recording(scope: Scope, receive: Receive, send: Send) -> None:
        seen.append(f"{scope['method']} {scope['path']}")
        await stack(scope, receive, send)

    app.middleware_stack = recording
    room = await create_room(client, name="Ana")
    code = room["code"]
    joined = await client.post(f"/api/rooms/{code}/join", json={"name": "Bo"})
    started = await client.post(f"/api/rooms/{code}/start", headers=bearer(room["token"]))
    assert joined.status_code == 200 and started.status_code == 200, started.text
    assert seen == []
    for name, value in HEADERS.items():
        assert started.headers[name] == value

    refusals: list[tuple[str, dict[str, object]]] = [
        ("/api/rooms", {"content": b"{not json", "headers": {"content-type": "application/json"}}),
        ("/api/rooms", {"json": {"game": 5, "name": "Ana"}}),
        ("/api/rooms", {"json": {"game": "no-such-game", "name": "Ana"}}),
        ("/api/rooms", {"json": {"game": "highcard", "name": "x" * 70_000}}),
        ("/api/rooms/NOPE/join", {"json": {"name": "Cy"}}),
        (f"/api/rooms/{code}/join", {"json": {}}),
        (f"/api/rooms/{code}/join", {"json": {"name": "Cy"}, "headers": bearer("wrong")}),
        ("/api/rooms/NOPE/start", {"headers": bearer(room["token"])}),
        (f"/api/rooms/{code}/start", {}),
        (f"/api/rooms/{code}/start", {"headers": bearer(joined.json()["token"])}),
        (f"/api/rooms/{code}/start", {"headers": bearer(room["token"])}),
    ]

    async def through_the_stack(scope: Scope, receive: Receive, send: Send) -> None:
        scope["app"] = app  # as the application does before its stack
        await recording(scope, receive, send)

    async def answers(asgi: ASGIApp) -> list[httpx.Response]:
        # A failure is answered, then raised on for the server to log: not into the test.
        transport = httpx.ASGITransport(asgi, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            out = [await http.post(path, **kwargs)  # type: ignore[arg-type]
                   for path, kwargs in refusals]
            with monkeypatch.context() as m:  # and the server fails
                m.setattr(client.services.rooms, "join", failing)
                out.append(await http.post(f"/api/rooms/{code}/join", json={"name": "Cy"}))
        return out

    async def set_up(asgi: ASGIApp) -> list[httpx.Response]:
        """A room created, joined and started: answers that differ in codes and tokens."""
        transport = httpx.ASGITransport(asgi)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            made = await http.post("/api/rooms", json={"game": "highcard", "name": "Di"})
            other = made.json()["code"]
            return [made, await http.post(f"/api/rooms/{other}/join", json={"name": "Ed"}),
                    await http.post(f"/api/rooms/{other}/start",
                                    headers=bearer(made.json()["token"]))]

    def shape(response: httpx.Response) -> tuple[int, dict[str, type], list[tuple[str, str]]]:
        fields = {k: type(v) for k, v in response.json().items()}
        return response.status_code, fields, sorted(response.headers.items())

    async def failing(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the database went away")

    laned = await answers(app)
    assert seen == []
    assert [a.status_code for a in laned] == [422, 422, 422, 413, 404, 422, 401, 404, 401,
                                              403, 409, 500]
    through = await answers(through_the_stack)
    assert len(seen) == len(through)
    for lane, whole in zip(laned, through, strict=True):
        assert (lane.status_code, lane.json(), sorted(lane.headers.items())) == (
            whole.status_code, whole.json(), sorted(whole.headers.items())), lane.url

    laned_set_up = await set_up(app)
    assert len(seen) == len(through)
    assert [shape(a) for a in laned_set_up] == [shape(a) for a in await set_up(through_the_stack)]
    assert [a.status_code for a in laned_set_up] == [201, 200, 200]

    seen.clear()
    for path in ("/api/rooms/", f"/api/rooms/{code}/join/more", f"/api/rooms/{code}/rematch"):
        await client.post(path, json={"name": "Cy"})
    assert (await client.get(f"/api/rooms/{code}")).status_code == 200
    assert seen == ["POST /api/rooms/", f"POST /api/rooms/{code}/join/more",
                    f"POST /api/rooms/{code}/rematch", f"GET /api/rooms/{code}"]
