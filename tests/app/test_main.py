"""The application: every router's routes are its own, matched once per request, and a
room's socket goes straight to its handler."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.routing import APIRoute
from starlette.routing import Mount, Route
from starlette.types import Message, Receive, Scope, Send

from app import admin, api, pages
from app.main import create_app
from app.settings import Settings
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
