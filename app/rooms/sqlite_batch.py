"""A batch of room changes written to SQLite straight through its cursor: the statements'
texts compiled once by SQLAlchemy, each value converted by its column's own bind
processor, so the rows stored are the ones the general path (``app.rooms.committer``)
stores, without SQLAlchemy's work around each statement.

On SQLite the writer's statements run on the event loop, between every room's moves:
that work was over half of writing a batch (each statement's execution context, its
parameters looked up by name and processed, the expanding ``IN`` of the bump rendered
again, its result wrapped), and SQLite's own less than a fifth. Here a statement is
its text and a tuple of values per row.

The batch is written as the general path writes it, in the same order: the new rooms
and their first rows, then each changed room's version bump (a room another writer
moved on is left out alone), each table's rows with one ``executemany`` per set of
columns, the changes' other statements (through SQLAlchemy: they are rare), and the
values set on games and rooms. A column a row leaves out gets its Python default, as
SQLAlchemy gives it. SQLite's errors are raised as SQLAlchemy raises them
(``IntegrityError`` for a constraint, ``OperationalError`` for a busy database), so
that the committer and the writer treat both paths alike.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Table, bindparam, func, insert, update
from sqlalchemy.engine import Dialect
from sqlalchemy.engine.interfaces import DBAPICursor
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.compiler import SQLCompiler

from app.rooms.one_statement import Change, Creation
from app.rooms.writes import GAMES, ROOMS

ROW_KEY = "row_key"  # the parameter naming the row whose values are set
# A room at the version its change was made on moves one version up; ``touched`` is the
# time a person did it, or null to keep the last one.
_BUMP = (update(ROOMS)
         .where(ROOMS.c.id == bindparam("room"), ROOMS.c.version == bindparam("at_version"))
         .values(version=ROOMS.c.version + 1,
                 updated_at=bindparam("now", type_=ROOMS.c.updated_at.type),
                 touched_at=func.coalesce(bindparam("touched", type_=ROOMS.c.touched_at.type),
                                          ROOMS.c.touched_at)))
_BUMP_KEYS = ("room", "at_version", "now", "touched")


# Per position of a statement's values: the row's key (``None``: the value is computed),
# its processor, and what computes a value no row gives (a column's Python default, a
# constant bound in the statement).
_Value = tuple[str | None, Callable[[Any], Any] | None, Callable[[], Any] | None]


@dataclass(frozen=True)
class _Statement:
    """A statement's text, and how each of its positional values comes from a row's."""

    sql: str
    values: tuple[_Value, ...]

    def row(self, given: dict[str, Any]) -> tuple[Any, ...]:
        """Returns the statement's values for one row, converted as SQLAlchemy converts them."""
        out = []
        for key, process, make in self.values:
            value = given[key] if key is not None else make()  # type: ignore[misc]
            out.append(value if process is None else process(value))
        return tuple(out)


