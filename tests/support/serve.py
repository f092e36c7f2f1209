"""A server process for tests: ``python -m tests.support.serve FD``.

It serves the app configured by the environment (its ``PYTHONPATH`` carries the test
plugins, so the registry finds High Card by its entry point), and prints ``ready`` on
its standard output once it accepts connections.
"""

from __future__ import annotations

import socket
import sys

import uvicorn

from app.http_protocol import HttpProtocol

READY = "ready"


class _Announcing(uvicorn.Server):
    """A uvicorn that says when its start-up is over."""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            print(READY, flush=True)


def main(argv: list[str]) -> None:
    """Serves on the listening socket whose file descriptor is the only argument (inherited
    from the test, which keeps the port for the next process) until killed."""
    listener = socket.socket(fileno=int(argv[0]))  # family and type read from the socket
    _Announcing(uvicorn.Config("app.main:create_app", factory=True, http=HttpProtocol,
                               log_level="warning")).run(sockets=[listener])


if __name__ == "__main__":
    main(sys.argv[1:])
