"""Bots at the table: what a bot plays, and one task per bot seat the game waits for.

Bot seats that must act at the same time (a simultaneous phase) act concurrently,
each after its own delay, rather than one after another.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine, Iterable
from typing import Any

from app.rooms.data import RoomData
from games.base import Action
from games.rng import Rng


def choose(room: RoomData, seat: int, kind: str | None = None,
           among: list[Action] | None = None) -> Action:
    """Returns the action the seat's bot (or a bot of ``kind``) plays now, from what the seat
    may see, among the legal actions (``among``: those of them only).

    The bot's generator derives from the game's seed and the action number, so a
    replay needs only the log.
    """
    game = room.game
    kind = kind or room.seats[seat].bot or "random"
    bot = game.bots.get(kind, game.bots["random"])()
    rng = Rng((room.seed or 0) ^ (room.seq * 0x9E3779B1 + seat + 1))
    view = game.view(room.state, seat) if bot.needs_view else None
    legal = game.known_legal(room.state, seat) if among is None else among
    return bot.choose(view, legal, rng)


def stand_in(room: RoomData, seat: int) -> Action:
    """Returns what the server plays for a person who is not there: the gentlest choice the
    game names (stop drawing, let the shot come), else what its best bot would play among
    the quiet choices the game names (no gun pulled, no shot fired), else among all."""
    game = room.game
    gentle = game.timeout_action(room.state, seat)
    if gentle is not None:
        return gentle
    return choose(room, seat, "smart" if "smart" in game.bots else "random",
                  game.timeout_choices(room.state, seat))


class BotTasks:
    """The running bot tasks of one room, one per seat at most; none once cancelled."""

    def __init__(self) -> None:
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._stopped = False

    def start(self, seats: Iterable[int],
              turn: Callable[[int], Coroutine[Any, Any, None]]) -> None:
        """Starts ``turn(seat)`` for each seat that has no task running yet (none once
        ``cancel`` was called)."""
        if self._stopped:
            return
        for seat in seats:
            task = self._tasks.get(seat)
            if task is None or task.done():
                self._tasks[seat] = asyncio.get_running_loop().create_task(turn(seat))

    def busy(self) -> bool:
        """Returns whether a bot task is still running."""
        return any(not t.done() for t in self._tasks.values())

    async def idle(self) -> None:
        """Waits until no bot task is running (bots may start others while it waits)."""
        while self.busy():
            await asyncio.gather(*(t for t in self._tasks.values() if not t.done()),
                                 return_exceptions=True)

    async def cancel(self) -> None:
        """Stops every bot task for good. A bot cancelled while its move was being written
        follows the move once it lands, and would start the next bot's task: none starts
        now, or it played on into a writer already closed."""
        self._stopped = True
        for task in self._tasks.values():
            task.cancel()
        for task in list(self._tasks.values()):
            with contextlib.suppress(BaseException):
                await task
        self._tasks.clear()
