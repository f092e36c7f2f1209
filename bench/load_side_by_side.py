"""Saloon beside boardgame.io on the same workload: moves/s, latency, server CPU per move.

Run: ``make bench-load`` (or ``.venv/bin/python bench/load_side_by_side.py [--seconds 15]
[--rounds 2]``). Both servers serve tic-tac-toe on loopback and are driven by a load
generator of the same shape (node, one socket per player): matches created over HTTP,
two sockets each, random legal cells, a new match when one ends; a move's latency is
from sending it to a socket seeing the next state. Saloon runs on SQLite and commits
every move before anyone sees it; boardgame.io 0.50.2 keeps its state in memory.
Servers alternate (Saloon, peer, Saloon, peer) at 100 and 1,000 sockets; each round
prints both and their ratio, and the end of the run each ratio's median and range over
the rounds, set against the targets (``verdicts``): one round's ratio on a shared
machine moves by a third from one run to the next. Between them runs the floor
(``bench/load/floor.py``): the same protocol on Saloon's stack with nothing of Saloon
behind it, the most this stack, web framework and all, can do on this machine
(``--no-floor`` leaves it out); with ``--bare``, also the bare stack
(``bench/load/bare.py``): the same protocol as a bare ASGI app on uvicorn and
websockets, without the web framework either.
``--durable-peer`` also runs, in each round, boardgame.io with its durable storage
(FlatFile: ``bench/load/peer_flatfile.js``), every move written to a file before it is
sent, as Saloon commits each before it is seen: a comparison, against which no target
is set.
``--database-url URL`` runs Saloon on that database instead (PostgreSQL, say: it is
migrated, and its rows stay; only Saloon's process is timed, not the database server's).
``--history N`` gives each Saloon run a database that already holds N finished matches
(``bench/history.py``: a server that has run for a while), filled once and copied for
every run. ``--set-up-only`` runs Saloon and the floor on matches that are set up and
closed without a move, and prints the CPU a match's set-up costs each. ``--workers N
--redis-url URL`` runs Saloon in N processes that tell each other of their commits
through Redis, sharing one port (the kernel places each request and socket), or with
``--by-room`` each on a port of its own, every room's traffic after its creation sent to
one of them, as a proxy routing by room code would (the proxy's own CPU is not counted).
``--soak N`` runs Saloon alone, one server through N runs of the load in a row at the last
socket count, and prints each run's figures with the server's memory after it: what a
server that runs for hours meets and a fresh one per run never does (the rooms kept in
memory after their matches, the seats marked gone half a minute after theirs).
The peer's files come from ../shared/bench/bgio, copied to .bench/bgio with its npm
packages installed there on first use.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.migrate import upgrade  # noqa: E402
from bench import history  # noqa: E402

# The side-by-side targets: Saloon's moves/s at least twice the peer's at every socket
# count, its p99 at most 50 ms at 1,000 sockets, its CPU per move at most the peer's.
MOVES_TARGET, P99_TARGET_MS, P99_TARGET_SOCKETS, CPU_TARGET = 2.0, 50, 1000, 1.0

PEER_SOURCE = ROOT.parent / "shared" / "bench" / "bgio"
PEER = ROOT / ".bench" / "bgio"
# The storage package boardgame.io's FlatFile asks for (not among its dependencies): the
# release of node-persist current when boardgame.io 0.50.2 came out.
NODE_PERSIST = "node-persist@3.1.3"
LOAD = ROOT / "bench" / "load"
SALOON = (sys.executable, str(LOAD / "serve.py"))  # Saloon's server, before its arguments
TICKS = os.sysconf("SC_CLK_TCK")


def npm_install(folder: Path) -> None:
    """Installs a folder's npm packages once."""
    if not (folder / "node_modules").is_dir():
        subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund"], cwd=folder,
                       check=True)


