"""``saloon serve`` and ``saloon migrate``: running the web server and its schema."""

from __future__ import annotations

import argparse

# Seconds an idle HTTP connection stays open (uvicorn's default is 5). A player's next
# request (the host's start, a rematch) mostly comes within it and reuses the
# connection; and clients that close idle connections sooner (Node's fetch, after 4 s)
# never meet a busy server closing one just as they reuse it (a reset POST).
KEEP_ALIVE = 30


def add_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Adds ``serve`` and ``migrate`` to the command line."""
    serve = sub.add_parser("serve", help="run the web server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1,
                       help="server processes (more than one needs PostgreSQL and REDIS_URL)")
    serve.set_defaults(run=run_server)
    migrate = sub.add_parser("migrate", help="bring the database schema up to date")
    migrate.set_defaults(run=run_migrate)


def run_server(args: argparse.Namespace) -> int:
    """Serves the application with uvicorn until stopped."""
    import uvicorn

    from app.http_protocol import HttpProtocol
    from app.settings import get_settings

    settings = get_settings()
    uvicorn.run("app.main:create_app", factory=True, host=args.host, port=args.port,
                workers=args.workers, http=HttpProtocol, ws_max_size=settings.ws_frame_bytes,
                ws_per_message_deflate=settings.ws_compression, timeout_keep_alive=KEEP_ALIVE)
    return 0


def run_migrate(args: argparse.Namespace) -> int:
    """Brings the configured database's schema up to date."""
    from app.migrate import upgrade
    from app.settings import get_settings

    upgrade(get_settings().database_url)
    print("database is up to date")
    return 0
