"""Shared fixtures: the test-only game is registered for every test session."""

from __future__ import annotations

import pytest

from games import registry
from tests import toygame

registry.register(toygame.GAME)


@pytest.fixture
def toy():
    """Returns the High Card test game."""
    return toygame.GAME
