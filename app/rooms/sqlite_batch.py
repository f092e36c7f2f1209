"""A batch's statements on SQLite, straight through its cursor: each statement's text
compiled once by SQLAlchemy, each value converted by its column's own bind processor,
so the rows stored are the ones SQLAlchemy would store, without its work around each
statement.

On SQLite the writer's statements run on the event loop, between every room's moves:
that work was over half of writing a batch (each statement's execution context, its
parameters looked up by name and processed, the expanding ``IN`` of the bump rendered
again, its result wrapped), and SQLite's own less than a fifth. Here a statement is
its text and a tuple of values per row.

The committer decides what a batch writes and in what order (``committer.Statements``);
this module gives it the statements: new rooms one at a time (each id is its row's),
one bump per room (its row count says whether the room was still at the change's
version), one ``executemany`` per table and set of columns for the rest. A column a row
leaves out gets its Python default, as SQLAlchemy gives it. SQLite's errors are raised
as SQLAlchemy raises them (``IntegrityError`` for a constraint, ``OperationalError`` for
a busy database), so that the committer and the writer treat both alike.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, DateTime, Table, bindparam, func, insert, update
from sqlalchemy.engine import Dialect
from sqlalchemy.engine.interfaces import DBAPICursor
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.compiler import SQLCompiler

from app.rooms.one_statement import Change
from app.rooms.writes import ROOMS, ROW_KEY

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


class SqliteStatements:
    """A batch's statements (``committer.Statements``) on one dialect's SQLite connections;
    keeps each statement it compiles."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._kept: dict[tuple[Any, ...], _Statement] = {}
        # One converter per kind of time, shared by every statement (``_remembering``).
        self._times: dict[str, Callable[[Any], Any]] = {}
        # The connection last written on and its driver's cursor, used for every statement
        # on it: finding the driver's connection through SQLAlchemy's and opening a cursor
        # cost more than a bump (the connection is kept, so its id is never another's).
        self._cursor: tuple[Connection, DBAPICursor] | None = None

    def create(self, conn: Connection, rooms: list[dict[str, Any]]) -> list[int]:
        """Inserts new rooms' rows, one at a time (each room's id is its row's); returns
        their ids in order."""
        ids, on = [], self._cursor_on(conn)
        for room in rooms:
            statement = self._statement("insert", ROOMS, tuple(room))
            cursor = _execute(on, statement.sql, statement.row(room))
            assert cursor.lastrowid is not None
            ids.append(cursor.lastrowid)
        return ids

    def bump(self, conn: Connection, changes: Sequence[Change]) -> set[int]:
        """Moves each change's room one version up if it is still at the change's version,
        one statement per room; returns the ids of the rooms moved."""
        bump = self._statement("bump", ROOMS, _BUMP_KEYS)
        now = max([c.now for c in changes]) if len(changes) > 1 else changes[0].now
        moved, on = set(), self._cursor_on(conn)
        for c in changes:
            cursor = _execute(on, bump.sql, bump.row({
                "room": c.room.id, "at_version": c.room.version, "now": now,
                "touched": now if c.writes.touched else None}))
            if cursor.rowcount == 1:
                moved.add(c.room.id)
        return moved

    def insert(self, conn: Connection, table: Table, keys: tuple[str, ...],
               rows: list[dict[str, Any]]) -> None:
        """Inserts rows of ``table`` that all give ``keys``, in one ``executemany``."""
        statement = self._statement("insert", table, keys)
        _execute(self._cursor_on(conn), statement.sql, [statement.row(row) for row in rows],
                 many=True)

    def set(self, conn: Connection, table: Table, keys: tuple[str, ...],
            rows: list[dict[str, Any]]) -> None:
        """Sets values on rows of ``table``, each named by its ``ROW_KEY``, in one
        ``executemany``."""
        statement = self._statement("set", table, keys)
        _execute(self._cursor_on(conn), statement.sql, [statement.row(row) for row in rows],
                 many=True)

    def _cursor_on(self, conn: Connection) -> DBAPICursor:
        """Returns a cursor of ``conn``'s driver connection, the same for every statement."""
        kept = self._cursor
        if kept is None or kept[0] is not conn:
            dbapi = conn.connection.dbapi_connection
            assert dbapi is not None
            kept = self._cursor = (conn, dbapi.cursor())
        return kept[1]

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
            process: Callable[[Any], Any] | None = (
                bind.type.dialect_impl(self.dialect).bind_processor(self.dialect))
            if process is not None and isinstance(bind.type, DateTime):
                # Types that print alike convert alike on one dialect.
                process = self._times.setdefault(repr(bind.type), _remembering(process))
            if name in defaults:
                values.append((None, process, _default(defaults[name])))
            elif name in keys:
                values.append((name, process, None))
            else:  # a constant bound in the statement itself
                values.append((None, process, _constant(bind.effective_value)))
        return _Statement(compiled.string, tuple(values))


def _remembering(process: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Returns ``process`` converting a value it was given last time at once.

    For times, which never change once made: a batch stamps every room's bump with one
    time (``now`` and ``touched``), and a change its rows (an action's ``at``), whose text
    takes SQLAlchemy's format some 3 us; so one converter serves every statement."""
    last: list[Any] = [object(), None]  # the value last given, and its conversion

    def convert(value: Any) -> Any:
        if value is not last[0]:
            last[0], last[1] = value, process(value)
        return last[1]

    return convert


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


def _execute(cursor: DBAPICursor, sql: str, values: Any, many: bool = False) -> DBAPICursor:
    """Runs a statement on a SQLite cursor (``many``: once per row of ``values``), raising
    SQLite's errors as SQLAlchemy raises them: the statement named, not its values, which
    may hold a seat's token hash."""
    try:
        if many:
            cursor.executemany(sql, values)
        else:
            cursor.execute(sql, values)
    except sqlite3.Error as e:
        raise DBAPIError.instance(sql, None, e, sqlite3.Error) from e
    return cursor
