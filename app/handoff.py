"""A queue from the event loop's callbacks to one task: put without waiting, taken in order.

A room's outbox (its socket's writer task) and the committer's changes (its writer task)
each have one reader and no bound to wait on. ``asyncio.Queue`` does the same with what
they never use (waiting putters, several getters, ``join``'s count and event): some ten
calls in Python per item, against two here.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class Handoff(Generic[T]):
    """Items in order, put by anyone without waiting, taken by one task at a time."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: deque[T] = deque()
        self._waiter: asyncio.Future[None] | None = None  # the reader's, while it waits

    def __len__(self) -> int:
        return len(self._items)

    def put(self, item: T) -> None:
        """Adds ``item`` at the end, waking the reader if it waits."""
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():  # a reader cancelled while waiting left it cancelled
                waiter.set_result(None)

    async def get(self) -> T:
        """Returns the first item, waiting for one."""
        while not self._items:
            waiter = self._waiter = asyncio.get_running_loop().create_future()
            await waiter
        return self._items.popleft()

    def get_nowait(self) -> T:
        """Returns the first item; raises ``asyncio.QueueEmpty`` if there is none."""
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.popleft()

    def clear(self) -> None:
        """Drops every item."""
        self._items.clear()
