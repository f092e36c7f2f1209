"""Records: export, import (validated, idempotent), verification, tampering, the CLI."""

from __future__ import annotations

import asyncio
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, update

from app import cli, records
from app.models import ActionRow, GameRecord, Snapshot
from app.records.format import plain
from app.records.verify import _same_but_words
from games.registry import all_games, get_game
from tests.support.databases import Databases
from tests.support.rooms import play_bots_game
from tests.support.server import ADMIN, ADMIN_TOKEN, AppClient, app_client, settings_for


async def test_export_import_replay_round_trip_for_every_game(client) -> None:
    """Acceptance: export -> import elsewhere -> the same record, verified, the same views."""
    service = client.services.rooms
    ids = {gid: await play_bots_game(service, gid) for gid in all_games()}
    exported = {}
    for gid, key in ids.items():
        r = await client.get(f"/api/admin/games/{key}/export", headers=ADMIN)
        assert r.status_code == 200
        assert "attachment" in r.headers["content-disposition"]
        exported[gid] = r.json()
        assert exported[gid]["format"] == "saloon.game/1"
        assert exported[gid]["status"] == "finished" and exported[gid]["actions"]
        assert records.verify(records.parse_record(exported[gid])).status == "verified"
        # The host's moves are its own; the bots' say a bot chose them.
        made = {(a["seat"] == 0, a["made_by"]) for a in exported[gid]["actions"]}
        assert made == {(True, None), (False, "bot")}, (gid, made)

    for gid, record in exported.items():
        # Idempotent on the same server: already there, nothing changes.
        again = await client.post("/api/admin/games", json=record, headers=ADMIN)
        assert again.status_code == 200 and again.json() == {"id": ids[gid], "created": False}


async def test_import_into_an_empty_database_rebuilds_snapshots_and_views(
        client: AppClient, databases: Databases, tmp_path) -> None:
    key = await play_bots_game(client.services.rooms, "cards_for_cowboys")
    record = (await client.get(f"/api/admin/games/{key}/export", headers=ADMIN)).json()
    source_views = [(await client.get(f"/api/admin/games/{key}/steps/{n}",
                                      params={"seat": seat}, headers=ADMIN)).json()["view"]
                    for n, seat in ((0, "all"), (7, "1"), (len(record["actions"]), "all"))]

    other_url = databases.sqlite(tmp_path, "other.db")
    async with app_client(settings_for(other_url)) as c2:
        r = await c2.post("/api/admin/games", json=record, headers=ADMIN)
        assert r.status_code == 201, r.text
        assert r.json() == {"id": key, "created": True}
        r = await c2.post("/api/admin/games", json=record, headers=ADMIN)
        assert r.status_code == 200 and r.json()["created"] is False
        assert (await c2.get(f"/api/admin/games/{key}", headers=ADMIN)).json() \
            == (await client.get(f"/api/admin/games/{key}", headers=ADMIN)).json()
        check = (await c2.get(f"/api/admin/games/{key}/verify", headers=ADMIN)).json()
        assert check["status"] == "verified", check
        views = [(await c2.get(f"/api/admin/games/{key}/steps/{n}",
                               params={"seat": seat}, headers=ADMIN)).json()["view"]
                 for n, seat in ((0, "all"), (7, "1"), (len(record["actions"]), "all"))]
        assert views == source_views
        async with c2.services.db.session() as s:
            snaps = (await s.execute(select(Snapshot.seq).where(
                Snapshot.game_id == key))).scalars().all()
        assert sorted(snaps) == list(range(5, len(record["actions"]) + 1, 5))


@pytest.mark.parametrize(("change", "field"), [
    (lambda r: r.pop("seed"), "seed: Field required"),
    (lambda r: r.update(seed="many"), "seed: Input should be a valid integer"),
    (lambda r: r.update(status="paused"),
     "status: Input should be 'playing', 'finished' or 'abandoned'"),
    (lambda r: r["actions"][2].pop("action"), "actions[2].action: Field required"),
    (lambda r: r["actions"][3].update(seq=9), "actions[3].seq: expected 4"),
    (lambda r: r["actions"][1].update(seat=7), "actions[1].seat: expected a seat from 0"),
    (lambda r: r["seats"][0].update(kind="ghost"), "seats[0].kind: Input should be"),
    (lambda r: r.update(extra=1), "extra: Extra inputs are not permitted"),
    (lambda r: r.update(game='cowpoker" ; x="y'), "game: String should match pattern"),
    (lambda r: r["actions"][0].update(made_by="ghost"),
     "actions[0].made_by: Input should be 'bot', 'timeout', 'away' or 'server'"),
    (lambda r: r.update(result=None), "result: a finished game needs its result"),
    (lambda r: r.update(final_hash="abc"), "final_hash: String should match pattern"),
])
async def test_import_refuses_bad_records_naming_the_field(client, change, field) -> None:
    key = await play_bots_game(client.services.rooms, "highcard", seats=2)
    record = (await client.get(f"/api/admin/games/{key}", headers=ADMIN)).json()
    bad = copy.deepcopy(record)
    bad["id"] = "someotherid"
    change(bad)
    r = await client.post("/api/admin/games", json=bad, headers=ADMIN)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["code"] == "bad_record"
    assert field in r.json()["error"]["message"]
    assert (await client.get("/api/admin/games/someotherid", headers=ADMIN)).status_code == 404


