"""A protocol client written from docs/protocol.md alone, used by the server tests.

Every wait is for something the server says: a version, the acknowledgement or the
refusal of a ``ref``, an error, or a condition on the document. Nothing waits for
the socket to fall quiet.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import jsonpatch
import websockets
from websockets.asyncio.client import ClientConnection
from websockets.typing import Subprotocol

JSON = dict[str, Any]
Ref = str | int
WAIT_SECONDS = 20.0


class ProtocolError(AssertionError):
    """The server broke the documented protocol."""


class WireClient:
    """Mirrors one document: applies patches, checks versions, keeps acks, errors and presence.

    Patches change the document in place: copy what you keep of it. ``on_change`` is
    called after every message that changed the document (a sync or a patch), with the
    client at that version.
    """

    def __init__(self, ws: ClientConnection,
                 on_change: Callable[[WireClient], None] | None = None) -> None:
        self.ws = ws
        self.on_change = on_change
        self._doc: JSON | None = None
        self.version = -1
        self.errors: list[JSON] = []
        self.presence: JSON | None = None
        self.pongs: list[JSON] = []
        self.acks: dict[Ref, int] = {}  # ref -> the version of the patch that acknowledged it
        self.patches = 0
        self.received: Counter[str] = Counter()  # messages handled, by type
        # The version and document the patches had built when the last sync replaced them.
        self.replaced: tuple[int, JSON | None] = (-1, None)

    @classmethod
    async def connect(cls, base: str, code: str, token: str | None = None, *,
                      in_url: bool = False,
                      on_change: Callable[[WireClient], None] | None = None) -> WireClient:
        """Opens the room's socket (a spectator without ``token``) and waits for its sync.

        The token goes in the subprotocol header (or, ``in_url``, in the old query).
        """
        url = f"{base}/ws/rooms/{code}" + (f"?token={token}" if token and in_url else "")
        protocols = ["saloon"] + ([f"saloon.token.{token}"] if token and not in_url else [])
        # No permessage-deflate: over loopback it only costs both ends CPU.
        ws = await websockets.connect(url, max_size=8 * 1024 * 1024, compression=None,
                                      subprotocols=[Subprotocol(p) for p in protocols])
        client = cls(ws, on_change)
        await client.until(lambda c: c.synced)
        return client

    @property
    def synced(self) -> bool:
        """Whether a document arrived yet."""
        return self._doc is not None

    @property
    def doc(self) -> JSON:
        """The mirrored document at ``version``."""
        if self._doc is None:
            raise ProtocolError("no sync received yet")
        return self._doc

    async def send(self, message: JSON | str) -> None:
        """Sends a message (a dict is sent as JSON, a string as it is)."""
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def receive(self, timeout: float = WAIT_SECONDS) -> JSON:
        """Receives and handles one message; returns it."""
        message: JSON = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        kind = message["type"]
        self.received[kind] += 1
        if kind == "sync":
            self.replaced = (self.version, self._doc)
            self._doc, self.version = message["doc"], message["version"]
        elif kind == "patch":
            if self._doc is None or message["version"] != self.version + 1:
                raise ProtocolError(f"patch {message['version']} after version {self.version}")
            # In place: copying a whole document (and its log) per patch costs more than
            # everything else the tests do with it.
            self._doc = jsonpatch.apply_patch(self._doc, message["ops"], in_place=True)
            self.version = message["version"]
            self.patches += 1
        elif kind == "error":
            self.errors.append(message)
        elif kind == "presence":
            self.presence = message
        elif kind == "pong":
            self.pongs.append(message)
        else:
            raise ProtocolError(f"unknown message type {kind!r}")
        if "ref" in message and kind != "error":
            self.acks[message["ref"]] = self.version
        if kind in ("sync", "patch") and self.on_change is not None:
            self.on_change(self)
        return message

    async def until(self, predicate: Callable[[WireClient], object],
                    timeout: float = WAIT_SECONDS) -> None:
        """Receives messages until ``predicate(self)`` holds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate(self):
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"condition not reached within {timeout} s "
                                   f"(at version {self.version})")
            await self.receive(left)

    async def reach(self, version: int) -> None:
        """Receives messages until the document is at ``version`` or later."""
        await self.until(lambda c: c.version >= version)

    def refusal(self, ref: Ref) -> JSON | None:
        """Returns the error that refused ``ref``, if one arrived."""
        return next((e for e in self.errors if e.get("ref") == ref), None)

    async def answer(self, ref: Ref) -> JSON | None:
        """Waits for the server's answer to ``ref``: its error, or None once acknowledged."""
        await self.until(lambda c: ref in c.acks or c.refusal(ref) is not None)
        return None if ref in self.acks else self.refusal(ref)

    async def act(self, action: JSON, ref: Ref) -> JSON | None:
        """Sends ``action`` with ``ref`` and returns the server's answer (see ``answer``)."""
        await self.send({"type": "action", "action": action, "ref": ref})
        return await self.answer(ref)

    async def fresh_sync(self) -> JSON:
        """Asks for ``sync`` and returns it, applying anything that arrives first.

        ``replaced`` then holds the version and document the patches had built: a
        correct server sends a sync equal to them.
        """
        await self.send({"type": "sync"})
        while True:
            message = await self.receive()
            if message["type"] == "sync":
                return message

    async def ping(self) -> JSON:
        """Sends ``ping`` and returns its pong, handling whatever arrives before it."""
        n = len(self.pongs)
        await self.send({"type": "ping"})
        await self.until(lambda c: len(c.pongs) > n)
        return self.pongs[-1]

    async def error(self) -> JSON:
        """Waits for the next error message and returns it."""
        n = len(self.errors)
        await self.until(lambda c: len(c.errors) > n)
        return self.errors[-1]

    async def close(self) -> None:
        """Closes the socket."""
        await self.ws.close()
