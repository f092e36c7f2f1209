"""Spreading the suite over pytest-xdist workers while tests that share a resource stay
in one worker, one after the other.

There is one PostgreSQL test database, which a test empties when it asks for an empty
one: every test on it runs in one worker. The browser tests share one Chromium and
run on PostgreSQL when it is set. xdist's own ``loadgroup`` reads groups from node ids
it rewrites, which pytest 9 no longer allows; this scheduler finds them from the node
id itself.
"""

from __future__ import annotations

import re

import pytest
from xdist.remote import Producer
from xdist.scheduler import LoadScopeScheduling

from tests.support.databases import POSTGRES_URL

# A parametrized test whose ids name the PostgreSQL backend: "test_x[postgresql-...]".
ON_POSTGRES = re.compile(r"\[(?:.*-)?postgresql(?:-.*)?\]$")
BROWSER = "tests/browser/"


def group_of(nodeid: str) -> str | None:
    """Returns the name of the group a test must run in, or None if it may run anywhere."""
    browser = nodeid.startswith(BROWSER)
    if ON_POSTGRES.search(nodeid) or (browser and POSTGRES_URL):
        return "postgresql"
    return "browser" if browser else None


class SharedResources(LoadScopeScheduling):
    """Load scheduling in which each group is one unit of work (the largest sent first)."""

    def __init__(self, config: pytest.Config, log: Producer | None = None) -> None:
        super().__init__(config, log)

    def _split_scope(self, nodeid: str) -> str:
        return group_of(nodeid) or nodeid
