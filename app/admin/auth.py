"""The admin token: from ``ADMIN_TOKEN``, or made at first start and kept only as a hash.

When the setting is unset, the first process to start on an empty database makes a
token, stores its SHA-256 and prints the token once; every later start (and every
other process) finds the hash and prints nothing. Admin calls then carry
``Authorization: Bearer <token>``: none or a wrong one gets 401, a seat's token 403.
"""

from __future__ import annotations

import sys
from typing import Annotated, TextIO

from fastapi import Depends, Response
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.db import Database
from app.deps import ServicesDep, Token
from app.errors import Forbidden, Unauthorized
from app.models import AdminSecret, Seat
from app.settings import Settings
from app.tokens import hash_token, new_token, same_hash

SECRET_NAME = "admin_token"


async def ensure_admin_token(db: Database, settings: Settings, out: TextIO | None = None) -> str:
    """Returns the admin token's hash, making and printing a token when none exists yet."""
    if settings.admin_token:
        return hash_token(settings.admin_token)
    async with db.session() as s:
        row = await s.get(AdminSecret, SECRET_NAME)
        if row is not None:
            return row.token_hash
        token = new_token()
        s.add(AdminSecret(name=SECRET_NAME, token_hash=hash_token(token)))
        try:
            await s.commit()
        except IntegrityError:  # another process made it first: use theirs
            await s.rollback()
            row = (await s.execute(select(AdminSecret).where(
                AdminSecret.name == SECRET_NAME))).scalar_one()
            return row.token_hash
    print(f"Admin token (shown once; only its hash is stored): {token}", file=out or sys.stdout,
          flush=True)
    return hash_token(token)


async def require_admin(services: ServicesDep, response: Response, token: Token) -> None:
    """Lets the call through with the admin token; refuses players (403) and others (401)."""
    if not token:
        raise Unauthorized("Expected the admin token as 'Authorization: Bearer <token>', got none")
    if same_hash(token, services.admin_hash):
        # Admin answers hold every hidden card: no cache may keep them.
        response.headers["Cache-Control"] = "no-store"
        return
    async with services.db.session() as s:
        seat = (await s.execute(select(Seat.id).where(
            Seat.token_hash == hash_token(token)).limit(1))).scalar_one_or_none()
    if seat is not None:
        raise Forbidden("That is a player's token; admin calls need the admin token")
    raise Unauthorized("That token is not the admin token")


Admin = Annotated[None, Depends(require_admin)]
