"""The original card set and its validation."""

from __future__ import annotations

import copy
import json
from importlib.resources import files

import pytest

from games.cowpoker.cards import (
    ACE_OF,
    CARDS,
    EFFECT_KINDS,
    PLACES,
    RANCH_CARDS,
    RANCHES,
    RANDOMIZER,
    CardDataError,
    parse_deck,
)

RAW = json.loads(files("games.cowpoker").joinpath("cards.json").read_text())


def test_the_set_has_54_cards_52_faces_and_two_jokers() -> None:
    assert len(CARDS) == 54
    faces = [c.face for c in CARDS.values() if not c.is_joker]
    assert len(faces) == len(set(faces)) == 52
    jokers = [c for c in CARDS.values() if c.is_joker]
    assert len(jokers) == 2 and all(c.ranch == "Town" for c in jokers)


def test_every_ranch_has_an_ace_as_boss_and_a_style() -> None:
    assert set(ACE_OF) == set(RANCHES)
    for ranch in RANCHES:
        own = [c for c in CARDS.values() if c.ranch == ranch]
        assert len(own) == 11
    assert sum(c.ranch == "Town" for c in CARDS.values()) == 10


def test_every_mechanism_the_rules_name_appears() -> None:
    kinds = {c.effect for c in CARDS.values()}
    assert kinds == set(EFFECT_KINDS)
    assert {c.place for c in CARDS.values() if c.place} == set(PLACES)
    assert any(c.live_only and c.effect_text.startswith("Live Player") for c in CARDS.values())
    assert any("(You choose.)" in c.text for c in CARDS.values())


def test_twelve_ranch_cards_leave_eight_randomizers_with_both_marks() -> None:
    assert len(RANCH_CARDS) == 12
    assert len(RANDOMIZER) == 8
    assert sorted(c.mark for c in RANDOMIZER) == ["gunfight"] * 4 + ["roundup"] * 4
    assert sorted(c.ranch for c in RANDOMIZER) == sorted(RANCHES * 2)


def test_the_data_file_says_it_is_an_original_set() -> None:
    assert "original" in RAW["note"].lower() and "replace" in RAW["note"].lower()


def _broken(index: int, **changes) -> dict:
    data = copy.deepcopy(RAW)
    data["cards"][index].update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"points": "three"}, "field 'points'"),
        ({"ranch": "Dodge City"}, "field 'ranch'"),
        ({"rank": "Z"}, "field 'rank'"),
        ({"suit": "X"}, "field 'suit'"),
        ({"place": "jail"}, "field 'place'"),
        ({"effect": {"kind": "dance", "text": ""}}, "field 'effect.kind'"),
        ({"effect": {"kind": "wild", "text": "x"}}, "field 'effect.rank'"),
        ({"effect": {"kind": "extra_play", "text": "Play another card."}}, "'Live Player'"),
    ],
)
def test_a_bad_field_is_reported_with_the_card_and_the_field(changes, words) -> None:
    with pytest.raises(CardDataError) as err:
        parse_deck(_broken(4, **changes))
    assert "c05" in str(err.value) and "Lasso Lem" in str(err.value)
    assert words in str(err.value)


def test_a_missing_field_and_duplicate_ids_are_reported() -> None:
    data = copy.deepcopy(RAW)
    del data["cards"][0]["gunfight"]
    with pytest.raises(CardDataError, match="c01.*missing field 'gunfight'"):
        parse_deck(data)
    data = _broken(1, id="c01")
    with pytest.raises(CardDataError, match="c01.*'id' is used twice"):
        parse_deck(data)


def test_a_short_deck_is_refused() -> None:
    data = copy.deepcopy(RAW)
    data["cards"].pop()
    with pytest.raises(CardDataError, match="expected 54 cards"):
        parse_deck(data)
