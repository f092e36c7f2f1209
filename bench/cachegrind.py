"""Counting the instructions a program executes with valgrind's cachegrind (its cache
simulation off): a count repeats where a time on a shared machine drifts."""

from __future__ import annotations

import shutil
from pathlib import Path

# Python's string hashes are seeded at random by default: the same program, run twice,
# would walk its dicts and sets in different orders and count differently.
ENVIRONMENT = {"PYTHONHASHSEED": "0"}


def available() -> bool:
    """Returns whether valgrind is installed."""
    return shutil.which("valgrind") is not None


def under_cachegrind(out: Path) -> list[str]:
    """Returns the words that run a command under cachegrind, its counts written to ``out``."""
    return ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}"]


def counted(out: Path) -> int:
    """Returns the instructions cachegrind counted, read from its file ``out``."""
    for line in out.read_text().splitlines():
        if line.startswith("summary:"):
            return int(line.split()[1])
    raise ValueError(f"Expected a 'summary:' line in {out}, found none")
