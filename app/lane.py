"""A set-up route's request answered without FastAPI's request handler, when it is plain.

Every match makes three requests (create, join, start: ``api.SET_UP``). For each, FastAPI's
handler parses the content type and the body, solves the route's parameters, validates
the body's model, runs the endpoint, then validates the model returned and writes it
with the standard library's encoder: counted, a tenth of a match's set-up
(docs/performance.md). A ``Lane`` does what those three routes need of it, and no
more: when the request is plain — a JSON body that its model accepts — it validates the
body from its bytes in one step (pydantic's ``model_validate_json``), calls the
endpoint and writes the model returned. Anything else (no body, another content type, a
body its model refuses) goes to FastAPI's handler with the body it sent, so every error
is FastAPI's own, answered by the application's error handlers in the one error shape.
(A body the client stops sending cannot be sent on: it is refused here as FastAPI's
handler refuses it.)
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any, cast

from fastapi import FastAPI
from fastapi.datastructures import DefaultPlaceholder
from fastapi.middleware.asyncexitstack import AsyncExitStackMiddleware
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.errors import ServerErrorMiddleware
from starlette.middleware.exceptions import ExceptionMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Router
from starlette.types import ASGIApp, Message, Receive, Scope, Send


def laned(app: FastAPI, route: APIRoute) -> ASGIApp:
    """Returns ``route``'s ``Lane`` inside the layers of ``app``'s middleware stack that
    shape its answer, in the same order (``FastAPI.build_middleware_stack``): the error
    handlers outermost, the application's middleware, the exception handlers. (The exit
    stack FastAPI's handler needs is the lane's, around that handler alone.) It expects
    the scope of a request the route matches, with its path parameters."""
    error_handler = None
    handlers = {}
    for key, value in app.exception_handlers.items():
        if key in (500, Exception):
            error_handler = value
        else:
            handlers[key] = value
    layers = [Middleware(ServerErrorMiddleware, handler=error_handler, debug=app.debug),
              *app.user_middleware,
              Middleware(ExceptionMiddleware, handlers=handlers, debug=app.debug)]
    answering: ASGIApp = Lane(app.router, route)
    for cls, args, kwargs in reversed(layers):
        answering = cls(answering, *args, **kwargs)
    return answering


class Lane:
    """Answers ``route``'s plain requests itself and hands the rest to FastAPI's handler."""

    def __init__(self, router: Router, route: APIRoute) -> None:
        refused = _unplain(route)
        if refused:
            raise ValueError(f"Expected a route a lane can answer as FastAPI does; "
                             f"{route.path} has {refused}")
        body = route.body_field
        self.router, self.route = router, route
        # FastAPI's handler needs the exit stack its outer layer gives every request.
        self.fallback = AsyncExitStackMiddleware(route.handle)
        self.endpoint: Callable[..., Awaitable[BaseModel]] = route.endpoint
        self.request_name = route.dependant.request_param_name
        self.body_name = body.name if body is not None else ""
        self.body_model: type[BaseModel] | None = (
            cast(type[BaseModel], body.field_info.annotation) if body is not None else None)
        self.returns: type[BaseModel] = route.response_model
        self.status = route.status_code or 200

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        scope["router"] = self.router
        request = Request(scope, receive)
        kwargs: dict[str, Any] = dict(scope["path_params"])
        if self.body_model is not None:
            try:
                raw = await request.body()
            except HTTPException:  # a body over its limit (``limits.BodyLimit``)
                raise
            except Exception as e:
                # As in FastAPI's handler: a body that cannot be read (the client left
                # while sending it) is a bad request, not the server's failure.
                raise HTTPException(400, "There was an error parsing the body") from e
            body = self._body(raw, request.headers.get("content-type"))
            if body is None:  # FastAPI's handler says what is wrong, as for any route
                await self.fallback(scope, _replay(raw, receive), send)
                return
            kwargs[self.body_name] = body
        if self.request_name is not None:
            kwargs[self.request_name] = request
        result = await self.endpoint(**kwargs)
        if type(result) is not self.returns:
            raise TypeError(f"Expected {self.route.path} to return a "
                            f"{self.returns.__name__}, got {type(result).__name__}")
        await Response(result.model_dump_json(by_alias=True), self.status,
                       media_type="application/json")(scope, receive, send)

    def _body(self, raw: bytes, content_type: str | None) -> BaseModel | None:
        """Returns the body's model, or ``None`` when the request is not plain: no body,
        not JSON, or not what the model accepts."""
        if self.body_model is None or not raw or not _is_json(content_type):
            return None
        try:
            return self.body_model.model_validate_json(raw)
        except ValidationError:  # bytes that are not JSON too
            return None


def _unplain(route: APIRoute) -> str:
    """Returns what of ``route`` a lane does not do (empty: nothing). A lane passes the
    path's text parameters, the request and one body model (not embedded) to the
    endpoint, and writes the response model returned as it is."""
    dependant = route.dependant
    if not inspect.iscoroutinefunction(route.endpoint):
        return "an endpoint that is no coroutine function"
    if (dependant.dependencies or dependant.query_params or dependant.header_params
            or dependant.cookie_params):
        return "parameters other than the path's, the request and a body"
    if any(p.field_info.annotation is not str or p.field_info.metadata
           for p in dependant.path_params):
        return "a path parameter other than text, or one with constraints"
    if dependant.background_tasks_param_name or dependant.response_param_name:
        return "background tasks or a response parameter"
    bodies = dependant.body_params
    if len(bodies) > 1 or any(getattr(b.field_info, "embed", False) for b in bodies) or (
            bodies and not _is_model(bodies[0].field_info.annotation)):
        return "a body other than one model"
    if not _is_model(route.response_model):
        return "no response model"
    if (route.response_model_include is not None or route.response_model_exclude is not None
            or not route.response_model_by_alias or route.response_model_exclude_unset
            or route.response_model_exclude_defaults or route.response_model_exclude_none
            or not isinstance(route.response_class, DefaultPlaceholder)):
        return "a response class or a response model's settings of its own"
    return ""


def _is_model(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, BaseModel)


def _is_json(content_type: str | None) -> bool:
    """Whether FastAPI reads a body of ``content_type`` as JSON (``application/json`` or
    ``application/*+json``, parameters aside)."""
    if not content_type:
        return False
    kind = content_type.partition(";")[0].strip().lower()
    main, _, sub = kind.partition("/")
    return main == "application" and (sub == "json" or sub.endswith("+json"))


def _replay(body: bytes, receive: Receive) -> Receive:
    """Returns a ``receive`` that gives ``body`` again, then what ``receive`` gives (the
    request's body was read from it)."""
    replayed = False

    async def again() -> Message:
        nonlocal replayed
        if not replayed:
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again
