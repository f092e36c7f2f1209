"""Security headers on every page and answer; the API's pages only when asked for."""

from __future__ import annotations

import httpx
from starlette.types import Receive, Scope, Send

from app.headers import SecurityHeaders
from app.main import create_app


async def test_pages_and_answers_carry_the_security_headers(client) -> None:
    for path in ("/", "/r/abc", "/admin", "/api/games", "/static/css/saloon.css", "/nope"):
        r = await client.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp, path
        assert "frame-ancestors 'none'" in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-frame-options"] == "DENY"


async def test_unknown_routes_and_methods_answer_in_the_one_error_shape(client) -> None:
    r = await client.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = await client.put("/api/games")
    assert r.status_code == 405 and r.json()["error"]["code"] == "method_not_allowed"


async def test_the_api_pages_are_off_unless_a_setting_turns_them_on(client, settings) -> None:
    assert (await client.get("/docs")).status_code == 404
    app = create_app(settings.model_copy(update={"api_docs": True}))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url="http://test") as c:
        assert (await c.get("/docs")).status_code == 200


async def test_the_openapi_document_lists_each_routes_errors_in_the_one_shape(client) -> None:
    spec = (await client.get("/openapi.json")).json()
    paths = spec["paths"]
    expected = {
        ("/api/rooms", "post"): {"413", "422", "429"},
        ("/api/rooms/{code}", "get"): {"404"},
        ("/api/rooms/{code}/join", "post"): {"401", "404", "409", "413", "422", "429"},
        ("/api/rooms/{code}/start", "post"): {"401", "403", "404", "409"},
        ("/api/rooms/{code}/seats/{seat}", "delete"): {"401", "403", "404", "409"},
        ("/api/admin/games", "get"): {"401", "403", "422", "429"},
        ("/api/admin/games", "post"): {"401", "403", "409", "413", "422", "429"},
        ("/api/admin/games/{game_id}/steps/{step}", "get"): {"401", "403", "404", "409"},
    }
    for (path, method), statuses in expected.items():
        responses = paths[path][method]["responses"]
        assert statuses <= set(responses), (path, method, sorted(responses))
        for status in statuses:
            ref = responses[status]["content"]["application/json"]["schema"]["$ref"]
            assert ref.endswith("/ErrorBody"), (path, status, ref)


async def test_the_openapi_document_lists_the_authorization_header_of_each_route_reading_it(
        client) -> None:
    """Set-up routes read the header from the request; the document still says so."""
    spec = (await client.get("/openapi.json")).json()
    for path, method in [("/api/rooms/{code}/join", "post"), ("/api/rooms/{code}/start", "post"),
                         ("/api/rooms/{code}/rematch", "post"),
                         ("/api/rooms/{code}/seats/{seat}", "delete")]:
        params = spec["paths"][path][method]["parameters"]
        assert {"in": "header", "name": "authorization"}.items() <= next(
            p for p in params if p["in"] == "header").items(), (path, params)


async def test_a_header_the_answer_sets_itself_is_kept_and_docs_pages_get_no_csp() -> None:
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"X-Frame-Options", b"SAMEORIGIN")]})
        await send({"type": "http.response.body", "body": b"ok"})

    transport = httpx.ASGITransport(app=SecurityHeaders(app))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        page = await c.get("/anything")
        docs = await c.get("/docs")
    assert page.headers.get_list("x-frame-options") == ["SAMEORIGIN"]
    assert page.headers["referrer-policy"] == "no-referrer"
    assert "content-security-policy" in page.headers
    assert "content-security-policy" not in docs.headers
    assert docs.headers["x-content-type-options"] == "nosniff"
