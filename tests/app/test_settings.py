"""The server's settings: what they refuse."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.settings import Settings


@pytest.mark.parametrize("seconds", [0, 9.5])
def test_rooms_stay_in_memory_a_few_seconds_at_least(seconds: float) -> None:
    """A request holds a room it looked up while it awaits; a sweep must not drop it then."""
    with pytest.raises(ValidationError, match="greater than or equal to 10"):
        Settings(room_idle_seconds=seconds, _env_file=None)
    assert Settings(room_idle_seconds=10, _env_file=None).room_idle_seconds == 10
