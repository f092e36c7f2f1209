"""Every setting of the server, read from the environment (or a ``.env`` file)."""

from __future__ import annotations

from functools import lru_cache

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# A rate is "count/seconds" (at most count in any such window), or "off".
RATE = r"^(off|[1-9][0-9]{0,6}/[1-9][0-9]{0,6})$"
ADMIN_TOKEN_MIN_LENGTH = 24


class Settings(BaseSettings):
    """Server configuration; each field is an environment variable of the same name."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    database_url: str = Field(
        "sqlite+aiosqlite:///./saloon.db",
        description="SQLAlchemy async URL: a SQLite file by default, "
        "postgresql+asyncpg://… in production",
    )
    redis_url: str | None = Field(
        None, description="Redis URL for several server processes; unset on one machine"
    )
    admin_token: str | None = Field(
        None, description="Admin bearer token; when unset one is made at first start"
    )
    admin_token_file: str = Field(
        "admin-token.txt", description="Where a token made at first start is written "
        "(readable by its owner only) when ADMIN_TOKEN is unset")
    public_url: str = Field(
        "http://127.0.0.1:8000", description="Base URL used in invite links"
    )
    bot_delay: float = Field(0.8, ge=0, description="Seconds a bot waits before acting")
    snapshot_every: int = Field(50, ge=1, description="Actions between stored state snapshots")
    max_message_bytes: int = Field(
        65536, ge=1024, le=16 * 1024 * 1024,
        description="Largest websocket message accepted; a larger one gets a too_large error "
        "(and one over 16 times this size closes the socket with 1009)")
    max_body_bytes: int = Field(65536, ge=1024, description="Largest HTTP request body (413)")
    max_import_bytes: int = Field(
        16 * 1024 * 1024, ge=1024, description="Largest game record an admin may import (413)")
    chat_max_length: int = Field(500, ge=1, description="Longest chat message, in characters")
    log_limit: int = Field(400, ge=10, description="Log entries kept in each client document")
    outbox_limit: int = Field(
        256, ge=8, description="Messages queued for one socket before it counts as too slow "
        "and is closed (it reconnects and syncs)")
    max_connections_per_room: int = Field(200, ge=1, description="Sockets one room accepts")
    max_connections_per_seat: int = Field(4, ge=1, description="Sockets one seat may hold")
    rate_rooms: str = Field(
        "10/60", pattern=RATE, description="Rooms one address may open: count/seconds")
    rate_joins: str = Field(
        "30/60", pattern=RATE, description="Joins one address may make: count/seconds")
    rate_chat: str = Field(
        "10/10", pattern=RATE, description="Chat lines one seat may say: count/seconds")
    rate_sockets: str = Field(
        "60/60", pattern=RATE,
        description="Websockets one address may open: count/seconds")
    max_sockets_per_address: int = Field(
        100, ge=0, description="Websockets one address may hold open at once (0: no limit)")
    rate_syncs: str = Field(
        "20/60", pattern=RATE,
        description="Whole documents one socket may ask for (sync): count/seconds")
    rate_admin: str = Field(
        "10/60", pattern=RATE, description="Wrong admin tokens one address may try: count/seconds")
    api_docs: bool = Field(False, description="Serve the API's interactive pages at /docs")
    away_delay: float = Field(
        2.0, ge=0, description="Seconds the server waits before playing for an away seat")
    gone_grace: float = Field(
        30.0, ge=0, description="Seconds a person's seat may have no socket before it counts "
        "as gone (a reload or a short drop in between changes nothing)")
    abandon_after: float = Field(
        7 * 24 * 3600, ge=60, description="A game nobody plays for this many seconds is "
        "marked abandoned")
    # At least a few seconds: a request holds a room it looked up, without its lock, while it
    # awaits (a token checked in the database); dropped meanwhile, the room would leave the
    # request a copy that nothing else in the process holds.
    room_idle_seconds: float = Field(
        300, ge=10, description="Unused rooms are dropped from memory after this many seconds "
        "(they reload from the database when next used; rooms kept longer make the collector's "
        "full passes longer: docs/performance.md)")
    ws_compression: bool = Field(
        True, description="Compress websocket messages for clients that offer it "
        "(permessage-deflate): a real game's patches some six times smaller, for 13-22 us of "
        "CPU per message and socket (docs/performance.md)")
    tune_gc: bool = Field(
        True, description="Freeze start-up objects and collect cyclic garbage less often "
        "(app.runtime)")

    @property
    def ws_frame_bytes(self) -> int:
        """Returns the transport's cap on one websocket frame: frames up to it are read and
        answered ``too_large`` when over ``max_message_bytes``; beyond it the socket closes
        with 1009 (message too big), so that no client can make the server buffer more."""
        return 16 * self.max_message_bytes

    @field_validator("admin_token")
    @classmethod
    def _strong_admin_token(cls, token: str | None) -> str | None:
        """Refuses an admin token that could be guessed: short, or of few different characters.

        An empty value (``ADMIN_TOKEN=``) counts as unset.
        """
        if not token:
            return None
        if len(token) < ADMIN_TOKEN_MIN_LENGTH or len(set(token)) < 10:
            raise ValueError(
                f"ADMIN_TOKEN must be at least {ADMIN_TOKEN_MIN_LENGTH} characters with at least "
                f"10 different ones (got {len(token)} characters, {len(set(token))} different); "
                f"make one with: openssl rand -hex 24")
        return token


@lru_cache
def get_settings() -> Settings:
    """Returns the process-wide settings, read once."""
    return Settings()
