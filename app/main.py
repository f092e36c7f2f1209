"""The ASGI application: routes, error handlers, middleware, pages and the services' life."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Receive, Scope, Send

from app import admin, api, logs, pages, runtime, ws
from app.admin.auth import ensure_admin_token
from app.deps import bearer_token
from app.errors import SaloonError, first_error
from app.headers import SecurityHeaders
from app.lane import laned
from app.limits import BodyLimit, TooManyRequests
from app.migrate import check_schema
from app.services import Services
from app.settings import Settings, get_settings
from app.tokens import same_hash
from games.registry import all_games

log = logging.getLogger("saloon")
HTTP_CODES = {400: "bad_request", 401: "bad_token", 403: "forbidden", 404: "not_found",
              405: "method_not_allowed", 409: "conflict", 413: "too_large", 422: "bad_request",
              429: "rate_limited"}


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """Returns the JSON body of every HTTP error (text a client sent is made printable)."""
    safe = message.encode("utf-8", "replace").decode("utf-8")
    return {"error": {"code": code, "message": safe, **extra}}


class SaloonApp(FastAPI):
    """FastAPI, with short lanes past its outer layers for what every match does.

    Each room's socket is handed straight to ``ws.room_socket``. The middleware and the
    router around the API act on HTTP alone (errors as JSON, security headers, body
    limits); a socket passing through them gains nothing, yet pays for them when it
    opens and, through their wrappers around ``send``, on every message: under load,
    6-9% of a move's CPU (docs/performance.md). Any other socket path still goes
    through the router, which refuses it.

    The three requests that set a match up (``api.SET_UP``: create, join, start) go to
    their routes through every layer that shapes an answer — the error handlers,
    Saloon's middleware — but not the router's search through every route, nor
    FastAPI's telemetry and body-limit layers (Saloon's ``BodyLimit`` is the one that
    limits): some 7% of their CPU. Within them a ``lane.Lane`` answers a plain request
    (a JSON body its model accepts) without FastAPI's request handler, and hands any
    other to it: a tenth of a match's set-up. (FastAPI's OpenTelemetry spans, off unless
    a deployment configures a provider, cover neither lane.)
    """

    _set_up: list[tuple[APIRoute, ASGIApp]] | None = None  # built at the first request

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            code = ws.room_code(scope)
            if code is not None:
                scope["app"] = self
                await ws.room_socket(scope, receive, send, code)
                return
        elif scope["type"] == "http" and scope["method"] == "POST":
            if self._set_up is None:
                self._set_up = [(route, laned(self, route)) for route in self.routes
                                if isinstance(route, APIRoute) and route.endpoint in api.SET_UP]
            for route, lane in self._set_up:
                match, child = route.matches(scope)
                if match is Match.FULL:
                    scope["app"] = self
                    scope.update(child)
                    await lane(scope, receive, send)
                    return
        await super().__call__(scope, receive, send)


def unreadable(cause: BaseException) -> str:
    """Says what is wrong with a body the JSON parser refused, in the client's terms (not
    the parser's exception)."""
    if isinstance(cause, json.JSONDecodeError):
        return f"Expected a JSON body; {cause.msg} at character {cause.pos}"
    if isinstance(cause, RecursionError):
        return "Expected a JSON body nested less deeply"
    if isinstance(cause, UnicodeDecodeError):
        return "Expected a JSON body in UTF-8"
    if isinstance(cause, ValueError) and "digits" in str(cause):
        return "Expected a JSON body whose numbers have at most 4300 digits"
    return "Expected a JSON body"


def create_app(settings: Settings | None = None) -> FastAPI:
    """Builds the application for ``settings`` (the environment's by default)."""
    settings = settings or get_settings()
    logs.install()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await check_schema(settings.database_url)  # before anything reads a table
        async with Services.running(settings, serving=True) as services:
            services.admin_hash = await ensure_admin_token(services.db, settings)
            app.state.services = services
            all_games()  # loads every game now: a broken plugin stops the start, not a request
            if settings.tune_gc:
                runtime.tune_gc()
            yield

    docs = "/docs" if settings.api_docs else None
    app = SaloonApp(title="Saloon", version="0.1.0", lifespan=lifespan, docs_url=docs,
                  redoc_url=None)
    for router in (api.router, admin.router, pages.router):
        _add_routes(app, router)
    _handle_errors(app)
    app.add_middleware(BodyLimit, limit_for=lambda scope: _body_limit(settings, scope))
    app.add_middleware(SecurityHeaders)
    pages.mount(app)
    return app


def _add_routes(app: FastAPI, router: APIRouter) -> None:
    """Adds a router's routes to the application's own.

    ``include_router`` keeps a router as a branch that FastAPI matches twice on every
    request, some 50 µs of a set-up request's millisecond. The routes are complete as the
    router built them (its prefix and responses in each), so they are added as they are.
    """
    app.router.routes.extend(router.routes)


def _body_limit(settings: Settings, scope: Scope) -> int:
    """A game record import may be large, sent with the admin token; every other body is
    small. (Without the token a large import was read and parsed, up to 16 MiB a
    request and any number at once, before the token was looked at.)"""
    if scope.get("method") == "POST" and scope.get("path") == "/api/admin/games":
        services: Services | None = getattr(scope["app"].state, "services", None)
        token = bearer_token(dict(scope.get("headers", [])).get(b"authorization", b"")
                             .decode("latin-1"))
        if services is not None and token and same_hash(token, services.admin_hash):
            return settings.max_import_bytes
    return settings.max_body_bytes


def _handle_errors(app: FastAPI) -> None:
    """Every error answers in the one documented shape, ``{"error": {"code", "message"}}``."""

    @app.exception_handler(SaloonError)
    async def saloon_error(_: Request, exc: SaloonError) -> JSONResponse:
        if isinstance(exc, TooManyRequests):
            return JSONResponse(error_body(exc.code, exc.message, retry_after=exc.retry_after),
                                status_code=exc.status,
                                headers={"Retry-After": str(exc.retry_after)})
        return JSONResponse(error_body(exc.code, exc.message), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        message = first_error(exc.errors(), drop=1, default="body")
        return JSONResponse(error_body("bad_request", message), status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, exc: HTTPException) -> JSONResponse:
        code = HTTP_CODES.get(exc.status_code, "error")
        message = str(exc.detail) if exc.detail else "The request was refused"
        if exc.status_code == 400 and exc.__cause__ is not None:  # a body FastAPI cannot read
            message = unreadable(exc.__cause__)
        return JSONResponse(error_body(code, message[:500]), status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.error("unexpected error: %s: %s", type(exc).__name__, exc, exc_info=exc)
        return JSONResponse(error_body("internal", "The server failed; it has been logged"),
                            status_code=500)
