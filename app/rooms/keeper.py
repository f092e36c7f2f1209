"""The room's time keeper: it plays for seats whose clock ran out or who are away, hands
seats gone too long to bots, and notices seats that come and go.

Each room in memory has at most one alarm, set for the time its last version says
the server must next look (``RoomData.due``). Every action the keeper takes goes
through the room's one write path as a command that checks, on the room as it is
then, that it is still due: so a deadline fires once, whichever process wakes first,
and a restarted server picks up the stored deadlines where they were.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine, Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

from app.errors import Conflict, SaloonError
from app.rooms import commands
from app.rooms.bots import stand_in
from app.rooms.data import RoomStatus, SeatKind
from app.rooms.events import RoomEvent
from games.base import GameError

if TYPE_CHECKING:
    from app.rooms.service import LiveRoom, RoomService

log = logging.getLogger("saloon.rooms")

# Seats left within this of one another (everyone leaving as a game ends) are marked gone
# in one change, at the first one's grace: each a second early at most, and one commit
# where there would be one per seat.
TOGETHER = timedelta(seconds=1)


class Keeper:
    """Alarms for the rooms of one service, and the tasks they start."""

    def __init__(self, service: RoomService) -> None:
        self.service = service
        self.tasks: set[asyncio.Task[None]] = set()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def arm(self, live: LiveRoom) -> None:
        """Sets the room's alarm for its due time (or clears it when nothing is due)."""
        if live.alarm is not None:
            live.alarm.cancel()
            live.alarm = None
        if live.due is not None and live.status == RoomStatus.PLAYING:
            live.alarm = self.service.clock.call_at(
                live.due, lambda: self._spawn(self.wake(live)))

    async def wake(self, live: LiveRoom) -> None:
        """Does what is due in the room: plays for seats out of time or away, hands gone seats
        to bots. Each is a command that is refused if it is no longer due."""
        service, settings = self.service, self.service.settings
        async with live.lock:
            now = service.clock.now()
            for seat in live.to_act():
                due = commands.time_due(live, seat, away_delay=settings.away_delay)
                if due is not None and due <= now:
                    await self._try(live, partial(
                        commands.play_for, live, seat, partial(stand_in, live, seat), now=now,
                        away_delay=settings.away_delay))
            for seat in list(live.timing.gone):
                await self._try(live, partial(commands.hand_gone_seat_to_bot, live, seat,
                                              now=now))
            self.arm(live)

    async def _try(self, live: LiveRoom, command: Callable[[], Sequence[RoomEvent]]) -> None:
        try:
            await self.service._run(live, command)
        except (SaloonError, GameError) as e:  # no longer due: another writer got there first
            log.debug("room %s: %s", live.code, e)

    async def arrived(self, live: LiveRoom, seat: int) -> None:
        """A socket of ``seat`` opened: a seat that counted as gone is connected again."""
        if seat not in live.timing.gone or seat >= len(live.seats):
            return
        player = live.seats[seat].token_hash
        if player is None:  # a bot's seat: nobody to be back
            return

        def back() -> Sequence[RoomEvent]:
            # By the player: the room may be read back, seats renumbered, before it runs.
            now_at = live.seat_for_hash(player)
            if now_at is None:
                raise Conflict("The seat was freed meanwhile")
            return commands.arrived(live, now_at)

        async with live.lock:
            await self._try(live, back)

    def heard(self, live: LiveRoom) -> None:
        """The room was loaded again after another process changed it: a seat that process
        marked gone (it saw the seat's socket there close) but that has a socket here is
        connected after all, and is said to be, once the lock held now is let go
        (``arrived`` passes over a seat since freed, or a bot's)."""
        for seat in live.timing.gone:
            if live.connections.count(seat):
                self._spawn(self.arrived(live, seat))

    def left(self, live: LiveRoom, seat: int) -> None:
        """The last socket of ``seat`` here closed: if none opens within the grace, it is gone."""
        player = live.seats[seat]
        if player.kind != SeatKind.HUMAN or player.token_hash is None:
            return
        since = live.left_at[player.token_hash] = self.service.clock.now()
        grace = timedelta(seconds=self.service.settings.gone_grace)
        self.service.clock.call_at(since + grace, lambda: self._spawn(self._gone(live, since)))

    async def _gone(self, live: LiveRoom, since: datetime) -> None:
        """The grace of a leave at ``since`` is over: unless its seat was taken back, or
        left again later (that leave's alarm decides), it is gone since then; and so is
        every seat left before it, or within ``TOGETHER`` after it, in the same change
        (alarms that ring together run in any order). The alarm knows its leave by its
        time, and each leave its seat by the player's token, not by the seat's number,
        which a seat freed before it changes (in this process or another)."""
        async with live.lock:
            if since not in live.left_at.values():
                return
            left = {player: at for player, at in live.left_at.items()
                    if at <= since + TOGETHER}
            for player in left:
                del live.left_at[player]

            def mark() -> Sequence[RoomEvent]:
                # The seats are found at each attempt: one that meets another process's
                # change reads the room back, seats perhaps renumbered, and tries again.
                gone: dict[int, datetime] = {}
                for player, at in left.items():
                    seat = live.seat_for_hash(player)  # ``None``: the seat was freed
                    if seat is not None and not live.connections.count(seat):
                        gone[seat] = at  # the rest is the command's
                if not gone:
                    raise Conflict("Every seat left then has a socket again, or was freed")
                return commands.left(live, gone)

            await self._try(live, mark)

    async def idle(self) -> None:
        """Waits until every task an alarm started has finished (tests use it)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    async def close(self) -> None:
        """Stops every alarm's task."""
        for task in list(self.tasks):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
