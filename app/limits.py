"""Limits on what one client may send: request body sizes, and rates of requests.

Both are enforced before any work is done: an oversized body is refused from its
``Content-Length`` (or as soon as it grows past the limit while streaming), and a
client over its rate is refused before its request touches a room.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.errors import SaloonError


class TooManyRequests(SaloonError):
    """The client went over its rate; ``retry_after`` says in how many seconds to try again."""

    status = 429
    code = "rate_limited"

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = max(1, round(retry_after + 0.5))


class TooLarge(SaloonError):
    """A request body over the limit."""

    status = 413
    code = "too_large"


class BodyLimit:
    """ASGI middleware: answers 413 to an HTTP request whose body is over its limit.

    ``limit_for(scope)`` gives the limit of a request (a record import may be larger
    than anything else); the body is never read past it.
    """

    def __init__(self, app: ASGIApp, limit_for: Callable[[Scope], int]) -> None:
        self.app = app
        self.limit_for = limit_for

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope)
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None:
            if not declared.isdigit() or int(declared) > limit:
                await _refuse(send, limit)
            else:  # the server reads no more than the length declared: nothing to count
                await self.app(scope, receive, send)
            return
        seen = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _BodyTooLarge(limit)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _BodyTooLarge:
            if not started:
                await _refuse(send, limit)


class _BodyTooLarge(HTTPException):
    """Raised while reading a body past its limit: an ``HTTPException``, so that the
    framework passes it on as it is (any other error reading a body becomes a 400) and
    the error handlers answer it in the one shape."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"Expected a body of at most {limit} bytes",
                         headers={"connection": "close"})


async def _refuse(send: Send, limit: int) -> None:
    body = json.dumps({"error": {"code": TooLarge.code,
                                 "message": f"Expected a body of at most {limit} bytes"}}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


@dataclass(frozen=True)
class Rate:
    """At most ``count`` events in any ``seconds`` (``count`` 0: no limit)."""

    count: int
    seconds: float

    @classmethod
    def parse(cls, text: str) -> Rate:
        """Reads ``"count/seconds"`` or ``"off"``."""
        if text == "off":
            return cls(0, 1.0)
        count, _, seconds = text.partition("/")
        return cls(int(count), float(seconds))


class RateLimiter:
    """Token buckets by key (an address, a seat), holding at most ``max_keys`` of them.

    Each process keeps its own: behind several processes a client gets each
    process's allowance, which a load balancer with sticky sessions keeps close to one.
    """

    def __init__(self, rate: Rate, *, max_keys: int = 100_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.max_keys = max_keys
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def retry_after(self, key: str, *, cost: float = 1.0) -> float | None:
        """Spends ``cost`` from ``key``'s bucket; returns seconds to wait when it is empty."""
        if not self.rate.count:
            return None
        now, per_second = self.clock(), self.rate.count / self.rate.seconds
        tokens, at = self._buckets.pop(key, (float(self.rate.count), now))
        tokens = min(float(self.rate.count), tokens + (now - at) * per_second)
        wait = None if tokens >= cost else (cost - tokens) / per_second
        self._buckets[key] = (tokens - cost if wait is None else tokens, now)
        while len(self._buckets) > self.max_keys:
            self._buckets.popitem(last=False)
        return wait

    def check(self, key: str, what: str) -> None:
        """Spends one from ``key``'s bucket; raises ``TooManyRequests`` when it is empty."""
        wait = self.retry_after(key)
        if wait is not None:
            raise TooManyRequests(f"Too many {what}; try again in {max(1, round(wait))} s",
                                  wait)

    def exhausted(self, key: str) -> float | None:
        """Returns seconds to wait if ``key``'s bucket is empty now, without spending any."""
        if not self.rate.count or key not in self._buckets:
            return None
        tokens, at = self._buckets[key]
        per_second = self.rate.count / self.rate.seconds
        tokens = min(float(self.rate.count), tokens + (self.clock() - at) * per_second)
        return None if tokens >= 1 else (1 - tokens) / per_second


class Held:
    """What each key (an address) holds open at once, at most ``most`` (0: no limit).

    Rates bound how quickly sockets are opened; this bounds how many stay open, which a
    client opening them slowly and never closing them would otherwise grow without end.
    """

    def __init__(self, most: int) -> None:
        self.most = most
        self._held: dict[str, int] = {}

    def take(self, key: str, what: str) -> None:
        """Counts one more held by ``key``; raises ``TooManyRequests`` at the limit."""
        held = self._held.get(key, 0)
        if self.most and held >= self.most:
            raise TooManyRequests(f"Too many {what} from one address: at most {self.most} "
                                  f"at once", 5.0)
        self._held[key] = held + 1

    def give_back(self, key: str) -> None:
        """Counts one fewer held by ``key`` (one ``take`` made)."""
        held = self._held.pop(key, 0) - 1
        if held > 0:
            self._held[key] = held

    def held(self, key: str) -> int:
        """Returns how many ``key`` holds now."""
        return self._held.get(key, 0)


@dataclass
class Limits:
    """The server's rate limiters, one per kind of request, and what an address may hold."""

    rooms: RateLimiter
    joins: RateLimiter
    chat: RateLimiter
    admin: RateLimiter
    syncs: RateLimiter
    sockets: RateLimiter
    open_sockets: Held = field(default_factory=lambda: Held(0))

    @classmethod
    def from_rates(cls, *, rooms: str, joins: str, chat: str, admin: str,
                   syncs: str = "off", sockets: str = "off", open_sockets: int = 0) -> Limits:
        """Returns limiters for rates written ``"count/seconds"`` (or ``"off"``), and the
        sockets one address may hold open at once (0: no limit)."""
        return cls(RateLimiter(Rate.parse(rooms)), RateLimiter(Rate.parse(joins)),
                   RateLimiter(Rate.parse(chat)), RateLimiter(Rate.parse(admin)),
                   RateLimiter(Rate.parse(syncs)), RateLimiter(Rate.parse(sockets)),
                   Held(open_sockets))
