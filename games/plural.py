"""Counted words for the texts the engines write: "1 Cow", "2 Cows"."""

from __future__ import annotations


def count(n: int, word: str, many: str | None = None) -> str:
    """Returns ``n`` and ``word``, in its plural (``many``, else ``word`` + "s") unless n is 1."""
    return f"{n} {word if n == 1 else (many or word + 's')}"
