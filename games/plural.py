"""Counted and listed words for the texts the engines write: "1 Cow", "2 Cows"; "A, B and C"."""

from __future__ import annotations


def count(n: int, word: str, many: str | None = None) -> str:
    """Returns ``n`` and ``word``, in its plural (``many``, else ``word`` + "s") unless n is 1."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def listed(words: list[str]) -> str:
    """Returns ``words`` as an English list, "A", "A and B", "A, B and C"; needs one at least."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
