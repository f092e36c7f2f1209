"""The five guns and what each can do."""

from __future__ import annotations

from games.wyoming_cowboy.guns import can_backfire, pullable, quick_draws, shoots_protected


def kinds(hand: str) -> list[tuple[str, list[str]]]:
    return pullable(hand.split())


def test_a_22_is_two_2s_of_any_suit():
    assert kinds("2C 2H") == [("22", ["2C", "2H"])]


def test_a_38_is_a_3_and_an_8_of_any_suit():
    assert kinds("3C 8H") == [("38", ["3C", "8H"])]


def test_a_357_is_a_3_a_5_and_a_7_of_any_suit():
    assert kinds("3C 5H 7S") == [("357", ["3C", "5H", "7S"])]


def test_a_357_quick_draw_is_a_3_a_5_and_a_7_of_one_suit():
    assert kinds("3H 5H 7H") == [("357q", ["3H", "5H", "7H"])]
    assert quick_draws(["3H", "5H", "7H", "3C"]) == [["3H", "5H", "7H"]]


def test_a_45_is_a_4_and_a_5_of_the_same_suit():
    assert kinds("4H 5H") == [("45", ["4H", "5H"])]
    assert kinds("4H 5S") == []


def test_every_gun_can_shoot_unprotected_cowboys_only_a_45_protected_ones():
    assert shoots_protected("45")
    assert not any(shoots_protected(k) for k in ("22", "38", "357", "357q"))


def test_only_a_22_can_backfire():
    assert can_backfire("22") and not any(can_backfire(k) for k in ("38", "357", "45"))


def test_every_distinct_gun_in_a_hand_is_offered():
    found = kinds("2C 2D 2H 3S 8S 5S 4S")
    assert [k for k, _ in found].count("22") == 3
    assert ("38", ["8S", "3S"]) not in found and ("38", ["3S", "8S"]) in found
    assert ("45", ["4S", "5S"]) in found


def test_guns_come_in_a_fixed_order_each_pair_of_faces_once_cards_sorted():
    # The order and sorting ``pullable`` has always given (its faster paths keep them).
    assert kinds("2H 2C") == [("22", ["2C", "2H"])]
    assert kinds("2D 2S 2D 2S 2C") == [("22", ["2C", "2D"]), ("22", ["2C", "2S"]),
                                       ("22", ["2D", "2D"]), ("22", ["2D", "2S"]),
                                       ("22", ["2S", "2S"])]
    assert kinds("3D 8D 8C") == [("38", ["3D", "8D"]), ("38", ["8C", "3D"])]
    assert kinds("3C 5H 7S 4H 2S 2S") == [("22", ["2S", "2S"]), ("357", ["3C", "5H", "7S"]),
                                          ("45", ["4H", "5H"])]
