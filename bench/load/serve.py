"""The Saloon server of the side-by-side benchmark: the app with tic-tac-toe registered.

Run: ``python bench/load/serve.py PORT DATABASE_URL``. Every move is committed before it
is broadcast, as in any room; the rate limits are off and the connection caps raised,
since one machine plays every client.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import uvicorn  # noqa: E402

from app.cli.server import KEEP_ALIVE  # noqa: E402
from app.main import create_app  # noqa: E402
from app.settings import Settings  # noqa: E402
from bench.tictactoe import GAME  # noqa: E402
from games import registry  # noqa: E402


def main() -> None:
    port, url = int(sys.argv[1]), sys.argv[2]
    registry.register(GAME)
    settings = Settings(database_url=url, bot_delay=0, rate_rooms="off", rate_joins="off",
                        rate_chat="off", rate_admin="off", max_connections_per_room=16,
                        admin_token="bench-admin-token-0123456789abcdef",
                        _env_file=None)
    uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="warning",
                ws_max_size=settings.ws_frame_bytes, ws_per_message_deflate=False,
                timeout_keep_alive=KEEP_ALIVE)


if __name__ == "__main__":
    main()
