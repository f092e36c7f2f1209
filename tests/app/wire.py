"""A protocol client written from docs/protocol.md alone, used by the server tests."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import jsonpatch
import websockets


class ProtocolError(AssertionError):
    """The server broke the documented protocol."""


class WireClient:
    """Mirrors one document: applies patches, checks versions, keeps errors and presence."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.doc: dict[str, Any] | None = None
        self.version = -1
        self.errors: list[dict[str, Any]] = []
        self.presence: dict[str, Any] | None = None
        self.acks: set[Any] = set()
        self.patches = 0

    @classmethod
    async def connect(cls, base: str, code: str, token: str | None = None, *,
                      in_url: bool = False) -> WireClient:
        """Connects with the token in the subprotocol header (or, ``in_url``, the old query)."""
        url = f"{base}/ws/rooms/{code}" + (f"?token={token}" if token and in_url else "")
        protocols = ["saloon"] + ([f"saloon.token.{token}"] if token and not in_url else [])
        ws = await websockets.connect(url, max_size=8 * 1024 * 1024,
                                      subprotocols=protocols)  # type: ignore[arg-type]
        client = cls(ws)
        await client.until(lambda c: c.doc is not None)
        return client

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def receive(self, timeout: float = 10) -> dict[str, Any]:
        """Receives and handles one message; returns it."""
        message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        kind = message["type"]
        if kind == "sync":
            self.doc, self.version = message["doc"], message["version"]
        elif kind == "patch":
            if self.doc is None or message["version"] != self.version + 1:
                raise ProtocolError(f"patch {message['version']} after version {self.version}")
            self.doc = jsonpatch.apply_patch(self.doc, message["ops"])
            self.version = message["version"]
            self.patches += 1
        elif kind == "error":
            self.errors.append(message)
        elif kind == "presence":
            self.presence = message
        else:
            raise ProtocolError(f"unknown message type {kind!r}")
        if "ref" in message and kind != "error":
            self.acks.add(message["ref"])
        return message

    async def until(self, predicate, timeout: float = 20) -> None:
        """Receives messages until ``predicate(self)`` holds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate(self):
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError("condition not reached")
            await self.receive(left)

    async def fresh_sync(self) -> dict[str, Any]:
        """Asks for ``sync`` and returns it, applying anything that arrives first."""
        await self.send({"type": "sync"})
        while True:
            message = await self.receive()
            if message["type"] == "sync":
                return message

    async def error(self) -> dict[str, Any]:
        """Waits for the next error message."""
        n = len(self.errors)
        await self.until(lambda c: len(c.errors) > n)
        return self.errors[-1]

    async def close(self) -> None:
        await self.ws.close()


async def drain(clients: list[WireClient], quiet: float = 0.02) -> None:
    """Receives on every client until none has anything more to read right now."""
    for c in clients:
        while True:
            try:
                await c.receive(timeout=quiet)
            except TimeoutError:
                break
