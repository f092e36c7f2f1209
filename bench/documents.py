"""What a real game's documents cost each change: building them, the patches, their JSON.

Run: ``python bench/documents.py [--changes N] [--seats N] [--game GAME]``. Seeded games
of each real game (or of the games named: tic-tac-toe, the side-by-side benchmark's
game, too, at its two seats) are played by random legal actions (the same games every
run, seeds 0, 1, 2… until ``--changes`` actions were played, each game for ``--steps``
actions at most) in a room with a connection per seat and one spectator; after every
action the room's connections are brought to the new version (``Connections.broadcast``:
each viewer's document built, the patches, their JSON). It prints the CPU per change,
the best of three rounds, and the bytes sent per change to all the connections; then the
same messages compressed as a browser's socket gets them when ``WS_COMPRESSION`` is on
(permessage-deflate, each socket its own compressor, as uvicorn negotiates it): the
bytes, and the CPU it adds.

Unlike ``move_cost.py``, which plays rooms through the room service with fresh random
seeds and commits every change, nothing here is random from run to run and nothing is
written: two versions of the code compare on the same documents, a change of a few
percent shows, and so does a change of the patches' size.

With ``--count`` (needs valgrind) it counts instead of timing: each game is played twice
under cachegrind (``bench/cachegrind.py``), bringing its connections to every version and
not, and it prints the instructions the broadcasts executed per change (600 changes a
game unless ``--changes`` says otherwise; ``--game`` names one game). Their messages are
dropped as they come, so that only the broadcasts' own work is counted. With
``--without PART,...`` (or ``all``) each game is also counted with each part of a
broadcast stubbed out in turn (the patches, the views, the teaching part, the log, the
JSON), and what each part costs is printed; the parts overlap, since a part stubbed out
is neither walked nor encoded either. A count repeats to
the instruction, so a change of half a percent shows where a time, on a shared machine,
cannot tell it from the drift of the next minute.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.extensions.permessage_deflate import PerMessageDeflate  # noqa: E402
from websockets.frames import Frame, Opcode  # noqa: E402

from app.rooms import connections  # noqa: E402
from app.rooms.connections import Connections  # noqa: E402
from app.rooms.data import RoomData, RoomStatus, SeatInfo, SeatKind  # noqa: E402
from bench.cachegrind import ENVIRONMENT, available, counted, under_cachegrind  # noqa: E402
from bench.load import switches  # noqa: E402
from bench.tictactoe import GAME as TICTACTOE  # noqa: E402
from games import registry  # noqa: E402
from games.base import Game  # noqa: E402

GAMES = ("wyoming_cowboy", "cards_for_cowboys", "cowpoker")  # played unless --game says
CHOICES = (*GAMES, TICTACTOE.id)  # tic-tac-toe's broadcast is on the side-by-side's path
ROUNDS = 3
CHANGES, COUNTED_CHANGES = 3000, 600  # per game, timed and counted (a count runs ~50x slower)


def game_of(game_id: str) -> Game:
    """Returns the game played as ``game_id``: a registered game, or the benchmark's
    tic-tac-toe, which is not registered (a process that imports this script, a test's,
    would then count it among its games)."""
    return TICTACTOE if game_id == TICTACTOE.id else registry.get_game(game_id)


def seated(game_id: str, seats: int) -> int:
    """Returns the seats a game is played at: ``seats``, or as many as it takes."""
    return min(seats, game_of(game_id).max_seats)


def play(game_id: str, total: int, steps: int, seats: int, broadcast: bool = True,
         keep: bool = True) -> tuple[float, int, int, list[list[bytes]]]:
    """Plays seeded games of at most ``steps`` actions until ``total`` were played,
    broadcasting each change (unless not ``broadcast``: the rest of the work alone);
    returns the CPU seconds spent broadcasting, the bytes sent, the changes made, and the
    messages each connection was sent after its first (unless not ``keep``: the messages
    are dropped unread, and the lists returned are empty)."""
    game = game_of(game_id)
    options = game.parse_options({})
    seats = seated(game_id, seats)
    cpu, sent, changes, seed = 0.0, 0, 0, -1
    messages: list[list[bytes]] = []
    while changes < total:
        seed += 1
        room = RoomData(id=1, code="bench", game=game, options={}, status=RoomStatus.PLAYING,
                        host_seat=0, allow_spectators=True, version=1, matches=1,
                        seats=[SeatInfo(i, f"P{i}", SeatKind.HUMAN) for i in range(seats)])
        room.state = game.new_game(options, seats, seed)
        group = Connections()
        connections = [group.open(room, viewer) for viewer in (*range(seats), None)]
        for conn in connections:
            conn.outbox.clear()  # the first syncs
        received: list[list[bytes]] = [[] for _ in connections]
        messages += received
        rng = random.Random(seed)
        for _ in range(min(steps, total - changes)):
            acting = game.to_act(room.state)
            if not acting:
                break
            seat = min(acting)
            action = rng.choice(game.legal_actions(room.state, seat))
            room.state, _ = game.apply(room.state, seat, action)
            room.version += 1
            room.log.append({"v": room.version, "type": "note", "text": f"{seat} {action}"})
            started = time.process_time()
            if broadcast:
                group.broadcast(room)
            cpu += time.process_time() - started
            changes += 1
            if not keep:
                for conn in connections:
                    conn.outbox.clear()
                continue
            for conn, texts in zip(connections, received, strict=True):
                while len(conn.outbox):
                    out = conn.outbox.get_nowait()
                    if out is not None:
                        texts.append(out.text.encode())
                        sent += len(texts[-1])
    return cpu, sent, changes, messages


def deflate(messages: list[list[bytes]]) -> tuple[float, int]:
    """Compresses each connection's messages in order, as a socket that negotiated
    permessage-deflate with uvicorn does (its window and memory settings, each socket
    its own context); returns the CPU seconds and the bytes that come out."""
    cpu, out = 0.0, 0
    for texts in messages:
        socket = PerMessageDeflate(False, False, 12, 12, {"memLevel": 5})
        started = time.process_time()
        frames = [socket.encode(Frame(Opcode.TEXT, text)) for text in texts]
        cpu += time.process_time() - started
        out += sum(len(f.data) for f in frames)
    return cpu, out


def _no_patches() -> None:
    """Every patch is empty: nothing is walked, and no message holds an operation."""
    connections.diff = lambda old, new, **given: []  # type: ignore[attr-defined]
    connections.part_ops = lambda key, old, new: []  # type: ignore[attr-defined]
    connections.shared_part_ops = lambda key, old, new, found: []  # type: ignore[attr-defined]


_NO_VIEW: dict[str, Any] = {}


def _no_views() -> None:
    """Every game shows every viewer one empty view, which no patch walks."""
    for game_id in CHOICES:
        game_of(game_id).view = lambda state, viewer: _NO_VIEW  # type: ignore[method-assign]


def _no_json() -> None:
    """Every message's text is the same two characters."""
    connections.dumps = lambda value: "{}"  # type: ignore[attr-defined]


