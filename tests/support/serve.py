"""A server process for tests: ``python -m tests.support.serve PORT``.

It serves the app configured by the environment (its ``PYTHONPATH`` carries the test
plugins, so the registry finds High Card by its entry point), and prints ``ready`` on
its standard output once it accepts connections.
"""

from __future__ import annotations

import socket
import sys

import uvicorn

READY = "ready"


class _Announcing(uvicorn.Server):
    """A uvicorn that says when its start-up is over."""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            print(READY, flush=True)


def main(argv: list[str]) -> None:
    """Serves on the port given as the only argument until killed."""
    _Announcing(uvicorn.Config("app.main:create_app", factory=True, host="127.0.0.1",
                               port=int(argv[0]), log_level="warning")).run()


if __name__ == "__main__":
    main(sys.argv[1:])
