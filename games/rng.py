"""A seeded, serializable random generator that lives inside game state.

Engines never touch global randomness: every shuffle, shot card or Deadwood choice
comes from an ``Rng`` stored in the state, so ``seed + options + actions`` replays a
game exactly on any machine and any Python version. The algorithm is SplitMix64
(Steele, Lea and Flood 2014): one 64-bit integer of state, fast in pure Python and
statistically sound for shuffling cards.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from pydantic_core import core_schema

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_SPAN = 1 << 64
# Under a bound of at most 2**32, rejection sampling refuses fewer than 2**32 values, all
# of them at the top of the span: a draw below ``_SAFE`` is accepted without computing the
# exact limit (two operations on 65-bit integers, on every draw of every engine).
_SMALL = 1 << 32
_SAFE = _SPAN - _SMALL


class Rng:
    """A SplitMix64 generator whose whole state is one integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        """Returns the next 64-bit unsigned integer and advances the state."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Returns a uniform integer in ``[0, n)``; ``n`` must be positive."""
        if n <= 1:
            if n == 1:  # the one answer, 0: the state moves on as for any draw
                self.state = (self.state + _GAMMA) & _MASK
                return 0
            raise ValueError(f"Expected a positive bound, got {n}")
        # Rejection sampling keeps the draw exactly uniform (no modulo bias): values from
        # ``_SPAN - _SPAN % n`` up are drawn again. The step of ``next_u64`` is written out
        # here: this is the hottest loop of every engine.
        safe = _SAFE if n <= _SMALL else 0
        while True:
            z = self.state = (self.state + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < safe or x < _SPAN - _SPAN % n:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Returns a uniform integer in ``[lo, hi]``, both ends included."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        """Returns one element of a non-empty sequence, uniformly."""
        if not items:
            raise ValueError("Expected a non-empty sequence to choose from, got an empty one")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffles ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """Returns a shuffled copy of ``items``."""
        out = list(items)
        self.shuffle(out)
        return out

    def copy(self) -> Rng:
        """Returns a generator at the same point of the same sequence, drawn from apart."""
        rng = Rng.__new__(Rng)
        rng.state = self.state
        return rng

    def fork(self) -> Rng:
        """Returns an independent generator seeded from this one."""
        return Rng(self.next_u64())

    def dump(self) -> int:
        """Returns the generator's state as a JSON-safe integer."""
        return self.state

    @classmethod
    def load(cls, state: int) -> Rng:
        """Rebuilds a generator from ``dump()``."""
        rng = cls(0)
        rng.state = state & _MASK
        return rng

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        """Lets a state that holds a generator read and write it as its integer."""
        return core_schema.no_info_plain_validator_function(
            lambda v: v if isinstance(v, Rng) else cls.load(int(v)),
            serialization=core_schema.plain_serializer_function_ser_schema(lambda r: r.dump()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
