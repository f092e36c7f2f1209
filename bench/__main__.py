"""``make bench``: runs every benchmark script in this folder, one after the other.

Each script prints its own figures and ratios; ``python -m bench NAME...`` runs
only the named ones (``python -m bench room_throughput``).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    """Runs the benchmark scripts named in ``argv`` (all when none); returns the worst status."""
    scripts = sorted(p for p in HERE.glob("*.py") if not p.name.startswith("_"))
    if argv:
        scripts = [p for p in scripts if p.stem in argv]
        if not scripts:
            print(f"Expected benchmark names among {[p.stem for p in HERE.glob('[!_]*.py')]}")
            return 2
    worst = 0
    for script in scripts:
        print(f"\n=== {script.stem} ===", flush=True)
        started = time.perf_counter()
        status = subprocess.call([sys.executable, str(script)], cwd=HERE.parent)
        print(f"--- {script.stem}: {time.perf_counter() - started:.1f} s, exit {status}")
        worst = max(worst, status)
    return worst


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
