"""The in-process benchmarks run to their figures on a short run (``make bench`` runs them
at length): a change to what they drive breaks here, not in a benchmark run later."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHORT = {
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
