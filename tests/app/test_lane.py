"""A set-up route's lane answers a plain request itself, as FastAPI's handler would, and
hands every other request to that handler with the body it sent."""

from __future__ import annotations

import json
from typing import Annotated, Any

import httpx
import pytest
from fastapi import Depends, FastAPI, Path, Request
from fastapi.routing import APIRoute
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.lane import Lane, laned
from app.schemas import CreateRoom


class Echo(BaseModel):
    """What the toy route answers: its path parameter and the body it was given, as JSON."""

    code: str
    body: str
    method: str


def toy() -> tuple[FastAPI, APIRoute, list[str]]:
    """An application with one route shaped like the set-up routes (a text path parameter,
    a body model, the request, a model returned), and the list of the handlers that ran."""
    app = FastAPI()
    ran: list[str] = []

    @app.post("/t/{code}", status_code=201)
    async def echo(code: str, body: CreateRoom, request: Request) -> Echo:
        ran.append("endpoint")
        return Echo(code=code, body=body.model_dump_json(), method=request.method)

    route = next(r for r in app.routes if isinstance(r, APIRoute) and r.path == "/t/{code}")
    handle = route.handle

    async def recorded(scope: Scope, receive: Receive, send: Send) -> None:
        ran.append("fastapi")
        await handle(scope, receive, send)

    route.handle = recorded  # type: ignore[method-assign]
    return app, route, ran


def routed(app: FastAPI, route: APIRoute) -> ASGIApp:
    """The lane as the application calls it: on a request the route matches."""
    lane = laned(app, route)

    async def asgi(scope: Scope, receive: Receive, send: Send) -> None:
        match, child = route.matches(scope)
        assert match is Match.FULL
        scope.update(child)
        scope["app"] = app
        await lane(scope, receive, send)

    return asgi


async def post(asgi: ASGIApp, content: bytes, content_type: str | None) -> httpx.Response:
    transport = httpx.ASGITransport(asgi, raise_app_exceptions=False)
    headers = {} if content_type is None else {"content-type": content_type}
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        return await http.post("/t/AbC", content=content, headers=headers)


def answer(response: httpx.Response) -> tuple[int, bytes, list[tuple[str, str]]]:
    return response.status_code, response.content, sorted(response.headers.items())


async def test_a_plain_request_is_answered_without_fastapis_handler() -> None:
    app, route, ran = toy()
    body = {"game": "highcard", "name": "Ana", "options": {"rounds": 3}}
    response = await post(routed(app, route), json.dumps(body).encode(), "application/json")
    assert ran == ["endpoint"]
    assert response.status_code == 201
    assert response.headers["content-type"] == "application/json"
    got = response.json()
    assert (got["code"], got["method"]) == ("AbC", "POST")
    assert json.loads(got["body"]) == CreateRoom.model_validate(body).model_dump(mode="json")


@pytest.mark.parametrize(("content", "content_type"), [
    (b"", "application/json"),  # no body
    (b'{"game": "highcard", "name": "Ana"}', None),  # no content type
    (b'{"game": "highcard", "name": "Ana"}', "text/plain"),
    (b'{"game": "highcard", "name": "Ana"', "application/json"),  # not JSON
    (b'{"game": "highcard"}', "application/json"),  # a field missing
    (b'{"game": "highcard", "name": "Ana", "seat": 2}', "application/json"),  # one unknown
])
async def test_any_other_request_goes_to_fastapis_handler_with_its_body(
        content: bytes, content_type: str | None) -> None:
    app, route, ran = toy()
    laned_answer = await post(routed(app, route), content, content_type)
    assert ran == ["fastapi"]
    assert laned_answer.status_code == 422
    ran.clear()
    assert answer(laned_answer) == answer(await post(app, content, content_type))
    assert ran == ["fastapi"]


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats()
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=6)
BODIES = st.fixed_dictionaries({}, optional={
    "game": st.sampled_from(["highcard", ""]) | VALUES,
    "name": st.text(max_size=12) | VALUES,
    "options": st.dictionaries(st.text(max_size=8), VALUES, max_size=3) | VALUES,
    "allow_spectators": st.sampled_from([True, False, "true", "no", 1, 0, 2]) | VALUES,
    "hints": st.booleans() | VALUES,
    "turn_clock": st.sampled_from(["off", "relaxed", "normal", "fast", "slow"])
    | st.fixed_dictionaries({"per_move": VALUES, "bank": VALUES}) | VALUES,
    "gone_after": st.sampled_from([None, 60, 600.5, 59, "600", 10**9]) | VALUES,
    "seat": VALUES,
})
# Bodies their model accepts, mostly: the lane's own way.
SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
ACCEPTED = st.fixed_dictionaries({"game": st.text(max_size=10), "name": st.text(max_size=12)},
                                 optional={
    "options": st.dictionaries(st.text(max_size=8), SCALARS, max_size=3),
    "allow_spectators": st.booleans(),
    "hints": st.booleans() | st.sampled_from(["yes", "off", 1]),
    "turn_clock": st.sampled_from(["off", "relaxed", "normal", "fast"])
    | st.fixed_dictionaries({"per_move": st.integers(0, 4000), "bank": st.floats(0, 4000)}),
    "gone_after": st.none() | st.floats(60, 7 * 24 * 3600) | st.integers(60, 600),
})
# What JSON texts can hold beyond what json.dumps writes of a value.
ODD_TEXTS = [
    b'{"game": "highcard", "name": "a", "name": "b"}',  # a key twice
    b'{"game": "highcard", "name": "\\ud800"}',  # a lone surrogate
    b'{"game": "highcard", "name": "\\ud83d\\ude00"}',  # a pair
    b'\xef\xbb\xbf{"game": "highcard", "name": "a"}',  # a byte order mark
    b'{"game": "highcard", "name": "a"} x',  # text after the value
    b'{"game": "highcard", "name": "a"}\n',
    '{"game": "highcard", "name": "a"}'.encode("utf-16"),
    '{"game": "highcard", "name": "é"}'.encode("latin-1"),
    b'{"game": "highcard", "name": "a", "gone_after": 1e400}',
    b'{"game": "highcard", "name": "a", "gone_after": NaN}',
    b'{"game": "highcard", "name": "a", "options": {"x": Infinity}}',
    b'{"game": "highcard", "name": "a", "gone_after": 6e1}',
    b'{"game": "highcard", "name": "a", "gone_after": 600.0000000000000001}',
    b'[]', b'null', b'"text"', b'{}',
]
CONTENT_TYPES = st.sampled_from([
    "application/json", "application/json; charset=utf-8", "Application/JSON",
    " application/json", "application/json ;", "application/vnd.saloon+json",
    "application/+json", "application/json/x", "application/jsonx", "application",
    "text/json", "text/plain", "application/x-www-form-urlencoded", "", None])


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=(ACCEPTED | BODIES).map(lambda b: json.dumps(b).encode())
       | st.sampled_from(ODD_TEXTS) | st.binary(max_size=24),
       content_type=CONTENT_TYPES)
