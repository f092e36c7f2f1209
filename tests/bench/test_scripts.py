"""The in-process benchmarks run to their figures on a short run (``make bench`` runs them
at length), and ``make bench`` runs only what needs no more arguments than it gives: a
change to what they drive breaks here, not in a benchmark run later."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.__main__ import default_runs
from bench.cachegrind import available

ROOT = Path(__file__).resolve().parents[2]
SHORT = {
    "documents": (["--changes", "20"], "us per change"),
    "move_cost": (["--rooms", "2", "--moves", "12"], "us per move"),
    "room_throughput": (["--rooms", "1", "--seconds", "0.2", "--games", "wyoming_cowboy"],
                        "actions/s"),
    "replay_step": (["--steps", "3", "--actions", "40"], "median"),
}


@pytest.mark.parametrize("name", sorted(SHORT))
def test_a_short_run_prints_its_figures(name: str) -> None:
    args, figure = SHORT[name]
    run = subprocess.run([sys.executable, str(ROOT / "bench" / f"{name}.py"), *args],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert figure in run.stdout, run.stdout


@pytest.mark.skipif(not available(), reason="needs valgrind")
def test_the_documents_are_counted_under_cachegrind() -> None:
    """``documents.py --count`` plays a game under cachegrind with its broadcasts and
    without, and prints what they executed: more than nothing; and, with the patches
    stubbed out, less by what the patches cost."""
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "documents.py"), "--count",
                          "--changes", "5", "--game", "cowpoker", "--without", "patches"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    found = re.search(r"Cowpoker\s+5 changes,\s+([\d.]+) M instructions per change", run.stdout)
    assert found is not None, run.stdout
    assert float(found.group(1)) > 0.01, run.stdout  # five documents built and patched
    part = re.search(r"without patches\s+([\d.]+) M per change: it costs\s+([\d.]+) M",
                     run.stdout)
    assert part is not None, run.stdout
    assert 0 < float(part.group(2)) < float(found.group(1)), run.stdout


def test_tic_tac_toe_is_played_at_its_two_seats() -> None:
    """The side-by-side benchmark's game can be measured as the real games are, at as many
    of the seats asked for as it takes."""
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "documents.py"), "--game",
                          "tictactoe", "--changes", "20"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert re.search(r"Tic-tac-toe\s+20 changes,.*\(2 seats and a spectator\)", run.stdout), \
        run.stdout


def test_a_part_the_count_does_not_know_is_refused() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "documents.py"), "--count",
                          "--without", "engine"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2
    assert "Expected parts among patches, views, teach, log, json; got 'engine'" in run.stderr


@pytest.mark.parametrize("name,args", default_runs())
def test_what_make_bench_runs_needs_no_more_arguments(name: str, args: list[str]) -> None:
    """``make bench`` runs each script with its short run's arguments or none: none of them
    may need another (a script that fills a file it is named is run on its own)."""
    if "ArgumentParser" not in (ROOT / "bench" / f"{name}.py").read_text():
        return  # it reads no arguments
    run = subprocess.run([sys.executable, str(ROOT / "bench" / f"{name}.py"), "--help"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    usage = " ".join(run.stdout.split("\n\n")[0].split())
    required = re.sub(r"\[[^\]]*\]", "", usage).split()[2:]  # past "usage:" and the name
    assert not required, f"{name} needs {required} to run"
