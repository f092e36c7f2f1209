"""Telling other server processes that a room advanced: "room R reached version V".

One process needs no one to tell (``LocalNotifier``); several share Redis pub/sub
(``RedisNotifier``). The room service publishes after each commit; a notifier calls
back ``on_change`` when another process advanced a room.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import uuid
from collections.abc import Awaitable, Callable
from typing import Protocol

from redis.asyncio import Redis

CHANNEL = "saloon:rooms"
STOP_TIMEOUT = 5.0  # seconds ``stop`` waits for the changes queued to be told
log = logging.getLogger("saloon.notifier")

OnChange = Callable[[str, int], Awaitable[None]]


class Notifier(Protocol):
    """Carries "room R reached version V" between the processes serving one database."""

    async def start(self, on_change: OnChange) -> None:
        """Starts listening; ``on_change`` is awaited for every other process's commit."""

    async def publish(self, code: str, version: int) -> None:
        """Tells the other processes that ``code`` reached ``version``."""

    async def stop(self) -> None:
        """Stops listening and closes what ``start`` opened."""


class LocalNotifier:
    """A single process: nobody else to tell, nothing to hear."""

    async def start(self, on_change: OnChange) -> None:
        """Does nothing: no other process writes."""

    async def publish(self, code: str, version: int) -> None:
        """Does nothing: every socket of the room is in this process."""

    async def stop(self) -> None:
        """Does nothing."""


class RedisNotifier:
    """Publishes this process's commits on a Redis channel and hears everyone else's.

    A publish is queued, not awaited: what is queued while a message is on its way goes
    out in the next one, each room at its latest version, ``{"origin", "rooms": {code:
    version}}``. One Redis round trip per move cost a fifth of a move's CPU and held the
    room's lock for its length; a peer only needs the latest version of each room.
    """

    def __init__(self, url: str) -> None:
        self.redis = Redis.from_url(url)
        self.origin = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.task: asyncio.Task[None] | None = None
        self._queued: dict[str, int] = {}  # room code -> the latest version to tell
        self._sender: asyncio.Task[None] | None = None

    async def start(self, on_change: OnChange) -> None:
        """Subscribes and starts listening."""
        self.pubsub = self.redis.pubsub()
        await self.pubsub.subscribe(CHANNEL)
        self.task = asyncio.create_task(self._listen(on_change))

    async def publish(self, code: str, version: int) -> None:
        """Tells the other processes that ``code`` reached ``version``, with the other
        changes of the moment in one message (sent by a task: this returns at once)."""
        if version > self._queued.get(code, 0):
            self._queued[code] = version
        if self._sender is None or self._sender.done():
            self._sender = asyncio.get_running_loop().create_task(self._send())

    async def _send(self) -> None:
        while self._queued:
            rooms, self._queued = self._queued, {}
            payload = json.dumps({"origin": self.origin, "rooms": rooms})
            try:
                await self.redis.publish(CHANNEL, payload)
            except Exception as e:  # the database has the changes; peers catch up on use
                log.warning("could not tell other processes of %d rooms: %s", len(rooms), e)

    async def _listen(self, on_change: OnChange) -> None:
        async for message in self.pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                data = json.loads(message["data"])
                if data.get("origin") == self.origin:
                    continue
                # One room per message is what a process of an earlier release sends.
                rooms = data["rooms"] if "rooms" in data else {data["room"]: data["version"]}
                for code, version in rooms.items():
                    await on_change(str(code), int(version))
            except Exception as e:
                log.warning("bad room notification %r: %s", message.get("data"), e)

    async def stop(self) -> None:
        """Sends what is queued (for a few seconds at most), unsubscribes and closes the
        connection."""
        if self._sender is not None and not self._sender.done():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._sender), STOP_TIMEOUT)
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
        with contextlib.suppress(Exception):
            await self.pubsub.unsubscribe(CHANNEL)
            await self.pubsub.aclose()
        await self.redis.aclose()


def notifier_for(redis_url: str | None) -> Notifier:
    """Returns the Redis notifier when a URL is set, else the single-process one."""
    return RedisNotifier(redis_url) if redis_url else LocalNotifier()
