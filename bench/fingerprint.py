"""Each game's behaviour fingerprint, to check that an engine change kept it.

Run: ``.venv/bin/python bench/fingerprint.py [--games ID,...] [--variants 6]``, before
and after a change meant to keep the game's behaviour (a quicker engine), from the
code before and after it: the same digest means the same legal lists in the same
order, events, views, teaching parts, state hashes and results in every game played
(``games.fingerprint``). Prints one line per game: games, actions, digest.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.fingerprint import fingerprint  # noqa: E402
from games.registry import all_games  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Prints each named game's fingerprint."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(sorted(all_games())))
    parser.add_argument("--variants", type=int, default=6,
                        help="option sets beyond the quick options")
    args = parser.parse_args(argv)
    registry = all_games()
    for game_id in args.games.split(","):
        started = time.process_time()
        found = fingerprint(registry[game_id], variants=args.variants)
        print(f"{game_id:<18} {found.games:>4} games {found.actions:>7} actions  "
              f"{found.digest}  ({time.process_time() - started:.1f} CPU-s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