async def test_a_different_record_under_a_stored_id_is_refused(client) -> None:
    key = await play_bots_game(client.services.rooms, "highcard", seats=2)
    record = (await client.get(f"/api/admin/games/{key}", headers=ADMIN)).json()
    record["seats"][1]["name"] = "Someone Else"
    r = await client.post("/api/admin/games", json=record, headers=ADMIN)
    assert r.status_code == 409 and key in r.json()["error"]["message"]


async def test_import_refuses_a_record_that_does_not_replay(client) -> None:
    key = await play_bots_game(client.services.rooms, "highcard", seats=2)
    record = (await client.get(f"/api/admin/games/{key}", headers=ADMIN)).json()
    record["id"] = "tampered"
    record["result"]["winners"] = [1 - record["result"]["winners"][0]]
    r = await client.post("/api/admin/games", json=record, headers=ADMIN)
    assert r.status_code == 422
    assert "result" in r.json()["error"]["message"]


def _other_legal_action(game_id: str, rec: records.RecordIn, index: int):
    """Returns a legal action other than the stored one at ``index`` (same seat) whose
    events differ in more than their words, if any: one that tells the same (a throw of
    rock, paper or scissors, all hidden until revealed) diverges only at a later step."""
    game = get_game(game_id)
    state = game.new_game(game.parse_options(rec.options), len(rec.seats), rec.seed)
    for a in rec.actions[:index]:
        state, _ = game.apply(state, a.seat, a.action)
    target = rec.actions[index]
    for other in game.legal_actions(state, target.seat):
        if other == target.action:
            continue
        _, events = game.apply(state, target.seat, other)
        # What the verification itself would take for the stored events is no tampering.
        if not _same_but_words(plain(events), target.events):
            return other
    return None


