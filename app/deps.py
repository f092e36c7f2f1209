"""FastAPI dependencies, as ``Annotated`` aliases so handlers read like sentences.

They take an ``HTTPConnection``, so HTTP routes and the websocket reach the
services the same way.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Header
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import HTTPConnection

from app.rooms import RoomService
from app.services import Services
from app.settings import Settings

# Every dependency is a coroutine: FastAPI runs a plain function in a worker thread.


async def get_services(conn: HTTPConnection) -> Services:
    """Returns the services built at start-up."""
    services: Services = conn.app.state.services
    return services


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
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


Rooms = Annotated[RoomService, Depends(get_rooms)]
AppSettings = Annotated[Settings, Depends(get_settings)]
Session = Annotated[AsyncSession, Depends(get_session)]
Token = Annotated[str | None, Depends(bearer)]
