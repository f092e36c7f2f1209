"""Counted and listed words."""

from __future__ import annotations

from games.plural import count, listed


def test_a_count_names_its_word_in_the_plural_unless_one() -> None:
    assert [count(n, "Cow") for n in (0, 1, 2)] == ["0 Cows", "1 Cow", "2 Cows"]
    assert count(2, "Ranch", "Ranches") == "2 Ranches"


def test_a_list_joins_its_last_word_with_and() -> None:
    assert listed(["Ana"]) == "Ana"
    assert listed(["Ana", "Bo"]) == "Ana and Bo"
    assert listed(["Ana", "Bo", "Cy"]) == "Ana, Bo and Cy"
