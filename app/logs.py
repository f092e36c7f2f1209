"""Keeping secrets out of the server's logs: a filter that redacts tokens from every line.

The websocket's old ``?token=`` form puts a seat's token in the URL, which the
server's access and connection log lines print; the filter replaces it (and any
bearer token) with ``[redacted]`` before a line is written.
"""

from __future__ import annotations

import logging
import re

# The query's key as the server reads it: its letters may come percent-encoded
# (``?%74oken=`` is ``?token=`` to the server, and in the URL a log line prints).
_KEY = "".join(f"(?:{c}|%{ord(c):02x}|%{ord(c.upper()):02x})" for c in "token")
TOKEN = re.compile(rf"(?i)((?:[?&]{_KEY}=)|(?:bearer\s+)|(?:saloon\.token\.))[A-Za-z0-9_\-.~%]+")
REDACTED = r"\1[redacted]"
LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn", "saloon", "fastapi")


def redact(text: str) -> str:
    """Returns ``text`` with every token replaced by ``[redacted]``."""
    return TOKEN.sub(REDACTED, text)


class RedactTokens(logging.Filter):
    """Rewrites a record's message and arguments so that no token is written."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Redacts the record in place; always lets it through."""
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v
                           for k, v in record.args.items()}
        return True


def install() -> None:
    """Adds the filter to the server's loggers (once)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
