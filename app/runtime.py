"""How the Python runtime is set for a long-running server: the cyclic garbage collector.

A move allocates thousands of short-lived containers (messages, documents, patches,
ASGI events), nearly all freed by reference counting. With CPython's default
thresholds the collector ran about 50 times a second under load and now and then
walked every object of the process: an eighth of the server's CPU, and the pauses
were the worst latencies. Start-up objects (modules, the games, the app) live for the
whole process, so they are frozen out of collections; the young generation is
collected after ``GEN0`` allocations instead of 700.
"""

from __future__ import annotations

import gc

GEN0 = 50_000  # allocations between collections of the youngest generation
GEN1 = 20  # young collections between middle ones
GEN2 = 10  # middle collections between full ones (CPython adds its own 25% rule)


def tune_gc() -> None:
    """Freezes every object alive now and sets the collector's thresholds for serving."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GEN0, GEN1, GEN2)
