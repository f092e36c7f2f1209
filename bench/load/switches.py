"""Parts of Saloon's server switched off for a measurement: what a part costs is what the
server spends with it less what it spends without it.

Each switch keeps a match playable by the load generator (which reads the room's status
and turn and the board), and none of them is ever on in a server people use: they leave
out what a room promises (``commit``: changes are acknowledged without being written).
``bench/server_instructions.py --without`` counts a match with each part off in turn;
``bench/load/serve.py`` applies the parts named in ``SALOON_BENCH_WITHOUT``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from app.rooms import documents
from app.rooms.committer import Committer
from app.rooms.connections import Connections
from app.rooms.keeper import Keeper


def _no_commit() -> None:
    """A change is acknowledged at once, nothing written (new rooms still are: their ids
    come from the database)."""
    def submit(self: Committer, *args: Any) -> Any:
        done = asyncio.get_running_loop().create_future()
        done.set_result(True)
        return done
    Committer.submit = submit  # type: ignore[method-assign,assignment]


def _no_teach() -> None:
    """Every document's teaching part is the one a spectator gets: nothing."""
    def teach(room: Any, viewer: int | None, legal: list[Any]) -> dict[str, Any]:
        return documents.NOTHING_TAUGHT
    documents.teach = teach


def _no_log() -> None:
    """Every document's log is empty (the room's log is still kept in memory)."""
    def entries(self: documents.VisibleLog, log: list[Any]) -> list[Any]:
        self.kept = 0
        return []
    documents.VisibleLog.entries = entries  # type: ignore[method-assign]


def _no_timers() -> None:
    """No presence updates, and no seat is watched for coming back or being gone."""
    async def arrived(self: Keeper, live: Any, seat: int) -> None:
        return None
    Keeper.arm = lambda self, live: None  # type: ignore[method-assign]
    Keeper.left = lambda self, live, seat: None  # type: ignore[method-assign]
    Keeper.arrived = arrived  # type: ignore[method-assign]
    Connections.presence = lambda self: None  # type: ignore[method-assign]


PARTS: dict[str, Callable[[], None]] = {
    "commit": _no_commit,
    "teach": _no_teach,
    "log": _no_log,
    "timers": _no_timers,
}


def named(names: str, known: Mapping[str, object] = PARTS) -> list[str]:
    """Returns the parts named, comma-separated (``""``: none; ``all``: every part of
    ``known``, the server's ``PARTS`` unless another measurement's are given); raises
    ``ValueError`` for a name not in ``known``."""
    if names.strip() == "all":
        return list(known)
    parts = [n for n in (n.strip() for n in names.split(",")) if n]
    for name in parts:
        if name not in known:
            raise ValueError(f"Expected parts among {', '.join(known)}; got {name!r}")
    return parts


def switch_off(names: str) -> None:
    """Switches off the parts ``named``; raises ``ValueError`` for a name not in ``PARTS``,
    before switching anything off."""
    for name in named(names):
        PARTS[name]()
