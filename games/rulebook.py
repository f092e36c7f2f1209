"""A game's rules page (``rules.md`` in its package): finding it, and its sections' anchors.

The server renders the page (``app/pages.py``) with an id on every heading, made by
``slug`` from the heading's text; a ``Rule``'s anchor names one of them, and the
conformance suite checks that every anchor a game uses is on its page.
"""

from __future__ import annotations

import re
import sys
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def slug(text: str) -> str:
    """Returns a heading's anchor: lower case, words joined by ``-`` (``A turn`` -> ``a-turn``)."""
    words = re.sub(r"[^a-z0-9 _-]+", "", text.lower().replace("\u2014", " ")).split()
    return "-".join(words)


def anchors(markdown: str) -> set[str]:
    """Returns the anchors of every ATX heading (``## A turn``) of a Markdown text."""
    found: set[str] = set()
    fenced = False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else _HEADING.match(line)
        if m:
            found.add(slug(m.group(1)))
    return found


def package_files(game: Any) -> Traversable:
    """Returns the folder of the package that defines ``game``'s class."""
    module = sys.modules[type(game).__module__]
    package = module.__name__ if hasattr(module, "__path__") else module.__package__
    return resources.files(package or module.__name__)


def _folder(cls: type) -> Traversable | None:
    module = sys.modules.get(cls.__module__)
    if module is None:
        return None
    package = module.__name__ if hasattr(module, "__path__") else module.__package__
    return resources.files(package or module.__name__)


def rules_text(game: Any) -> str | None:
    """Returns ``rules.md`` of the package defining the game's class (or, for a subclass
    defined elsewhere, the nearest base class's), or ``None`` if none ships one."""
    for cls in type(game).__mro__:
        if cls.__module__ in ("games.base", "builtins", "abc", "typing"):
            continue
        folder = _folder(cls)
        found = folder / "rules.md" if folder is not None else None
        if found is not None and found.is_file():
            return found.read_text(encoding="utf-8")
    return None