def prepare(peer: bool = True, durable: bool = False) -> None:
    """Installs Saloon's load generator's packages and, unless not ``peer``, copies the
    peer next to us and installs its own; ``durable``: also its FlatFile server
    (``bench/load/peer_flatfile.js``) and the package that storage needs."""
    if peer:
        if not PEER.is_dir():
            if not PEER_SOURCE.is_dir():
                sys.exit(f"The boardgame.io peer is expected in {PEER_SOURCE}")
            PEER.mkdir(parents=True)
            for name in ("package.json", "game.js", "server.js", "load.js"):
                shutil.copy(PEER_SOURCE / name, PEER / name)
        npm_install(PEER)
        if durable:
            shutil.copy(LOAD / "peer_flatfile.js", PEER / "peer_flatfile.js")
            if not (PEER / "node_modules" / "node-persist").is_dir():
                # --no-save: the peer's package.json stays the peer's own
                subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund",
                                "--no-save", NODE_PERSIST], cwd=PEER, check=True)
    npm_install(LOAD)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """Returns the CPU time (user + system) a process and its live descendants (a server's
    workers) have used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    used = (int(fields[11]) + int(fields[12])) / TICKS
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            used += cpu_seconds(int(child))
    return used


def wait_for(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port} after {timeout} s")


def run(servers: list[list[str]], cwd: Path, load: list[str], ports: list[int]
        ) -> dict[str, float]:
    """Starts ``servers`` (one listening on each of ``ports``), runs ``load`` against them,
    returns the load's figures and the servers' CPU."""
    with serving(servers, cwd, ports) as procs:
        return measure(procs, cwd, load)


@contextmanager
def serving(servers: list[list[str]], cwd: Path, ports: list[int]
            ) -> Iterator[list[subprocess.Popen[bytes]]]:
    """Starts ``servers`` (one listening on each of ``ports``), yields their processes
    once all listen, and stops them."""
    procs = [subprocess.Popen(server, cwd=cwd, stdout=subprocess.DEVNULL) for server in servers]
    try:
        for port in ports:
            wait_for(port)
        yield procs
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(10)


def measure(procs: list[subprocess.Popen[bytes]], cwd: Path, load: list[str]
            ) -> dict[str, float]:
    """Runs ``load`` against the servers ``procs`` are running; returns the load's figures
    and the servers' CPU per move."""
    before = sum(cpu_seconds(p.pid) for p in procs)
    out = subprocess.run(load, cwd=cwd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"the load generator failed ({out.returncode}):\n{out.stderr}")
    used = sum(cpu_seconds(p.pid) for p in procs) - before
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    figures["cpu_ms_per_move"] = 1000 * used / max(1, figures["moves"])
    return figures


def rss_mb(pid: int) -> float:
    """Returns the memory a process holds (its resident set), in MB."""
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmRSS:"):
            return int(row.split()[1]) / 1024
    raise RuntimeError(f"process {pid} reports no resident set")


def saloon_load(ports: list[int], matches: int, seconds: float, setup_only: bool
                ) -> list[str]:
    """Returns the command of Saloon's load generator (``setup_only``: no moves, and each
    match set up counts as a move; several ``ports``: each room's traffic to one)."""
    return ["node", str(LOAD / "saloon-load.js"), ",".join(map(str, ports)), str(matches),
            str(seconds), *(["setup"] if setup_only else [])]


def saloon(matches: int, seconds: float, database_url: str | None = None,
           setup_only: bool = False, workers: int = 1, redis_url: str | None = None,
           by_room: bool = False, history: Path | None = None) -> dict[str, float]:
    """One run of Saloon on a fresh SQLite file (a copy of ``history``, if given), or on
    ``database_url``, in ``workers`` processes (telling each other of their commits
    through ``redis_url``): sharing one port, or, ``by_room``, each on its own port with
    each room's traffic sent to one."""
    with saloon_database(database_url, history) as url:
        if workers == 1:
            ports = [free_port()]
            servers = [[*SALOON, str(ports[0]), url]]
        elif by_room:
            ports = [free_port() for _ in range(workers)]
            servers = [[*SALOON, str(port), url, "1", str(redis_url)] for port in ports]
        else:
            ports = [free_port()]
            servers = [[*SALOON, str(ports[0]), url, str(workers), str(redis_url)]]
        return run(servers, ROOT, saloon_load(ports, matches, seconds, setup_only), ports)


