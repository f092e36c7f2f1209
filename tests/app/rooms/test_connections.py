"""A room's connections: bounded outboxes, coalesced syncs, each document built once."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from saloon_high_card import GAME as HIGH_CARD

from app.rooms import connections as conns
from app.rooms import patches
from app.rooms.connections import Connection, Connections, Outgoing
from app.rooms.data import RoomData, RoomStatus, SeatInfo, SeatKind
from app.rooms.patches import apply
from games.base import kept


def room(version: int = 1) -> RoomData:
    """A lobby of High Card with two seats."""
    seats = [SeatInfo(0, "Ana", SeatKind.HUMAN), SeatInfo(1, "Bo", SeatKind.HUMAN)]
    return RoomData(id=1, code="abc", game=HIGH_CARD, options={}, status=RoomStatus.LOBBY,
                    host_seat=0, allow_spectators=True, version=version, matches=0,
                    seats=seats)


def queued(conn: Connection) -> list[str | None]:
    out = []
    while len(conn.outbox):
        item = conn.outbox.get_nowait()
        out.append(None if item is None else item.kind)
    return out


def last(conn: Connection) -> Outgoing | None:
    """Returns the message queued last for ``conn``, taking all off its outbox."""
    item = None
    while len(conn.outbox):
        item = conn.outbox.get_nowait()
    return item


def next_message(conn: Connection) -> dict[str, Any]:
    """Takes the next message off a connection's outbox, decoded."""
    out = conn.outbox.get_nowait()
    assert out is not None
    message: dict[str, Any] = json.loads(out.text)
    return message


async def test_a_connection_that_falls_too_far_behind_is_told_and_closed() -> None:
    """A reader that never reads cannot grow the server: its outbox is bounded."""
    group = Connections(outbox_limit=8)
    r = room()
    slow = group.open(r, None)
    for v in range(2, 30):
        r.version = v
        r.log.append({"v": v, "type": "notice", "text": f"line {v}"})
        group.broadcast(r)
    assert slow.closed and len(slow.outbox) == 2
    error = slow.outbox.get_nowait()
    assert error is not None and error.kind == "error" and '"too_slow"' in error.text
    assert slow.outbox.get_nowait() is None


async def test_sync_requests_wait_behind_one_pending_sync() -> None:
    group = Connections()
    r = room()
    conn = group.open(r, 0)
    for _ in range(1000):
        group.sync(r, conn)
    assert queued(conn) == ["sync"]
    conn.sync_pending = False  # the writer sent it
    group.sync(r, conn)
    assert queued(conn) == ["sync"]


async def test_each_document_is_built_once_per_change_and_shared_text_once(monkeypatch) -> None:
    group = Connections()
    r = room()
    watchers = [group.open(r, None) for _ in range(50)]
    players = [group.open(r, 0), group.open(r, 0), group.open(r, 1)]
    built: list[int | None] = []
    real = conns.document

    def counting(room: RoomData, viewer: int | None, *args: Any):
        built.append(viewer)
        return real(room, viewer, *args)

    monkeypatch.setattr(conns, "document", counting)
    r.version = 2
    r.log.append({"v": 2, "type": "notice", "text": "Cy sat down"})
    group.broadcast(r)
    assert sorted(built, key=str) == sorted([None, 0, 1], key=str)
    texts = {id(last(c)) for c in watchers}
    assert len(texts) == 1  # one encoded message shared by every spectator
    assert all(c.version == 2 for c in watchers + players)


