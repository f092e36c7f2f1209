"""The ``saloon`` command: serve, migrate, simulate, and the admin's export/import/replay."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from app.cli import records, server, simulate


def parser() -> argparse.ArgumentParser:
    """Returns the command line's parser, one subcommand per module of this package."""
    p = argparse.ArgumentParser(prog="saloon", description="Saloon game server")
    sub = p.add_subparsers(dest="command", required=True)
    server.add_parsers(sub)
    simulate.add_parser(sub)
    records.add_parsers(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the process exit status."""
    args = parser().parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
