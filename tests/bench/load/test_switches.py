"""The parts of the benchmark's server that a measurement switches off."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from app.rooms import documents
from app.rooms.committer import Committer
from app.rooms.connections import Connections
from app.rooms.keeper import Keeper
from bench.load.switches import named, switch_off

ROOT = Path(__file__).resolve().parents[3]


def test_an_unknown_part_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="among commit, teach, log, timers; got 'fast'"):
        switch_off("teach,fast")


def test_parts_are_named_one_by_one_or_all_at_once() -> None:
    assert named(" log, teach ") == ["log", "teach"]
    assert named("all") == ["commit", "teach", "log", "timers"]
    assert named("") == []
    assert named("all", {"patches": None, "json": None}) == ["patches", "json"]


def served() -> list[object]:
    """What the switches replace, as the server has it now."""
    return [documents.teach, documents.VisibleLog.entries, Committer.submit, Keeper.arm,
            Keeper.left, Keeper.arrived, Connections.presence]


def test_no_part_named_switches_nothing_off() -> None:
    before = served()
    switch_off("")
    switch_off(" , ")
    assert served() == before


def test_each_part_switched_off_does_what_it_says() -> None:
    # In a process of its own: a switch changes the server's classes for good.
    check = textwrap.dedent("""
        import asyncio
        from app.rooms import documents
        from app.rooms.committer import Committer
        from app.rooms.connections import Connections
        from app.rooms.keeper import Keeper
        from bench.load.switches import named, switch_off

        switch_off("commit,teach,log,timers")
        assert documents.teach(None, 0, [{"cell": 1}]) == {
            "moves": [], "why_not": {"rules": [], "cards": {}}, "score": None, "hints": {}}
        log = documents.VisibleLog(0, 10)
        assert log.entries([{"v": 1, "type": "notice", "text": "hello"}]) == []
        assert log.kept == 0
        committer = Committer.__new__(Committer)  # no database: nothing may be written
        assert asyncio.run(committer.commit(None, None, None)) is None
        keeper = Keeper.__new__(Keeper)
        assert keeper.arm(None) is None and keeper.left(None, 0) is None
        assert asyncio.run(keeper.arrived(None, 0)) is None
        assert Connections.__new__(Connections).presence() is None
        print("ok")
    """)
    out = subprocess.run([sys.executable, "-c", check], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