@contextmanager
def saloon_database(database_url: str | None, history: Path | None) -> Iterator[str]:
    """Yields the URL of Saloon's database for a run, migrated: ``database_url``, or a fresh
    SQLite file (a copy of ``history``, if given) that goes when the run does."""
    with tempfile.TemporaryDirectory() as tmp:
        url = database_url or f"sqlite+aiosqlite:///{tmp}/bench.db"
        if history is not None and database_url is None:
            shutil.copyfile(history, f"{tmp}/bench.db")
        upgrade(url)
        yield url


def floor(matches: int, seconds: float, setup_only: bool = False, bare: bool = False
          ) -> dict[str, float]:
    """One run of the framework floor: Saloon's protocol and stack, no Saloon (``bare``:
    the bare stack, without the web framework either)."""
    port = free_port()
    script = "bare.py" if bare else "floor.py"
    return run([[sys.executable, str(LOAD / script), str(port)]], ROOT,
               saloon_load([port], matches, seconds, setup_only), [port])


def peer(matches: int, seconds: float, durable: bool = False) -> dict[str, float]:
    """One run of boardgame.io, in memory (``durable``: with its FlatFile storage, in a
    fresh folder that goes when the run does)."""
    port = free_port()
    load = ["node", "load.js", str(port), str(matches), str(seconds)]
    if not durable:
        return run([["node", "server.js", str(port)]], PEER, load, [port])
    with tempfile.TemporaryDirectory() as folder:
        return run([["node", "peer_flatfile.js", str(port), folder]], PEER, load, [port])


def line(name: str, f: dict[str, float]) -> str:
    def ms(x: float | None) -> str:
        return "-" if x is None else str(x)
    return (f"  {name:<13}{f['moves_per_s']:>9.0f}{ms(f['p50_ms']):>8}{ms(f['p99_ms']):>8}"
            f"{f['cpu_ms_per_move']:>10.2f}{f['errors']:>8}")


def moves_and_cpu(a: dict[str, float], b: dict[str, float]) -> tuple[float, float]:
    """Returns ``a``'s moves/s over ``b``'s, and its CPU per move over ``b``'s."""
    return (a["moves_per_s"] / max(1, b["moves_per_s"]),
            a["cpu_ms_per_move"] / max(1e-9, b["cpu_ms_per_move"]))


def ratio(name: str, a: dict[str, float], b: dict[str, float]) -> str:
    """Returns the line of ``a``'s moves/s, p50, p99 and CPU per move over ``b``'s."""
    def over(key: str, width: int) -> str:
        if a.get(key) is None or not b.get(key):
            return f"{'-':>{width}}"
        return f"{a[key] / b[key]:>{width - 1}.2f}x"
    moves, cpu = moves_and_cpu(a, b)
    return f"  {name:<13}{moves:>8.2f}x{over('p50_ms', 8)}{over('p99_ms', 8)}{cpu:>9.2f}x"


def spread(values: list[float], unit: str = "x", digits: int = 2) -> str:
    """Returns the median of ``values`` and, for more than one, their range."""
    mid = f"{statistics.median(values):.{digits}f}{unit}"
    if len(values) < 2:
        return mid
    return f"{mid} ({min(values):.{digits}f}-{max(values):.{digits}f})"


Rounds = dict[int, list[tuple[dict[str, float], dict[str, float]]]]


def against(name: str, runs: Rounds) -> tuple[list[str], dict[int, dict[str, float]]]:
    """Returns the lines giving, for each socket count, the median (and range) over its
    rounds of Saloon's moves/s and CPU per move over ``name``'s, and of each one's p99;
    and those medians (``moves``, ``cpu``, and Saloon's ``p99``) by socket count.

    ``runs`` maps each socket count to its rounds' figures, Saloon's then ``name``'s."""
    out = [f"over {max(len(r) for r in runs.values())} round(s), Saloon against {name} "
           f"(median, range)"]
    medians: dict[int, dict[str, float]] = {}
    for sockets, rounds in runs.items():
        pairs = [moves_and_cpu(a, b) for a, b in rounds]
        moves, cpu = [m for m, _ in pairs], [c for _, c in pairs]
        p99 = [float(a["p99_ms"]) for a, _ in rounds if a.get("p99_ms") is not None]
        peer_p99 = [float(b["p99_ms"]) for _, b in rounds if b.get("p99_ms") is not None]
        medians[sockets] = {"moves": statistics.median(moves), "cpu": statistics.median(cpu)}
        if p99:
            medians[sockets]["p99"] = statistics.median(p99)
        out.append(f"  {sockets:>5} sockets: moves/s {spread(moves)}, CPU per move "
                   f"{spread(cpu)}, Saloon's p99 {spread(p99, ' ms', 0) if p99 else '-'}"
                   f", {name}'s {spread(peer_p99, ' ms', 0) if peer_p99 else '-'}")
    return out, medians


