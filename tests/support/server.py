"""Servers for tests: their settings, the app in-process over httpx, a real uvicorn in a thread."""

from __future__ import annotations

import select
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

import httpx
import uvicorn
from fastapi import FastAPI

from app.http_protocol import HttpProtocol
from app.main import create_app
from app.rooms import LiveRoom
from app.services import Services
from app.settings import Settings
from tests.support.serve import READY

ADMIN_TOKEN = "admin-secret-of-the-test-suite"
ADMIN = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
# Tests open rooms and join quickly; the tests of the limits turn them on themselves.
NO_RATE_LIMITS: dict[str, Any] = {"rate_rooms": "off", "rate_joins": "off", "rate_chat": "off",
                  "rate_admin": "off", "rate_syncs": "off", "rate_sockets": "off"}
STARTUP_SECONDS = 10
# How long a stopping live server may let its connections finish before it cancels them,
# and how long the test waits for its thread after that.
SHUTDOWN_SECONDS = 5
ROOT = Path(__file__).resolve().parents[2]


def settings_for(database_url: str, **changes: Any) -> Settings:
    """Settings for a test server: bots without delay, a known admin token, no Redis,
    no rate limits, a snapshot every 5 actions, the collector left as the suite set it;
    ``changes`` override any of them."""
    values: dict[str, Any] = {"database_url": database_url, "bot_delay": 0,
                              "admin_token": ADMIN_TOKEN, "redis_url": None,
                              "snapshot_every": 5, "tune_gc": False, **NO_RATE_LIMITS}
    return Settings(**(values | changes), _env_file=None)


def services_of(app: FastAPI) -> Services:
    """Returns the services a started app built (settings, database, rooms, notifier)."""
    return cast(Services, app.state.services)


class AppClient(httpx.AsyncClient):
    """An httpx client speaking to one app in-process; the app's lifespan is the caller's."""

    def __init__(self, app: FastAPI) -> None:
        super().__init__(transport=httpx.ASGITransport(app=app), base_url="http://test")
        self.app = app

    @property
    def services(self) -> Services:
        """The services of the app (valid while its lifespan runs)."""
        return services_of(self.app)


@asynccontextmanager
async def app_client(settings: Settings) -> AsyncIterator[AppClient]:
    """Yields a client of a new app for ``settings``, started and stopped around the block."""
    app = create_app(settings)
    async with app.router.lifespan_context(app), AppClient(app) as client:
        yield client


def listening_socket() -> socket.socket:
    """Returns a socket listening on a free loopback port, to hand to server processes.

    The test holds it for its whole length, so between a killed server and the next one
    nobody else can take the port (an outgoing connection's ephemeral port, say), and
    connections made meanwhile wait in its backlog for the next server.
    """
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def spawn_server(listener: socket.socket, env: Mapping[str, str]) -> subprocess.Popen[str]:
    """Starts a server process (``tests.support.serve``) on ``listener``; returns once it
    serves, or raises with what the process wrote to its standard error."""
    # The suite's admin token, unless the caller set one: a server making its own would
    # write it to a file in the working tree.
    env = {"ADMIN_TOKEN": ADMIN_TOKEN, **env}
    errors = tempfile.TemporaryFile("w+")  # noqa: SIM115 (kept open while the server runs)
    fd = listener.fileno()
    proc = subprocess.Popen([sys.executable, "-m", "tests.support.serve", str(fd)], cwd=ROOT,
                            env=env, pass_fds=(fd,), stdout=subprocess.PIPE, stderr=errors,
                            text=True)
    assert proc.stdout is not None
    deadline = time.monotonic() + 2 * STARTUP_SECONDS
    said = ""
    # Other lines may come first: read up to READY.
    while said != READY and proc.poll() is None:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([proc.stdout], [], [], left)[0]:
            break
        said = proc.stdout.readline().strip()
    if said != READY:
        proc.kill()
        code = proc.wait(10)
        errors.seek(0)
        raise RuntimeError(f"the server process did not start within {2 * STARTUP_SECONDS} s "
                           f"(exit status {code}, last line {said!r}); its errors:\n"
                           f"{errors.read()[-4000:]}")
    errors.close()
    return proc


class _Uvicorn(uvicorn.Server):
    """A uvicorn that tells a waiting thread when its start-up is over."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = threading.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            await super().startup(sockets)
        finally:
            self.ready.set()


class LiveServer:
    """A real uvicorn serving a new app in a thread, on a socket bound before it starts."""

    def __init__(self, settings: Settings, log_level: str = "warning") -> None:
        self.settings = settings
        self.app = create_app(settings)
        # Bound here and handed to uvicorn: the port cannot be taken in between.
        self._socket = socket.socket()
        self._socket.bind(("127.0.0.1", 0))
        self.port = int(self._socket.getsockname()[1])
        self.server = _Uvicorn(uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level=log_level, http=HttpProtocol,
            ws_max_size=settings.ws_frame_bytes, lifespan="on",
            timeout_graceful_shutdown=SHUTDOWN_SECONDS))
        self.thread = threading.Thread(target=self.server.run,
                                       kwargs={"sockets": [self._socket]}, daemon=True)

    @property
    def http(self) -> str:
        """The base URL of HTTP calls."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """The base URL of websockets."""
        return f"ws://127.0.0.1:{self.port}"

    @property
    def services(self) -> Services:
        """The services of the running app."""
        return services_of(self.app)

    def room(self, code: str) -> LiveRoom:
        """Returns the room the server holds in memory under ``code``."""
        return self.services.rooms.rooms[code]

    def __enter__(self) -> LiveServer:
        self.thread.start()
        if not self.server.ready.wait(STARTUP_SECONDS) or not self.server.started:
            self.server.should_exit = True
            raise RuntimeError(f"uvicorn did not start within {STARTUP_SECONDS} s")
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(2 * SHUTDOWN_SECONDS)
        self._socket.close()
        # A server still running would go on writing to a database the next test reuses;
        # an exception already on its way says more than this one would.
        if self.thread.is_alive() and kind is None:
            raise RuntimeError(f"the live server on port {self.port} did not stop within "
                               f"{2 * SHUTDOWN_SECONDS} s")
