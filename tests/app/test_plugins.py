"""A game installed with pip from its own distribution: found by its entry point, listed,
served with its own table and rules page, and conforming to the contract."""

from __future__ import annotations

from importlib import resources
from importlib.metadata import entry_points

from saloon_high_card import GAME as HIGH_CARD

from games import registry
from games.testing import check_game


def test_the_test_game_comes_from_its_own_distribution_through_an_entry_point() -> None:
    found = {ep.name: ep for ep in entry_points(group=registry.GROUP)}
    assert found["highcard"].value == "saloon_high_card:GAME"
    assert found["highcard"].dist is not None
    assert found["highcard"].dist.name == "saloon-high-card"
    assert registry.get_game("highcard") is HIGH_CARD


def test_the_installed_game_passes_the_conformance_suite() -> None:
    check_game(HIGH_CARD, games=20)


async def test_lobby_lists_the_installed_game(client) -> None:
    games = {g["id"]: g for g in (await client.get("/api/games")).json()}
    assert games["highcard"]["title"] == "High Card"


async def test_its_table_is_served_from_its_package(client) -> None:
    r = await client.get("/games/highcard/table.js")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    shipped = resources.files("saloon_high_card").joinpath("table.js").read_text()
    assert r.text == shipped and "export function render" in r.text


async def test_its_rules_page_is_served_from_its_package(client) -> None:
    page = await client.get("/games/highcard/rules")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<title>High Card — rules</title>" in page.text
    assert '<h2 id="object">Object</h2>' in page.text
    part = await client.get("/games/highcard/rules", params={"part": "true"})
    assert part.text.startswith('<article class="rules" data-game="highcard">')
    assert "<html" not in part.text


async def test_an_unknown_game_has_no_table_nor_rules(client) -> None:
    for path in ("/games/nope/table.js", "/games/nope/rules"):
        r = await client.get(path)
        assert r.status_code == 404 and "nope" in r.json()["error"]["message"]