async def test_every_request_answers_as_through_fastapi(
        content: bytes, content_type: str | None) -> None:
    """Whichever way the lane takes, the answer is FastAPI's: the same status, body and
    headers for any body and content type (the endpoint echoes what it was given)."""
    app, route, _ = toy()
    assert answer(await post(routed(app, route), content, content_type)) == answer(
        await post(app, content, content_type))


async def test_a_body_the_client_stops_sending_answers_as_through_fastapi() -> None:
    """A client that leaves while sending its body gets FastAPI's 400, not a failure."""
    async def sent_by(asgi: ASGIApp) -> list[Message]:
        incoming: list[Message] = [
            {"type": "http.request", "body": b'{"game": "high', "more_body": True},
            {"type": "http.disconnect"}]
        sent: list[Message] = []

        async def receive() -> Message:
            return incoming.pop(0) if incoming else {"type": "http.disconnect"}

        async def send(message: Message) -> None:
            sent.append(message)

        scope: Scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "POST", "scheme": "http", "path": "/t/x", "raw_path": b"/t/x",
            "query_string": b"", "root_path": "", "client": ("127.0.0.1", 5000),
            "server": ("test", 80), "state": {},
            "headers": [(b"host", b"test"), (b"content-type", b"application/json")]}
        await asgi(scope, receive, send)
        return sent

    app, route, ran = toy()
    laned_answer = await sent_by(routed(app, route))
    assert ran == [] and laned_answer[0]["status"] == 400
    assert laned_answer == await sent_by(app)


async def test_an_endpoint_that_returns_another_type_fails_loudly() -> None:
    app = FastAPI()

    @app.post("/t/{code}", response_model=Echo)
    async def wrong(code: str, body: CreateRoom) -> Any:
        return {"code": code, "body": "", "method": "POST"}

    route = next(r for r in app.routes if isinstance(r, APIRoute) and r.path == "/t/{code}")
    transport = httpx.ASGITransport(routed(app, route))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        with pytest.raises(TypeError, match="Expected /t/{code} to return a Echo, got dict"):
            await http.post("/t/x", json={"game": "highcard", "name": "a"})


def no_one() -> None:
    return None


@pytest.mark.parametrize(("declare", "refused"), [
    (lambda app: app.post("/r/{code}")(sync_route), "no coroutine function"),
    (lambda app: app.post("/r/{code}")(with_query), "parameters other than"),
    (lambda app: app.post("/r/{code}")(with_dependency), "parameters other than"),
    (lambda app: app.post("/r/{number}")(with_number), "a path parameter other than text"),
    (lambda app: app.post("/r/{code}")(with_short_code), "one with constraints"),
    (lambda app: app.post("/r/{code}")(two_bodies), "a body other than one model"),
    (lambda app: app.post("/r/{code}")(no_model), "no response model"),
    (lambda app: app.post("/r/{code}", response_model_exclude_none=True)(plain),
     "a response model's settings of its own"),
])
def test_a_lane_is_only_made_for_a_route_it_answers_as_fastapi_does(
        declare: Any, refused: str) -> None:
    app = FastAPI()
    declare(app)
    route = next(r for r in app.routes if isinstance(r, APIRoute) and r.path.startswith("/r/"))
    with pytest.raises(ValueError, match=refused):
        Lane(app.router, route)


async def plain(code: str, body: CreateRoom) -> Echo:
    return Echo(code=code, body="", method="")


def sync_route(code: str, body: CreateRoom) -> Echo:
    return Echo(code=code, body="", method="")


async def with_query(code: str, body: CreateRoom, page: int = 0) -> Echo:
    return Echo(code=code, body="", method="")


async def with_dependency(code: str, body: CreateRoom, _: None = Depends(no_one)) -> Echo:
    return Echo(code=code, body="", method="")


async def with_number(number: int, body: CreateRoom) -> Echo:
    return Echo(code=str(number), body="", method="")


async def with_short_code(code: Annotated[str, Path(max_length=4)], body: CreateRoom) -> Echo:
    return Echo(code=code, body="", method="")


async def two_bodies(code: str, body: CreateRoom, other: CreateRoom) -> Echo:
    return Echo(code=code, body="", method="")


async def no_model(code: str, body: CreateRoom) -> dict[str, str]:
    return {"code": code}
