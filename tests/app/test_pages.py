"""The pages each game's package brings: its rules page (with anchors) and its card notes."""

from __future__ import annotations

import pytest

from games import registry
from games.rulebook import anchors

GAMES = sorted(g for g in registry.all_games() if g != "highcard")


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_game_serves_its_rules_page_with_an_anchor_per_heading(client,
                                                                           game_id) -> None:
    r = await client.get(f"/games/{game_id}/rules", params={"part": "true"})
    assert r.status_code == 200 and r.text.startswith('<article class="rules"')
    text = registry.get_game(game_id).rules_markdown()
    assert text is not None
    for anchor in anchors(text):
        assert f'id="{anchor}"' in r.text
    page = await client.get(f"/games/{game_id}/rules")
    assert page.status_code == 200 and "<title>" in page.text


async def test_a_rules_page_escapes_raw_html_and_names_sections_by_their_words(client) -> None:
    r = await client.get("/games/wyoming_cowboy/rules?part=true")
    assert '<h2 id="the-opening-pass">The opening pass</h2>' in r.text
    assert '<h2 id="sixes">Sixes</h2>' in r.text


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_game_says_what_its_cards_do(client, game_id) -> None:
    r = await client.get(f"/games/{game_id}/cards")
    assert r.status_code == 200 and len(r.json()) >= 13


async def test_an_unknown_game_has_no_rules_or_cards(client) -> None:
    assert (await client.get("/games/faro/rules")).status_code == 404
    assert (await client.get("/games/faro/cards")).status_code == 404
