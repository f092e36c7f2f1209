"""A batch of room changes as one PostgreSQL statement: one round trip, not one per statement
(asyncpg only: it sends the statement itself).

On PostgreSQL each statement of a transaction is a round trip, BEGIN and COMMIT too, and
under load each waits for a turn of the event loop: a batch of moves took four or more.
Here the whole batch is one statement, atomic on its own (no transaction around it).
Data-modifying common table expressions create the new rooms, bump the changed rooms'
versions (setting their values on the way), insert every table's rows and set the games'
values, each row only if the bump of its room matched: a room another writer moved on
is left out alone, as in the general path (``app.rooms.committer``).

The rows travel as one JSON array per table and set of columns, read back by
``jsonb_to_recordset`` into the columns' own types. JSON columns travel as their JSON
text and are cast back to ``json``: the text stored is the one the general path stores
(read through ``jsonb`` their keys would be reordered), and ``None`` is JSON ``null``
there too. A column a row leaves out gets its Python default, as SQLAlchemy gives it.

A batch needing more goes the general way (``build`` returns ``None``): a change running
other statements (a seat freed or handed to a bot), or setting values on a game inserted
in the same batch (the update would not see the row inserted beside it in the same
statement, and its values would be lost).

The statement's text depends only on the kind of batch (the tables and columns it
writes, in a fixed order), so asyncpg prepares each kind once and then sends one
message. One difference from the general path remains: rows of one table with different
sets of columns are inserted by different expressions, which PostgreSQL may run in any
order, so their ids may come in another order than the changes'. It does not arise
today: each table's rows are written with one set of columns (``app.rooms.writes``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy import JSON, Column, Table
from sqlalchemy.dialects import postgresql

from app.db import column_json
from app.rooms.writes import GAMES, ROOMS

_DIALECT = postgresql.dialect()
_QUOTE = _DIALECT.identifier_preparer.quote
ROOM_KEY = "room_"  # the field naming a change's room in its rows
CODE_KEY = "code_"  # the field naming a new room (by its code) in its first rows


class Change(Protocol):
    """What ``build`` reads of a change (``committer._Change``)."""

    @property
    def room(self) -> Any: ...
    @property
    def writes(self) -> Any: ...
    @property
    def now(self) -> datetime: ...


class Creation(Protocol):
    """What ``build`` reads of a new room (``committer._Creation``)."""

    @property
    def room(self) -> dict[str, Any]: ...
    @property
    def rows(self) -> list[tuple[Table, dict[str, Any]]]: ...


@dataclass(frozen=True)
class OneStatement:
    """The statement's SQL and its positional parameters (JSON texts, and the time)."""

    sql: str
    args: list[Any]


def build(creations: Sequence[Creation], changes: Sequence[Change]) -> OneStatement | None:
    """Returns the batch as one statement, or ``None`` if it needs the general path; the
    rooms it changes are stamped with the latest time of its changes, as in the general
    path.

    The statement returns one row per new room (``id``, ``code``) and one per room bumped
    (``id``, ``NULL``).
    """
    games_inserted = {row["id"] for c in changes for table, row in c.writes.inserts
                      if table is GAMES}
    if any(c.writes.statements or games_inserted & c.writes.games.keys() for c in changes):
        return None
    sql = _Sql()
    parts: list[tuple[str, str]] = []  # (name, statement) of each expression
    if creations:
        parts.append(("new_rooms", _new_rooms(sql, [c.room for c in creations])))
        grouped: dict[tuple[Table, tuple[str, ...]], list[dict[str, Any]]] = defaultdict(list)
        for new in creations:
            for table, row in new.rows:
                grouped[(table, tuple(row))].append({**row, CODE_KEY: new.room["code"]})
        # A new room's first rows (its host's seat, its first notice) name it by its code.
        parts += [(f"first_{i}", _insert(sql, table, rows, (CODE_KEY, "text"), room_id="n.id",
                                         condition=f"JOIN new_rooms AS n ON n.code = "
                                                   f"r.{_QUOTE(CODE_KEY)}"))
                  for i, (table, rows) in enumerate(_in_order(grouped))]
    if changes:
        now = sql.arg(_aware(max(c.now for c in changes)))
        parts.append(("bumped", _bump(sql, changes, now)))
        grouped = defaultdict(list)
        for c in changes:
            for table, row in c.writes.inserts:
                grouped[(table, tuple(row))].append({**row, ROOM_KEY: c.room.id})
        parts += [(f"rows_{i}", _insert(sql, table, rows, (ROOM_KEY, "integer"), room_id=None,
                                        condition=f"WHERE r.{_QUOTE(ROOM_KEY)} IN "
                                                  f"(SELECT id FROM bumped)"))
                  for i, (table, rows) in enumerate(_in_order(grouped))]
        games = [(c.room.id, game_id, values) for c in changes
                 for game_id, values in c.writes.games.items()]
        if games:
            parts.append(("games_set", _set_games(sql, games)))
    selects = []
    if creations:
        selects.append("SELECT id, code FROM new_rooms")
    if changes:
        selects.append("SELECT id, NULL AS code FROM bumped")
    return OneStatement("WITH " + ",\n".join(f"{name} AS ({part})" for name, part in parts)
                        + "\n" + " UNION ALL ".join(selects), sql.args)


