"""Names and chat lines: what is refused, and which names read as one."""

from __future__ import annotations

import pytest

from app.errors import BadRequest
from app.text import clean_chat, clean_name, looks_like


def test_a_name_is_tidied_and_refused_with_what_is_wrong() -> None:
    assert clean_name("  Ana   Bo ") == "Ana Bo"
    with pytest.raises(BadRequest, match=r"without braces; got '\{' at character 1"):
        clean_name("{seat:0}")
    # A character nobody sees: where it stands, and where such characters come from.
    with pytest.raises(BadRequest, match=r"without direction overrides; got one at character "
                       r"3 \(U\+202E, invisible: pasted text often carries it"):
        clean_name("Bo\u202e")
    with pytest.raises(BadRequest, match=r"without control characters; got one at character 2"):
        clean_chat("a\x07b", max_length=10)
    with pytest.raises(BadRequest, match="only invisible characters"):
        clean_name("\u200b")
    with pytest.raises(BadRequest, match="1 to 32 characters, got 33"):
        clean_name("x" * 33)


@pytest.mark.parametrize(("name", "other"), [
    ("Bo", "bo"),  # case
    ("Bo", "\uff22o"),  # a fullwidth B
    ("Bo", "B\u200bo"),  # a zero-width space
    ("Alice", "\u0410lice"),  # a Cyrillic capital A
    ("BOB", "\u0392\u039f\u0392"),  # Greek capitals Beta and Omicron
    ("Ivan", "\u0406van"),  # a Cyrillic capital I
    ("Al", "AI"),  # a small L and a capital i
    ("Bo1", "Bol"),
    ("OK", "0K"),
])
def test_names_that_read_as_one(name: str, other: str) -> None:
    assert looks_like(name, other) and looks_like(other, name)


@pytest.mark.parametrize(("name", "other"), [
    ("Alice", "Aiice"),  # a small i looks like no small L
    ("Bo", "\u0411\u043e"),  # a Cyrillic Be is no B
    ("Zo\u00eb", "Zoe"),
    ("Ana", "Anna"),
])
def test_names_that_do_not(name: str, other: str) -> None:
    assert not looks_like(name, other)


def test_a_chat_line_is_trimmed_and_bounded() -> None:
    assert clean_chat("  hi ", 10) == "hi"
    with pytest.raises(BadRequest, match="1 to 10 characters, got 11"):
        clean_chat("x" * 11, 10)
