"""A queue from the event loop's callbacks to one task: put without waiting, taken in order.

A room's outbox (its socket's writer task) and the committer's changes (its writer task)
each have one reader and no bound to wait on. ``asyncio.Queue`` does the same with what
they never use (waiting putters, several getters, ``join``'s count and event): some ten
calls in Python per item, against two here. It is a ``deque`` itself, so that asking its
length (every message queued asks whether its outbox is full) and taking an item are
calls in C, not methods of ours around a deque's.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import TypeVar

T = TypeVar("T")


class Handoff(deque[T]):
    """Items in order, put by anyone without waiting, taken by one task at a time.

    Items go in by ``put`` only (a deque's own ``append`` would not wake the reader);
    ``len``, ``clear`` and ``popleft`` are the deque's."""

    __slots__ = ("_waiter",)

    def __init__(self) -> None:
        super().__init__()
        self._waiter: asyncio.Future[None] | None = None  # the reader's, while it waits

    def put(self, item: T) -> None:
        """Adds ``item`` at the end, waking the reader if it waits."""
        self.append(item)
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():  # a reader cancelled while waiting left it cancelled
                waiter.set_result(None)

    async def get(self) -> T:
        """Returns the first item, waiting for one."""
        while not self:
            waiter = self._waiter = asyncio.get_running_loop().create_future()
            await waiter
        return self.popleft()

    def get_nowait(self) -> T:
        """Returns the first item; raises ``asyncio.QueueEmpty`` if there is none."""
        if not self:
            raise asyncio.QueueEmpty
        return self.popleft()
