"""Secrets: invite codes, seat tokens and their stored hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time


def new_code() -> str:
    """Returns an invite code of 72 random bits (12 URL-safe characters)."""
    return secrets.token_urlsafe(9)


def new_token() -> str:
    """Returns a seat or admin token of 192 random bits."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """Returns the SHA-256 hex digest stored in place of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(token: str, digest: str | None) -> bool:
    """Returns whether ``token`` hashes to ``digest``, in constant time."""
    return digest is not None and hmac.compare_digest(hash_token(token), digest)


def new_game_id(ms: int | None = None) -> str:
    """Returns a game id: 32 hex digits laid out as a UUIDv7 (RFC 9562), the milliseconds
    since 1970 (``ms``, or now) in its first 48 bits, 74 random bits in the rest.

    Ids made later sort after ids made earlier, so the rows each move adds to the
    ``(game_id, seq)`` index land on its last pages rather than on a random one each:
    a batch of moves writes a few pages, not one per game (docs/performance.md).
    """
    if ms is None:
        ms = time.time_ns() // 1_000_000
    ms &= (1 << 48) - 1
    rand = secrets.randbits(74)
    value = (ms << 80 | 0x7 << 76 | (rand >> 62) << 64  # the version, then 12 random bits
             | 0b10 << 62 | rand & (1 << 62) - 1)  # the variant, then 62 random bits
    return f"{value:032x}"


def new_seed() -> int:
    """Returns a game seed of 63 random bits (fits a signed 64-bit column)."""
    return secrets.randbits(63)
