"""What a real game's documents cost each change: building them, the patches, their JSON.

Run: ``python bench/documents.py [--changes N] [--seats N]``. Seeded games of each real
game are played by random legal actions (the same games every run, seeds 0, 1, 2… until
``--changes`` actions were played, each game for ``--steps`` actions at most) in a room
with a connection per seat and one spectator; after every action the room's connections
are brought to the new version (``Connections.broadcast``: each viewer's document built,
the patches, their JSON). It prints the CPU per change, the best of three rounds, and
the bytes sent per change to all the connections; then the same messages compressed as
a browser's socket gets them when ``WS_COMPRESSION`` is on (permessage-deflate, each
socket its own compressor, as uvicorn negotiates it): the bytes, and the CPU it adds.

Unlike ``move_cost.py``, which plays rooms through the room service with fresh random
seeds and commits every change, nothing here is random from run to run and nothing is
written: two versions of the code compare on the same documents, a change of a few
percent shows, and so does a change of the patches' size.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.extensions.permessage_deflate import PerMessageDeflate  # noqa: E402
from websockets.frames import Frame, Opcode  # noqa: E402

from app.rooms.connections import Connections  # noqa: E402
from app.rooms.data import RoomData, RoomStatus, SeatInfo, SeatKind  # noqa: E402
from games import registry  # noqa: E402

GAMES = ("wyoming_cowboy", "cards_for_cowboys", "cowpoker")
ROUNDS = 3


def play(game_id: str, total: int, steps: int, seats: int,
         ) -> tuple[float, int, int, list[list[bytes]]]:
    """Plays seeded games of at most ``steps`` actions until ``total`` were played,
    broadcasting each change; returns the CPU seconds spent broadcasting, the bytes sent,
    the changes made, and the messages each connection was sent after its first."""
    game = registry.get_game(game_id)
    options = game.parse_options({})
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
            group.broadcast(room)
            cpu += time.process_time() - started
            changes += 1
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=3000, help="actions played per game")
    parser.add_argument("--steps", type=int, default=400, help="actions per seeded game at most")
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    for game_id in GAMES:
        rounds = [play(game_id, args.changes, args.steps, args.seats) for _ in range(ROUNDS)]
        cpu, sent, changes, messages = min(rounds, key=lambda r: r[0])
        zipped_cpu, zipped = min(deflate(messages) for _ in range(ROUNDS))
        print(f"{registry.get_game(game_id).title:18} {changes:6} changes, "
              f"{cpu / changes * 1e6:6.1f} us per change, "
              f"{sent / changes:7.0f} bytes sent per change "
              f"({args.seats} seats and a spectator); compressed: "
              f"{zipped / changes:6.0f} bytes, {zipped_cpu / changes * 1e6:6.1f} us more")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
