"""JsonState: a state dataclass to JSON and back, exactly, from its type hints."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum

from games.rng import Rng
from games.state import JsonState


class Phase(StrEnum):
    PLAY = "play"
    OVER = "over"


@dataclass
class Trick:
    caller: int
    played: list[list[str | None]] = field(default_factory=list)


@dataclass
class Position(JsonState):
    phase: Phase
    rng: Rng
    hands: list[list[str]]
    trick: Trick | None = None
    pending: dict[str, int] = field(default_factory=dict)


def test_a_state_goes_to_plain_json_and_comes_back_equal() -> None:
    rng = Rng(42)
    rng.next_u64()
    state = Position(Phase.PLAY, rng, [["KH", "2C"], []], Trick(1, [["AS", None]]), {"x": 2})
    data = state.to_json()
    assert data == {"phase": "play", "rng": rng.state, "hands": [["KH", "2C"], []],
                    "trick": {"caller": 1, "played": [["AS", None]]}, "pending": {"x": 2}}
    back = Position.from_json(json.loads(json.dumps(data)))
    assert back == state and back.phase is Phase.PLAY and back.rng.next_u64() == rng.next_u64()
    assert Position.from_json(Position(Phase.OVER, Rng(1), []).to_json()).trick is None
