"""``make bench``: runs the benchmark scripts in this folder, one after the other, in minutes.

Each script prints its own figures and ratios. Run with no names, the longer ones are
given shorter runs (``QUICK``) so that the whole takes a few minutes, and the
side-by-side load benchmark is left to ``make bench-load`` (it needs node and takes
minutes of its own). ``python -m bench NAME...`` runs only the named ones, each at its
full default length (``python -m bench room_throughput``).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The headline first: how quick the engines are.
FIRST = ("engines",)
# Shorter runs for ``make bench``; each script's own defaults are the full runs.
QUICK: dict[str, list[str]] = {
    "cards_for_cowboys_bots": ["--games", "100"],
    "cowpoker_balance": ["--games", "300"],
    "memory_soak": ["--rooms", "100", "--seconds", "60"],
    "wyoming_cowboy_bots": ["--games", "60"],
}
# Run only when named: ``make bench-load``, the count of a server's instructions (it
# needs valgrind and node, as the load needs node), the fingerprint (a check, not a
# figure), and the history (it fills the database file it is given, for ``--history``).
ON_ITS_OWN = ("load_side_by_side", "server_instructions", "fingerprint", "history")


def scripts() -> dict[str, Path]:
    """Returns every benchmark script by name."""
    return {p.stem: p for p in HERE.glob("*.py") if not p.name.startswith("_")}


def default_runs() -> list[tuple[str, list[str]]]:
    """Returns what ``make bench`` runs, in order: each script's name and arguments."""
    names = scripts()
    order = [*FIRST, *sorted(n for n in names if n not in FIRST and n not in ON_ITS_OWN)]
    return [(name, QUICK.get(name, [])) for name in order]


def main(argv: list[str]) -> int:
    """Runs the benchmark scripts named in ``argv`` (all when none); returns the worst status."""
    found = scripts()
    if argv:
        unknown = [name for name in argv if name not in found]
        if unknown:
            print(f"Expected benchmark names among {sorted(found)}; got {unknown}")
            return 2
        runs: list[tuple[str, list[str]]] = [(name, []) for name in argv]
    else:
        runs = default_runs()
    worst = 0
    for name, args in runs:
        print(f"\n=== {name} {' '.join(args)} ===", flush=True)
        started = time.perf_counter()
        status = subprocess.call([sys.executable, str(found[name]), *args], cwd=HERE.parent)
        print(f"--- {name}: {time.perf_counter() - started:.1f} s, exit {status}", flush=True)
        worst = max(worst, status)
    return worst


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
