"""Slots: permuting what hidden places hold, keeping what shows."""

from collections import Counter

from games.rng import Rng
from games.slots import indices_of, permute, permute_alike, slots_of


def test_permute_moves_values_among_the_slots_only() -> None:
    a, b = ["x", "A1", "A2"], ["B1", "y", "B2"]
    seen = set()
    rng = Rng(1)
    for _ in range(50):
        a2, b2 = list(a), list(b)
        permute(slots_of(a2, skip=[0]) + slots_of(b2, skip=[1]), rng)
        assert a2[0] == "x" and b2[1] == "y"
        assert Counter(a2[1:] + [b2[0], b2[2]]) == Counter(["A1", "A2", "B1", "B2"])
        seen.add((tuple(a2), tuple(b2)))
    assert len(seen) > 10, "expected many different arrangements"


def test_permute_alike_keeps_each_slot_s_key() -> None:
    backs = {"r1": "river", "r2": "river", "c1": "cactus", "c2": "cactus"}
    pile = ["r1", "c1", "r2", "c2"]
    rng = Rng(2)
    for _ in range(20):
        permute_alike(slots_of(pile), backs.__getitem__, rng)
        assert [backs[c] for c in pile] == ["river", "cactus", "river", "cactus"]


def test_indices_of_claims_one_copy_per_value() -> None:
    assert indices_of(["KH", "2C", "KH", "KS"], ["KH", "KH", "KS"]) == [0, 2, 3]
    assert indices_of(["KH"], ["KS"]) == []
