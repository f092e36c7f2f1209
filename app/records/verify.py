"""Checking a record against the engine: replayed from its start, it must give what is stored.

Every stored event, every snapshot, the result and the final hash must come out of
the replay exactly; the first difference is reported with its step and field. Words
are told apart: an event whose every field but its ``text`` comes out the same, or a
result whose scores, winners and every number and key of its detail come out the same,
was worded otherwise by an earlier version of the game's words (the record stays
verified, and the report says where, so that an admin can tell, and look).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from app.errors import SaloonError
from app.models import GameStatus
from app.records.format import RecordIn, plain
from games.base import Game, canonical_hash
from games.registry import UnknownGame, get_game
from games.replay import ReplayError, Step, steps

JSON = Any


class Unplayable(SaloonError):
    """The record's game or rules version is not one this server plays."""

    status = 409
    code = "unplayable"


@dataclass
class Verification:
    """What replaying a record through the engine found."""

    status: Literal["verified", "diverged", "unplayable"]
    steps: int
    message: str
    step: int | None = None
    where: str | None = None  # the record's field where the replay first differs
    scores: list[list[float]] = field(default_factory=list)
    # The steps whose events the replay gives in other words, and in nothing else.
    reworded: list[int] = field(default_factory=list)
    # Whether the replay gives the result's detail in other words, and in nothing else.
    result_reworded: bool = False

    def to_json(self, *, with_scores: bool = False) -> dict[str, JSON]:
        """Returns the report (and the score of each seat after each step, if asked)."""
        out: dict[str, JSON] = {"status": self.status, "steps": self.steps, "step": self.step,
                                "field": self.where, "message": self.message,
                                "reworded": self.reworded,
                                "result_reworded": self.result_reworded}
        if with_scores:
            out["scores"] = self.scores
        return out


def playable(game_id: str, rules_version: str) -> Game:
    """Returns the engine for a record; raises ``Unplayable`` saying why there is none."""
    try:
        game = get_game(game_id)
    except UnknownGame:
        raise Unplayable(f"No game {game_id!r} is installed on this server, so the record "
                         f"cannot be replayed") from None
    if game.rules_version != rules_version:
        raise Unplayable(f"Recorded with {game.title} rules version {rules_version}; this "
                         f"server plays version {game.rules_version} only, so the record "
                         f"cannot be replayed")
    return game


def replay_steps(rec: RecordIn) -> Iterator[Step]:
    """Yields every step of a record replayed; raises ``Unplayable`` or ``ReplayError``."""
    game = playable(rec.game, rec.rules_version)
    yield from steps(game, rec.setup().start(game), rec.moves())


class _Diverged(Exception):
    def __init__(self, step: int, where: str, message: str) -> None:
        super().__init__(message)
        self.step, self.where, self.message = step, where, message


def verify(rec: RecordIn, snapshots: dict[int, JSON] | None = None) -> Verification:
    """Replays a record from its start; returns where it first differs from what is stored."""
    n = len(rec.actions)
    try:
        game = playable(rec.game, rec.rules_version)
    except Unplayable as e:
        return Verification("unplayable", n, e.message)
    scores: list[list[float]] = []
    reworded: list[int] = []
    try:
        result_reworded = _replay_and_compare(game, rec, snapshots or {}, scores, reworded)
    except _Diverged as d:
        return Verification("diverged", n, f"Step {d.step}, {d.where}: {d.message}", d.step,
                            d.where, scores, reworded)
    if rec.status == GameStatus.PLAYING:
        said = f"Replays {n} actions; the game is still on"
    elif rec.status == GameStatus.ABANDONED:
        said = (f"Replays {n} actions; then the game was abandoned "
                f"({rec.reason or 'no reason given'})")
    else:
        said = f"Replays all {n} actions to the stored result and final state"
    if reworded:
        said += (f". The log's words at {len(reworded)} step{'s' if len(reworded) > 1 else ''} "
                 f"(first at step {reworded[0]}) are an earlier wording of the same events")
    if result_reworded:
        said += ". The result's words are an earlier wording of the same scores"
    return Verification("verified", n, said, scores=scores, reworded=reworded,
                        result_reworded=result_reworded)


