"""Finding hidden cards in JSON: the check behind every no-leak test."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
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
    named = None
    if words:  # a viewer's phrases keep their pattern (``Phrases``); others are made one
        named = words.pattern() if isinstance(words, Phrases) else _phrases(words)
    for s in strings_in(data):
        if s in secrets:
            found.add(s)
        elif len(s) > 3 and " " in s:
            found |= secrets.intersection(_TOKEN.split(s))
            if named is not None and words is not None:
                for m in named.finditer(s):
                    card = words.get(m.group(0))
                    if card is not None:
                        found.add(card)
    return found


class Phrases(dict[str, str]):
    """Phrases naming secret cards, each mapped to its card, with the pattern that finds
    them made once: a leak check searches one viewer's set in many places.

    ``within``, phrases these are some of, lends its pattern (a viewer's secrets only
    shrink): compiling one for every step took half of a leak check's time. Its other
    phrases are found and passed over; one holding a phrase of these ("Wells Fargo
    Agent" around "Agent") names its own card, not this one."""

    __slots__ = ("_pattern",)
    _pattern: re.Pattern[str]

    def __init__(self, words: Iterable[tuple[str, str]], within: Phrases | None = None):
        super().__init__(words)
        if within is not None:
            self._pattern = within.pattern()

    def pattern(self) -> re.Pattern[str]:
        """Returns a pattern finding any of the phrases, each as whole words."""
        try:
            return self._pattern
        except AttributeError:
            self._pattern = _phrases(self)
            return self._pattern


def _phrases(words: dict[str, str]) -> re.Pattern[str]:
    """One pattern finding any of the phrases, each as whole words."""
    alternatives = "|".join(re.escape(p) for p in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def visible_to(event: dict[str, Any], viewer: int | None) -> bool:
    """Returns whether an event may be shown to ``viewer`` (``only`` limits its audience)."""
    only = event.get("only")
    return only is None or (viewer is not None and viewer in only)
