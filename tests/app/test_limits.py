"""Limits on what one client may send: body sizes (413) and rates (429)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator

import httpx
import pytest

from app.limits import Rate, RateLimiter
from app.main import create_app
from tests.support.server import ADMIN_TOKEN


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_refills_at_its_rate_and_says_how_long_to_wait() -> None:
    clock = Clock()
    limiter = RateLimiter(Rate.parse("3/30"), clock=clock)
    assert [limiter.retry_after("a") for _ in range(3)] == [None, None, None]
    assert limiter.retry_after("a") == pytest.approx(10)
    assert limiter.retry_after("b") is None  # each key has its own bucket
    clock.now = 10
    assert limiter.retry_after("a") is None and limiter.retry_after("a") == pytest.approx(10)
    assert RateLimiter(Rate.parse("off")).retry_after("a") is None


def test_a_limiter_forgets_the_oldest_keys_beyond_its_size() -> None:
    limiter = RateLimiter(Rate.parse("1/60"), max_keys=100)
    for i in range(1000):
        limiter.retry_after(f"k{i}")
    assert len(limiter._buckets) == 100


@contextlib.asynccontextmanager
async def app_client(settings) -> AsyncIterator[httpx.AsyncClient]:
    """An httpx client on a fresh app for ``settings``, its start-up and shutdown included."""
    app = create_app(settings)
    async with app.router.lifespan_context(app), httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://test") as c:
        yield c


async def test_a_body_over_the_limit_is_refused_before_it_is_read(settings) -> None:
    """One anonymous 1 MB POST of 60,000 option keys stalled every room; now it is a 413."""
    options = {f"k{i}": i for i in range(60_000)}
    async with app_client(settings) as c:
        r = await c.post("/api/rooms", json={"game": "highcard", "name": "Ana",
                                             "options": options})
        assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
        many = {f"k{i}": i for i in range(40)}
        r = await c.post("/api/rooms", json={"game": "highcard", "name": "Ana",
                                             "options": many})
        assert r.status_code == 422 and r.json()["error"]["message"].startswith("options")
        r = await c.post("/api/rooms", content=b"[" * 50_000 + b"]" * 50_000,
                         headers={"content-type": "application/json"})
        assert r.status_code == 413


async def test_only_the_admin_token_may_send_a_record_import_larger_than_any_body(
        settings) -> None:
    """A record import may be large; without the admin token one was read and parsed (16
    MiB, any number at once) before the token was looked at."""
    big = json.dumps([{}] * 30_000).encode()  # some 120 KB: past any other body's limit
    assert settings.max_body_bytes < len(big) < settings.max_import_bytes
    headers = {"content-type": "application/json"}
    async with app_client(settings) as c:
        for token in (None, "x" * 32):
            sent = headers | ({"Authorization": f"Bearer {token}"} if token else {})
            r = await c.post("/api/admin/games", content=big, headers=sent)
            assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
        r = await c.post("/api/admin/games", content=big,
                         headers=headers | {"Authorization": f"Bearer {ADMIN_TOKEN}"})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_record"


async def test_a_body_without_a_declared_length_is_counted_as_it_arrives(settings) -> None:
    """A body sent in chunks declares no length: it is refused once it grows past the limit,
    and taken when it stays below."""
    async def chunks(body: bytes) -> AsyncIterator[bytes]:
        for i in range(0, len(body), 1000):
            yield body[i:i + 1000]

    big = json.dumps({"game": "highcard", "name": "Ana",
                      "options": {"note": "x" * 2 * settings.max_body_bytes}}).encode()
    small = json.dumps({"game": "highcard", "name": "Ana"}).encode()
    async with app_client(settings) as c:
        headers = {"content-type": "application/json"}
        r = await c.post("/api/rooms", content=chunks(big), headers=headers)
        assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
        r = await c.post("/api/rooms", content=chunks(small), headers=headers)
        assert r.status_code == 201, r.text


async def test_bodies_that_break_the_parser_get_the_one_error_shape(client) -> None:
    for body in (b"[" * 20_000 + b"]" * 20_000, b'{"game": ' + b"9" * 5000 + b"}",
                 b'{"game": "highcard", "name": "\\ud800"}', b"\xff\xfe"):
        r = await client.post("/api/rooms", content=body,
                              headers={"content-type": "application/json"})
        assert r.status_code in (400, 422), (body[:20], r.text)
        assert set(r.json()) == {"error"} and r.json()["error"]["message"]
        # In the client's words, not the parser's: no Python exception named.
        assert "Error" not in r.json()["error"]["message"], r.text
        assert "sys." not in r.json()["error"]["message"], r.text


@pytest.mark.parametrize("name", ["\ud800", "a\x00b", "\u202egnp.exe", "\u200b\u200b",
                                  "\ufeff", "x" * 33, "   ", "{seat:0}", "Ana}"])
async def test_names_must_be_visible_text(client, name) -> None:
    body = json.dumps({"game": "highcard", "name": name})  # escapes a lone surrogate
    r = await client.post("/api/rooms", content=body,
                          headers={"content-type": "application/json"})
    assert r.status_code == 422, (name, r.text)
    assert "name" in r.json()["error"]["message"].lower()


async def test_tokens_that_hold_no_seat_spend_joins(settings) -> None:
    """Reclaiming a seat is free, but a bearer token is no way round the joins' rate:
    one that holds no seat spends a join, and once they are spent such tokens wait."""
    limited = settings.model_copy(update={"rate_joins": "2/60"})
    async with app_client(limited) as c:
        room = (await c.post("/api/rooms", json={"game": "highcard", "name": "Ana"})).json()
        code, host = room["code"], room["token"]
        forged = {"Authorization": "Bearer " + "x" * 32}
        tries = [await c.post(f"/api/rooms/{code}/join", json={}, headers=forged)
                 for _ in range(3)]
        assert [r.status_code for r in tries] == [401, 401, 429]
        joined = await c.post(f"/api/rooms/{code}/join", json={"name": "Bo"})
        assert joined.status_code == 429
        mine = await c.post(f"/api/rooms/{code}/join", json={},
                            headers={"Authorization": f"Bearer {host}"})
        assert mine.status_code == 200  # a reloaded page gets its seat back all the same
    # Codes no room has spend joins too: each asks the database.
    async with app_client(limited) as c:
        tries = [await c.post(f"/api/rooms/nosuchroom{i:02d}/join", json={"name": "Bo"})
                 for i in range(3)]
        assert [r.status_code for r in tries] == [404, 404, 429]


async def test_rooms_joins_and_admin_tokens_are_rate_limited_per_address(settings) -> None:
    limited = settings.model_copy(update={"rate_rooms": "2/60", "rate_joins": "2/60",
                                          "rate_admin": "3/60"})
    async with app_client(limited) as c:
        rooms = [await c.post("/api/rooms", json={"game": "highcard", "name": "Ana"})
                 for _ in range(3)]
        assert [r.status_code for r in rooms] == [201, 201, 429]
        body = rooms[2].json()["error"]
        assert body["code"] == "rate_limited" and body["retry_after"] >= 1
        assert rooms[2].headers["retry-after"] == str(body["retry_after"])
        code, host = rooms[0].json()["code"], rooms[0].json()["token"]
        joins = [await c.post(f"/api/rooms/{code}/join", json={"name": f"P{i}"})
                 for i in range(3)]
        assert [r.status_code for r in joins] == [200, 200, 429]
        again = await c.post(f"/api/rooms/{code}/join", json={},
                             headers={"Authorization": f"Bearer {host}"})
        assert again.status_code == 200  # reclaiming a seat is not a join
        wrong = [await c.get("/api/admin/games", headers={"Authorization": "Bearer nope"})
                 for _ in range(3)]
        assert [r.status_code for r in wrong] == [401, 401, 401]
        right = await c.get("/api/admin/games",
                            headers={"Authorization": f"Bearer {ADMIN_TOKEN}"})
        assert right.status_code == 429  # too many tries: even the right one waits
