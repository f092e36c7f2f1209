"""The admin token: from ``ADMIN_TOKEN``, or made at first start and kept only as a hash.

When the setting is unset, the first process to start on an empty database makes a
token, stores its SHA-256, and writes the token to ``ADMIN_TOKEN_FILE`` (readable by
its owner only) rather than to the log; every later start (and every other process)
finds the hash and writes nothing. Admin calls then carry ``Authorization: Bearer
<token>``: none or a wrong one gets 401, a seat's token 403, and an address that
keeps trying wrong tokens 429.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, TextIO

from fastapi import Depends, Request, Response
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.db import Database
from app.deps import ServicesDep, Token
from app.errors import Forbidden, Unauthorized
from app.limits import TooManyRequests
from app.models import AdminSecret, Seat
from app.settings import Settings
from app.tokens import hash_token, new_token, same_hash

SECRET_NAME = "admin_token"


async def ensure_admin_token(db: Database, settings: Settings, out: TextIO | None = None) -> str:
    """Returns the admin token's hash, making one (written to a file) when none exists yet."""
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
    path = Path(settings.admin_token_file)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(token + "\n")
    print(f"An admin token was made and written to {path.resolve()} (only its hash is "
          f"stored): read it once, keep it somewhere safe, then delete the file",
          file=out or sys.stdout, flush=True)
    return hash_token(token)


async def require_admin(services: ServicesDep, request: Request, response: Response,
                        token: Token) -> None:
    """Lets the call through with the admin token; refuses players (403) and others (401).

    An address that tried too many wrong tokens is refused (429) before its token is
    even looked at, until its allowance has grown back.
    """
    address = request.client.host if request.client else "unknown"
    wait = services.limits.admin.exhausted(address)
    if wait is not None:
        raise TooManyRequests(f"Too many wrong admin tokens from this address; try again in "
                              f"{max(1, round(wait))} s", wait)
    if not token:
        raise Unauthorized("Expected the admin token as 'Authorization: Bearer <token>', got none")
    if same_hash(token, services.admin_hash):
        # Admin answers hold every hidden card: no cache may keep them.
        response.headers["Cache-Control"] = "no-store"
        return
    services.limits.admin.retry_after(address)  # spends one of the address's tries
    async with services.db.session() as s:
        seat = (await s.execute(select(Seat.id).where(
            Seat.token_hash == hash_token(token)).limit(1))).scalar_one_or_none()
    if seat is not None:
        raise Forbidden("That is a player's token; admin calls need the admin token")
    raise Unauthorized("That token is not the admin token")


Admin = Annotated[None, Depends(require_admin)]
