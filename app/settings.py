"""Every setting of the server, read from the environment (or a ``.env`` file)."""

from __future__ import annotations

from functools import lru_cache

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


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
    public_url: str = Field(
        "http://127.0.0.1:8000", description="Base URL used in invite links"
    )
    bot_delay: float = Field(0.8, ge=0, description="Seconds a bot waits before acting")
    snapshot_every: int = Field(50, ge=1, description="Actions between stored state snapshots")
    max_message_bytes: int = Field(65536, ge=1024, description="Largest websocket message accepted")
    chat_max_length: int = Field(500, ge=1, description="Longest chat message, in characters")
    log_limit: int = Field(400, ge=10, description="Log entries kept in each client document")
    room_idle_seconds: float = Field(
        3600, ge=0, description="Unused rooms are dropped from memory after this many seconds"
    )


@lru_cache
def get_settings() -> Settings:
    """Returns the process-wide settings, read once."""
    return Settings()
