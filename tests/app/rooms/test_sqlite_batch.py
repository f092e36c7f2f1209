"""Batches written straight through SQLite's cursor: the same play stores the same rows, to
the text of every value, as the general path; a stale room is left out alone; a column left
out gets its default; SQLite's errors are raised as SQLAlchemy's, without the values."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.dialects import sqlite
from sqlalchemy.dialects.sqlite import base as sqlite_base
from sqlalchemy.exc import IntegrityError, StatementError

from app.db import Database
from app.rooms import RoomService
from app.rooms.committer import GENERAL, write_batch
from app.rooms.sqlite_batch import SqliteStatements
from app.rooms.writes import ACTIONS, CHAT, GAMES, ROOMS, SEATS, Writes
from app.settings import Settings
from tests.support.batches import stored_both_ways

NOW = datetime(2026, 5, 1, 12, 30, 15, 250_000, tzinfo=UTC)


def general(service: RoomService) -> None:
    service.committer.statements = GENERAL


def new_room(code: str, token_hash: str = "h" * 64) -> SimpleNamespace:
    """A new room as the committer holds it (``_Creation``), with its host's seat."""
    return SimpleNamespace(
        room={"code": code, "game": "highcard", "options": {}, "status": "lobby",
              "host_seat": 0, "allow_spectators": True, "hints": True, "version": 1,
              "matches": 0, "turn_clock": None, "gone_after": None, "created_at": NOW,
              "updated_at": NOW, "touched_at": NOW},
        rows=[(SEATS, {"position": 0, "name": "Ana", "kind": "human", "bot": None,
                       "token_hash": token_hash})])


def change(room_id: int, version: int, writes: Writes) -> SimpleNamespace:
    """A change as the committer holds it (``_Change``)."""
    return SimpleNamespace(room=SimpleNamespace(id=room_id, version=version), writes=writes,
                           now=NOW)


def write(db: Database, creations: list[Any], changes: list[Any]
          ) -> tuple[list[int], set[int]]:
    """Writes one batch in a transaction of the writer's SQLite connection."""
    assert db.sqlite_dialect is not None
    statements = SqliteStatements(db.sqlite_dialect)
    with db._sqlite.connect() as conn, conn.begin():  # type: ignore[union-attr]
        return write_batch(conn, creations, changes, statements)


