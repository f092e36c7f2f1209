"""The ASGI application: routes, error handlers, static files and background services."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from app import admin, api, ws
from app.admin.auth import ensure_admin_token
from app.errors import SaloonError, first_error
from app.services import Services
from app.settings import Settings, get_settings

STATIC = Path(__file__).resolve().parent.parent / "static"
log = logging.getLogger("saloon")


def error_body(code: str, message: str) -> dict[str, dict[str, str]]:
    """Returns the JSON body of every HTTP error."""
    return {"error": {"code": code, "message": message}}


def create_app(settings: Settings | None = None) -> FastAPI:
    """Builds the application for ``settings`` (the environment's by default)."""
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with Services.running(settings, serving=True) as services:
            services.admin_hash = await ensure_admin_token(services.db, settings)
            app.state.services = services
            yield

    app = FastAPI(title="Saloon", version="0.1.0", lifespan=lifespan)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(admin.router)

    @app.exception_handler(SaloonError)
    async def saloon_error(_: Request, exc: SaloonError) -> JSONResponse:
        return JSONResponse(error_body(exc.code, exc.message), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        message = first_error(exc.errors(), drop=1, default="body")
        return JSONResponse(error_body("bad_request", message), status_code=422)

    _mount_pages(app)
    return app


def _mount_pages(app: FastAPI) -> None:
    """Serves the browser client: the lobby, the room page, the admin page and assets."""
    pages = {"/": "index.html", "/r/{code}": "room.html", "/admin": "admin.html"}
    for path, filename in pages.items():
        app.add_api_route(path, _page(filename), methods=["GET"], include_in_schema=False)
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")


def _page(filename: str):  # type: ignore[no-untyped-def]
    async def page() -> FileResponse:
        return FileResponse(STATIC / filename, headers={"Cache-Control": "no-cache"})
    return page