def _replay_and_compare(game: Game, rec: RecordIn, snapshots: dict[int, JSON],
                        scores: list[list[float]], reworded: list[int]) -> bool:
    """Replays ``rec``, filling ``scores`` step by step and ``reworded`` with the steps whose
    events differ in their words only; raises ``_Diverged`` at a difference. Returns
    whether the result differs in its words only."""
    try:
        state = rec.setup().start(game)
    except Exception as e:  # noqa: BLE001 - bad options are reported, not raised
        raise _Diverged(0, "options", f"the game cannot start with them ({e})") from None
    scores.append(list(game.scores(state)))
    try:
        for step, a in zip(steps(game, state, rec.moves()), rec.actions, strict=False):
            state, where = step.state, f"actions[{step.seq - 1}]"
            events = plain(step.events)
            if events != a.events:
                if not _same_but_words(events, a.events):
                    raise _Diverged(a.seq, f"{where}.events",
                                    "the stored events differ from what the action produces")
                reworded.append(a.seq)
            scores.append(list(game.scores(state)))
            if a.seq in snapshots and plain(game.dump(state)) != snapshots[a.seq]:
                raise _Diverged(a.seq, f"snapshots[{a.seq}]",
                                "the stored snapshot differs from the replayed state")
    except ReplayError as e:
        where = f"actions[{e.seq - 1}]" + (f".{e.part}" if e.part else "")
        raise _Diverged(e.seq, where, e.message) from None
    return _compare_outcome(game, rec, state)


def _same_result_but_words(made: JSON, stored: JSON) -> bool:
    """Returns whether two results differ in nothing but the words of their detail: the
    scores and winners equal, the detail of one shape with every number and key equal."""
    if not (isinstance(made, dict) and isinstance(stored, dict)) or made.keys() != stored.keys():
        return False
    return all(made[k] == stored[k] for k in made if k != "detail") and \
        _same_shape(made.get("detail"), stored.get("detail"))


def _same_shape(a: JSON, b: JSON) -> bool:
    """Returns whether ``a`` and ``b`` are equal but for the texts within them."""
    if isinstance(a, str) and isinstance(b, str):
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same_shape(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same_shape(x, y) for x, y in zip(a, b, strict=True))
    # (A text where a number was, or the other way, is more than words.)
    return not isinstance(a, str | dict | list) and not isinstance(b, str | dict | list) \
        and a == b


def _same_but_words(made: list[JSON], stored: list[JSON]) -> bool:
    """Returns whether two lists of events differ in nothing but their ``text``."""
    if len(made) != len(stored):
        return False
    for a, b in zip(made, stored, strict=True):
        if not (isinstance(a, dict) and isinstance(b, dict)) or a.keys() != b.keys():
            return False
        if any(a[k] != b[k] for k in a if k != "text"):
            return False
    return True


def _compare_outcome(game: Game, rec: RecordIn, state: Any) -> bool:
    """Checks the status, result and final hash; returns whether the result differs from
    what is stored in its words only."""
    n = len(rec.actions)
    result = game.result(state)
    if result is None:
        if rec.status == GameStatus.FINISHED:
            raise _Diverged(n, "status", "stored as finished, but the game goes on after "
                            "the last action")
        return False
    if rec.status != GameStatus.FINISHED:
        raise _Diverged(n, "status", f"stored as {rec.status}, but the game ends at this step")
    made, reworded = plain(result.to_json()), False
    if made != rec.result:
        if not _same_result_but_words(made, rec.result):
            raise _Diverged(n, "result", f"stored {json.dumps(rec.result)[:200]}, but the "
                            f"replay gives {json.dumps(made)[:200]}")
        reworded = True
    replayed_hash = canonical_hash(game.dump(state))
    if replayed_hash != rec.final_hash:
        raise _Diverged(n, "final_hash", f"stored {rec.final_hash}, but the replay's final "
                        f"state hashes to {replayed_hash}")
    return reworded
