"""Text people type (names, chat lines): what is refused, and why, before it is stored."""

from __future__ import annotations

import unicodedata

from app.errors import BadRequest

# Characters that reorder the text around them: a name could pose as another's.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
NAME_MAX = 32


def _refuse_invisible(text: str, what: str) -> None:
    for i, ch in enumerate(text):
        category = unicodedata.category(ch)
        if category == "Cs":
            raise BadRequest(f"Expected {what} of Unicode text; got a lone surrogate "
                             f"(U+{ord(ch):04X}) at character {i + 1}")
        if category == "Cc":
            raise BadRequest(f"Expected {what} without control characters; got "
                             f"U+{ord(ch):04X} at character {i + 1}")
        if ch in BIDI_CONTROLS:
            raise BadRequest(f"Expected {what} without direction overrides; got "
                             f"U+{ord(ch):04X} at character {i + 1}")


def clean_name(name: str) -> str:
    """Returns a display name with its spaces tidied; raises ``BadRequest`` saying what is wrong.

    A name is 1 to 32 characters with something visible in it: no control
    characters, direction overrides or lone surrogates, and no braces (the room's
    notices say names among texts where ``{seat:N}`` stands for a seat's name: a name
    holding one would pose as that seat).
    """
    name = " ".join(str(name).split())
    _refuse_invisible(name, "a name")
    brace = next((i for i, ch in enumerate(name) if ch in "{}"), None)
    if brace is not None:
        raise BadRequest(f"Expected a name without braces; got {name[brace]!r} at character "
                         f"{brace + 1}")
    if not name or len(name) > NAME_MAX:
        raise BadRequest(f"Expected a name of 1 to {NAME_MAX} characters, got {len(name)}")
    if all(unicodedata.category(ch) in ("Cf", "Mn", "Me", "Zs") for ch in name):
        raise BadRequest("Expected a name with something visible in it; got only "
                         "invisible characters")
    return name


def name_key(name: str) -> str:
    """Returns what two names that look alike have in common: compatibility-normalized
    (a fullwidth letter is its letter), without invisible characters, case-folded. Cyrillic
    and Latin look-alikes remain apart: telling them needs Unicode's confusables table."""
    folded = unicodedata.normalize("NFKC", name)
    return "".join(ch for ch in folded if unicodedata.category(ch) != "Cf").casefold()


def clean_chat(text: str, max_length: int) -> str:
    """Returns a chat line trimmed; raises ``BadRequest`` when empty, too long or unprintable."""
    text = str(text).strip()
    if not text or len(text) > max_length:
        raise BadRequest(f"Expected a chat message of 1 to {max_length} characters, "
                         f"got {len(text)}")
    _refuse_invisible(text, "a chat message")
    return text
