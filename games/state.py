"""States that read and write themselves as JSON: one helper for every game's state.

A game's state is a dataclass of JSON-like fields (numbers, strings, lists, dicts,
nested dataclasses, enums) and its generator. ``JsonState`` gives it ``to_json`` and
``from_json`` from its type hints, exactly: ``from_json(to_json(s)) == s``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self, TypeVar

from pydantic import TypeAdapter

JSON = Any
T = TypeVar("T")

# The attribute under which ``Game.known_to_act`` and ``known_legal`` keep what they
# found on a state. It names its state, so a copy that carries it along never reads it;
# ``assemble`` leaves it behind all the same.
KNOWN = "_known"


def assemble(cls: type[T], fields: dict[str, Any]) -> T:
    """Returns an instance of ``cls`` holding ``fields`` as they are (no ``__init__``): the
    quick way for a ``clone`` to build its copy from ``dict(self.__dict__)``, with the
    fields a step may change replaced by copies. What was known of the original goes."""
    fields.pop(KNOWN, None)
    obj: T = object.__new__(cls)  # type: ignore[call-overload]
    obj.__dict__ = fields
    return obj


class JsonState:
    """Mix into a state dataclass: JSON out and back in through its type hints."""

    _adapters: ClassVar[dict[type, TypeAdapter[Any]]] = {}

    @classmethod
    def _adapter(cls) -> TypeAdapter[Any]:
        adapter = JsonState._adapters.get(cls)
        if adapter is None:
            adapter = JsonState._adapters[cls] = TypeAdapter(cls)
        return adapter

    def to_json(self) -> dict[str, JSON]:
        """Returns the state as plain JSON (the generator as its integer state)."""
        out: dict[str, JSON] = self._adapter().dump_python(self, mode="json")
        return out

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        """Rebuilds a state from ``to_json()``."""
        state: Self = cls._adapter().validate_python(data)
        return state
