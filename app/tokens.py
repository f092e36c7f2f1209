"""Secrets: invite codes, seat tokens and their stored hashes."""

from __future__ import annotations

import hashlib
import hmac
import secrets


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


def new_seed() -> int:
    """Returns a game seed of 63 random bits (fits a signed 64-bit column)."""
    return secrets.randbits(63)
