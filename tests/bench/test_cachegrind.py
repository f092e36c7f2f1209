"""Reading cachegrind's counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.cachegrind import counted, under_cachegrind


def test_the_count_is_read_from_the_summary_line(tmp_path: Path) -> None:
    out = tmp_path / "cachegrind.out"
    out.write_text("desc: I1 cache: none\ncmd: python x.py\nevents: Ir\n"
                   "fl=x.c\nfn=main\n1 5\nsummary: 123456789\n")
    assert counted(out) == 123456789
    assert under_cachegrind(out)[-1] == f"--cachegrind-out-file={out}"


def test_a_file_without_a_summary_says_so(tmp_path: Path) -> None:
    out = tmp_path / "cachegrind.out"
    out.write_text("events: Ir\n")
    with pytest.raises(ValueError, match="summary"):
        counted(out)
