"""Patches by structure: applying diff(old, new) to old gives new, exactly, for any JSON."""

from __future__ import annotations

import copy
import json
from collections import OrderedDict
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rooms import patches
from app.rooms.patches import apply, diff, shared_part_ops

scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.text("ab~/", max_size=3)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5)
                      | st.dictionaries(st.text("ab~/", max_size=3), inner, max_size=4),
                      max_leaves=20)
log_entries = st.lists(st.fixed_dictionaries({"v": st.integers(0, 9), "text": st.text("xy")}),
                       max_size=6)
documents = st.fixed_dictionaries({"room": values, "game": values, "legal": values},
                                  optional={"log": log_entries, "extra": values})


@settings(max_examples=400, deadline=None)
@given(documents, documents)
def test_a_patch_turns_the_old_document_into_the_new_one(old, new) -> None:
    before = copy.deepcopy(old)
    ops = diff(old, new)
    assert old == before  # diff reads only
    assert apply(copy.deepcopy(old), ops) == new


# Two dicts with the same keys (the shape a document keeps from one version to the next),
# the second's in another order.
one_shape = st.lists(st.text("ab~/", max_size=3), unique=True, max_size=5).flatmap(
    lambda keys: st.tuples(st.fixed_dictionaries(dict.fromkeys(keys, values)),
                           st.fixed_dictionaries(dict.fromkeys(reversed(keys), values))))


@settings(max_examples=300, deadline=None)
@given(one_shape, one_shape)
def test_dicts_whose_keys_stay_are_patched_value_by_value(top, inner) -> None:
    """No key comes or goes: the patch replaces what changed, never adds or removes a key
    of a dict kept in both (however its keys are ordered), and still gives the new one."""
    old_inner, new_inner = inner
    old = {"room": top[0], "game": old_inner}
    new = {"room": top[1], "game": new_inner}
    ops = diff(old, new)
    assert apply(copy.deepcopy(old), ops) == new
    for op in ops:
        parent = op["path"].rsplit("/", 1)[0]
        if parent in ("", "/room", "/game"):  # a key of a dict of one shape
            assert op["op"] == "replace", ops
    found: patches.Found = {}
    assert apply({"game": copy.deepcopy(old_inner)},
                 shared_part_ops("game", old_inner, new_inner, found)) == {"game": new_inner}


@settings(max_examples=400, deadline=None)
@given(values, values, st.lists(st.tuples(values, values), min_size=1, max_size=4))
def test_operations_found_once_for_shared_parts_turn_each_document_into_its_new_one(
        old_shared, new_shared, own) -> None:
    """Views that copy one shared part and set their own entries, compared with one
    ``found``: each patch still turns each view into its new one."""
    found: patches.Found = {}
    for old_own, new_own in own:
        old = _view(old_shared, old_own)
        new = _view(new_shared, new_own)
        before = copy.deepcopy(old)
        ops = shared_part_ops("game", old, new, found)
        assert old == before  # read only
        assert apply({"game": copy.deepcopy(old)}, ops) == {"game": new}


def _view(shared: Any, own: Any) -> Any:
    """A view as a game builds it: the shared part's entries, with the viewer's own."""
    if type(shared) is dict:
        return {**shared, "own": own}
    if type(shared) is list:
        return [*shared, own] if shared and type(shared[0]) is list else [shared, own]
    return shared


def test_one_pair_of_parts_in_two_places_gets_the_operations_of_each_place() -> None:
    """Operations are kept by where they apply, not only by the parts compared."""
    was, now = [1, 2], [1, 3]
    old, new = {"a": was, "b": {"c": was}}, {"a": now, "b": {"c": now}}
    found: patches.Found = {}
    for _ in range(2):
        ops = shared_part_ops("game", old, new, found)
        assert ops == [{"op": "replace", "path": "/game/a/1", "value": 3},
                       {"op": "replace", "path": "/game/b/c/1", "value": 3}]


def test_a_shared_part_is_walked_once_for_every_document_that_holds_it(monkeypatch) -> None:
    walked: list[str] = []
    real = patches._walk

    def counting(old: Any, new: Any, path: str, ops: list[Any]) -> None:
        walked.append(path)
        real(old, new, path, ops)

    monkeypatch.setattr(patches, "_walk", counting)
    seats = [{"hand": i, "guns": [i]} for i in range(4)]
    later = [*seats[:3], {"hand": 9, "guns": [3, 9]}]
    found: patches.Found = {}
    for viewer in range(4):
        old = {"seats": seats, "turn": 0, "mine": [viewer]}
        new = {"seats": later, "turn": 1, "mine": [viewer, 5]}
        ops = shared_part_ops("game", old, new, found)
        assert apply({"game": copy.deepcopy(old)}, ops) == {"game": new}
    # The changed seat (and its guns within) once, each viewer's own list once.
    assert sorted(walked) == ["/game/mine"] * 4 + ["/game/seats/3", "/game/seats/3/guns"]


