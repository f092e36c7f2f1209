"""Instructions a server executes per tic-tac-toe match, counted, not timed: Saloon and the floor.

Run: ``.venv/bin/python bench/server_instructions.py [--matches 40] [--concurrent 1]
[--server saloon] [--split] [--without all]`` (or ``python -m bench
server_instructions``; needs valgrind and node). Each server runs under valgrind's
cachegrind, with ``PYTHONHASHSEED=0``, while the load generator of ``make bench-load``
plays a fixed number of seeded matches against it (``total=`` and ``seed=``), one at a
time by default; every thread of the server is counted. Each server is run twice, with a
few matches and with ``--matches`` more, and the difference is divided: what is left is
a match's own work (a match's set-up, its moves, its sockets closed), without the
server's start and stop. Prints the instructions per match and per move of each server
and their ratio; ``--server bare`` counts the bare stack (``bench/load/bare.py``: the
floor's protocol without FastAPI and Starlette). With ``--split``, each server also
plays matches that are set up and closed without a move (the load generator's
``setup``): what a match's set-up costs, and what is left per move. With ``--without
PART,...`` (or ``all``), Saloon is also counted with each part switched off in turn
(``bench/load/switches.py``: the commit, the teaching part, the log, the timers and
presence), and what each part costs per match and per move is printed.

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
from bench.cachegrind import ENVIRONMENT, available, counted, under_cachegrind  # noqa: E402
from bench.load.serve import WITHOUT  # noqa: E402
from bench.load.switches import PARTS, named  # noqa: E402
from bench.load_side_by_side import LOAD, free_port, prepare, wait_for  # noqa: E402

FEW = 5  # the matches of the shorter run, whose count is taken off the longer one's
SEED = 20261127
_MIGRATING = threading.Lock()  # alembic's context is global: one upgrade at a time


def count(server: str, matches: int, concurrent: int, set_up_only: bool = False,
          without: str = "") -> tuple[int, int]:
    """Runs ``server`` (saloon, floor or bare) under cachegrind for ``matches`` seeded matches
    (``set_up_only``: set up and closed without a move; ``without``: Saloon with that
    part switched off, ``bench.load.switches``); returns the instructions it executed
    and the moves played."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        if server == "saloon":
            url = f"sqlite+aiosqlite:///{tmp}/bench.db"
            with _MIGRATING:
                upgrade(url)
            command = [str(LOAD / "serve.py"), str(port), url]
        else:  # the floor, or the bare stack
            command = [str(LOAD / f"{server}.py"), str(port)]
        out = Path(tmp) / "cachegrind.out"
        proc = subprocess.Popen(
            [*under_cachegrind(out), sys.executable, *command],
            cwd=ROOT, env={**os.environ, **ENVIRONMENT, WITHOUT: without},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for(port, timeout=600)  # the server imports under valgrind: slowly
            load = subprocess.run(
                ["node", str(LOAD / "saloon-load.js"), str(port), str(concurrent), "3600",
                 f"total={matches}", f"seed={SEED}", *(["setup"] if set_up_only else [])],
                cwd=ROOT, capture_output=True, text=True)
            if load.returncode != 0:
                raise RuntimeError(f"the load generator failed ({load.returncode}):\n"
                                   f"{load.stderr}")
        finally:
            proc.send_signal(signal.SIGINT)  # a clean stop: cachegrind writes its counts
            proc.wait(600)
        figures = json.loads(load.stdout.strip().splitlines()[-1])
        done = figures["moves"] if set_up_only else figures["games"]  # set up, or played
        if done != matches or figures["errors"]:
            raise RuntimeError(f"Expected {matches} matches without error, got {figures}")
        if set_up_only:
            figures["moves"] = 0
        return counted(out), int(figures["moves"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40,
                        help="matches counted (beyond the shorter run's)")
    parser.add_argument("--concurrent", type=int, default=1, help="matches played at once")
    parser.add_argument("--server", choices=("saloon", "floor", "bare"), action="append",
                        help="count only this server (repeatable; both by default)")
    parser.add_argument("--split", action="store_true",
                        help="also count matches set up and closed without a move, and "
                             "split a match into its set-up and its moves")
    parser.add_argument("--without", default="", metavar="PART,...",
                        help=f"also count Saloon with each part switched off in turn "
                             f"({', '.join(PARTS)}, or all): what each part costs")
    args = parser.parse_args()
    try:
        parts = named(args.without)
    except ValueError as e:
        parser.error(str(e))
    if not available() or shutil.which("node") is None:
        print("server_instructions needs valgrind and node; skipped")
        return 0
    prepare()
    servers = args.server or ["saloon", "floor"]
    kinds = (False, True) if args.split else (False,)
    if parts and "saloon" not in servers:
        servers.insert(0, "saloon")
    runs = [(server, n, set_up, "") for server in servers for n in (FEW, FEW + args.matches)
            for set_up in kinds]
    runs += [("saloon", n, False, part) for part in parts for n in (FEW, FEW + args.matches)]
    # Two at a time: the counts do not depend on what else the machine is doing.
    with ThreadPoolExecutor(2) as pool:
        results = dict(zip(runs, pool.map(
            lambda r: count(r[0], r[1], args.concurrent, r[2], r[3]), runs), strict=True))

    def added(server: str, set_up: bool = False, part: str = "") -> tuple[int, int]:
        """The instructions and the moves of ``--matches`` matches: the longer run's less
        the shorter one's."""
        (few, few_moves), (many, many_moves) = (results[server, n, set_up, part]
                                                for n in (FEW, FEW + args.matches))
        return many - few, many_moves - few_moves

    print(f"{args.matches} seeded tic-tac-toe matches, {args.concurrent} at a time "
          f"(instructions, every thread of the server)")
    per_match: dict[str, float] = {}
    for server in servers:
        instructions, moves = added(server)
        per_match[server] = instructions / args.matches
        print(f"{server:7} {per_match[server] / 1e6:8.2f} M per match "
              f"({moves} moves: {instructions / max(1, moves) / 1e6:6.3f} M per move)")
        if args.split:
            set_up = added(server, set_up=True)[0] / args.matches
            rest = (per_match[server] - set_up) * args.matches / max(1, moves)
            print(f"{'':7} {set_up / 1e6:8.2f} M per match set up and closed without a "
                  f"move; the rest {rest / 1e6:6.3f} M per move")
    for over, under in (("saloon", "floor"), ("saloon", "bare"), ("floor", "bare")):
        if over in per_match and under in per_match:
            print(f"{over.capitalize()} / {under}: {per_match[over] / per_match[under]:.2f}x")
    if parts:
        moves_per_match = added("saloon")[1] / args.matches
        print("Saloon with one part switched off (bench/load/switches.py); what the part costs:")
        for part in parts:
            without = added("saloon", part=part)[0] / args.matches
            cost = per_match["saloon"] - without
            print(f"  {part:7} {without / 1e6:8.2f} M per match without it: "
                  f"{cost / 1e6:6.2f} M per match ({100 * cost / per_match['saloon']:4.1f}%), "
                  f"{cost / max(1, moves_per_match) / 1e6:6.3f} M per move played")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