class SqliteBatches:
    """Writes batches on one dialect's SQLite connections; keeps each statement it compiles."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._kept: dict[tuple[Any, ...], _Statement] = {}

    def write(self, conn: Connection, creations: Sequence[Creation],
              changes: Sequence[Change]) -> tuple[list[int], set[int]]:
        """Writes a batch in the transaction open on ``conn``; returns the new rooms' ids in
        order, and the ids of the rooms whose change was written."""
        dbapi = conn.connection.dbapi_connection
        assert dbapi is not None
        cursor = dbapi.cursor()
        try:
            made = self._create(cursor, creations) if creations else []
            written = self._change(conn, cursor, changes) if changes else set()
        finally:
            cursor.close()
        return made, written

    def _create(self, cursor: DBAPICursor,
                creations: Sequence[Creation]) -> list[int]:
        ids = []
        for c in creations:  # one at a time: each room's id is the row's
            room = self._statement("insert", ROOMS, tuple(c.room))
            _execute(cursor, room.sql, room.row(c.room))
            assert cursor.lastrowid is not None
            ids.append(cursor.lastrowid)
        self._insert(cursor, [(table, {**row, "room_id": room_id})
                              for c, room_id in zip(creations, ids, strict=True)
                              for table, row in c.rows])
        return ids

    def _change(self, conn: Connection, cursor: DBAPICursor,
                changes: Sequence[Change]) -> set[int]:
        bump = self._statement("bump", ROOMS, _BUMP_KEYS)
        now = max(c.now for c in changes)
        ok = []
        for c in changes:
            _execute(cursor, bump.sql, bump.row({
                "room": c.room.id, "at_version": c.room.version, "now": now,
                "touched": now if c.writes.touched else None}))
            if cursor.rowcount == 1:
                ok.append(c)
        self._insert(cursor, [row for c in ok for row in c.writes.inserts])
        for c in ok:
            for statement in c.writes.statements:
                conn.execute(statement)
        # Only rows of rooms whose version moved are set: like their inserts, their
        # values are written only with the change they belong to.
        games = [(game_id, values) for c in ok for game_id, values in c.writes.games.items()]
        self._set(cursor, GAMES, games)
        self._set(cursor, ROOMS, [(c.room.id, c.writes.room) for c in ok if c.writes.room])
        return {c.room.id for c in ok}

    def _insert(self, cursor: DBAPICursor, rows: list[tuple[Table, dict[str, Any]]]) -> None:
        """Inserts each table's rows, one ``executemany`` per set of columns."""
        grouped: dict[tuple[Table, tuple[str, ...]], list[dict[str, Any]]] = defaultdict(list)
        for table, row in rows:
            grouped[(table, tuple(row))].append(row)
        for (table, keys), many in grouped.items():
            statement = self._statement("insert", table, keys)
            _execute(cursor, statement.sql, [statement.row(row) for row in many], many=True)

    def _set(self, cursor: DBAPICursor, table: Table,
             values: list[tuple[Any, dict[str, Any]]]) -> None:
        """Sets each row's values (the row given by its key), one ``executemany`` per set
        of columns."""
        grouped: dict[tuple[str, ...], list[dict[str, Any]]] = defaultdict(list)
        for key, row in values:
            grouped[(*sorted(row), ROW_KEY)].append({**row, ROW_KEY: key})
        for keys, many in grouped.items():
            statement = self._statement("set", table, keys)
            _execute(cursor, statement.sql, [statement.row(row) for row in many], many=True)

    def _statement(self, kind: str, table: Table, keys: tuple[str, ...]) -> _Statement:
        """Returns the statement of a kind for a table and the keys its rows give,
        compiled the first time."""
        found = self._kept.get((kind, table, keys))
        if found is None:
            found = self._kept[(kind, table, keys)] = self._compile(kind, table, keys)
        return found

    def _compile(self, kind: str, table: Table, keys: tuple[str, ...]) -> _Statement:
        if kind == "bump":
            compiled = _BUMP.compile(dialect=self.dialect)
        elif kind == "insert":
            compiled = insert(table).compile(dialect=self.dialect, column_keys=list(keys))
        elif kind == "set":
            compiled = (update(table).where(table.c.id == bindparam(ROW_KEY))
                        .compile(dialect=self.dialect, column_keys=list(keys)))
        else:
            raise ValueError(f"Expected a statement kind among bump, insert, set; got {kind!r}")
        assert isinstance(compiled, SQLCompiler) and compiled.positiontup is not None
        defaults = {c.key: c for c in compiled.insert_prefetch}
        values: list[_Value] = []
        for name in compiled.positiontup:
            bind = compiled.binds[name]
            process = bind.type.dialect_impl(self.dialect).bind_processor(self.dialect)
            if name in defaults:
                values.append((None, process, _default(defaults[name])))
            elif name in keys:
                values.append((name, process, None))
            else:  # a constant bound in the statement itself
                values.append((None, process, _constant(bind.effective_value)))
        return _Statement(compiled.string, tuple(values))


def _default(column: Any) -> Callable[[], Any]:
    """Returns what computes a column's Python default for one row, as SQLAlchemy does."""
    default = column.default
    if default is None or not (default.is_scalar or default.is_callable):
        raise ValueError(f"Expected a Python default for column {column}, got {default!r}")
    if default.is_scalar:
        return lambda: default.arg
    return lambda: default.arg(None)  # SQLAlchemy's wrapper takes the execution context


def _constant(value: Any) -> Callable[[], Any]:
    return lambda: value


def _execute(cursor: DBAPICursor, sql: str, values: Any, many: bool = False) -> None:
    """Runs a statement (``many``: once per row of ``values``), raising SQLite's errors as
    SQLAlchemy raises them: the statement named, not its values, which may hold a seat's
    token hash."""
    try:
        if many:
            cursor.executemany(sql, values)
        else:
            cursor.execute(sql, values)
    except sqlite3.Error as e:
        raise DBAPIError.instance(sql, None, e, sqlite3.Error) from e
