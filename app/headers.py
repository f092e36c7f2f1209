"""Security headers on every HTTP answer: what a browser may load, frame or send along."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Scripts and styles only from our own files (no inline script, no inline style
# attribute); the socket to ourselves; no framing by other sites.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; media-src 'self' data:; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}
DOCS_PATHS = ("/docs", "/redoc")
# As the ASGI message carries them: encoded once, not on every response.
_RAW = [(name.encode("latin-1"), value.encode("latin-1")) for name, value in HEADERS.items()]
_RAW_DOCS = [(name, value) for name, value in _RAW if name != b"content-security-policy"]


class SecurityHeaders:
    """ASGI middleware adding ``HEADERS`` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        # The interactive API pages load their scripts from a CDN: no CSP there.
        raw = _RAW_DOCS if str(scope.get("path", "")).startswith(DOCS_PATHS) else _RAW

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in raw if name not in present]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)
