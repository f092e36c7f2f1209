"""``saloon export``, ``import`` and ``replay``: stored games as record files and in words."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession

from app import records
from app.errors import SaloonError
from app.services import Services
from app.settings import get_settings

T = TypeVar("T")


def add_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Adds ``export``, ``import`` and ``replay`` to the command line."""
    exp = sub.add_parser("export", help="print a stored game as one JSON record")
    exp.add_argument("id", help="the game's id (see the admin page)")
    exp.set_defaults(run=lambda args: _reporting(export, args.id))
    imp = sub.add_parser("import", help="store a game record (validated; idempotent by id)")
    imp.add_argument("file", help="a JSON record written by export")
    imp.set_defaults(run=lambda args: _reporting(import_, args.file))
    rep = sub.add_parser("replay", help="print a game move by move with the final scores")
    rep.add_argument("source", metavar="FILE|ID", help="a record file or a stored game's id")
    rep.set_defaults(run=lambda args: _reporting(replay, args.source))


def _reporting(command: Callable[[str], None], arg: str) -> int:
    """Runs ``command``; a refusal is printed to stderr with exit status 1."""
    try:
        command(arg)
    except SaloonError as e:
        print(e.message, file=sys.stderr)
        return 1
    return 0


def _with_session(fn: Callable[[AsyncSession], Awaitable[T]]) -> T:
    async def run() -> T:
        async with Services.running(get_settings()) as services, services.db.session() as s:
            return await fn(s)
    return asyncio.run(run())


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise records.RecordError(f"{path} is not JSON: {e}") from None


def export(game_id: str) -> None:
    """Prints a stored game as one JSON record."""
    record = _with_session(lambda s: records.export_record(s, game_id))
    print(json.dumps(record, indent=1, ensure_ascii=False))


def import_(path: str) -> None:
    """Stores the record in ``path``; says whether it was new."""
    raw = _read(Path(path))
    every = get_settings().snapshot_every
    created, game_id = _with_session(
        lambda s: records.import_record(s, raw, snapshot_every=every))
    print(f"imported game {game_id}" if created
          else f"game {game_id} is already stored; nothing changed")


def replay(source: str) -> None:
    """Prints a record file, or a stored game, move by move with the check and the scores."""
    path = Path(source)
    if path.is_file():
        rec = records.parse_record(_read(path))
    else:
        rec = _with_session(lambda s: records.stored_record(s, source))[0]
    for line in records.replay_lines(rec):
        print(line)
