"""The queue from the loop's callbacks to one task: in order, never waiting to put."""

from __future__ import annotations

import asyncio

import pytest

from app.handoff import Handoff


async def test_items_come_in_order_and_wake_the_waiting_reader() -> None:
    box: Handoff[str] = Handoff()
    waiting = asyncio.ensure_future(box.get())
    await asyncio.sleep(0)
    assert not waiting.done()
    box.put("first")
    box.put("second")
    assert len(box) == 2
    assert await asyncio.wait_for(waiting, 10) == "first"
    assert await box.get() == "second"
    assert not box
    with pytest.raises(asyncio.QueueEmpty):
        box.get_nowait()


async def test_a_reader_cancelled_while_waiting_leaves_the_queue_usable() -> None:
    """The cancelled reader's wait is not woken; the next reader gets what is put."""
    box: Handoff[int | None] = Handoff()
    cancelled = asyncio.ensure_future(box.get())
    await asyncio.sleep(0)
    cancelled.cancel()
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    box.put(None)
    assert await asyncio.wait_for(box.get(), 10) is None


async def test_clear_drops_every_item() -> None:
    box: Handoff[int] = Handoff()
    for i in range(3):
        box.put(i)
    box.clear()
    assert len(box) == 0
    box.put(7)
    assert box.get_nowait() == 7