def verdicts(runs: Rounds) -> list[str]:
    """Returns the lines that sum a run up: Saloon against the peer (``against``), then
    each target, met or not, on those medians.

    ``runs`` maps each socket count to its rounds' figures, Saloon's then the peer's."""
    out, medians = against("the peer", runs)

    def met(ok: bool) -> str:
        return "met" if ok else "not met"

    moves_ok = all(m["moves"] >= MOVES_TARGET for m in medians.values())
    out.append(f"  target moves/s >= {MOVES_TARGET:g}x the peer's: {met(moves_ok)} ("
               + ", ".join(f"{m['moves']:.2f}x at {s}" for s, m in medians.items()) + ")")
    if P99_TARGET_SOCKETS in medians and "p99" in medians[P99_TARGET_SOCKETS]:
        p99_median = medians[P99_TARGET_SOCKETS]["p99"]
        out.append(f"  target p99 <= {P99_TARGET_MS} ms at {P99_TARGET_SOCKETS:,} sockets: "
                   f"{met(p99_median <= P99_TARGET_MS)} ({p99_median:.0f} ms)")
    cpu_ok = all(m["cpu"] <= CPU_TARGET for m in medians.values())
    out.append("  target CPU per move <= the peer's: " + met(cpu_ok) + " ("
               + ", ".join(f"{m['cpu']:.2f}x at {s}" for s, m in medians.items()) + ")")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--sockets", default="100,1000")
    parser.add_argument("--no-floor", dest="floor", action="store_false",
                        help="leave out the framework floor")
    parser.add_argument("--durable-peer", action="store_true",
                        help="also run boardgame.io with its FlatFile storage (every move "
                             "written to a file before it is sent) in each round")
    parser.add_argument("--bare", action="store_true",
                        help="also run the bare stack (bench/load/bare.py: the floor's "
                             "protocol without FastAPI and Starlette) in each round")
    parser.add_argument("--database-url", default=None,
                        help="Saloon's database (default: a fresh SQLite file per run)")
    parser.add_argument("--history", type=int, default=0, metavar="N",
                        help="Saloon's SQLite file starts with N finished matches stored")
    parser.add_argument("--workers", type=int, default=1,
                        help="Saloon's server processes (more than one needs --redis-url)")
    parser.add_argument("--redis-url", default=None,
                        help="the Redis through which several processes tell each other "
                             "of their commits")
    parser.add_argument("--by-room", action="store_true",
                        help="with --workers: each process on its own port, each room's "
                             "requests and sockets sent to one of them (as a proxy routing "
                             "by room code would), instead of all sharing one port")
    parser.add_argument("--soak", type=int, default=0, metavar="N",
                        help="Saloon alone: one server through N runs of the load in a row "
                             "(the last --sockets count), each run's figures and memory")
    parser.add_argument("--set-up-only", action="store_true",
                        help="Saloon and the floor only set matches up (created, joined, "
                             "two sockets synced, started, closed): matches/s, CPU per match")
    args = parser.parse_args()
    if args.workers > 1 and not args.redis_url:
        parser.error(f"--workers {args.workers} needs --redis-url: processes that share a "
                     f"database tell each other of their commits through Redis")
    if args.history and args.database_url:
        parser.error("--history fills Saloon's own SQLite file; leave out --database-url")
    if args.soak and (args.workers > 1 or args.set_up_only):
        parser.error("--soak runs one Saloon process through whole matches; leave out "
                     "--workers and --set-up-only")
    # neither --soak nor --set-up-only plays the peer
    prepare(peer=not (args.soak or args.set_up_only), durable=args.durable_peer)
    with tempfile.TemporaryDirectory() as tmp:
        if args.history:
            args.history_file = Path(tmp) / "history.db"
            started = time.monotonic()
            history.fill(args.history_file, args.history)
            print(f"Saloon's database holds {args.history} finished matches "
                  f"({args.history_file.stat().st_size / 1e6:.0f} MB, filled in "
                  f"{time.monotonic() - started:.0f} s)", flush=True)
        else:
            args.history_file = None
        if args.soak:
            return soak(args)
        return set_up_only(args) if args.set_up_only else side_by_side(args)


