"""Redis pub/sub between server processes: "room R reached version V"."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import uuid

from redis.asyncio import Redis

from app.rooms import RoomService

CHANNEL = "saloon:rooms"
log = logging.getLogger("saloon.pubsub")


class Notifier:
    """Publishes this process's commits and catches up on everyone else's."""

    def __init__(self, url: str, service: RoomService) -> None:
        self.redis = Redis.from_url(url)
        self.service = service
        self.origin = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Subscribes and starts listening; the service publishes through ``publish``."""
        self.pubsub = self.redis.pubsub()
        await self.pubsub.subscribe(CHANNEL)
        self.task = asyncio.create_task(self._listen())
        self.service.notify = self.publish

    async def publish(self, code: str, version: int) -> None:
        """Tells the other processes that ``code`` reached ``version``."""
        payload = json.dumps({"room": code, "version": version, "origin": self.origin})
        try:
            await self.redis.publish(CHANNEL, payload)
        except Exception as e:  # the database has the change; peers catch up on next use
            log.warning("could not publish %s@%d: %s", code, version, e)

    async def _listen(self) -> None:
        async for message in self.pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                data = json.loads(message["data"])
                if data.get("origin") != self.origin:
                    await self.service.refresh(str(data["room"]), int(data["version"]))
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
