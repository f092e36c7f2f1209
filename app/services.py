"""The server's services, built once at start-up and reached the same way everywhere.

HTTP routes and the websocket get them through ``app.deps`` (``Annotated``
dependencies); the command line opens them with ``Services.running``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass

from app.db import Database
from app.limits import Limits
from app.notifier import Notifier, notifier_for
from app.rooms import RoomService
from app.settings import Settings

SWEEP_EVERY = 60.0
log = logging.getLogger("saloon.services")


@dataclass
class Services:
    """Settings, the database, the room service and the notifier between processes."""

    settings: Settings
    db: Database
    rooms: RoomService
    notifier: Notifier
    limits: Limits
    admin_hash: str | None = None

    def check_join(self, code: str, token: str | None, address: str) -> None:
        """Spends one of ``address``'s joins unless ``token`` holds a seat of the room in
        memory (a reloaded page reclaiming its seat); raises ``TooManyRequests`` when they
        are spent. It comes before the database is asked anything: forged tokens and
        unknown codes, sent all at once, cost no more than joins."""
        if not token or not self.rooms.holds(code, token):
            self.limits.joins.check(address, "joins")

    @classmethod
    def build(cls, settings: Settings) -> Services:
        """Returns the services for ``settings``; nothing runs until ``running`` starts them."""
        db = Database(settings.database_url)
        notifier = notifier_for(settings.redis_url)
        limits = Limits.from_rates(rooms=settings.rate_rooms, joins=settings.rate_joins,
                                   chat=settings.rate_chat, admin=settings.rate_admin,
                                   syncs=settings.rate_syncs, sockets=settings.rate_sockets,
                                   open_sockets=settings.max_sockets_per_address)
        return cls(settings, db, RoomService(db, settings, notifier), notifier, limits)

    @classmethod
    @contextlib.asynccontextmanager
    async def running(cls, settings: Settings, *, serving: bool = False,
                      ) -> AsyncIterator[Services]:
        """Yields the services; with ``serving`` they also hear other processes and sweep rooms."""
        services = cls.build(settings)
        sweeper: asyncio.Task[None] | None = None
        if serving:
            await services.notifier.start(services.rooms.refresh)
            await services.rooms.wake_due(within=2 * SWEEP_EVERY)  # deadlines kept across a restart
            sweeper = asyncio.create_task(services._sweep())
        try:
            yield services
        finally:
            if sweeper is not None:
                sweeper.cancel()
                with contextlib.suppress(BaseException):
                    await sweeper
            await services.rooms.close()
            await services.notifier.stop()
            await services.db.dispose()

    async def _sweep(self) -> None:
        """Now and then: ends abandoned games, loads rooms whose clocks fall due (their alarms
        then ring in this process), and drops idle rooms from memory (they reload on use)."""
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.rooms.abandon_idle()
                await self.rooms.wake_due(within=2 * SWEEP_EVERY)
            except Exception:  # the next sweep tries again; a sweep must not end the loop
                log.exception("sweep failed")
            self.rooms.evict_idle(self.settings.room_idle_seconds)