async def test_a_tampered_record_is_detected_at_the_step_where_it_diverges(client) -> None:
    """Acceptance: an action changed, the result changed, the final hash changed."""
    service = client.services.rooms
    key = await play_bots_game(service, "cards_for_cowboys")
    ok = (await client.get(f"/api/admin/games/{key}/verify", headers=ADMIN)).json()
    assert ok["status"] == "verified" and ok["step"] is None
    assert ok["reworded"] == [] and ok["result_reworded"] is False
    rec, _ = await _stored(client, key)
    n = len(rec.actions)

    # An action changed (to another legal one, then to an illegal one) in the database.
    index = next(i for i in range(n // 2, n) if _other_legal_action("cards_for_cowboys", rec, i))
    other = _other_legal_action("cards_for_cowboys", rec, index)
    await _set_action(client, key, index + 1, other)
    found = (await client.get(f"/api/admin/games/{key}/verify", headers=ADMIN)).json()
    assert found["status"] == "diverged"
    assert found["step"] == index + 1
    assert found["field"] in (f"actions[{index}].events", f"actions[{index}].action")
    assert f"Step {index + 1}" in found["message"]
    await _set_action(client, key, index + 1, {"type": "no such move"})
    found = (await client.get(f"/api/admin/games/{key}/verify", headers=ADMIN)).json()
    assert (found["step"], found["field"]) == (index + 1, f"actions[{index}].action")
    await _set_action(client, key, index + 1, rec.actions[index].action)
    assert (await client.get(f"/api/admin/games/{key}/verify",
                             headers=ADMIN)).json()["status"] == "verified"

    # The result changed.
    changed = copy.deepcopy(rec.result)
    changed["scores"][0] += 5
    await _set_game(client, key, result=changed)
    found = (await client.get(f"/api/admin/games/{key}/verify", headers=ADMIN)).json()
    assert (found["status"], found["step"], found["field"]) == ("diverged", n, "result")
    await _set_game(client, key, result=rec.result)

    # The final hash changed.
    await _set_game(client, key, final_hash="0" * 64)
    found = (await client.get(f"/api/admin/games/{key}/verify", headers=ADMIN)).json()
    assert (found["status"], found["step"], found["field"]) == ("diverged", n, "final_hash")
    await _set_game(client, key, final_hash=rec.final_hash)

    # A snapshot changed.
    async with client.services.db.session() as s:
        snap = (await s.execute(select(Snapshot).where(Snapshot.game_id == key,
                                                       Snapshot.seq == 10))).scalar_one()
        state = copy.deepcopy(snap.state)
        state["round"] = state.get("round", 0) + 1
        await s.execute(update(Snapshot).where(Snapshot.id == snap.id).values(state=state))
        await s.commit()
    found = (await client.get(f"/api/admin/games/{key}/verify", headers=ADMIN)).json()
    assert (found["status"], found["step"], found["field"]) == ("diverged", 10, "snapshots[10]")


def test_verify_reports_every_kind_of_tampering_in_an_exported_record() -> None:
    from games.play import playout

    game = get_game("cowpoker")
    out = playout(game, seats=4, seed=5)
    assert out.result is not None
    from games.base import canonical_hash

    raw: dict[str, Any] = {
        "id": "x1", "game": "cowpoker", "rules_version": game.rules_version, "options": {},
        "seed": 5, "seats": [{"seat": i, "name": f"P{i}"} for i in range(4)],
        "status": "finished", "result": json.loads(json.dumps(out.result.to_json())),
        "final_hash": canonical_hash(game.dump(out.state)), "started_at": "2026-11-21T10:00:00Z",
        "actions": []}
    state = game.new_game(game.parse_options({}), 4, 5)
    for i, (seat, action) in enumerate(out.actions):
        state, events = game.apply(state, seat, action)
        raw["actions"].append({"seq": i + 1, "seat": seat, "action": action,
                               "events": json.loads(json.dumps(events)),
                               "at": "2026-11-21T10:00:01Z"})
    assert records.verify(records.parse_record(raw)).status == "verified"

    swapped = copy.deepcopy(raw)
    swapped["actions"][3]["seat"] = (raw["actions"][3]["seat"] + 1) % 4
    found = records.verify(records.parse_record(swapped))
    assert (found.status, found.step) == ("diverged", 4)
    assert found.where in ("actions[3].seat", "actions[3].action")

    short = copy.deepcopy(raw)
    short["actions"].pop()
    found = records.verify(records.parse_record(short))
    assert (found.status, found.step, found.where) == ("diverged", len(raw["actions"]) - 1,
                                                       "status")

    noted = copy.deepcopy(raw)
    noted["actions"][5]["events"] = [{"type": "note", "text": "nothing happened"}]
    found = records.verify(records.parse_record(noted))
    assert (found.step, found.where) == (6, "actions[5].events")

    # An event's words alone differ: an earlier wording of the same events. The record
    # stays verified, and the report says where.
    worded = copy.deepcopy(raw)
    for i in (4, 9):
        worded["actions"][i]["events"][0]["text"] = "said otherwise once"
    found = records.verify(records.parse_record(worded))
    assert (found.status, found.reworded) == ("verified", [5, 10])
    assert found.message.endswith("The log's words at 2 steps (first at step 5) are an "
                                  "earlier wording of the same events")
    assert records.verify(records.parse_record(raw)).reworded == []
    # Words and anything else: a difference.
    both = copy.deepcopy(worded)
    event = both["actions"][4]["events"][0]
    event["type"] = event["type"] + "_not"
    found = records.verify(records.parse_record(both))
    assert (found.status, found.step, found.where) == ("diverged", 5, "actions[4].events")

    # The result's words alone differ (a line or a hand said otherwise once): the same
    # scores, worded earlier. Its scores, winners or any number of its detail: a difference.
    said = copy.deepcopy(raw)
    said["result"]["detail"]["ranches"][0]["lines"][1]["hand"] = "a hand said otherwise once"
    said["result"]["detail"]["ranches"][2]["lines"][0]["what"] = "a line said otherwise once"
    found = records.verify(records.parse_record(said))
    assert (found.status, found.reworded, found.result_reworded) == ("verified", [], True)
    assert found.message.endswith("The result's words are an earlier wording of the same "
                                  "scores"), found.message
    assert records.verify(records.parse_record(raw)).result_reworded is False
    for change in (lambda r: r["scores"].__setitem__(0, r["scores"][0] + 1),
                   lambda r: r["winners"].append(9),
                   lambda r: r["detail"]["ranches"][0]["lines"][0].__setitem__("points", 99.0),
                   lambda r: r["detail"]["ranches"][0]["lines"][0].__setitem__("points", "1"),
                   lambda r: r["detail"]["ranches"][0]["lines"].pop()):
        tampered = copy.deepcopy(said)
        change(tampered["result"])
        found = records.verify(records.parse_record(tampered))
        assert (found.status, found.where) == ("diverged", "result"), found.message

    old = copy.deepcopy(raw)
    old["rules_version"] = "0"
    found = records.verify(records.parse_record(old))
    assert found.status == "unplayable" and "version 0" in found.message


async def test_a_record_of_a_rules_version_no_longer_played_is_reported_not_crashed_on(
        client) -> None:
    key = await play_bots_game(client.services.rooms, "highcard", seats=2)
    record = (await client.get(f"/api/admin/games/{key}", headers=ADMIN)).json()
    for gid, game, version in (("oldrules", "highcard", "0"), ("nogame", "faro", "1")):
        old = dict(record, id=gid, game=game, rules_version=version)
        r = await client.post("/api/admin/games", json=old, headers=ADMIN)
        assert r.status_code == 201, r.text
        check = (await client.get(f"/api/admin/games/{gid}/verify", headers=ADMIN)).json()
        assert check["status"] == "unplayable" and check["step"] is None
        assert ("version 0" if version == "0" else "'faro'") in check["message"]
        step = await client.get(f"/api/admin/games/{gid}/steps/1", headers=ADMIN)
        assert step.status_code == 409 and step.json()["error"]["code"] == "unplayable"
        listed = (await client.get("/api/admin/games", params={"game": game},
                                   headers=ADMIN)).json()
        assert gid in [g["id"] for g in listed["games"]]
        assert (await client.get(f"/api/admin/games/{gid}", headers=ADMIN)).status_code == 200


async def test_cli_export_import_and_replay(settings, service, tmp_path, capsys,
                                            monkeypatch) -> None:
    key = await play_bots_game(service, "cowpoker", name="Ana")
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    monkeypatch.setenv("ADMIN_TOKEN", ADMIN_TOKEN)
    from app.settings import get_settings

    get_settings.cache_clear()
    try:
        assert await asyncio.to_thread(cli.main, ["export", key]) == 0
        record = json.loads(capsys.readouterr().out)
        assert record["id"] == key
        path = tmp_path / "game.json"
        path.write_text(json.dumps(record))

        assert await asyncio.to_thread(cli.main, ["replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert "Cowpoker" in out and "Ana" in out and "Final scores" in out
        assert "verified" in out
        assert f"{len(record['actions'])}." in out

        assert await asyncio.to_thread(cli.main, ["replay", key]) == 0
        assert capsys.readouterr().out == out

        assert await asyncio.to_thread(cli.main, ["import", str(path)]) == 0
        assert "already stored" in capsys.readouterr().out
        bad = dict(record, id="other")
        bad["actions"] = [dict(a, seq=1) for a in record["actions"]]
        path.write_text(json.dumps(bad))
        assert await asyncio.to_thread(cli.main, ["import", str(path)]) == 1
        assert "actions[1].seq" in capsys.readouterr().err
        new = dict(record, id="copy1")
        path.write_text(json.dumps(new))
        assert await asyncio.to_thread(cli.main, ["import", str(path)]) == 0
        assert "imported" in capsys.readouterr().out
        assert await asyncio.to_thread(cli.main, ["replay", "nosuchgame"]) == 1
        assert "nosuchgame" in capsys.readouterr().err
    finally:
        get_settings.cache_clear()


async def _stored(client, key: str):
    async with client.services.db.session() as s:
        return await records.stored_record(s, key)


async def _set_action(client, key: str, seq: int, action) -> None:
    async with client.services.db.session() as s:
        await s.execute(update(ActionRow).where(ActionRow.game_id == key, ActionRow.seq == seq)
                        .values(action=action))
        await s.commit()


async def _set_game(client, key: str, **values) -> None:
    async with client.services.db.session() as s:
        await s.execute(update(GameRecord).where(GameRecord.id == key).values(**values))
        await s.commit()


async def test_import_refuses_what_is_not_a_record(client) -> None:
    r = await client.post("/api/admin/games", json=[1, 2], headers=ADMIN)
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_record"
    assert "a JSON object" in r.json()["error"]["message"]
    r = await client.post("/api/admin/games", content=b"{not json",
                          headers=ADMIN | {"Content-Type": "application/json"})
    assert r.status_code == 422


OLD_RECORDS = Path(__file__).parent / "records_of_old"


@pytest.mark.parametrize("path", sorted(OLD_RECORDS.glob("*.json")), ids=lambda p: p.stem)
def test_a_record_stored_by_an_earlier_version_still_verifies(path: Path) -> None:
    """A Cowpoker game recorded by the version of 2026-11-29, before its events and its
    result were reworded ("not this Ranch's card", a card's quoted words, a flush with two
    Aces): the same game, said otherwise, verifies as reworded, never as diverged."""
    found = records.verify(records.parse_record(json.loads(path.read_text())))
    assert found.status == "verified", found.message