def rows(db: Database, sql: str) -> list[tuple[Any, ...]]:
    with db._sqlite.connect() as conn:  # type: ignore[union-attr]
        return [tuple(r) for r in conn.execute(text(sql))]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_the_same_play_stores_the_same_rows_either_way(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    direct, general_path = await stored_both_ways(settings, monkeypatch, general)
    assert direct == general_path


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_room_another_writer_moved_on_is_left_out_alone(settings: Settings) -> None:
    db = Database(settings.database_url)
    a, b = write(db, [new_room("AAAA"), new_room("BBBB")], [])[0]
    said = Writes(inserts=[(CHAT, {"room_id": b, "room_version": 2, "seat": None, "name": "",
                                   "kind": "notice", "text": "stale", "at": NOW, "only": None})])
    game = Writes(inserts=[(GAMES, {"id": "g1", "room_id": a, "game": "highcard",
                                    "rules_version": "1", "seed": 7})],
                  room={"status": "playing", "current_game_id": "g1"}, touched=True)
    made, written = write(db, [], [change(a, 1, game), change(b, 0, said)])
    assert (made, written) == ([], {a})
    assert rows(db, "SELECT code, version, status, current_game_id, touched_at, updated_at "
                    "FROM rooms ORDER BY code") == [
        ("AAAA", 2, "playing", "g1", "2026-05-01 12:30:15.250000", "2026-05-01 12:30:15.250000"),
        ("BBBB", 1, "lobby", None, "2026-05-01 12:30:15.250000", "2026-05-01 12:30:15.250000")]
    assert rows(db, "SELECT text FROM chat") == []
    # Columns the row left out: their Python defaults, as SQLAlchemy gives them.
    assert rows(db, "SELECT options, seats, match, status, actions_count FROM games") == [
        ("{}", "[]", 0, "playing", 0)]
    await db.dispose()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_an_untouched_change_keeps_the_last_touch(settings: Settings) -> None:
    db = Database(settings.database_url)
    [room], _ = write(db, [new_room("CCCC")], [])
    later = change(room, 1, Writes(room={"deadline": None}))
    later.now = datetime(2026, 5, 2, tzinfo=UTC)
    write(db, [], [later])
    assert rows(db, "SELECT version, touched_at, updated_at FROM rooms") == [
        (2, "2026-05-01 12:30:15.250000", "2026-05-02 00:00:00.000000")]
    await db.dispose()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_sqlite_errors_are_sqlalchemy_errors_without_the_values(
        settings: Settings) -> None:
    db = Database(settings.database_url)
    write(db, [new_room("DDDD")], [])
    secret = "s3cr3t" * 10
    with pytest.raises(IntegrityError) as clash:
        write(db, [new_room("DDDD", token_hash=secret)], [])
    assert "UNIQUE" in str(clash.value) and "INSERT INTO rooms" in str(clash.value)
    with pytest.raises(IntegrityError) as missing:  # an action of no game: a foreign key
        write(db, [], [change(1, 1, Writes(inserts=[(ACTIONS, {
            "game_id": secret, "seq": 1, "seat": 0, "action": {}, "room_version": 2})]))])
    for error in (clash.value, missing.value):
        assert isinstance(error, StatementError) and secret not in str(error)
    # Nothing of a failed batch is kept.
    assert rows(db, "SELECT code, version FROM rooms") == [("DDDD", 1)]
    await db.dispose()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_one_cursor_serves_a_connection_and_a_new_connection_gets_its_own(
        settings: Settings) -> None:
    """Every statement on one connection goes through one cursor; a batch on another
    connection (the writer's, let go and opened afresh) writes through that one's."""
    db = Database(settings.database_url)
    assert db.sqlite_dialect is not None
    statements = SqliteStatements(db.sqlite_dialect)
    with db._sqlite.connect() as first:  # type: ignore[union-attr]
        with first.begin():
            write_batch(first, [new_room("EEEE")], [], statements)  # type: ignore[list-item]
            cursor = statements._cursor_on(first)
            write_batch(first, [new_room("FFFF")], [], statements)  # type: ignore[list-item]
            assert statements._cursor_on(first) is cursor
        first.invalidate()  # its driver connection closed, as a writer let go has it
    with db._sqlite.connect() as second, second.begin():  # type: ignore[union-attr]
        write_batch(second, [new_room("GGGG")], [], statements)  # type: ignore[list-item]
        assert statements._cursor_on(second) is not cursor
    assert rows(db, "SELECT code FROM rooms ORDER BY code") == [("EEEE",), ("FFFF",), ("GGGG",)]
    await db.dispose()


def test_every_statement_kind_is_compiled_once() -> None:
    statements = SqliteStatements(sqlite.dialect())
    first = statements._statement("insert", SEATS, ("room_id", "position", "name"))
    assert statements._statement("insert", SEATS, ("room_id", "position", "name")) is first
    assert first.sql == "INSERT INTO seats (room_id, position, name, kind) VALUES (?, ?, ?, ?)"
    assert first.row({"room_id": 3, "position": 1, "name": "Bo"}) == (3, 1, "Bo", "human")
    with pytest.raises(ValueError, match="got 'drop'"):
        statements._statement("drop", ROOMS, ())


def test_each_time_is_written_as_its_own_text_though_the_last_is_remembered() -> None:
    """A time's text is remembered from one row to the next (a batch stamps every bump with
    one time), never given for another time, equal or not."""
    statements = SqliteStatements(sqlite.dialect())
    bump = statements._statement("bump", ROOMS, ("room", "at_version", "now", "touched"))
    later = NOW.replace(second=16)
    same_instant = NOW.replace(tzinfo=None)
    assert bump.sql.startswith("UPDATE rooms SET version=(rooms.version + ?), "
                               "touched_at=coalesce(?, rooms.touched_at), updated_at=? ")
    texts = [bump.row({"room": 1, "at_version": 1, "now": now, "touched": touched})[1:3]
             for touched, now in ((NOW, NOW), (None, NOW), (NOW, later), (later, same_instant))]
    assert texts == [("2026-05-01 12:30:15.250000", "2026-05-01 12:30:15.250000"),
                     (None, "2026-05-01 12:30:15.250000"),
                     ("2026-05-01 12:30:15.250000", "2026-05-01 12:30:16.250000"),
                     ("2026-05-01 12:30:16.250000", "2026-05-01 12:30:15.250000")]


def test_one_time_is_converted_once_for_every_statement_of_a_batch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A change's rows carry the batch's time as its bump does: converted once for both."""
    converted: list[datetime] = []
    made = sqlite_base.DATETIME.bind_processor

    def counted(self: Any, dialect: Any) -> Any:
        process = made(self, dialect)
        assert process is not None

        def convert(value: Any) -> Any:
            converted.append(value)
            return process(value)
        return convert

    monkeypatch.setattr(sqlite_base.DATETIME, "bind_processor", counted)
    statements = SqliteStatements(sqlite.dialect())
    bump = statements._statement("bump", ROOMS, ("room", "at_version", "now", "touched"))
    play = statements._statement("insert", ACTIONS, ("game_id", "seq", "seat", "action",
                                                     "events", "room_version", "at"))
    later = NOW.replace(second=16)
    assert bump.row({"room": 1, "at_version": 1, "now": NOW, "touched": NOW})[1:3] == (
        "2026-05-01 12:30:15.250000", "2026-05-01 12:30:15.250000")
    assert play.row({"game_id": "g", "seq": 1, "seat": 0, "action": {}, "events": [],
                     "room_version": 2, "at": NOW})[-1] == "2026-05-01 12:30:15.250000"
    assert converted == [NOW]
    assert play.row({"game_id": "g", "seq": 2, "seat": 1, "action": {}, "events": [],
                     "room_version": 3, "at": later})[-1] == "2026-05-01 12:30:16.250000"
    assert converted == [NOW, later]
