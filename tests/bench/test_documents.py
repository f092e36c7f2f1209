"""``bench/documents.py``'s stubs take out the whole of the part they name: a part left
half in would be counted as cheaper than it is."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.rooms import connections, patches
from bench import documents
from games import registry


def walks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Returns the list to which the path of every part walked is added from now on."""
    walked: list[str] = []
    for name in ("_walk", "_walk_shared"):
        real = getattr(patches, name)

        def counting(old: Any, new: Any, path: str, *rest: Any, real: Any = real) -> None:
            walked.append(path)
            real(old, new, path, *rest)

        monkeypatch.setattr(patches, name, counting)
    return walked


def test_without_the_patches_nothing_is_walked_and_no_message_holds_an_operation(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every way a broadcast finds operations (the room part's, the game part's, the rest)
    is stubbed out: nothing is walked, and each patch sent is empty."""
    for name in ("diff", "part_ops", "shared_part_ops"):  # put back after the test
        monkeypatch.setattr(connections, name, getattr(connections, name))
    walked = walks(monkeypatch)
    documents.PARTS["patches"]()
    _, _, changes, messages = documents.play("cowpoker", 30, 30, 4)
    sent = [json.loads(text) for texts in messages for text in texts]
    assert changes == 30 and len(sent) == 30 * 5
    assert all(p["type"] == "patch" and p["ops"] == [] for p in sent)
    assert walked == []


def test_with_every_part_the_game_part_is_walked_and_sent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same run as it is: there are walks and operations of the game part to stub out."""
    walked = walks(monkeypatch)
    _, _, _, messages = documents.play("cowpoker", 30, 30, 4)
    ops = [op for texts in messages for text in texts for op in json.loads(text)["ops"]]
    assert any(op["path"].startswith("/game/") for op in ops)
    assert any(path.startswith("/game") for path in walked)


def test_without_the_json_every_message_is_the_same_two_characters(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The stub takes the encoder the connections use: none of their messages is encoded."""
    monkeypatch.setattr(connections, "dumps", connections.dumps)  # put back after the test
    documents.PARTS["json"]()
    _, _, changes, messages = documents.play("cowpoker", 10, 10, 4)
    assert changes == 10 and {text for texts in messages for text in texts} == {b"{}"}


def test_the_benchmarks_game_is_measured_without_being_registered() -> None:
    """Tic-tac-toe is played by the script, not added to the registry: a process that
    imports the script (this one) would otherwise count it among its games."""
    assert documents.game_of("tictactoe").id == "tictactoe"
    assert "tictactoe" not in registry.all_games()
