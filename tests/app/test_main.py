"""The application: every router's routes are its own, matched once per request."""

from __future__ import annotations

from fastapi.routing import APIRoute, APIWebSocketRoute
from starlette.routing import Mount, Route

from app import admin, api, pages, ws
from app.main import create_app
from app.settings import Settings


def test_every_route_is_the_applications_own_not_a_router_branch() -> None:
    """An included router is a branch matched again on every request; Saloon's routers
    add their routes as they are, so the application holds plain routes only."""
    app = create_app(Settings(_env_file=None))
    assert all(isinstance(r, APIRoute | APIWebSocketRoute | Route | Mount) for r in app.routes)
    for router in (api.router, ws.router, admin.router, pages.router):
        assert all(route in app.routes for route in router.routes)
