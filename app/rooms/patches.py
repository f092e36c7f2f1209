"""RFC 6902 patches between two versions of a document, by the document's own structure.

A document is plain JSON whose shape stays put from one version to the next: the same
keys, lists that mostly keep their length. So the difference is found by walking both
at once — a part that is the very object it was (documents are built from kept pieces)
is skipped without a look, other equal parts at C speed by ``==`` — and the log, which
only grows at its end and loses entries at its start, gets plain ``add``/``remove``
operations.
"""

from __future__ import annotations

from typing import Any

import jsonpatch

JSON = Any
Op = dict[str, JSON]


class Whole(dict[str, JSON]):
    """A dict a patch replaces whole where it differs, in one operation, instead of walking
    it: for a map whose keys come and go together, such as the cards of a hand that start
    or stop waiting for a rule all at once (``documents.why_not``), where a walk gives an
    operation per key. Its JSON is the dict's."""

    __slots__ = ()


def diff(old: dict[str, JSON], new: dict[str, JSON], *, log_kept: int | None = None,
         known: dict[str, list[Op]] | None = None) -> list[Op]:
    """Returns operations turning document ``old`` into ``new``.

    ``log_kept``, when known, says that the new log starts with the last ``log_kept``
    entries of the old one and that the rest of it was added: its operations then follow
    without comparing entries. ``known`` maps some keys to their operations, found
    already (``part_ops``, on values that differ as this key's do): they are taken as
    they are, the key's values not compared.
    """
    ops: list[Op] = []
    same = old.keys() == new.keys()  # the usual shape: no key came or went
    if not same:
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"/{_POINTER[key]}"})
    for key, value in new.items():
        if not same and key not in old:
            ops.append({"op": "add", "path": f"/{_POINTER[key]}", "value": value})
        elif known is not None and key in known:
            ops.extend(known[key])
        elif key == "log":
            ops.extend(_log_ops(old[key], value) if log_kept is None
                       else _kept_log_ops(old[key], value, log_kept))
        elif (was := old[key]) is not value and was != value:
            _walk(was, value, f"/{_POINTER[key]}", ops)
    return ops


def part_ops(key: str, old: JSON, new: JSON) -> list[Op]:
    """Returns the operations turning a document whose ``key`` holds ``old`` into one whose
    ``key`` holds ``new`` (the rest alike), for ``diff``'s ``known``."""
    ops: list[Op] = []
    if old is not new and old != new:
        _walk(old, new, f"/{_POINTER[key]}", ops)
    return ops


# Operations found for a pair of objects under a key, with the two objects (kept, so that
# neither id is reused while the pair is looked up): ``shared_part_ops``.
Found = dict[tuple[Any, ...], tuple[JSON, JSON, list[Op]]]


# How deep ``shared_part_ops`` looks pairs up: a view's entries, and their entries (a
# table's rows, copied into each viewer's table with its own row set); below that, parts
# are walked as ``diff`` walks them, since looking up what only one viewer holds (a seat's
# guns) costs more than it saves (docs/performance.md, "Parts of views shared, walked once").
SHARED_DEPTH = 1


def shared_part_ops(key: str, old: JSON, new: JSON, found: Found) -> list[Op]:
    """Returns ``part_ops(key, old, new)`` for documents built from shared pieces: the
    operations of a pair of parts, and of each pair of their dicts and lists within, are
    found once and kept in ``found`` (a dict the caller keeps as long as the documents it
    compares: one broadcast's).

    Every viewer's game view is a copy of one part every viewer shares, with the viewer's
    own few entries set (its hand, its row of the table): the parts they share (the other
    rows, whose turn it is) are then walked once for every viewer, and a view every viewer
    shares whole, once."""
    pair = ("", key, id(old), id(new))
    entry = found.get(pair)
    if entry is None:
        # Not compared first: a part looked up here has mostly changed.
        ops: list[Op] = []
        if old is not new:
            _walk_shared(old, new, f"/{_POINTER[key]}", ops, found, SHARED_DEPTH)
        entry = found[pair] = (old, new, ops)
    return entry[2]


def _found(found: Found, path: str, name: Any, old: JSON, new: JSON, depth: int) -> list[Op]:
    """The operations from ``old`` to ``new`` under ``name`` at ``path``, looked up in
    ``found``, or found and kept there."""
    pair = (path, name, id(old), id(new))
    entry = found.get(pair)
    if entry is None:
        ops: list[Op] = []
        if old is not new and old != new:
            if depth:
                _walk_shared(old, new, f"{path}/{_POINTER[name]}", ops, found, depth - 1)
            else:
                _walk(old, new, f"{path}/{_POINTER[name]}", ops)
        entry = found[pair] = (old, new, ops)
    return entry[2]


def _walk_shared(old: JSON, new: JSON, path: str, ops: list[Op], found: Found,
                 depth: int) -> None:
    """``_walk`` of two parts that differ, each pair of dicts or lists within them looked
    up in ``found`` (lists of one length item by item; others as ``_walk_list`` does)."""
    kind = type(new)
    if kind is dict and type(old) is dict:
        same = old.keys() == new.keys()  # the usual shape: no key came or went
        if not same:
            for name in old:
                if name not in new:
                    ops.append({"op": "remove", "path": f"{path}/{_POINTER[name]}"})
        for name, value in new.items():
            if not same and name not in old:
                ops.append({"op": "add", "path": f"{path}/{_POINTER[name]}", "value": value})
            elif (was := old[name]) is not value:
                if type(value) in _WALKED:
                    ops.extend(_found(found, path, name, was, value, depth))
                elif was != value:
                    ops.append({"op": "replace", "path": f"{path}/{_POINTER[name]}",
                                "value": value})
    elif kind is list and type(old) is list and len(old) == len(new):
        for i, value in enumerate(new):
            if (was := old[i]) is not value:
                if type(value) in _WALKED:
                    ops.extend(_found(found, path, i, was, value, depth))
                elif was != value:
                    ops.append({"op": "replace", "path": f"{path}/{i}", "value": value})
    elif old != new:
        _walk(old, new, path, ops)


