"""The Saloon server of the side-by-side benchmark: the app with tic-tac-toe registered.

Run: ``python bench/load/serve.py PORT DATABASE_URL [WORKERS REDIS_URL]``. Every move is
committed before it is broadcast, as in any room; the rate limits are off and the
connection caps raised, since one machine plays every client. With ``REDIS_URL`` the
process tells others serving the same database of its commits, and hears theirs; with
``WORKERS`` above one, that many processes share the port, as ``saloon serve --workers``
runs them, and a match's requests and sockets land on whichever process the kernel
gives them. With ``SALOON_BENCH_WITHOUT`` set to parts named in
``bench/load/switches.py``, those parts are switched off, for a measurement only.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import uvicorn  # noqa: E402
from fastapi import FastAPI  # noqa: E402

from app.cli.server import KEEP_ALIVE  # noqa: E402
from app.http_protocol import HttpProtocol  # noqa: E402
from app.main import create_app  # noqa: E402
from app.settings import Settings  # noqa: E402
from bench.load.switches import switch_off  # noqa: E402
from bench.tictactoe import GAME  # noqa: E402
from games import registry  # noqa: E402

# What each worker reads to build its app (a worker imports this module afresh).
URL, REDIS = "SALOON_BENCH_DATABASE_URL", "SALOON_BENCH_REDIS_URL"
WITHOUT = "SALOON_BENCH_WITHOUT"  # the parts switched off (``bench.load.switches``)


def settings() -> Settings:
    """The benchmark's settings, for the database (and Redis) in the environment."""
    return Settings(database_url=os.environ[URL], redis_url=os.environ.get(REDIS) or None,
                    bot_delay=0, rate_rooms="off", rate_joins="off", rate_chat="off",
                    rate_admin="off", rate_syncs="off", rate_sockets="off",
                    max_sockets_per_address=0, max_connections_per_room=16,
                    admin_token="bench-admin-token-0123456789abcdef", _env_file=None)


def app() -> FastAPI:
    """Returns the benchmark's app (the factory each worker calls)."""
    registry.register(GAME)
    switch_off(os.environ.get(WITHOUT, ""))
    return create_app(settings())


def main() -> None:
    port, url = int(sys.argv[1]), sys.argv[2]
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    os.environ[URL] = url
    if len(sys.argv) > 4:
        os.environ[REDIS] = sys.argv[4]
    uvicorn.run("bench.load.serve:app" if workers > 1 else app(), factory=workers > 1,
                workers=workers, host="127.0.0.1", port=port, log_level="warning",
                http=HttpProtocol, ws_max_size=settings().ws_frame_bytes,
                ws_per_message_deflate=False,
                timeout_keep_alive=KEEP_ALIVE)


if __name__ == "__main__":
    main()