def _in_order(grouped: dict[tuple[Table, tuple[str, ...]], list[dict[str, Any]]]
              ) -> list[tuple[Table, list[dict[str, Any]]]]:
    """Returns each table's rows per set of columns in one order whatever the batch's, so
    that batches of one kind are one statement text, prepared once by the driver."""
    return [(table, rows) for (table, _), rows in
            sorted(grouped.items(), key=lambda item: (item[0][0].name, item[0][1]))]


def read(rows: Iterable[Any], creations: Sequence[Creation]) -> tuple[list[int], set[int]]:
    """Returns what the statement's rows say: the new rooms' ids in the order of
    ``creations``, and the ids of the rooms bumped."""
    made: dict[str, int] = {}
    bumped: set[int] = set()
    for row in rows:
        if row["code"] is None:
            bumped.add(int(row["id"]))
        else:
            made[row["code"]] = int(row["id"])
    return [made[c.room["code"]] for c in creations], bumped


class _Sql:
    """Collects the positional parameters."""

    def __init__(self) -> None:
        self.args: list[Any] = []

    def arg(self, value: Any) -> str:
        self.args.append(value)
        return f"${len(self.args)}"

    def records(self, fields: list[tuple[str, str]], rows: list[dict[str, Any]]) -> str:
        """Returns ``jsonb_to_recordset(...) AS r(...)`` over ``rows``, whose fields are
        (name, SQL type)."""
        arg = self.arg(column_json(rows))
        columns = ", ".join(f"{_QUOTE(name)} {kind}" for name, kind in fields)
        return f"jsonb_to_recordset({arg}::jsonb) AS r({columns})"


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def _is_json(column: Column[Any]) -> bool:
    return isinstance(column.type, JSON)


def _field(column: Column[Any]) -> str:
    """The type a column's value travels in."""
    return "text" if _is_json(column) else column.type.compile(dialect=_DIALECT)


def _read(column: Column[Any], name: str, alias: str = "r") -> str:
    """The expression that reads a column's value from the record set."""
    expr = f"{alias}.{_QUOTE(name)}"
    return f"CAST({expr} AS json)" if _is_json(column) else expr


def _carried(column: Column[Any], value: Any) -> Any:
    """A column's value as it travels in the JSON array."""
    if _is_json(column):
        return column_json(value)
    if isinstance(value, datetime):
        return _aware(value).isoformat()
    return value


def _with_defaults(table: Table, rows: list[dict[str, Any]], skip: set[str]) -> list[str]:
    """Returns the columns the rows set, in the table's order, after giving the rows the
    Python default of each column they leave out (as SQLAlchemy would); ``skip`` names
    fields that are not columns."""
    given = set(rows[0]) - skip
    for column in table.columns:
        if column.name in given or column.default is None:
            continue
        default: Any = column.default
        for row in rows:
            row[column.name] = default.arg(None) if default.is_callable else default.arg
        given.add(column.name)
    return [c.name for c in table.columns if c.name in given]


def _records_of(sql: _Sql, table: Table, rows: list[dict[str, Any]], key: tuple[str, str]
                ) -> tuple[list[str], str]:
    """Returns the rows' columns and their record set, whose extra field is ``key``
    (name, SQL type)."""
    names = _with_defaults(table, rows, {key[0]})
    columns = [table.c[n] for n in names]
    carried = [{key[0]: row[key[0]], **{c.name: _carried(c, row[c.name]) for c in columns}}
               for row in rows]
    return names, sql.records([key, *((c.name, _field(c)) for c in columns)], carried)