def side_by_side(args: argparse.Namespace) -> int:
    """Prints each round's figures of Saloon, the floor and the peer, and their ratios."""
    print(f"{'':15}{'moves/s':>9}{'p50 ms':>8}{'p99 ms':>8}{'CPU ms/mv':>10}{'errors':>8}")
    counts = [int(s) for s in args.sockets.split(",")]
    runs: Rounds = {s: [] for s in counts}
    durable_runs: Rounds = {s: [] for s in counts}  # Saloon's and the durable peer's
    for round_ in range(1, args.rounds + 1):
        for sockets in counts:
            a = saloon(sockets // 2, args.seconds, args.database_url,
                       workers=args.workers, redis_url=args.redis_url, by_room=args.by_room,
                       history=args.history_file)
            f = floor(sockets // 2, args.seconds) if args.floor else None
            z = floor(sockets // 2, args.seconds, bare=True) if args.bare else None
            b = peer(sockets // 2, args.seconds)
            d = peer(sockets // 2, args.seconds, durable=True) if args.durable_peer else None
            runs[sockets].append((a, b))
            if d is not None:
                durable_runs[sockets].append((a, d))
            print(f"round {round_}, {sockets} sockets")
            print(line("saloon", a))
            if f is not None:
                print(line("floor", f))
            if z is not None:
                print(line("bare stack", z))
            print(line("boardgame.io", b))
            if d is not None:
                print(line("bgio on file", d))
            print(ratio("ratio", a, b))
            if d is not None:
                print(ratio("file ratio", a, d))
            if f is not None:
                print(ratio("floor ratio", f, b))
            if z is not None:
                print(ratio("bare ratio", z, b))
            print(end="", flush=True)
    print("\n".join(verdicts(runs)))
    if args.durable_peer:  # no target is set against it: for comparison only
        print("\n".join(against("the peer on file", durable_runs)[0]))
    if args.database_url or args.workers > 1:
        print("  (the targets are for Saloon in one process on SQLite; this run is not that)")
    return 0


def soak(args: argparse.Namespace) -> int:
    """Prints each of ``args.soak`` runs of the load against one Saloon server that serves
    them all, with the server's memory after each."""
    sockets = int(args.sockets.split(",")[-1])
    print(f"one server, {args.soak} runs of {args.seconds:g} s in a row, {sockets} sockets")
    print(f"{'':15}{'moves/s':>9}{'p50 ms':>8}{'p99 ms':>8}{'CPU ms/mv':>10}{'errors':>8}"
          f"{'RSS MB':>8}")
    port = free_port()
    with (saloon_database(args.database_url, args.history_file) as url,
          serving([[*SALOON, str(port), url]], ROOT, [port]) as procs):
        load = saloon_load([port], sockets // 2, args.seconds, False)
        for run_ in range(1, args.soak + 1):
            f = measure(procs, ROOT, load)
            print(f"{line(f'run {run_}', f)}{rss_mb(procs[0].pid):>8.0f}", flush=True)
    return 0


def set_up_only(args: argparse.Namespace) -> int:
    """Prints what setting a match up costs Saloon and the floor (the peer's load generator
    has no such mode): the columns of a run, a match set up counting as a move."""
    print(f"{'':15}{'matches/s':>9}{'p50 ms':>8}{'p99 ms':>8}{'CPU ms/mt':>10}{'errors':>8}")
    for round_ in range(1, args.rounds + 1):
        for sockets in (int(s) for s in args.sockets.split(",")):
            a = saloon(sockets // 2, args.seconds, args.database_url, setup_only=True,
                       workers=args.workers, redis_url=args.redis_url, by_room=args.by_room,
                       history=args.history_file)
            f = floor(sockets // 2, args.seconds, setup_only=True)
            print(f"round {round_}, {sockets} sockets")
            print(line("saloon", a))
            print(line("floor", f))
            print(ratio("ratio", a, f), flush=True)
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
