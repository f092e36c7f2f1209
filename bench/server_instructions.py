"""Instructions a server executes per tic-tac-toe match, counted, not timed: Saloon and the floor.

Run: ``.venv/bin/python bench/server_instructions.py [--matches 40] [--concurrent 1]
[--server saloon]``
(or ``python -m bench server_instructions``; needs valgrind and node). Each server runs
under valgrind's cachegrind, with ``PYTHONHASHSEED=0``, while the load generator of
``make bench-load`` plays a fixed number of seeded matches against it (``total=`` and
``seed=``), one at a time by default; every thread of the server is counted. Each
server is run twice, with a few matches and with ``--matches`` more, and the difference
is divided: what is left is a match's own work (a match's set-up, its moves, its
sockets closed), without the server's start and stop. Prints the instructions per match
and per move of each server and their ratio.

Timed figures on a shared two-core machine drift by a fifth within minutes; these
counts repeat to a few parts in a hundred thousand, so a change of a percent to the
server's path shows. One match at a time, every change commits in a batch of its own,
which weighs the commit more than under load (where a batch holds some 20 changes);
``--concurrent N`` plays N at once, closer to the load, its counts then varying a
little with how the batches fall.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.migrate import upgrade  # noqa: E402
from bench.load_side_by_side import LOAD, free_port, prepare, wait_for  # noqa: E402

FEW = 5  # the matches of the shorter run, whose count is taken off the longer one's
SEED = 20261127
_MIGRATING = threading.Lock()  # alembic's context is global: one upgrade at a time


def count(server: str, matches: int, concurrent: int) -> tuple[int, int]:
    """Runs ``server`` (saloon or floor) under cachegrind for ``matches`` seeded matches;
    returns the instructions it executed and the moves played."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        if server == "saloon":
            url = f"sqlite+aiosqlite:///{tmp}/bench.db"
            with _MIGRATING:
                upgrade(url)
            command = [str(LOAD / "serve.py"), str(port), url]
        else:
            command = [str(LOAD / "floor.py"), str(port)]
        out = Path(tmp) / "cachegrind.out"
        proc = subprocess.Popen(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no",
             f"--cachegrind-out-file={out}", sys.executable, *command],
            cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": "0"},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for(port, timeout=600)  # the server imports under valgrind: slowly
            load = subprocess.run(
                ["node", str(LOAD / "saloon-load.js"), str(port), str(concurrent), "3600",
                 f"total={matches}", f"seed={SEED}"],
                cwd=ROOT, capture_output=True, text=True)
            if load.returncode != 0:
                raise RuntimeError(f"the load generator failed ({load.returncode}):\n"
                                   f"{load.stderr}")
        finally:
            proc.send_signal(signal.SIGINT)  # a clean stop: cachegrind writes its counts
            proc.wait(600)
        figures = json.loads(load.stdout.strip().splitlines()[-1])
        if figures["games"] != matches or figures["errors"]:
            raise RuntimeError(f"Expected {matches} matches played without error, got {figures}")
        summary = next(line for line in out.read_text().splitlines()
                       if line.startswith("summary:"))
        return int(summary.split()[1]), int(figures["moves"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40,
                        help="matches counted (beyond the shorter run's)")
    parser.add_argument("--concurrent", type=int, default=1, help="matches played at once")
    parser.add_argument("--server", choices=("saloon", "floor"), action="append",
                        help="count only this server (repeatable; both by default)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None or shutil.which("node") is None:
        print("server_instructions needs valgrind and node; skipped")
        return 0
    prepare()
    servers = args.server or ["saloon", "floor"]
    runs = [(server, n) for server in servers for n in (FEW, FEW + args.matches)]
    # Two at a time: the counts do not depend on what else the machine is doing.
    with ThreadPoolExecutor(2) as pool:
        results = dict(zip(runs, pool.map(lambda r: count(*r, args.concurrent), runs),
                           strict=True))
    print(f"{args.matches} seeded tic-tac-toe matches, {args.concurrent} at a time "
          f"(instructions, every thread of the server)")
    per_match: dict[str, float] = {}
    for server in servers:
        few, few_moves = results[server, FEW]
        many, many_moves = results[server, FEW + args.matches]
        per_match[server] = (many - few) / args.matches
        per_move = (many - few) / max(1, many_moves - few_moves)
        print(f"{server:7} {per_match[server] / 1e6:8.2f} M per match "
              f"({many_moves - few_moves} moves: {per_move / 1e6:6.3f} M per move)")
    if len(per_match) == 2:
        print(f"Saloon / floor: {per_match['saloon'] / per_match['floor']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