def _new_rooms(sql: _Sql, rooms: list[dict[str, Any]]) -> str:
    rooms = [dict(room) for room in rooms]  # defaults are added to copies
    names = _with_defaults(ROOMS, rooms, set())
    columns = [ROOMS.c[n] for n in names]
    records = sql.records([(c.name, _field(c)) for c in columns],
                          [{c.name: _carried(c, room[c.name]) for c in columns}
                           for room in rooms])
    listed = ", ".join(_QUOTE(n) for n in names)
    return (f"INSERT INTO rooms ({listed}) SELECT {', '.join(_read(c, c.name) for c in columns)}"
            f" FROM {records} RETURNING id, code")


def _insert(sql: _Sql, table: Table, rows: list[dict[str, Any]], key: tuple[str, str], *,
            room_id: str | None, condition: str) -> str:
    """Returns the insert of ``rows`` (with ``key``'s extra field), each row's room id read
    by ``room_id`` if given, and the rows kept by ``condition``."""
    names, records = _records_of(sql, table, rows, key)
    targets = [_QUOTE(n) for n in names]
    values = [_read(table.c[n], n) for n in names]
    if room_id is not None:
        targets, values = ["room_id", *targets], [room_id, *values]
    return (f"INSERT INTO {_QUOTE(table.name)} ({', '.join(targets)})"
            f" SELECT {', '.join(values)} FROM {records} {condition}")


def _set_flag(name: str) -> str:
    return f"set {name}"


def _settings(table: Table, values: list[dict[str, Any]]) -> tuple[list[Column[Any]],
                                                                 list[dict[str, Any]]]:
    """Returns the columns any of ``values`` sets, and each one's fields: every such
    column's value (or ``None``) and whether it sets it."""
    names = sorted({n for v in values for n in v})
    columns = [table.c[n] for n in names]
    fields = [{**{c.name: _carried(c, v[c.name]) if c.name in v else None for c in columns},
               **{_set_flag(c.name): c.name in v for c in columns}} for v in values]
    return columns, fields


def _assignments(table: str, alias: str, columns: list[Column[Any]]) -> list[str]:
    return [f"{_QUOTE(c.name)} = CASE WHEN {alias}.{_QUOTE(_set_flag(c.name))} THEN "
            f"{_read(c, c.name, alias)} ELSE {table}.{_QUOTE(c.name)} END" for c in columns]


def _bump(sql: _Sql, changes: Sequence[Change], now_arg: str) -> str:
    columns, fields = _settings(ROOMS, [c.writes.room for c in changes])
    for change, f in zip(changes, fields, strict=True):
        f.update(id=change.room.id, version=change.room.version, touched=change.writes.touched)
    records = sql.records(
        [("id", "integer"), ("version", "integer"), ("touched", "boolean"),
         *((c.name, _field(c)) for c in columns),
         *((_set_flag(c.name), "boolean") for c in columns)], fields)
    sets = ["version = rooms.version + 1", f"updated_at = {now_arg}::timestamptz",
            f"touched_at = CASE WHEN r.touched THEN {now_arg}::timestamptz "
            f"ELSE rooms.touched_at END", *_assignments("rooms", "r", columns)]
    return (f"UPDATE rooms SET {', '.join(sets)} FROM {records}"
            f" WHERE rooms.id = r.id AND rooms.version = r.version RETURNING rooms.id")


def _set_games(sql: _Sql, games: list[tuple[int, str, dict[str, Any]]]) -> str:
    columns, fields = _settings(GAMES, [values for _, _, values in games])
    for (room_id, game_id, _), f in zip(games, fields, strict=True):
        f.update({"id": game_id, ROOM_KEY: room_id})
    records = sql.records(
        [("id", _field(GAMES.c.id)), (ROOM_KEY, "integer"),
         *((c.name, _field(c)) for c in columns),
         *((_set_flag(c.name), "boolean") for c in columns)], fields)
    return (f"UPDATE games SET {', '.join(_assignments('games', 'r', columns))} FROM {records}"
            f" WHERE games.id = r.id AND r.{_QUOTE(ROOM_KEY)} IN (SELECT id FROM bumped)")