def parts_compared(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Returns the list to which each key whose operations are found apart
    (``patches.part_ops``) is added from now on."""
    compared: list[str] = []
    real = conns.part_ops

    def counting(key: str, old: Any, new: Any) -> Any:
        compared.append(key)
        return real(key, old, new)

    monkeypatch.setattr(conns, "part_ops", counting)
    return compared


async def test_the_room_part_is_compared_once_per_change_for_every_viewer(monkeypatch) -> None:
    """Every viewer's room part is the same summary with its own "you": its operations are
    found once, and each patch still brings its mirror to the fresh document."""
    group = Connections()
    r = room()
    viewers = [None, None, 0, 0, 1]
    opened = [group.open(r, viewer) for viewer in viewers]
    mirrors = [next_message(c)["doc"] for c in opened]  # the syncs
    compared = parts_compared(monkeypatch)
    r.version, r.host_seat = 2, 1
    r.log.append({"v": 2, "type": "notice", "text": "Bo is the host now"})
    group.broadcast(r)
    assert compared.count("room") == 1
    for conn, mirror in zip(opened, mirrors, strict=True):
        patch = next_message(conn)
        assert {"op": "replace", "path": "/room/host", "value": 1} in patch["ops"]
        fresh = json.loads(json.dumps(conns.document(r, conn.viewer, group.log_limit)))
        assert apply(mirror, patch["ops"]) == fresh


class OpenHighCard(type(HIGH_CARD)):  # type: ignore[misc]
    """High Card played face up: every viewer gets one view object per state."""

    def view(self, state: Any, viewer: int | None) -> Any:
        return kept(state, "open_high_card.view", self.omniscient_view)


class SharedHighCard(type(HIGH_CARD)):  # type: ignore[misc]
    """High Card whose views copy one part every viewer shares and set the viewer's hand,
    as the real games build theirs."""

    def view(self, state: Any, viewer: int | None) -> Any:
        shared = kept(state, "shared_high_card.view", lambda s: super(
            SharedHighCard, self).view(s, None))
        return shared | {"hand": list(state.hands[viewer]) if viewer is not None else None}


def parts_walked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Returns the list to which the path of each part of a game view walked in a
    broadcast is added from now on."""
    walked: list[str] = []
    real = patches._walk_shared

    def counting(old: Any, new: Any, path: str, *rest: Any) -> None:
        walked.append(path)
        real(old, new, path, *rest)

    monkeypatch.setattr(patches, "_walk_shared", counting)
    return walked


@pytest.mark.parametrize(("game", "own"), [(OpenHighCard(), set()),
                                           (SharedHighCard(), {"/game"}),
                                           (HIGH_CARD, None)],
                         ids=["one-view-for-all", "views-sharing-parts", "a-view-per-seat"])
async def test_each_part_of_the_game_views_is_compared_once_per_pair_held_and_sent(
        monkeypatch, game: Any, own: set[str] | None) -> None:
    """Connections holding the same game view (or the same part of one) and sent the same
    one share its operations: a part is walked once for all of them, but for the parts of
    each viewer's own (``own``; ``None``: views of a seat's own throughout, which share
    nothing), and every patch brings its mirror to its own document."""
    group = Connections()
    r = room()
    r.game, r.status = game, RoomStatus.PLAYING
    r.state = game.new_game(game.parse_options({}), 2, seed=7)
    viewers = [None, None, 0, 0, 1]
    opened = [group.open(r, viewer) for viewer in viewers]
    mirrors = [next_message(c)["doc"] for c in opened]
    walked = parts_walked(monkeypatch)
    seat = min(r.to_act())
    r.state, events = game.apply(r.state, seat, game.known_legal(r.state, seat)[0])
    r.version = 2
    r.log.extend({"v": 2, **e} for e in events)
    group.broadcast(r)
    assert walked
    if own is not None:
        assert all(walked.count(path) == 1 for path in set(walked) - own), walked
        assert all(walked.count(path) <= 3 for path in own)  # a spectator, two seats
    else:
        assert any(walked.count(path) > 1 for path in walked)
    for conn, mirror in zip(opened, mirrors, strict=True):
        patch = next_message(conn)
        assert any(op["path"].startswith("/game/") for op in patch["ops"])
        fresh = json.loads(json.dumps(conns.document(r, conn.viewer, group.log_limit)))
        assert apply(mirror, patch["ops"]) == fresh


async def test_presence_is_sent_once_for_a_burst_of_arrivals() -> None:
    group = Connections()
    r = room()
    first = group.open(r, 0)
    for _ in range(30):
        group.open(r, None)
        group.presence()
    kinds: list[str | None] = []
    while "presence" not in kinds:  # the batched update comes after PRESENCE_DELAY
        item = await asyncio.wait_for(first.outbox.get(), 10)
        kinds.append(None if item is None else item.kind)
    kinds += queued(first)  # nothing that came with it or before it may be another
    assert kinds.count("presence") == 1


@pytest.mark.parametrize("spectators", [True, False])
async def test_drop_closes_the_named_sockets_with_their_reason(spectators: bool) -> None:
    group = Connections()
    r = room()
    watcher, player = group.open(r, None), group.open(r, 1)
    reason = {"type": "error", "code": "x", "message": "gone"}
    group.drop(seat=None if spectators else 1, spectators=spectators, reason=reason)
    gone, kept = (watcher, player) if spectators else (player, watcher)
    assert gone.closed and queued(gone)[-2:] == ["error", None]
    assert not kept.closed and len(group) == 1


@pytest.mark.parametrize("leaving", ["discard", "drop"])
async def test_a_room_nobody_watches_keeps_no_document_and_builds_a_fresh_one_later(
        leaving: str) -> None:
    """The documents kept to patch connections go with the last one (a room may stay in
    memory long after its players left); the next connection is sent one built anew, and
    patched from it."""
    group = Connections(log_limit=3)
    r = room()
    first = [group.open(r, 0), group.open(r, None)]
    for v in range(2, 5):
        r.version = v
        r.log.append({"v": v, "type": "note", "text": f"line {v}"})
        group.broadcast(r)
    if leaving == "discard":
        for conn in first:
            group.discard(conn)
    else:
        group.drop(seat=0, reason={"type": "error", "code": "x", "message": "gone"})
        group.drop(spectators=True, reason={"type": "error", "code": "x", "message": "gone"})
    assert len(group) == 0
    assert (group._docs, group._logs, group._summary) == ({}, {}, None)
    r.version = 5
    r.log.append({"v": 5, "type": "note", "text": "line 5"})
    group.broadcast(r)  # nobody to send it to: nothing is built
    assert group._docs == {}
    later = {viewer: group.open(r, viewer) for viewer in (0, None)}
    held = {viewer: mirror(conn) for viewer, conn in later.items()}
    for v in range(6, 9):
        r.version = v
        r.log.append({"v": v, "type": "note", "text": f"line {v}"})
        group.broadcast(r)
        for viewer, conn in later.items():
            held[viewer] = mirror(conn, held[viewer])
            assert held[viewer] == json.loads(json.dumps(conns.document(r, viewer, 3)))


def mirror(conn: Connection, doc: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Returns the document a client holds after reading everything queued for ``conn``."""
    while len(conn.outbox):
        item = conn.outbox.get_nowait()
        message = json.loads(item.text) if item is not None else {}
        if message.get("type") == "sync":
            doc = message["doc"]
        elif message.get("type") == "patch":
            doc = apply(doc or {}, message["ops"])
    return doc


async def test_patches_keep_each_mirror_equal_to_a_fresh_document_as_seats_move() -> None:
    """The log's operations are derived from what was added only when the connection holds
    the document they follow: one moved to another seat is compared entry by entry."""
    group = Connections(log_limit=3)
    r = room()
    r.seats.append(SeatInfo(2, "Cy", SeatKind.HUMAN))
    held: dict[int | None, dict[str, Any] | None] = {}
    conns_ = {viewer: group.open(r, viewer) for viewer in (None, 0, 1, 2)}
    for v in range(2, 9):
        r.version = v
        r.log.append({"v": v, "type": "note", "text": f"line {v}"}
                     | ({"only": [v % 3]} if v % 2 else {}))
        if v == 6:  # seat 1 leaves: seat 2's connection now mirrors seat 1
            del r.seats[1]
            for i, s in enumerate(r.seats):
                s.position = i
            group.discard(conns_.pop(1))
            group.renumber_after(1)
        group.broadcast(r)
        for viewer, conn in conns_.items():
            held[viewer] = mirror(conn, held.get(viewer))
            fresh = json.loads(json.dumps(conns.document(r, conn.viewer, 3)))
            assert held[viewer] == fresh, (v, viewer)
