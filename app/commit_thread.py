"""The thread a writer's commits wait for the disk in: one, kept, its calls in order.

A commit on SQLite returns once the log is synced, which would stop the event loop for
as long as the disk takes; so it runs here while the loop goes on. The loop's default
executor would do it too, but each call there is a ``concurrent.futures.Future`` (with
its lock and condition), a work item, a check on the pool's threads, and a chain of
callbacks from that future to an ``asyncio`` one: 6% of a match's instructions when
every change commits alone (a room of friends, one move at a time). Here a call is a
tuple on a queue and its answer one ``call_soon_threadsafe``, as aiosqlite's thread
answers a connection's calls. ``Database.dispose`` ends the thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
_Call = tuple[asyncio.AbstractEventLoop, "asyncio.Future[Any]", Callable[[], Any]]
STOP_TIMEOUT = 30.0  # seconds ``stop`` waits for the call under way


class CommitThread:
    """Runs blocking calls one at a time in a thread of its own, started at the first;
    each call's result (or error) is its future's, on the loop that made the call."""

    def __init__(self, name: str = "saloon-commit") -> None:
        self.name = name
        # The thread serving now and the queue it takes calls from; none until a call.
        self._serving: tuple[threading.Thread, queue.SimpleQueue[_Call | None]] | None = None
        self._lock = threading.Lock()  # one thread started, however many loops call

    def run(self, fn: Callable[[], T]) -> asyncio.Future[T]:
        """Returns a future of ``fn()``, called in the thread after every call before it."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        with self._lock:
            if self._serving is None:
                calls: queue.SimpleQueue[_Call | None] = queue.SimpleQueue()
                # A daemon: a process stopping with a commit under way is as one killed
                # then, which the log survives; the change was not acknowledged yet.
                thread = threading.Thread(target=_serve, args=(calls,), name=self.name,
                                          daemon=True)
                thread.start()
                self._serving = (thread, calls)
            self._serving[1].put((loop, future, fn))
        return future

    def stop(self) -> None:
        """Lets the thread end once the calls queued are made (a later ``run`` starts it
        again); waits for it ``STOP_TIMEOUT`` seconds at most."""
        with self._lock:
            serving, self._serving = self._serving, None
        if serving is not None:
            thread, calls = serving
            calls.put(None)
            thread.join(STOP_TIMEOUT)


def _serve(calls: queue.SimpleQueue[_Call | None]) -> None:
    """Makes the calls of ``calls`` in order until told to stop (``None``)."""
    while (call := calls.get()) is not None:
        loop, future, fn = call
        try:
            answer: tuple[Any, BaseException | None] = (fn(), None)
        except BaseException as e:  # the caller's to handle, on its loop
            answer = (None, e)
        # A loop closed meanwhile has nobody waiting for the answer.
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(_settle, future, *answer)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    """Gives ``future`` its call's answer, unless it was cancelled meanwhile."""
    if future.done():
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)
