"""The commit thread: calls made in order in one thread of its own, each answered on the
loop that made it, errors too; a cancelled caller or a closed loop does not stop it."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

import pytest

from app.commit_thread import CommitThread

T = TypeVar("T")


async def test_calls_are_made_in_order_in_one_thread_and_answered_on_the_loop() -> None:
    commits = CommitThread()
    made: list[tuple[int, str]] = []

    def call(n: int) -> int:
        time.sleep(0.01 if n == 0 else 0)  # the first is slow: the rest wait for it
        made.append((n, threading.current_thread().name))
        return n * n

    answers = await asyncio.gather(*(commits.run(partial(call, n)) for n in range(5)))
    assert answers == [0, 1, 4, 9, 16]
    assert [n for n, _ in made] == [0, 1, 2, 3, 4]
    assert {name for _, name in made} == {"saloon-commit"}
    assert threading.current_thread().name != "saloon-commit"
    commits.stop()


async def test_an_error_is_the_callers_and_the_thread_goes_on() -> None:
    commits = CommitThread()

    def fails() -> None:
        raise OSError("disk I/O error")

    with pytest.raises(OSError, match="disk I/O error"):
        await commits.run(fails)
    assert await commits.run(lambda: "next") == "next"
    commits.stop()


async def test_a_cancelled_call_is_still_made_and_the_next_answered() -> None:
    commits = CommitThread()
    made = threading.Event()

    def slow() -> None:
        time.sleep(0.05)
        made.set()

    waiting = commits.run(slow)
    waiting.cancel()
    assert await commits.run(lambda: "after") == "after"
    assert made.is_set() and waiting.cancelled()
    commits.stop()


def test_a_loop_closed_meanwhile_does_not_stop_the_thread() -> None:
    commits = CommitThread()
    gate = threading.Event()
    old = asyncio.new_event_loop()
    old.run_until_complete(_call_later(commits, gate))  # its answer comes after it closed
    old.close()
    gate.set()
    assert asyncio.run(_call(commits, lambda: "answered")) == "answered"
    commits.stop()


def test_stop_ends_the_thread_and_a_later_call_starts_another() -> None:
    commits = CommitThread()
    first = asyncio.run(_call(commits, threading.current_thread))
    commits.stop()
    assert not first.is_alive()
    second = asyncio.run(_call(commits, threading.current_thread))
    assert second is not first and second.is_alive()
    commits.stop()
    commits.stop()  # stopping twice is harmless


async def _call_later(commits: CommitThread, gate: threading.Event) -> None:
    commits.run(gate.wait)


async def _call(commits: CommitThread, fn: Callable[[], T]) -> T:
    return await asyncio.wait_for(commits.run(fn), 5)
