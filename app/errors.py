"""Errors a caller may see: each has an HTTP status, a stable code and a plain message."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar


class SaloonError(Exception):
    """Base of every refusal the server reports to a client."""

    status: ClassVar[int] = 400
    code: ClassVar[str] = "bad_request"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadRequest(SaloonError):
    """The request is well-formed JSON but not what was expected."""

    status = 422
    code = "bad_request"


class Unauthorized(SaloonError):
    """No token, or a token that belongs to no seat of this room."""

    status = 401
    code = "bad_token"


class Forbidden(SaloonError):
    """The token is valid but may not do this (a host-only call by a guest, say)."""

    status = 403
    code = "forbidden"


class NotFound(SaloonError):
    """The room (or game, or seat) does not exist."""

    status = 404
    code = "not_found"


class Conflict(SaloonError):
    """The room is not in a state that allows this (start twice, join a full room)."""

    status = 409
    code = "conflict"


class Crowded(SaloonError):
    """A room or seat already has as many connections as it may."""

    status = 429
    code = "too_many_connections"


def where(loc: Sequence[Any]) -> str:
    """Returns an error location as a path: ``seats[0].name``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def first_error(errors: Iterable[Mapping[str, Any]], *, drop: int = 0,
                skip: Sequence[str] = (), default: str = "value") -> str:
    """Returns the first of pydantic's ``errors()`` as ``where: what``.

    The first ``drop`` parts of the location (a union's tag) and the parts named in
    ``skip`` (``body``) say nothing to the reader and are left out of the path.
    """
    err = next(iter(errors), None)
    if err is None:
        return f"{default}: is not valid"
    loc = list(err.get("loc", ()))[drop:]
    path = where([p for p in loc if p not in skip]) or default
    return f"{path}: {err.get('msg', 'is not valid')}"