# The parts of a broadcast ``--count --without`` stubs out in turn (a part stubbed out is
# neither built nor walked nor encoded, so what the parts cost overlaps).
PARTS: dict[str, Callable[[], None]] = {
    "patches": _no_patches, "views": _no_views, "teach": switches.PARTS["teach"],
    "log": switches.PARTS["log"], "json": _no_json}


def count(game_id: str, changes: int, steps: int, seats: int,
          without: Sequence[str] = ()) -> dict[str, int]:
    """Returns the instructions executed by the broadcasts of ``changes`` changes of
    ``game_id``'s seeded games (see ``play``), counted by cachegrind (the games played with
    the broadcasts and without): under ``""`` as they are, and under each part of
    ``without`` with that part stubbed out (``PARTS``)."""
    def run(variant: str | None) -> int:  # None: no broadcast
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "cachegrind.out"
            played = subprocess.run(
                [*under_cachegrind(out), sys.executable, __file__, "--play", game_id,
                 "--changes", str(changes), "--steps", str(steps), "--seats", str(seats),
                 *(["--without-broadcasts"] if variant is None else
                   ["--stub", variant] if variant else [])],
                env={**os.environ, **ENVIRONMENT}, capture_output=True, text=True)
            if played.returncode != 0:
                raise RuntimeError(f"Expected the counted run of {game_id} to succeed, it "
                                   f"ended with {played.returncode}:\n{played.stderr[-2000:]}")
            return counted(out)

    variants: list[str | None] = [None, "", *without]
    with ThreadPoolExecutor(2) as pool:  # a count does not depend on what runs beside it
        totals = dict(zip(variants, pool.map(run, variants), strict=True))
    rest = totals.pop(None)
    return {variant: total - rest for variant, total in totals.items() if variant is not None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int,
                        help=f"actions played per game ({CHANGES}; counted, {COUNTED_CHANGES})")
    parser.add_argument("--steps", type=int, default=400, help="actions per seeded game at most")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", choices=CHOICES, action="append",
                        help="only this game (repeatable; every real game by default)")
    parser.add_argument("--count", action="store_true",
                        help="count the broadcasts' instructions under cachegrind, not time them")
    parser.add_argument("--without", default="", metavar="PART,...",
                        help=f"with --count, also count with each part stubbed out in turn "
                             f"({', '.join(PARTS)}, or all): what each part costs")
    # What a counted run executes under cachegrind: one game played, and nothing printed.
    parser.add_argument("--play", choices=CHOICES, help=argparse.SUPPRESS)
    parser.add_argument("--without-broadcasts", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--stub", choices=PARTS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    # Every game loaded in every run, whichever is played: a counted run that stubs every
    # game's view would otherwise load, and count, games the run it is set against did not.
    registry.all_games()
    games = args.game or GAMES
    try:
        parts = switches.named(args.without, PARTS)
    except ValueError as e:
        parser.error(str(e))
    if args.play:
        if args.stub:
            PARTS[args.stub]()
        play(args.play, args.changes or COUNTED_CHANGES, args.steps, args.seats,
             broadcast=not args.without_broadcasts, keep=False)
        return 0
    if args.count:
        if not available():
            print("documents --count needs valgrind; skipped")
            return 0
        changes = args.changes or COUNTED_CHANGES
        for game_id in games:
            counts = count(game_id, changes, args.steps, args.seats, parts)
            whole = counts[""]
            print(f"{game_of(game_id).title:18} {changes:6} changes, "
                  f"{whole / changes / 1e6:7.3f} M instructions per change "
                  f"({seated(game_id, args.seats)} seats and a spectator)")
            for part in parts:
                cost = whole - counts[part]
                print(f"  without {part:8} {counts[part] / changes / 1e6:7.3f} M per change: "
                      f"it costs {cost / changes / 1e6:6.3f} M ({100 * cost / whole:4.1f}%)")
        return 0
    args.changes = args.changes or CHANGES
    for game_id in games:
        rounds = [play(game_id, args.changes, args.steps, args.seats) for _ in range(ROUNDS)]
        cpu, sent, changes, messages = min(rounds, key=lambda r: r[0])
        zipped_cpu, zipped = min(deflate(messages) for _ in range(ROUNDS))
        print(f"{game_of(game_id).title:18} {changes:6} changes, "
              f"{cpu / changes * 1e6:6.1f} us per change, "
              f"{sent / changes:7.0f} bytes sent per change "
              f"({seated(game_id, args.seats)} seats and a spectator); compressed: "
              f"{zipped / changes:6.0f} bytes, {zipped_cpu / changes * 1e6:6.1f} us more")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