# What else a game's view may hold: containers that are not plain lists and dicts.
other_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.lists(inner, max_size=4).map(tuple)
    | st.dictionaries(st.text("ab", max_size=2), inner, max_size=3)
    | st.dictionaries(st.text("ab", max_size=2), inner, max_size=3).map(OrderedDict),
    max_leaves=12)


def as_sent(value: Any) -> Any:
    """Returns ``value`` as a client reads it: its JSON."""
    return json.loads(json.dumps(value))


@settings(max_examples=300, deadline=None)
@given(other_values, other_values)
def test_tuples_and_dict_subclasses_in_a_view_are_patched_as_their_json(old, new) -> None:
    ops = diff({"game": old}, {"game": new})
    assert as_sent(apply(as_sent({"game": old}), as_sent(ops))) == as_sent({"game": new})


@settings(max_examples=200, deadline=None)
@given(log_entries, st.integers(0, 3), log_entries)
def test_a_log_that_loses_its_start_and_grows_gets_removes_and_adds(old, dropped, added):
    log = [{"v": i, "text": str(i)} for i in range(len(old))]
    new_log = log[dropped:] + [{"v": 100 + i, "text": e["text"]} for i, e in enumerate(added)]
    ops = diff({"log": log}, {"log": new_log})
    assert apply({"log": copy.deepcopy(log)}, ops) == {"log": new_log}
    if new_log and dropped < len(log) and min(dropped, len(log)) + len(added) <= len(new_log):
        assert {op["op"] for op in ops} <= {"remove", "add"}  # cheaper than a replace


@settings(max_examples=200, deadline=None)
@given(log_entries, st.integers(0, 8), log_entries)
def test_a_log_whose_kept_start_is_known_is_patched_without_comparing(old, dropped, added):
    log = [{"v": i, "text": str(i)} for i in range(len(old))]
    kept = max(0, len(log) - dropped)
    new_log = log[len(log) - kept:] + [{"v": 100 + i, "text": e["text"]}
                                       for i, e in enumerate(added)]
    ops = diff({"log": log}, {"log": new_log}, log_kept=kept)
    assert apply({"log": copy.deepcopy(log)}, ops) == {"log": new_log}
    if len(log) - kept <= kept:  # a removal per entry dropped and an add per entry added
        assert len(ops) == len(log) - kept + len(added)
    else:  # more dropped than kept: the log is replaced
        assert ops == [{"op": "replace", "path": "/log", "value": new_log}]


items = st.fixed_dictionaries({"type": st.sampled_from("ab"), "n": st.integers(0, 3)})


@settings(max_examples=300, deadline=None)
@given(st.lists(items, max_size=8), st.data())
def test_items_added_or_removed_in_a_list_leave_the_items_after_them_alone(base, data):
    """A list that gained or lost a run of items is patched there, not shifted item by
    item; any list, changed anywhere, is still patched exactly."""
    at = data.draw(st.integers(0, len(base)))
    removed = data.draw(st.integers(0, len(base) - at))
    added = data.draw(st.lists(items, max_size=3))
    new = base[:at] + added + base[at + removed:]
    ops = diff({"legal": base}, {"legal": new})
    assert apply({"legal": copy.deepcopy(base)}, ops) == {"legal": new}
    if base and new and len(base) != len(new):
        if removed == 0 or not added:  # only added or only removed: one operation each
            assert len(ops) == removed + len(added)
        else:  # an item replaced costs an operation per key at most
            assert len(ops) <= 2 * max(removed, len(added))


def test_a_removed_item_is_one_operation_where_it_was() -> None:
    old = [{"type": "cell", "cell": i} for i in range(9)]
    new = old[:2] + old[3:]
    assert diff({"legal": old}, {"legal": new}) == [{"op": "remove", "path": "/legal/2"}]
    grown = old[:4] + [{"type": "pass"}] + old[4:]
    assert diff({"legal": old}, {"legal": grown}) == [
        {"op": "add", "path": "/legal/4", "value": {"type": "pass"}}]


def test_keys_are_escaped_and_equal_parts_give_no_operation() -> None:
    old = {"game": {"a/b": 1, "c~d": [1, 2, 3], "same": {"x": [1]}}}
    new = {"game": {"a/b": 2, "c~d": [1, 3], "same": {"x": [1]}}}
    ops = diff(old, new)
    assert {"op": "replace", "path": "/game/a~1b", "value": 2} in ops
    assert not any("same" in op["path"] for op in ops)
    assert apply(copy.deepcopy(old), ops) == new


def test_a_key_escaped_once_is_escaped_alike_every_time_and_only_text_keys_are_kept() -> None:
    old = {"game": {"x/y": 1, "z": {"~": 1}}}
    new = {"game": {"x/y": 2, "z": {"~": 2}}}
    for _ in range(2):  # the second time from what was kept
        assert diff(old, new) == [{"op": "replace", "path": "/game/x~1y", "value": 2},
                                  {"op": "replace", "path": "/game/z/~0", "value": 2}]
    assert patches._POINTER["x/y"] == "x~1y" and "x/y" in patches._POINTER
    patches._POINTER[1]  # noqa: B018 - a number's pointer is made, not kept
    assert 1 not in patches._POINTER and patches._POINTER[True] == "True"
