"""FastAPI dependencies, as ``Annotated`` aliases so handlers read like sentences, and
the plain functions the set-up routes call instead (``services_of``, ``bearer_of``).

They take an ``HTTPConnection``, so HTTP routes and the websocket reach the
services the same way.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import Depends, Header
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import HTTPConnection

from app.rooms import RoomService
from app.services import Services
from app.settings import Settings

# Every dependency is a coroutine: FastAPI runs a plain function in a worker thread.


async def get_services(conn: HTTPConnection) -> Services:
    """Returns the services built at start-up."""
    return services_of(conn)


ServicesDep = Annotated[Services, Depends(get_services)]


# The others call ``get_services`` rather than depend on it: a dependency of a
# dependency costs FastAPI a second solving pass on every request.

async def get_rooms(conn: HTTPConnection) -> RoomService:
    """Returns the room service."""
    return (await get_services(conn)).rooms


async def get_settings(conn: HTTPConnection) -> Settings:
    """Returns the server's settings."""
    return (await get_services(conn)).settings


async def get_session(conn: HTTPConnection) -> AsyncIterator[AsyncSession]:
    """Yields a database session for one request."""
    async with (await get_services(conn)).db.session() as s:
        yield s


async def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """Returns the token of an ``Authorization: Bearer <token>`` header, if any."""
    return bearer_token(authorization)


def bearer_token(authorization: str | None) -> str | None:
    """Returns the token of an ``Authorization`` header's value, if it is a bearer's."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


# The routes every match takes (create, join, start, the socket) read the services and
# the token from the request itself. FastAPI solves each declared dependency, header and
# query parameter again on every request, at about a quarter of a bare request's cost
# apiece (docs/performance.md); the OpenAPI document still lists the header
# (``AUTHORIZATION_DOC``).

def services_of(conn: HTTPConnection) -> Services:
    """Returns the services built at start-up (what ``ServicesDep`` gives, unsolved)."""
    services: Services = conn.app.state.services
    return services


def bearer_of(conn: HTTPConnection) -> str | None:
    """Returns the request's bearer token, if any (what ``Token`` gives)."""
    return bearer_token(conn.headers.get("authorization"))


AUTHORIZATION_DOC: dict[str, Any] = {"parameters": [{
    "in": "header", "name": "authorization", "required": False,
    "schema": {"anyOf": [{"type": "string"}, {"type": "null"}], "title": "Authorization"}}]}
"""The ``Authorization`` header of a route that reads it with ``bearer_of``, for OpenAPI."""


Rooms = Annotated[RoomService, Depends(get_rooms)]
AppSettings = Annotated[Settings, Depends(get_settings)]
Session = Annotated[AsyncSession, Depends(get_session)]
Token = Annotated[str | None, Depends(bearer)]
