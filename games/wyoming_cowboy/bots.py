"""Bots: the random one from the contract, and a rules-aware one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Bot
from games.rng import Rng


class SmartBot(Bot):
    """Placeholder until the heuristic lands: picks the first legal action."""

    name = "smart"

    def choose(self, view: Any, legal: Sequence[dict[str, Any]], rng: Rng) -> dict[str, Any]:
        return rng.choice(legal)
