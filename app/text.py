"""Text people type (names, chat lines): what is refused, and why, before it is stored."""

from __future__ import annotations

import unicodedata
from functools import cache

from app.errors import BadRequest

# Characters that reorder the text around them: a name could pose as another's.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
NAME_MAX = 32


def _refuse_invisible(text: str, what: str) -> None:
    for i, ch in enumerate(text):
        category = unicodedata.category(ch)
        if category == "Cs":
            raise BadRequest(f"Expected {what} of Unicode text; got a broken character "
                             f"{_where(ch, i)}")
        if category == "Cc":
            raise BadRequest(f"Expected {what} without control characters; got one "
                             f"{_where(ch, i)}")
        if ch in BIDI_CONTROLS:
            raise BadRequest(f"Expected {what} without direction overrides; got one "
                             f"{_where(ch, i)}")


def _where(ch: str, i: int) -> str:
    """Says where an invisible character stands, and where such characters come from:
    a person sees nothing there to take out."""
    return (f"at character {i + 1} (U+{ord(ch):04X}, invisible: pasted text often "
            f"carries it; type that part again)")


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


def looks_like(name: str, other: str) -> bool:
    """Returns whether two names would read as one (``name_keys``)."""
    return not name_keys(name).isdisjoint(name_keys(other))


def name_keys(name: str) -> frozenset[tuple[int, str]]:
    """Returns what a name has in common with every name that would read as it: two names
    share a key when they are the same once compatibility-normalized (a fullwidth letter is
    its letter), without invisible characters and case-folded; or the same letter for
    letter once each letter of any script that looks like an ASCII letter or digit is
    taken as that one (Cyrillic "А", Greek "Ο"; "l" and "I")."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKC", name)
                    if unicodedata.category(ch) != "Cf")
    alike = _ascii_alike()
    # Case is kept in the skeleton: "l" looks like "I", not like "i".
    return frozenset({(0, plain.casefold()), (1, "".join(alike.get(ch, ch) for ch in plain))})


@cache
def _ascii_alike() -> dict[str, str]:
    """Every character Unicode's confusables table holds alike to an ASCII letter or digit,
    mapped to it, and the ASCII ones alike to each other (``I``, ``l``, ``1``; ``O``, ``0``)
    mapped to one of them: read once, at the first name that asks; of the table's 900 KB
    of JSON only these 1,300 characters are kept."""
    from confusable_homoglyphs.utils import load

    confusables_data: dict[str, list[dict[str, str]]] = load("confusables.json")

    def ascii_of(ch: str) -> list[str]:
        return [h["c"] for h in confusables_data.get(ch, ())
                if len(h["c"]) == 1 and h["c"].isascii() and h["c"].isalnum()]

    # The ASCII look-alikes in groups ("I", "l", "1"; "O", "0"), each named by its first
    # letter (a digit only where no letter is in it).
    groups: list[set[str]] = []
    for ch in (c for c in map(chr, range(128)) if c.isalnum()):
        members = {ch, *ascii_of(ch)}
        for touching in [g for g in groups if g & members]:
            groups.remove(touching)
            members |= touching
        groups.append(members)
    group = {c: min(g, key=lambda c: (c.isdigit(), c)) for g in groups if len(g) > 1 for c in g}
    alike = {ch: head for ch, head in group.items() if ch != head}
    for ch in confusables_data:
        if len(ch) == 1 and not ch.isascii() and (found := ascii_of(ch)):
            alike[ch] = group.get(found[0], found[0])
    return alike


def clean_chat(text: str, max_length: int) -> str:
    """Returns a chat line trimmed; raises ``BadRequest`` when empty, too long or unprintable."""
    text = str(text).strip()
    if not text or len(text) > max_length:
        raise BadRequest(f"Expected a chat message of 1 to {max_length} characters, "
                         f"got {len(text)}")
    _refuse_invisible(text, "a chat message")
    return text
