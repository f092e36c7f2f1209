"""Finding hidden cards in JSON: the check behind every no-leak test."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

_TOKEN = re.compile(r"[^\w#:.-]+")


def strings_in(data: Any) -> Iterator[str]:
    """Yields every string in a JSON value, keys included."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from strings_in(v)
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from strings_in(v)


def leaked(data: Any, secrets: set[str], words: dict[str, str] | None = None) -> set[str]:
    """Returns the secrets found in ``data``: as a whole string, or as a word inside one;
    and, with ``words`` (a phrase naming a secret card: the card), each secret whose
    phrase a string holds ("the King of hearts")."""
    if not secrets:
        return set()
    found: set[str] = set()
    named = _phrases(words) if words else None
    for s in strings_in(data):
        if s in secrets:
            found.add(s)
        elif len(s) > 3 and " " in s:
            found |= secrets.intersection(_TOKEN.split(s))
            if named is not None and words is not None:
                found.update(words[m.group(0)] for m in named.finditer(s))
    return found


def _phrases(words: dict[str, str]) -> re.Pattern[str]:
    """One pattern finding any of the phrases, each as whole words."""
    alternatives = "|".join(re.escape(p) for p in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def visible_to(event: dict[str, Any], viewer: int | None) -> bool:
    """Returns whether an event may be shown to ``viewer`` (``only`` limits its audience)."""
    only = event.get("only")
    return only is None or (viewer is not None and viewer in only)
