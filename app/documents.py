"""The per-connection document and the RFC 6902 patches between two of its versions."""

from __future__ import annotations

from typing import Any

import jsonpatch

JSON = Any


def diff(old: dict[str, JSON], new: dict[str, JSON]) -> list[dict[str, JSON]]:
    """Returns RFC 6902 operations turning ``old`` into ``new``.

    The log only grows at its end (or is trimmed at its start), so it gets plain
    ``add``/``remove`` operations instead of a generic list diff; the other parts
    go through ``jsonpatch``.
    """
    ops: list[dict[str, JSON]] = []
    for key in new.keys() | old.keys():
        if key == "log":
            continue
        if key not in new:
            ops.append({"op": "remove", "path": f"/{key}"})
        elif key not in old:
            ops.append({"op": "add", "path": f"/{key}", "value": new[key]})
        elif old[key] != new[key]:
            if isinstance(old[key], (dict, list)) and isinstance(new[key], type(old[key])):
                for op in jsonpatch.make_patch(old[key], new[key]).patch:
                    ops.append({**op, "path": f"/{key}{op['path']}"}
                               | ({"from": f"/{key}{op['from']}"} if "from" in op else {}))
            else:
                ops.append({"op": "replace", "path": f"/{key}", "value": new[key]})
    ops.extend(_log_ops(old.get("log", []), new.get("log", [])))
    return ops


def _log_ops(old: list[JSON], new: list[JSON]) -> list[dict[str, JSON]]:
    if old == new:
        return []
    # Find how many entries fell off the front: new must then start with old's tail.
    for dropped in range(len(old) + 1):
        kept = old[dropped:]
        if new[: len(kept)] == kept:
            ops: list[dict[str, JSON]] = [{"op": "remove", "path": "/log/0"}] * dropped
            ops += [{"op": "add", "path": "/log/-", "value": e} for e in new[len(kept):]]
            if len(ops) <= len(new):
                return ops
            break
    return [{"op": "replace", "path": "/log", "value": new}]


def apply(doc: dict[str, JSON], ops: list[dict[str, JSON]]) -> dict[str, JSON]:
    """Returns ``doc`` with ``ops`` applied (a client's view of a patch, used by tests)."""
    result: dict[str, JSON] = jsonpatch.apply_patch(doc, ops)
    return result
