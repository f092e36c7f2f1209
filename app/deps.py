"""FastAPI dependencies, as ``Annotated`` aliases so handlers read like sentences."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from app.rooms import RoomService
from app.settings import Settings


def get_service(request: Request) -> RoomService:
    """Returns the application's room service."""
    service: RoomService = request.app.state.rooms
    return service


def get_app_settings(request: Request) -> Settings:
    """Returns the application's settings."""
    settings: Settings = request.app.state.settings
    return settings


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """Returns the token of an ``Authorization: Bearer <token>`` header, if any."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


Rooms = Annotated[RoomService, Depends(get_service)]
AppSettings = Annotated[Settings, Depends(get_app_settings)]
Token = Annotated[str | None, Depends(bearer)]