# ``_walk`` is called only on parts that differ: the walks compare the children before
# going down (and before building their paths), as most are equal. A part is walked when
# it is a plain ``dict`` or ``list`` (its type read once, not asked with ``isinstance``
# against a union, some 45 times a move) and replaced whole otherwise: a value of any
# other type (a subclass, a tuple) is still patched correctly, in one operation. A child
# that differs and is neither (a number, a text: most of them) is replaced by its parent's
# walk at once, without a call of ``_walk`` to find that out. A child that is the object
# it was is not compared: ``!=`` would still go through its items (a kept view's cards,
# a seat's row) to find that each is itself.
_WALKED = (dict, list)


def _walk(old: JSON, new: JSON, path: str, ops: list[Op]) -> None:
    kind = type(new)
    if kind is dict and type(old) is dict:
        _walk_dict(old, new, path, ops)
    elif kind is list and type(old) is list and old and new:
        _walk_list(old, new, path, ops)
    else:
        ops.append({"op": "replace", "path": path, "value": new})


def _walk_dict(old: dict[str, JSON], new: dict[str, JSON], path: str, ops: list[Op]) -> None:
    same = old.keys() == new.keys()  # the usual shape: no key came or went
    if not same:
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_POINTER[key]}"})
    for key, value in new.items():
        if not same and key not in old:
            ops.append({"op": "add", "path": f"{path}/{_POINTER[key]}", "value": value})
        elif (was := old[key]) is not value and was != value:
            if type(value) in _WALKED:
                _walk(was, value, f"{path}/{_POINTER[key]}", ops)
            else:
                ops.append({"op": "replace", "path": f"{path}/{_POINTER[key]}", "value": value})


def _walk_list(old: list[JSON], new: list[JSON], path: str, ops: list[Op]) -> None:
    """Patches a list: items added or removed are found between the equal ends, so the
    items after them are not compared (nor replaced) one by one at shifted indices."""
    old_length, new_length = len(old), len(new)
    start, end = 0, 0
    common = old_stop = new_stop = old_length  # the usual case: no item added or removed
    if old_length != new_length:  # one was: the items after it moved
        shortest = min(old_length, new_length)
        while start < shortest and old[start] == new[start]:
            start += 1
        while (end < shortest - start
               and old[old_length - 1 - end] == new[new_length - 1 - end]):
            end += 1
        old_stop, new_stop = old_length - end, new_length - end
        common = min(old_stop, new_stop)
    for i in range(start, common):
        if (was := old[i]) is not (now := new[i]) and was != now:
            if type(now) in _WALKED:
                _walk(was, now, f"{path}/{i}", ops)
            else:
                ops.append({"op": "replace", "path": f"{path}/{i}", "value": now})
    if old_length == new_length:
        return
    for i in range(old_stop - 1, common - 1, -1):  # from the end, so indices stay valid
        ops.append({"op": "remove", "path": f"{path}/{i}"})
    for i in range(common, new_stop):
        at = "-" if end == 0 else i
        ops.append({"op": "add", "path": f"{path}/{at}", "value": new[i]})


def _log_ops(old: list[JSON], new: list[JSON]) -> list[Op]:
    if old == new:
        return []
    if not new:
        return [{"op": "replace", "path": "/log", "value": new}]
    # Entries fall off the front only: the new log starts with the old one's tail.
    dropped = next((i for i, e in enumerate(old) if e == new[0]), len(old))
    kept = len(old) - dropped
    if new[:kept] == old[dropped:]:
        return _kept_log_ops(old, new, kept)
    return [{"op": "replace", "path": "/log", "value": new}]


def _kept_log_ops(old: list[JSON], new: list[JSON], kept: int) -> list[Op]:
    """Returns the operations of a log that kept the last ``kept`` entries of ``old``."""
    if len(old) - kept > kept:  # more removed than kept: one replace is shorter
        return [{"op": "replace", "path": "/log", "value": new}]
    ops: list[Op] = [{"op": "remove", "path": "/log/0"}] * (len(old) - kept)
    for i in range(kept, len(new)):  # a loop: usually one entry or two
        ops.append({"op": "add", "path": "/log/-", "value": new[i]})
    return ops


def _escape(key: str) -> str:
    """Escapes a key for a JSON pointer (RFC 6901)."""
    key = str(key)
    if "~" in key or "/" in key:
        return key.replace("~", "~0").replace("/", "~1")
    return key


class _Pointers(dict[Any, str]):
    """Each key's part of a JSON pointer (``_escape``), found once and then looked up: a
    diff builds a path for every key it goes down, and documents have few keys. Only
    text keys are kept (``1``, ``1.0`` and ``True`` are one key to a dict), and only so
    many, should a game's keys be many."""

    LIMIT = 4096

    def __missing__(self, key: Any) -> str:
        escaped = _escape(key)
        if type(key) is str and len(self) < self.LIMIT:
            self[key] = escaped
        return escaped


_POINTER = _Pointers()


def apply(doc: dict[str, JSON], ops: list[Op]) -> dict[str, JSON]:
    """Returns ``doc`` with ``ops`` applied (a client's view of a patch, used by tests)."""
    result: dict[str, JSON] = jsonpatch.apply_patch(doc, ops)
    return result
