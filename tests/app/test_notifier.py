"""Telling other processes of commits through Redis: the changes of a moment go out
together, each room at its latest version; a process does not hear itself; what is
queued is sent before stopping; an earlier release's messages are still understood."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

from app.notifier import CHANNEL, RedisNotifier
from tests.support.databases import REDIS_URL

pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs TEST_REDIS_URL")


class Heard:
    """What a notifier's ``on_change`` was told, for this test's rooms only (other tests
    may share the channel)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.changes: list[tuple[str, int]] = []

    async def __call__(self, code: str, version: int) -> None:
        if code.startswith(self.prefix):
            self.changes.append((code, version))

    async def until(self, count: int) -> None:
        async with asyncio.timeout(5):
            while len(self.changes) < count:
                await asyncio.sleep(0.01)


@pytest.fixture
async def pair() -> AsyncIterator[tuple[RedisNotifier, RedisNotifier, Heard, Heard, str]]:
    """Two processes' notifiers, each hearing into its own ``Heard``, and a room prefix."""
    assert REDIS_URL is not None
    prefix = uuid.uuid4().hex[:8]
    one, two = RedisNotifier(REDIS_URL), RedisNotifier(REDIS_URL)
    heard_one, heard_two = Heard(prefix), Heard(prefix)
    await one.start(heard_one)
    await two.start(heard_two)
    yield one, two, heard_one, heard_two, prefix
    await one.stop()
    await two.stop()


async def messages(prefix: str) -> tuple[Redis, AsyncIterator[dict[str, object]]]:
    """Subscribes a bare client to the channel; returns it and this test's messages."""
    assert REDIS_URL is not None
    client = Redis.from_url(REDIS_URL)
    sub = client.pubsub()
    await sub.subscribe(CHANNEL)

    async def mine() -> AsyncIterator[dict[str, object]]:
        async for message in sub.listen():
            if message.get("type") == "message" and prefix.encode() in message["data"]:
                yield json.loads(message["data"])
    return client, mine()


async def test_the_changes_of_a_moment_go_out_together_at_their_latest_versions(pair) -> None:
    one, _, heard_one, heard_two, prefix = pair
    client, sent = await messages(prefix)
    rooms = [f"{prefix}-{i}" for i in range(50)]
    for code in rooms:  # all in one moment: nothing is awaited in between
        await one.publish(code, 3)
    await one.publish(rooms[0], 5)
    await one.publish(rooms[0], 4)  # an older version told later changes nothing
    await heard_two.until(50)
    assert sorted(heard_two.changes) == sorted([(rooms[0], 5)] + [(c, 3) for c in rooms[1:]])
    first = await anext(sent)
    assert len(first["rooms"]) == 50  # type: ignore[arg-type]
    await asyncio.sleep(0.1)
    assert heard_one.changes == []  # a process does not hear its own commits
    await client.aclose()


async def test_what_is_queued_is_told_before_stopping(pair) -> None:
    one, _, _, heard_two, prefix = pair
    await one.publish(f"{prefix}-last", 7)
    await one.stop()
    await heard_two.until(1)
    assert heard_two.changes == [(f"{prefix}-last", 7)]


async def test_a_message_of_an_earlier_release_is_understood(pair) -> None:
    _, _, _, heard_two, prefix = pair
    assert REDIS_URL is not None
    client = Redis.from_url(REDIS_URL)
    await client.publish(CHANNEL, json.dumps({"room": f"{prefix}-old", "version": 9,
                                              "origin": "an-older-process"}))
    await heard_two.until(1)
    assert heard_two.changes == [(f"{prefix}-old", 9)]
    await client.aclose()
