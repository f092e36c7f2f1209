"""The side-by-side benchmark's summary: medians over rounds, set against the targets or
only compared; the memory a soaked server reports, and the runs a soak refuses."""

from __future__ import annotations

import os
import sys

import pytest

from bench.load_side_by_side import against, main, rss_mb, spread, verdicts


def figures(moves: float, cpu: float, p99: float | None = 100) -> dict[str, float]:
    return {"moves_per_s": moves, "cpu_ms_per_move": cpu, "p99_ms": p99}  # type: ignore[dict-item]


def test_spread_gives_the_median_then_the_range() -> None:
    assert spread([1.0, 3.0, 2.0]) == "2.00x (1.00-3.00)"
    assert spread([0.5]) == "0.50x"
    assert spread([40.0, 60.0], " ms", 0) == "50 ms (40-60)"


def test_every_target_missed_is_said_with_its_medians() -> None:
    lines = verdicts({
        100: [(figures(900, 1.2), figures(1000, 1.0)), (figures(700, 1.4), figures(1000, 1.0))],
        1000: [(figures(800, 1.1, 400), figures(1000, 1.0)),
               (figures(1200, 0.9, 300), figures(1000, 1.0))],
    })
    assert lines[0] == "over 2 round(s), Saloon against the peer (median, range)"
    assert lines[1] == ("    100 sockets: moves/s 0.80x (0.70-0.90), CPU per move 1.30x "
                        "(1.20-1.40), Saloon's p99 100 ms (100-100), the peer's 100 ms "
                        "(100-100)")
    assert lines[2].startswith("   1000 sockets: moves/s 1.00x (0.80-1.20)")
    assert lines[3] == "  target moves/s >= 2x the peer's: not met (0.80x at 100, 1.00x at 1000)"
    assert lines[4] == "  target p99 <= 50 ms at 1,000 sockets: not met (350 ms)"
    assert lines[5] == "  target CPU per move <= the peer's: not met (1.30x at 100, 1.00x at 1000)"


def test_targets_are_met_on_the_medians_not_on_every_round() -> None:
    # One slow round of three does not undo a target the median meets.
    rounds = [(figures(2100, 0.5, 40), figures(1000, 1.0)),
              (figures(2200, 0.6, 45), figures(1000, 1.0)),
              (figures(1500, 1.1, 90), figures(1000, 1.0))]
    lines = verdicts({100: rounds, 1000: rounds})
    assert lines[3].startswith("  target moves/s >= 2x the peer's: met")
    assert lines[4] == "  target p99 <= 50 ms at 1,000 sockets: met (45 ms)"
    assert lines[5].startswith("  target CPU per move <= the peer's: met")


def test_a_run_without_1000_sockets_or_latencies_says_nothing_of_p99() -> None:
    lines = verdicts({100: [(figures(900, 1.2, None), figures(1000, 1.0, None))]})
    assert lines[1].endswith("Saloon's p99 -, the peer's -")
    assert not any("p99 <=" in line for line in lines)


def test_a_comparison_without_targets_names_the_server_it_is_against() -> None:
    lines, medians = against("the peer on file", {
        100: [(figures(900, 0.6, 40), figures(300, 1.2, 150)),
              (figures(1000, 0.5, 50), figures(400, 1.0, 130))]})
    assert lines == ["over 2 round(s), Saloon against the peer on file (median, range)",
                     "    100 sockets: moves/s 2.75x (2.50-3.00), CPU per move 0.50x "
                     "(0.50-0.50), Saloon's p99 45 ms (40-50), the peer on file's 140 ms "
                     "(130-150)"]
    assert medians == {100: {"moves": 2.75, "cpu": 0.5, "p99": 45.0}}


def test_a_process_memory_is_read_in_mb() -> None:
    before = rss_mb(os.getpid())
    held = bytearray(b"x" * (64 << 20))  # written, so resident
    assert rss_mb(os.getpid()) - before >= 60
    del held


@pytest.mark.parametrize("extra", [["--workers", "2", "--redis-url", "redis://x"],
                                   ["--set-up-only"]])
def test_a_soak_is_one_process_playing_whole_matches(
        extra: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["load_side_by_side.py", "--soak", "3", *extra])
    with pytest.raises(SystemExit) as refused:
        main()
    assert refused.value.code == 2 and "--soak runs one Saloon process" in capsys.readouterr().err
