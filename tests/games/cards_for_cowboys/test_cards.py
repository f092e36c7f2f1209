"""The card data file and its loader."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from games.cards_for_cowboys.cards import (
    SPEC_OF,
    SPECS,
    CardDataError,
    load_cards,
    spec,
    starter_ids,
    store_ids,
    words,
)


def _data() -> dict:
    text = resources.files("games.cards_for_cowboys").joinpath("cards.json").read_text()
    return json.loads(text)


def test_the_data_file_ships_inside_the_package() -> None:
    assert resources.files("games.cards_for_cowboys").joinpath("cards.json").is_file()


def test_every_card_of_cards_md_is_in_the_data_file() -> None:
    assert sorted(SPECS) == list(range(1, 95))


def test_the_starter_deck_is_the_ten_cards_of_cards_md() -> None:
    deck = [spec(c) for c in starter_ids(0)]
    assert len(deck) == 10
    assert sorted((s.number, s.back, s.cash, s.cows, s.bandits) for s in deck) == [
        (33, "cactus", 1, 1, 0), (34, "cactus", 0, 0, 1), (61, "rattlesnake", 2, 0, 0),
        (62, "rattlesnake", 0, 1, 1), (63, "rattlesnake", 0, 1, 1),
        (64, "rattlesnake", 0, 2, 2), (91, "river", 1, 0, 0), (92, "river", 1, 0, 0),
        (93, "river", 1, 0, 0), (94, "river", 1, 0, 0),
    ]
    assert all(s.cost == 0 and s.act == 0 for s in deck)


def test_every_seat_owns_its_own_copies_of_the_starters() -> None:
    ids = [c for seat in range(4) for c in starter_ids(seat)]
    assert len(set(ids)) == 40
    assert starter_ids(2)[0].endswith("c")


@pytest.mark.parametrize(("act", "pools"), [(1, (17, 21, 28)), (2, (17, 21, 28)),
                                            (3, (21, 21, 28))])
def test_the_act_pools_have_the_sizes_of_cards_md(act: int, pools: tuple[int, ...]) -> None:
    assert tuple(len(store_ids(act, seats)) for seats in (2, 3, 4)) == pools


@pytest.mark.parametrize(("number", "fields"), [
    (74, {"back": "river", "cash": 1, "cost": 3, "act": 1, "mark": "2P"}),
    (77, {"effect": "trash_for_2_dollars", "cash": 0, "cost": 3}),
    (14, {"effect": "trash_to_buy_first", "cost": 2, "back": "cactus"}),
    (15, {"effect": "two_cows_if_first", "cows": 1, "cost": 3}),
    (65, {"mark": "3+P", "cows": 1}),
    (40, {"mark": "4+P", "cows": 2, "back": "rattlesnake"}),
    (50, {"effect": "trash_for_jail", "cost": 4, "act": 2}),
    (51, {"cows": 5, "bandits": 2, "cost": 4}),
    (54, {"cows": 3, "effect": "draw_four", "cost": 5}),
    (16, {"cash": 1, "effect": "trash_for_2_dollars", "cost": 2}),
    (17, {"cash": 4, "bandits": 1, "cost": 3}),
    (19, {"effect": "trash_to_reorder"}),
    (20, {"effect": "double_next"}),
    (21, {"effect": "extra_buy"}),
    (22, {"effect": "return_to_deck", "cost": 5}),
    (23, {"effect": "trash_to_replay", "cost": 5}),
    (24, {"cash": 3, "effect": "gift_others", "cost": 6}),
    (4, {"jail": 1, "effect": "pass_jail", "cost": 0, "mark": "4+P"}),
    (84, {"jail": 1, "lose_cow": 1, "cost": 5, "act": 3}),
    (90, {"cash": 2, "cows": 3, "cost": 9}),
    (56, {"cows": 5, "cost": 11}),
    (60, {"cows": 5, "bandits": 1, "cost": 9}),
    (25, {"cows": 2, "jail": 1, "cost": 10}),
    (31, {"effect": "reorder_top_three", "cost": 8}),
    (9, {"cash": 3, "cows": 2, "cost": 8, "mark": "4+P"}),
])
def test_store_cards_match_cards_md(number: int, fields: dict) -> None:
    s = SPECS[number]
    assert {k: getattr(s, k) for k in fields} == fields


def test_card_backs_carry_the_cacti_count() -> None:
    assert (SPECS[91].cacti, SPECS[33].cacti, SPECS[61].cacti) == (1, 2, 3)


def _with(change: dict, number: int = 74) -> str:
    data = _data()
    for card in data["cards"]:
        if card["id"] == number:
            card.update(change)
            for k, v in change.items():
                if v is None:
                    del card[k]
    return json.dumps(data)


@pytest.mark.parametrize(("change", "field"), [
    ({"cost": -1}, "cost"),
    ({"cost": "3"}, "cost"),
    ({"cash": True}, "cash"),
    ({"back": "desert"}, "back"),
    ({"mark": "5+P"}, "mark"),
    ({"effect": "fly_away"}, "effect"),
    ({"act": 4}, "act"),
    ({"act": 0}, "act"),
    ({"text": ""}, "text"),
    ({"bandits": None}, "bandits"),
    ({"colour": "red"}, "colour"),
])
def test_the_loader_rejects_a_malformed_card_naming_the_card_and_the_field(
        change: dict, field: str) -> None:
    with pytest.raises(CardDataError) as err:
        load_cards(_with(change))
    assert "card 74" in str(err.value)
    assert repr(field) in str(err.value)


def test_the_loader_rejects_a_card_number_used_twice() -> None:
    with pytest.raises(CardDataError, match="card 75: field 'id'"):
        load_cards(_with({"id": 75}, number=74))


def test_the_loader_rejects_what_is_not_a_card_list() -> None:
    with pytest.raises(CardDataError):
        load_cards("[]")
    with pytest.raises(CardDataError):
        load_cards("{not json")


def test_the_shipped_data_file_loads() -> None:
    assert load_cards(json.dumps(_data())) == dict(SPECS)


def test_a_card_is_named_by_its_values_or_by_its_rule_quoted() -> None:
    # A log line names the card: "Ana burned the “Jail when trashed” card (river) from the
    # Store" reads as a sentence where the bare rule would run into it.
    named = {spec(c).text: words(c) for c in SPEC_OF}
    assert named["$1"].startswith("$1 (")
    assert named["Jail when trashed. Trash while drawing: Jail 1 Bandit this round"] in {
        f"the \u201cJail when trashed\u201d card ({back})"
        for back in ("cactus", "river", "rattlesnake")}
    assert named["$1. Trash while drawing to count $2 instead"].startswith(
        "the \u201c$1. Trash while drawing to count $2 instead\u201d card (")
