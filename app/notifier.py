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
    """Publishes this process's commits on a Redis channel and hears everyone else's."""

    def __init__(self, url: str) -> None:
        self.redis = Redis.from_url(url)
        self.origin = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.task: asyncio.Task[None] | None = None

    async def start(self, on_change: OnChange) -> None:
        """Subscribes and starts listening."""
        self.pubsub = self.redis.pubsub()
        await self.pubsub.subscribe(CHANNEL)
        self.task = asyncio.create_task(self._listen(on_change))

    async def publish(self, code: str, version: int) -> None:
        """Tells the other processes that ``code`` reached ``version``."""
        payload = json.dumps({"room": code, "version": version, "origin": self.origin})
        try:
            await self.redis.publish(CHANNEL, payload)
        except Exception as e:  # the database has the change; peers catch up on next use
            log.warning("could not publish %s@%d: %s", code, version, e)

    async def _listen(self, on_change: OnChange) -> None:
        async for message in self.pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                data = json.loads(message["data"])
                if data.get("origin") != self.origin:
                    await on_change(str(data["room"]), int(data["version"]))
            except Exception as e:
                log.warning("bad room notification %r: %s", message.get("data"), e)

    async def stop(self) -> None:
        """Unsubscribes and closes the connection."""
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
