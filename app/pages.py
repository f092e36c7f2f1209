"""The browser's pages: the lobby, a room, the admin, and what each game's package brings.

A game package may ship ``table.js`` (its table, an ES module) and ``rules.md`` (its
rules in words); they are served from the package itself, so a game installed from
another distribution brings its own table and rules page with no change here.
"""

from __future__ import annotations

import functools
import html
import sys
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt

from app.errors import NotFound
from app.schemas import error_responses
from games.base import Game
from games.registry import UnknownGame, get_game

STATIC = Path(__file__).resolve().parent.parent / "static"
PAGES = {"/": "index.html", "/r/{code}": "room.html", "/admin": "admin.html"}
NO_CACHE = {"Cache-Control": "no-cache"}

router = APIRouter()


def mount(app: FastAPI) -> None:
    """Serves the client's pages and assets, and the games' own files."""
    for path, filename in PAGES.items():
        app.add_api_route(path, _page(filename), methods=["GET"], include_in_schema=False)
    app.include_router(router)
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")


def _page(filename: str):  # type: ignore[no-untyped-def]
    async def page() -> FileResponse:
        return FileResponse(STATIC / filename, headers=NO_CACHE)
    return page


def package_files(game: Game) -> Traversable:
    """Returns the folder of the package that defines ``game``'s class."""
    module = sys.modules[type(game).__module__]
    package = module.__name__ if hasattr(module, "__path__") else module.__package__
    return resources.files(package or module.__name__)


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


@functools.cache
def rules_html(game: Game) -> str:
    """Returns the game's ``rules.md`` as an HTML article (raw HTML in it is escaped)."""
    text = _file(game, "rules.md").read_text(encoding="utf-8")
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    return f'<article class="rules" data-game="{html.escape(game.id)}">\n{body}</article>\n'
