"""Slots: the places in a state that hidden cards occupy, and shuffles among them.

A slot is a list and an index into it. Each game's ``hidden_shuffle`` lists the slots
hidden from a viewer and permutes what they hold; what a viewer sees of a slot (a card
back, say) is kept by permuting only among slots that show the same thing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, MutableSequence, Sequence
from typing import Any

from games.rng import Rng

Slot = tuple[MutableSequence[Any], int]


def slots_of(items: MutableSequence[Any], skip: Iterable[int] = ()) -> list[Slot]:
    """Returns a slot for every index of ``items`` not in ``skip``."""
    fixed = set(skip)
    return [(items, i) for i in range(len(items)) if i not in fixed]


def permute(slots: Sequence[Slot], rng: Rng) -> None:
    """Shuffles the values held at ``slots`` among those slots, in place."""
    values = [seq[i] for seq, i in slots]
    rng.shuffle(values)
    for (seq, i), value in zip(slots, values, strict=True):
        seq[i] = value


def permute_alike(slots: Sequence[Slot], key: Callable[[Any], Hashable], rng: Rng) -> None:
    """Shuffles values only among slots whose values have the same ``key``, in place."""
    groups: dict[Hashable, list[Slot]] = {}
    for seq, i in slots:
        groups.setdefault(key(seq[i]), []).append((seq, i))
    for group in groups.values():
        permute(group, rng)


def indices_of(items: Sequence[Any], values: Iterable[Any]) -> list[int]:
    """Returns where each of ``values`` lies in ``items`` (a repeated value: its next copy)."""
    taken: list[int] = []
    for value in values:
        for i, item in enumerate(items):
            if item == value and i not in taken:
                taken.append(i)
                break
    return taken
