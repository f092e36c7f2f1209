"""The server's clock: what time it is, and calling back at a time.

The room service takes its time from here, so tests can run a turn clock with a
clock they move by hand (``ManualClock``) instead of sleeping.
"""

from __future__ import annotations

import asyncio
import functools
import heapq
import itertools
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Protocol


class Handle(Protocol):
    """A call that can still be called off."""

    def cancel(self) -> None:
        """Calls it off (nothing happens if it already ran)."""


class Clock(Protocol):
    """Wall time, and calls at a time."""

    def now(self) -> datetime:
        """Returns the current time, UTC."""

    def call_at(self, when: datetime, callback: Callable[[], object]) -> Handle:
        """Calls ``callback`` once ``when`` has come (at once if it has)."""


class SystemClock:
    """The real clock, on the running event loop."""

    # The current time, UTC: ``datetime.now(UTC)`` itself, called in C (a method around
    # it is a call in Python, and a move asks the time three or four times). A partial
    # is no descriptor: ``clock.now()`` calls it with no ``self``.
    now = functools.partial(datetime.now, UTC)

    def call_at(self, when: datetime, callback: Callable[[], object]) -> Handle:
        """Calls ``callback`` on the event loop once ``when`` has come."""
        delay = max(0.0, (when - self.now()).total_seconds())
        return asyncio.get_running_loop().call_later(delay, callback)


class _Call:
    def __init__(self, callback: Callable[[], object]) -> None:
        self.callback: Callable[[], object] | None = callback

    def cancel(self) -> None:
        self.callback = None


class ManualClock:
    """A clock that moves only when told to: ``advance`` runs the calls that come due."""

    def __init__(self, start: datetime | None = None) -> None:
        self.time = start or datetime(2026, 1, 1, tzinfo=UTC)
        self._calls: list[tuple[datetime, int, _Call]] = []
        self._order = itertools.count()

    def now(self) -> datetime:
        """Returns the clock's time."""
        return self.time

    def call_at(self, when: datetime, callback: Callable[[], object]) -> Handle:
        """Keeps ``callback`` until the clock reaches ``when``."""
        call = _Call(callback)
        heapq.heappush(self._calls, (when, next(self._order), call))
        return call

    def advance(self, seconds: float) -> None:
        """Moves the clock on, running every call that comes due, in time order."""
        target = self.time + timedelta(seconds=seconds)
        while self._calls and self._calls[0][0] <= target:
            when, _, call = heapq.heappop(self._calls)
            self.time = max(self.time, when)
            if call.callback is not None:
                call.callback()
        self.time = target
