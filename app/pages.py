"""The browser's pages: the lobby, a room, the admin, and what each game's package brings.

A game package may ship ``table.js`` (its table, an ES module) and ``rules.md`` (its
rules in words, or the game's ``rules_markdown()``); they are served from the package
itself, so a game installed from another distribution brings its own table and rules
page with no change here. Every heading of a rules page gets an id (``games.rulebook.
slug``), the anchor a refusal's or a hint's rule links to.
"""

from __future__ import annotations

import functools
import html
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore

from app.errors import NotFound
from app.schemas import error_responses
from games.base import Game
from games.registry import UnknownGame, get_game
from games.rulebook import package_files, slug

STATIC = Path(__file__).resolve().parent.parent / "static"
PAGES = {"/": "index.html", "/r/{code}": "room.html", "/admin": "admin.html"}
NO_CACHE = {"Cache-Control": "no-cache"}

router = APIRouter()


def mount(app: FastAPI) -> None:
    """Serves the client's pages and assets (the games' own files are ``router``'s)."""
    for path, filename in PAGES.items():
        app.add_api_route(path, _page(filename), methods=["GET"], include_in_schema=False)
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")


def _page(filename: str):  # type: ignore[no-untyped-def]
    async def page() -> FileResponse:
        return FileResponse(STATIC / filename, headers=NO_CACHE)
    return page


def _game(game_id: str) -> Game:
    try:
        return get_game(game_id)
    except UnknownGame as e:
        raise NotFound(str(e)) from None


def _file(game: Game, name: str) -> Traversable:
    found = package_files(game) / name
    if not found.is_file():
        raise NotFound(f"{game.title} ships no {name}")
    return found


@router.get("/games/{game_id}/table.js", responses=error_responses(404),
            response_class=Response)
async def table(game_id: str) -> Response:
    """The game's table for the browser: an ES module from the game's own package."""
    source = _file(_game(game_id), "table.js").read_text(encoding="utf-8")
    return Response(source, media_type="text/javascript", headers=NO_CACHE)


@router.get("/games/{game_id}/rules", responses=error_responses(404),
            response_class=HTMLResponse)
async def rules(game_id: str, part: bool = False) -> HTMLResponse:
    """The game's rules as a page (``part=true``: the article alone, for a side panel)."""
    game = _game(game_id)
    article = rules_html(game)
    if part:
        return HTMLResponse(article, headers=NO_CACHE)
    title = html.escape(f"{game.title} — rules")
    return HTMLResponse(
        f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<title>{title}</title>\n<link rel="stylesheet" href="/static/css/saloon.css">\n'
        f'<link rel="icon" href="data:,">\n</head>\n<body class="rules-page">\n'
        f'<header class="top"><h1><a href="/">Saloon</a></h1></header>\n'
        f'<main>{article}</main>\n</body>\n</html>\n', headers=NO_CACHE)


@router.get("/games/{game_id}/cards", responses=error_responses(404))
async def cards(game_id: str) -> JSONResponse:
    """What each card does in the game (``card_notes``), keyed as its table names cards."""
    return JSONResponse(_game(game_id).card_notes(), headers=NO_CACHE)


def _heading_ids(state: StateCore) -> None:
    """Gives every heading the id a ``Rule``'s anchor names (``games.rulebook.slug``)."""
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and i + 1 < len(tokens):
            token.attrSet("id", slug(tokens[i + 1].content))


def _markdown() -> Any:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.core.ruler.push("heading_ids", _heading_ids)
    return md


@functools.cache
def rules_html(game: Game) -> str:
    """Returns the game's rules page as an HTML article (raw HTML in it is escaped)."""
    text = game.rules_markdown()
    if not text:
        raise NotFound(f"{game.title} ships no rules.md")
    body = _markdown().render(text)
    return f'<article class="rules" data-game="{html.escape(game.id)}">\n{body}</article>\n'
