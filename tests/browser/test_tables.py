"""Each game's table module rendered read-only (as an admin replay viewer would use it)
from engine views at many points of random games: no error, nothing clickable, no secret."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest

from games.registry import all_games
from games.rng import Rng
from games.wyoming_cowboy.cards import CARD_WORDS
from tests.support.browser import DOM_WORDS, key

pytestmark = pytest.mark.browser

GAMES = sorted(g for g in all_games() if g != "highcard")
SHORT = {"wyoming_cowboy": {"target_score": 5000, "max_hands": 2, "turn_limit": 30}}

# Each call renders several views one after the other (one round trip per state, not
# per view); the page keeps the last one drawn.
INTERACTIVE = """async ([gameId, views, seats, legals]) => {
  const table = await import(`/games/${gameId}/table.js`)
    .catch(() => import('/static/js/tables/generic.js'));
  return views.map((view, i) => {
    const box = document.createElement('div');
    box.id = 'table';
    box.className = 'table';
    document.body.replaceChildren(box);
    table.render(box, view, { seats, you: view.you, legal: legals[i], act: () => {}, ui: {} });
    return [...box.querySelectorAll('[data-action]')].map((e) => e.dataset.action);
  });
}"""

# Each view drawn read-only in a box styled as the room's table (#box.table), one after
# the other; the page keeps the last one drawn, for a test to look into.
RENDER = """async ([gameId, views, seats]) => {
  const table = await import(`/games/${gameId}/table.js`)
    .catch(() => import('/static/js/tables/generic.js'));
  const words = DOM_WORDS;
  return views.map((view) => {
    const box = document.createElement('div');
    box.id = 'box';
    box.className = 'table';
    document.body.replaceChildren(box);
    table.render(box, view, { seats, you: view.you ?? null });
    return {clickable: box.querySelectorAll('[data-action], button.act').length,
            text: words().text};
  });
}""".replace("DOM_WORDS", DOM_WORDS)

def seek(game_id: str, seats: int, seeds: int, wanted: int, key_of) -> dict:
    """Plays seeded random games (short options) until ``key_of(state, seat, legal)`` has
    given ``wanted`` distinct keys (``None``: not a position looked for); returns the
    first ``(state, seat, legal)`` of each key."""
    game = all_games()[game_id]
    options = game.parse_options(SHORT.get(game_id, {}))
    found: dict = {}
    for seed in range(seeds):
        state, rng = game.new_game(options, seats, seed), Rng(seed)
        while not game.is_over(state) and len(found) < wanted:
            seat = rng.choice(sorted(game.to_act(state)))
            legal = game.legal_actions(state, seat)
            key = key_of(state, seat, legal)
            if key is not None:
                found.setdefault(key, (state, seat, legal))
            state, _ = game.apply(state, seat, rng.choice(legal))
        if len(found) == wanted:
            break
    return found


def sample_states(game, seats: int, n: int = 10):
    """Yields states spread over one seeded random game."""
    state = game.new_game(game.parse_options(SHORT.get(game.id, {})), seats, 11)
    rng = Rng(5)
    states = [state]
    while not game.is_over(state) and len(states) < 2000:
        seat = rng.choice(sorted(game.to_act(state)))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        states.append(state)
    step = max(1, len(states) // n)
    picked = set(range(0, len(states), step)) | {len(states) - 1}
    # Every change of phase too (an opening pass, the end of a hand, a showdown...).
    phases = [game.view(st, None).get("phase") for st in states]
    changes = [i for i in range(1, len(states)) if phases[i] != phases[i - 1]]
    picked |= set(changes[:: max(1, len(changes) // 8)])
    return [states[i] for i in sorted(picked)]


@pytest.mark.parametrize("game_id", GAMES)
def test_table_renders_read_only_without_secrets(browser, live, game_id):
    game = all_games()[game_id]
    seats = max(game.min_seats, min(3, game.max_seats))
    names = [f"Player {i + 1}" for i in range(seats)]
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live.http + "/")
    for state in sample_states(game, seats):
        viewers = [None, *range(seats)]
        views = [json.loads(json.dumps(game.view(state, viewer))) for viewer in viewers]
        drawn = page.evaluate(RENDER, [game_id, views, names])
        for viewer, shown in zip(viewers, drawn, strict=True):
            assert shown["clickable"] == 0, "a read-only table offered something to click"
            tokens = set(re.findall(r"[A-Za-z0-9]+", shown["text"]))
            leaked = sorted(s for s in game.secrets(state, viewer) if s in tokens)
            assert not leaked, f"seat {viewer} would see {leaked}"
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_table_offers_only_legal_actions(browser, live, artifacts, game_id):
    game = all_games()[game_id]
    seats = max(game.min_seats, min(3, game.max_seats))
    names = [f"Player {i + 1}" for i in range(seats)]
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live.http + "/")
    offered = 0
    for i, state in enumerate(sample_states(game, seats)):
        acting = sorted(game.to_act(state))
        legals = [game.legal_actions(state, seat) for seat in acting]
        views = [json.loads(json.dumps(game.view(state, seat))) for seat in acting]
        drawn = page.evaluate(INTERACTIVE, [game_id, views, names, legals])
        for legal, keys in zip(legals, drawn, strict=True):
            allowed = {key(a) for a in legal}
            assert set(keys) <= allowed, f"not legal: {set(keys) - allowed}"
            offered += len(keys)
        if i in (1, 4) and acting:
            # The first seat to act, drawn again for the screenshots.
            page.evaluate(INTERACTIVE, [game_id, views[:1], names, legals[:1]])
            for width in (1280, 390):
                page.set_viewport_size({"width": width, "height": 900})
                page.screenshot(path=str(artifacts / f"{game_id}-table-{i}-{width}.png"),
                                full_page=True)
            page.set_viewport_size({"width": 1280, "height": 900})
    assert offered, "the table never offered an action"
    assert not errors, errors
    page.close()


OMNI = """async ([gameId, view, seats]) => {
  const table = await import(`/games/${gameId}/table.js`);
  const box = document.createElement('div');
  box.className = 'table';
  document.body.replaceChildren(box);
  table.render(box, view, { seats, you: null, legal: [] });
  return {
    cards: [...box.querySelectorAll('[data-card]')].map((e) => e.dataset.card),
    clickable: box.querySelectorAll('[data-action], button.act').length,
    generic: box.querySelectorAll('.generic').length,
  };
}"""
OMNISCIENT_TABLES = ["cards_for_cowboys", "wyoming_cowboy"]
# The cards no seat has seen yet, which the replay viewer lists under the table.
OMNI_LISTED = {
    "cards_for_cowboys": lambda v: [line.split(":")[0] for line in
                                    [*v["unused"], *sum(v["reserve"].values(), [])]],
    "wyoming_cowboy": lambda v: [*v["pile"], *v["discards"], *v["shots"],
                                 *(c for p in v.get("passing", []) if p for c in p)],
}


@pytest.mark.parametrize("game_id", OMNISCIENT_TABLES)
def test_table_draws_the_omniscient_view_with_every_card_face_up(browser, live, game_id):
    """What the admin replay shows for Everything: the game's table, every card a face."""
    game = all_games()[game_id]
    seats = max(game.min_seats, min(3, game.max_seats))
    names = [f"Player {i + 1}" for i in range(seats)]
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live.http + "/")
    for state in sample_states(game, seats, n=6):
        view = json.loads(json.dumps(game.omniscient_view(state)))
        assert {"phase", "to_act", "prompt", "scores"} <= set(view)
        drawn = page.evaluate(OMNI, [game_id, view, names])
        assert drawn["clickable"] == 0 and drawn["generic"] == 0
        hidden = set().union(*(game.secrets(state, v) for v in [None, *range(seats)]))
        # Every card some seat cannot see is drawn face up, except those no seat has seen
        # yet (listed under the table by the replay viewer).
        missing = hidden - set(drawn["cards"]) - set(OMNI_LISTED[game_id](view))
        assert not missing, f"not drawn: {sorted(missing)[:10]}"
    assert not errors, errors
    page.close()


@pytest.mark.parametrize(("max_hands", "said"), [
    (0, ["Hand 1", "Target: 500"]),
    (1, ["Hand 1 of 1", "One hand: the highest score wins"]),
    (5, ["Hand 1 of 5", "Target: 500, or the highest total after 5 hands"])])
def test_wyoming_cowboy_names_its_hand_limit_beside_the_target(browser, live, max_hands, said):
    game = all_games()["wyoming_cowboy"]
    state = game.new_game(game.parse_options({"max_hands": max_hands}), 3, 11)
    page = browser.new_page()
    page.goto(live.http + "/")
    [shown] = page.evaluate(RENDER, ["wyoming_cowboy", [game.view(state, 0)],
                                     ["Ana", "Bo", "Cy"]])
    for words in said:
        assert words in shown["text"]
    assert ("of 1" in shown["text"] or "after" in shown["text"]) is bool(max_hands)
    # A game of one hand ends with it whatever the scores: no target to name.
    assert ("Target" in shown["text"]) is (max_hands != 1)
    page.close()


STATS = """async ([gameId, view, seats]) => {
  const table = await import(`/games/${gameId}/table.js`);
  const box = document.createElement('div');
  document.body.replaceChildren(box);
  table.render(box, view, { seats, you: view.you ?? null });
  return [...box.querySelectorAll('.stat')].map((e) => e.textContent);
}"""


def test_a_finished_cowpoker_game_marks_no_ranch_with_the_turn_or_the_lead(browser, live):
    game = all_games()["cowpoker"]
    first, *_, over = sample_states(game, 2, n=2000)
    assert game.is_over(over)
    page = browser.new_page()
    page.goto(live.http + "/")
    # In play, the stats say whose turn it is and which Ranch began the game, in words (not
    # "first to play", which a trick's order contradicted).
    stats = page.evaluate(STATS, ["cowpoker", game.view(first, 0), ["Ana", "Bo"]])
    assert "Began the game: Gallagher" in stats and "began the game" in stats, stats
    assert f"Your Ranch: {game.view(first, 0)['your_ranch']}" in stats, stats
    assert any(s.startswith("Turn: ") for s in stats) and "turn" in stats
    # In a Roundup or Gunfight the turn waits: every Ranch plays in the trick's order.
    trick = next(s for s in sample_states(game, 2, n=2000) if game.view(s, 0).get("trick"))
    kind = {"roundup": "Roundup", "gunfight": "Gunfight"}[game.view(trick, 0)["trick"]["kind"]]
    stats = page.evaluate(STATS, ["cowpoker", game.view(trick, 0), ["Ana", "Bo"]])
    # The turn after a trick is the next Ranch's, left of the one whose turn started it.
    nxt = trick.ranch[trick.left_of(trick.turn)]
    assert any(s.startswith(f"Next turn, after the {kind}: {nxt} ") for s in stats), (nxt, stats)
    assert f"{kind}: every Ranch plays a card" in stats and "Trick" not in stats, stats
    stats = page.evaluate(STATS, ["cowpoker", game.view(over, 0), ["Ana", "Bo"]])
    assert "Gang" in " ".join(stats)  # the Ranches' rows are drawn
    assert not {"turn", "began the game"} & set(stats), stats
    assert not [s for s in stats if s.startswith(("Turn:", "Began the game:"))], stats
    page.close()


def test_every_cowpoker_cards_phone_face_keeps_its_words_inside_the_card(browser, live):
    from games.cowpoker.cards import CARDS  # noqa: PLC0415
    game = all_games()["cowpoker"]
    view = json.loads(json.dumps(game.view(game.new_game(game.parse_options({}), 2, 1), 0)))
    view["table"][1]["gang"] = list(CARDS)  # every card of the game face up in one Gang
    view["cards"] = {cid: card.to_json() for cid, card in CARDS.items()}
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(live.http + "/")
    page.evaluate(RENDER, ["cowpoker", [view], ["Ana", "Bo"]])
    # The words of each card's phone face whose box reaches past the card's inner edge
    # (its border: 2 of the 60 units of its width on either side).
    outside = page.eval_on_selector_all("#box .opponents .face-compact", """(faces) => [
      faces.length,
      faces.flatMap((f) => [...f.querySelectorAll('text')]).map((t) => [t, t.getBBox()])
        .filter(([, b]) => b.x < 2 || b.x + b.width > 58)
        .map(([t, b]) => `${t.textContent}: ${b.x.toFixed(1)}..${(b.x + b.width).toFixed(1)}`)]""")
    assert outside[0] >= len(CARDS) and outside[1] == [], outside
    page.close()


def test_cowpoker_says_which_ranks_are_wild_and_where(browser, live):
    game = all_games()["cowpoker"]
    state = game.new_game(game.parse_options({}), 2, 11)
    view = json.loads(json.dumps(game.view(state, 0)))
    view["hand_wild"] = [7]
    view["table"][0]["gang_wild"] = [2, 14]
    page = browser.new_page()
    page.goto(live.http + "/")
    stats = page.evaluate(STATS, ["cowpoker", view, ["Ana", "Bo"]])
    assert "7s are wild in your hand" in stats
    assert "2s and Aces are wild in this Gang" in stats
    page.close()


WITH_LOG = """async ([gameId, view, seats, log]) => {
  const table = await import(`/games/${gameId}/table.js`);
  const box = document.createElement('div');
  document.body.replaceChildren(box);
  table.render(box, view, { seats, you: view.you, legal: [], act: () => {}, ui: {}, log });
  return box.innerText;
}"""


def test_a_cards_for_cowboys_bust_of_the_round_before_is_said(browser, live):
    # The round can end, a bot drawing on and buying, before the seat that busted sees
    # it: the next round says so, from the room's log, until the seat draws again.
    game = all_games()["cards_for_cowboys"]
    view = json.loads(json.dumps(game.view(game.new_game(game.parse_options({}), 2, 3), 0)))
    view["round"] = 4
    page = browser.new_page()
    page.goto(live.http + "/")
    names = ["Ana", "Bo"]

    def shown(log):
        return page.evaluate(WITH_LOG, ["cards_for_cowboys", view, names, log])

    bust = {"v": 40, "type": "bust", "text": "{seat:0} has 3 Bandits and busts"}
    text = shown([{**bust, "seat": 0, "round": 3}, {**bust, "seat": 1, "round": 3}])
    # Said in the decision, and beside each seat that busted.
    assert "You busted last round" in text and text.count("busted last round") == 3
    assert "You busted last round" not in shown([{**bust, "seat": 0, "round": 2}])
    assert "You busted last round" not in shown([{**bust, "seat": 1, "round": 3}])
    assert "busted last round" in shown([{**bust, "seat": 1, "round": 3}])
    # With the card that did it, as the log tells it (the drawn row went at once).
    drew = {"v": 40, "type": "draw", "seat": 0, "text": "{seat:0} draws 2 Cows + 2 Bandits",
            "face": {"back": "rattlesnake", "cost": 0, "text": "2 Cows + 2 Bandits", "cows": 2,
                     "bandits": 2}}
    text = shown([drew, {**bust, "seat": 0, "round": 3}])
    assert ("You busted last round: the 2 Cows + 2 Bandits you drew brought your Bandits "
            "not jailed to three before you stopped, so you bought nothing.") in text, text
    assert page.locator(".bust-note .card").count() == 1
    # Never under the game's end: the round before is over for good.
    view["phase"] = "over"
    assert "busted last round" not in shown([{**bust, "seat": 0, "round": 3}])
    page.close()


EXPLAIN = """async ([gameId, view, seats, result]) => {
  const table = await import(`/games/${gameId}/table.js`);
  return table.explainResult(view, { result }, { seats }).why;
}"""


def test_a_cards_for_cowboys_result_says_who_and_leaves_the_rule_to_the_lines(browser, live):
    """Who gathered the largest Herd, and whether it is shared; the tie rule itself is
    said once, under the score lines."""
    page = browser.new_page()
    page.goto(live.http + "/")
    names = ["Ana", "Bo", "Cy"]
    one = page.evaluate(EXPLAIN, ["cards_for_cowboys", {}, names,
                                  {"winners": [1], "scores": [3, 9, 4]}])
    assert one == "Bo gathered the largest Herd (9 Cows) over the three Acts.", one
    two = page.evaluate(EXPLAIN, ["cards_for_cowboys", {}, names,
                                  {"winners": [0, 2], "scores": [9, 3, 9]}])
    assert two == "Ana and Cy gathered the largest Herd (9 Cows, equal Herds) over the three " \
        "Acts.", two
    page.close()


def test_a_cowpoker_card_on_a_phone_says_its_effect_in_a_word(browser, live):
    """A phone's card face has no room for an effect's rule: it names it ("Roundup!",
    "Rustle", "→ best hand") rather than only marking that there is one (or, in one's
    hand, "Ignored now" where it would be ignored)."""
    game = all_games()["cowpoker"]
    views = [json.loads(json.dumps(game.view(st, 0))) for st in sample_states(game, 4, n=60)]
    page = browser.new_page()
    page.goto(live.http + "/")
    words: set[str] = set()
    for view in views:
        page.evaluate(RENDER, ["cowpoker", [view], ["Ana", "Bo", "Cy", "Dee"]])
        words |= set(page.eval_on_selector_all("#box .face-compact .cow-c-tag-word",
                                               "(ts) => ts.map((t) => t.textContent)"))
    assert "effect" not in words and len(words) >= 4, words
    # A Wild card names the rank it makes wild, which is not its own.
    wild = {w for w in words if re.fullmatch(r"(\d+s|Jacks|Queens|Kings|Aces) wild", w)}
    assert wild, words
    assert words - wild <= {"Roundup!", "Gunfight!", "Showdown", "Play again", "Rustle",
                            "Rustle any", "Unload", "\u2192 most pts", "\u2192 fewest pts",
                            "\u2192 best hand", "\u2192 worst hand", "Ignored now"}, words
    page.close()


def test_a_cowpoker_joker_shows_its_star_alone_in_the_corner(browser, live):
    """A "J" under a Joker's star read as a Jack; a standard card keeps rank and suit."""
    from tests.games.cowpoker.position import build, cid
    game = all_games()["cowpoker"]
    state = build(gangs={0: ["The Stranger", "Lasso Lem"]})
    page = browser.new_page()
    page.goto(live.http + "/")
    page.evaluate(RENDER, ["cowpoker", [json.loads(json.dumps(game.view(state, 0)))],
                           ["Ana", "Bo", "Cy", "Dee"]])
    corner = page.evaluate("""(ids) => ids.map((id) => [...document.querySelectorAll(
        `#box .card[data-card='${id}'] :is(.cow-rank, .cow-suit)`)].map((t) => t.textContent))""",
        [cid("The Stranger"), cid("Lasso Lem")])
    assert corner == [["\u2605"], ["6", "\u2665"]], corner
    page.close()


def test_cowpoker_shows_the_other_ranches_in_the_order_they_play_after_yours(browser, live):
    game = all_games()["cowpoker"]
    state = game.new_game(game.parse_options({}), 3, 5)
    page = browser.new_page()
    page.goto(live.http + "/")
    for seat in range(3):
        page.evaluate(RENDER, ["cowpoker", [json.loads(json.dumps(game.view(state, seat)))],
                               ["Ana", "Bo", "Cy"]])
        ranches = page.eval_on_selector_all("#box .opponents [data-ranch]",
                                            "(zones) => zones.map((z) => z.dataset.ranch)")
        mine = state.position_of(seat)
        assert ranches == [state.ranch[(mine + k) % 4] for k in (1, 2, 3)], (seat, ranches)
    page.close()


def test_cowpoker_names_deadwood_in_its_result_only_where_the_table_has_it(browser, live):
    game = all_games()["cowpoker"]
    page = browser.new_page()
    page.goto(live.http + "/")
    names = ["Ana", "Bo", "Cy", "Dee"]
    for seats in (2, 4):
        *_, over = sample_states(game, seats, n=2000)
        assert game.is_over(over)
        view = game.view(over, 0)
        deadwood = any(r["deadwood"] for r in view["result"]["ranches"])
        result = game.result(over)
        assert result is not None
        why = page.evaluate(EXPLAIN, ["cowpoker", view, names[:seats], result.to_json()])
        assert ("Deadwood Ranches cannot win" in why) is deadwood, (seats, why)
        assert ("among the live Ranches" in why) is deadwood
        assert deadwood is (seats == 2)  # Ranches without a person: Deadwood's
        # What the winner's total is made of, from its own lines: the penalty only if it
        # had it.
        rows = view["result"]["ranches"]
        won = next(r for r in rows if not r["deadwood"] and r["seat"] in result.winners)
        gang = won["lines"][0]["points"]
        assert f"{names[won['seat']]} scored the most" in why, why
        assert f"{won['total']:g} points: {gang:g} Gang points" in why, why
        penalized = any("cellar_points" in line and line["points"] for line in won["lines"])
        assert ("for the fewest Cellar points" in why) is penalized, why
    page.close()


RESULT = """async ([gameId, view, seats, result]) => {
  const table = await import(`/games/${gameId}/table.js`);
  const { renderResult } = await import('/static/js/actions.js');
  const box = document.createElement('div');
  document.body.replaceChildren(box);
  renderResult(box, view, { result, status: 'finished' }, { seats, you: view.you }, table);
  return {ranking: [...box.querySelectorAll('.scores tbody tr')].map((r) => r.innerText),
          lines: [...box.querySelectorAll('.breakdown tr')].map((r) => r.innerText)};
}"""


def test_a_cowpoker_result_says_which_bonus_or_penalty_a_ranch_did_not_get(browser, live):
    """A score line worth nothing says why, "not the best" or "not the fewest", where
    "Fewest Cellar points … 0" read as if the Ranch had the fewest; Deadwood is named once
    in the ranking ("Deadwood Masterson (cannot win)"), and has no line for the Hands."""
    game = all_games()["cowpoker"]
    page = browser.new_page()
    page.goto(live.http + "/")
    *_, over = sample_states(game, 2, n=2000)
    result = game.result(over)
    assert result is not None
    told = page.evaluate(RESULT, ["cowpoker", game.view(over, 0), ["Ana", "Bo"],
                                  result.to_json()])
    apart = [r for r in told["ranking"] if "cannot win" in r]
    assert len(apart) == 2 and all(r.count("Deadwood") == 1 for r in apart), told["ranking"]
    # The winner's name ends in its Ranch's brackets: "— winner", not a second bracket.
    won = [r for r in told["ranking"] if "winner" in r]
    assert len(won) == 1 and ") \u2014 winner" in won[0], told["ranking"]
    bonus = [line for line in told["lines"] if line.startswith("Best poker hand")]
    cellar = [line for line in told["lines"] if "Fewest Cellar points" in line]
    # Three bonuses a Ranch, but a Deadwood Ranch has no Hand to have the best of.
    hands = [line for line in bonus if "among Hands" in line]
    assert len(bonus) == 10 and len(hands) == 2 and len(cellar) == 2, told["lines"]
    for line in bonus + cellar:
        worth = float(line.split()[-1])
        said = "not the best" in line or "not the fewest" in line
        assert said is (worth == 0), line
    page.close()


def test_a_wyoming_cowboy_result_says_a_hand_a_seat_scored_nothing_in(browser, live):
    """A seat that scored nothing in a hand had an empty section under its name, read as
    something that failed to load: each hand played is listed, "Nothing scored" where so."""
    game = all_games()["wyoming_cowboy"]
    *_, over = sample_states(game, 3, n=2000)
    view = json.loads(json.dumps(game.view(over, 0)))
    result = game.result(over)
    assert result is not None
    detail = json.loads(json.dumps(result.to_json()))
    for d in (view["result"], detail["detail"]):
        d["seats"][1]["lines"] = [line for line in d["seats"][1]["lines"] if line["hand"] != 1]
    page = browser.new_page()
    page.goto(live.http + "/")
    page.evaluate(RESULT, ["wyoming_cowboy", view, ["Ana", "Bo", "Cy"], detail])
    seats = page.evaluate("""() => [...document.querySelectorAll('.breakdown-seat')]
      .map((s) => [...s.querySelectorAll('tr')].map((r) => r.innerText))""")
    hands = view["result"]["hands"]
    assert all(sum(row.startswith("Hand ") for row in rows) == hands for rows in seats), seats
    assert seats[1][:2] == ["Hand 1", "Nothing scored\t0"], seats[1]
    page.close()


# A table drawn with a decision bar, as the room draws it (the bar is both the table's
# `decision` and its `reaction`), drawn afresh after each local change: the bar's cards
# (each with whether it is "burn only") and its words; with `clicks`, the first that many
# cards of the viewer's hand are clicked in turn, and `picked` gives, after each click,
# the cards chosen and the bar's words.
WITH_BAR = """async ([gameId, view, seats, legal, clicks = 0]) => {
  const table = await import(`/games/${gameId}/table.js`);
  // The room page's own structure: the table, and the dock's decision bar under it.
  const play = document.createElement('section'), dock = document.createElement('div');
  const decision = document.createElement('section');
  const box = document.createElement('div'), bar = document.createElement('div');
  play.id = 'play';
  play.dataset.game = gameId;
  box.className = 'table';
  box.dataset.game = gameId;
  dock.className = 'dock';
  decision.className = 'decision';
  bar.className = 'decision-body';
  decision.append(bar);
  dock.append(decision);
  play.append(box, dock);
  document.body.replaceChildren(play);
  const ctx = { seats, you: view.you, legal, act: () => {}, ui: {}, log: [],
                decision: bar, reaction: bar };
  ctx.rerender = () => {
    box.replaceChildren();
    bar.replaceChildren();
    table.render(box, view, ctx);
  };
  ctx.rerender();
  const picked = [];
  for (let i = 0; i < clicks; i++) {
    box.querySelectorAll('.my-hand .card')[i].click();
    picked.push([[...(ctx.ui.selected || [])], bar.innerText]);
  }
  return {cards: [...bar.querySelectorAll('.bar-cards .card')].map(
            (e) => [e.dataset.card, e.classList.contains('burn-only')]),
          text: bar.innerText, picked};
}"""


def test_cowpoker_cards_to_rustle_in_the_bar_keep_their_size_on_a_phone(browser, live,
                                                                       artifacts):
    from tests.games.cowpoker.position import build, cid
    game = all_games()["cowpoker"]
    gangs = {0: ["Cookie Pete", "Dusty Rhodes", "Paco the Kid"],
             2: ["Bluff Barlow", "Jenny Two-Ropes"], 3: ["Fence Post Lou", "Capitan Ruiz"]}
    state = build(turn=1, hands={1: ["Luz Obregon"]}, gangs=gangs)
    state, _ = game.apply(state, 1, {"type": "play", "card": cid("Luz Obregon")})
    legal = game.legal_actions(state, 1)
    assert len(legal) == 7 and {a["type"] for a in legal} == {"rustle"}
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(live.http + "/")
    cards = page.evaluate(WITH_BAR, ["cowpoker", json.loads(json.dumps(game.view(state, 1))),
                                     ["Ana", "Bo", "Cy", "Di"], legal])["cards"]
    assert len(cards) == 7
    # Grouped by the Gang each would be taken from, which the card itself does not say.
    groups = page.evaluate("""() => [...document.querySelectorAll('.bar-groups .bar-pick')]
      .map((g) => [g.querySelector('.bar-title').innerText,
                   [...g.querySelectorAll('.card')].map((c) => c.dataset.card)])""")
    assert groups == [[f"Gang of {ranch} ({name})", [cid(c) for c in gangs[seat]]]
                      for seat, ranch, name in ((0, "Gallagher", "Ana"), (2, "Masterson", "Cy"),
                                                (3, "San Joaquin", "Di"))], groups
    # As large as the hand's cards in the dock: a face drawn small carries its words at
    # a few pixels.
    widths = page.evaluate("""() => [...document.querySelectorAll('.bar-cards .card')]
      .map((e) => e.getBoundingClientRect().width)""")
    hand = page.evaluate("""() => parseFloat(getComputedStyle(document.querySelector('.dock'))
      .getPropertyValue('--card-w'))""")
    assert hand >= 60 and all(w >= hand for w in widths), (widths, hand)
    page.locator(".dock").screenshot(path=str(artifacts / "cowpoker-rustle-bar-390.png"))
    page.close()


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_a_cowpoker_rustle_among_many_gang_cards_keeps_the_bar_one_row_high(browser, live,
                                                                           artifacts, size):
    """Late in a game a live rustle may take any of some twenty Gang cards: the bar keeps
    them in one row, the Gangs side by side and scrolled sideways, at the dock's card size,
    so that the bar stays a card high and on the screen (the dock holds at most 70% of
    it), every card within reach."""
    from tests.games.cowpoker.position import build, cid
    game = all_games()["cowpoker"]
    gangs = {0: ["Cookie Pete", "Dusty Rhodes", "Paco the Kid", "Lasso Lem", "Swing Rider",
                 "Drover Mac", "Rosa Davila"],
             2: ["Bluff Barlow", "Jenny Two-Ropes", "Sticky Masterson", "Mule Thief Dan",
                 "Night Rider", "Cattle Kate"],
             3: ["Fence Post Lou", "Capitan Ruiz", "Faro Jack", "Dice Dolores", "Doc Sandoval",
                 "Sharp Sally", "Circuit Rider"]}
    state = build(turn=1, hands={1: ["Luz Obregon"]}, gangs=gangs)
    state, _ = game.apply(state, 1, {"type": "play", "card": cid("Luz Obregon")})
    legal = game.legal_actions(state, 1)
    assert state.pending == "live_rustle" and len(legal) == 20
    assert {a["type"] for a in legal} == {"rustle"}
    width, height = size
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(live.http + "/")
    cards = page.evaluate(WITH_BAR, ["cowpoker", json.loads(json.dumps(game.view(state, 1))),
                                     ["Ana", "Bo", "Cy", "Di"], legal])["cards"]
    assert len(cards) == 20
    fit = page.evaluate("""() => {
      const bar = document.querySelector('.decision').getBoundingClientRect();
      const row = document.querySelector('.bar-groups .bar-row')
        || document.querySelector('.bar-groups');
      const cards = [...document.querySelectorAll('.bar-cards .card')];
      const tops = new Set(cards.map((e) => Math.round(e.getBoundingClientRect().top)));
      const card = parseFloat(getComputedStyle(document.querySelector('.dock'))
        .getPropertyValue('--card-w'));
      const more = document.querySelector('.bar-more');
      const said = !!more && !more.hidden && more.checkVisibility();
      // Scrolled to its end, the row shows its last card whole.
      row.scrollLeft = row.scrollWidth;
      const last = cards[cards.length - 1].getBoundingClientRect();
      const shown = row.getBoundingClientRect();
      return {height: bar.height, rows: tops.size, card,
              widths: cards.map((e) => e.getBoundingClientRect().width),
              lastShown: last.left >= shown.left - 1 && last.right <= shown.right + 1,
              said, title: document.querySelector('.bar-row .bar-pick:last-child .bar-title')
                .getBoundingClientRect().left - shown.left,
              // A Gang's name is no wider than its cards (or 8em): a one-card Gang was as
              // wide as "Gang of Gallagher (Smart Bot 1)".
              wide: [...document.querySelectorAll('.bar-row .bar-pick')].filter((g) => {
                const cards = g.querySelector('.bar-cards').scrollWidth;
                const em = parseFloat(getComputedStyle(g).fontSize);
                return g.getBoundingClientRect().width > Math.max(cards, 8 * em) + 2;
              }).length};
    }""")
    assert fit["rows"] == 1, fit
    assert fit["height"] <= 0.4 * height, fit
    assert all(w >= fit["card"] for w in fit["widths"]), fit
    assert fit["lastShown"], fit
    # The row says it holds more than is shown, and each Gang's name stays in view.
    assert fit["said"] and fit["title"] >= -1 and fit["wide"] == 0, fit
    page.locator(".dock").screenshot(path=str(artifacts / f"cowpoker-rustle-many-{width}.png"))
    page.close()


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_a_cowpoker_card_whose_effect_would_be_ignored_says_so_on_its_face(browser, live,
                                                                         artifacts, size):
    """Another Ranch's Gunfight! in one's hand would start nothing if played: its face
    says "No effect now" above its effect's words, faded (on a phone its tag's word struck
    through), its label and enlarged card say why; one's own Ranch's card keeps its effect's
    word; no text on either face lies over another's."""
    from tests.games.cowpoker.position import build, cid
    game = all_games()["cowpoker"]
    state = build(hands={0: ["Rosa Davila", "Lasso Lem", "Cookie Pete"]})
    legal = game.legal_actions(state, 0)
    width, height = size
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(live.http + "/")
    page.evaluate(WITH_BAR, ["cowpoker", json.loads(json.dumps(game.view(state, 0))),
                             ["Ana", "Bo", "Cy", "Di"], legal])
    said = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '.my-hand .card')].map((e) => [e.dataset.card, {
          label: e.querySelector('.sr-only')?.textContent || e.getAttribute('aria-label'),
          // (An SVG group drawn with display: none hides its text; checkVisibility misses it.)
          stamp: [...e.querySelectorAll('.cow-ignored-word, .cow-c-tag-word')].filter((t) => {
            for (let g = t; g.tagName !== 'svg'; g = g.parentNode) {
              if (getComputedStyle(g).display === 'none') return false;
            }
            return true;
          }).map((t) => t.textContent).join(' '),
          struck: !!e.querySelector('.cow-c-struck') && getComputedStyle(
            e.querySelector('.face-compact')).display !== 'none',
          // Any two texts of the face drawn on screen whose boxes overlap.
          overlaps: (() => {
            const boxes = [...e.querySelectorAll('text')].filter((t) => t.getClientRects().length)
              .map((t) => t.getBoundingClientRect()).filter((b) => b.width && b.height);
            // (A line's box holds its font's ascent and descent: lines one under the other
            // touch; a text over another covers half its height.)
            const across = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const down = (a, b) => Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            return boxes.some((a, i) => boxes.slice(i + 1).some((b) => across(a, b) > 2
              && down(a, b) > 0.4 * Math.min(a.height, b.height)));
          })()}]))""")
    rosa, lem = said[cid("Rosa Davila")], said[cid("Lasso Lem")]
    assert "its effect is ignored: it is Davila's card" in rosa["label"], rosa
    assert "!." not in rosa["label"] and ".." not in rosa["label"], rosa
    assert "ignored" not in lem["label"], lem
    if width > 480:
        assert rosa["stamp"] == "No effect now" and lem["stamp"] == "", said
    else:
        assert rosa["stamp"] == "Gunfight!" and rosa["struck"], said
        assert lem["stamp"] == "Roundup!" and not lem["struck"], said
    assert not rosa["overlaps"] and not lem["overlaps"], said
    page.locator(".my-hand").screenshot(path=str(artifacts / f"cowpoker-ignored-{width}.png"))
    page.locator(f'.my-hand .card[data-card="{cid("Rosa Davila")}"]').screenshot(
        path=str(artifacts / f"cowpoker-ignored-card-{width}.png"))
    # In a trick every card's effect is ignored, and that is the reason given: not a
    # Ranch's Ace, which is no reason for one's own Ranch's cards or the Town's.
    play = next(a for a in legal if a.get("card") == cid("Lasso Lem"))
    trick, _ = game.apply(state, 0, play)
    page.evaluate(WITH_BAR, ["cowpoker", json.loads(json.dumps(game.view(trick, 0))),
                             ["Ana", "Bo", "Cy", "Di"], []])
    label = page.evaluate(f"""() => {{
      const card = document.querySelector('.my-hand .card[data-card="{cid("Rosa Davila")}"]');
      return card.querySelector('.sr-only')?.textContent || card.getAttribute('aria-label');
    }}""")
    assert label.endswith("Played into this trick, its effect is ignored: no card's effect "
                          "works in a Roundup or Gunfight."), label
    page.close()


def test_the_cards_for_cowboys_jail_is_given_with_one_named_button_a_player(browser, live,
                                                                          artifacts):
    """The pass-on Jail asks whom to give it to: what it does is said once, above buttons
    that each name a player (each button once said the card's whole text again)."""
    game = all_games()["cards_for_cowboys"]
    rng = Rng(0)
    state = game.new_game(game.parse_options({}), 4, 0)
    while not any(a["type"] == "give" for a in game.legal_actions(state, 1)):
        seat = rng.choice(sorted(game.to_act(state)))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    legal = game.legal_actions(state, 1)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(live.http + "/")
    page.evaluate(WITH_BAR, ["cards_for_cowboys", json.loads(json.dumps(game.view(state, 1))),
                             ["Ana", "Bo", "Cy", "Di"], legal])
    panel = page.evaluate("""() => {
      const p = document.querySelector('.decision-body [aria-label="Pass on the Jail"]');
      return {text: p.innerText, buttons: [...p.querySelectorAll('button')].map(
        (b) => [b.innerText, b.title])}; }""")
    assert "It goes on the discard pile of the player you choose" in panel["text"], panel
    gives = {a["to"] for a in legal if a["type"] == "give"}
    names = ["Ana", "Bo", "Cy", "Di"]
    assert panel["buttons"] == [[names[t], f"Give the Jail to {names[t]}"] for t in sorted(gives)]
    page.locator(".decision-body").screenshot(path=str(artifacts / "cfc-jail-give-390.png"))
    page.close()


def test_wyoming_cowboy_says_through_the_next_hand_how_the_last_one_ended(browser, live):
    """A bot dealing next ends the hand's panel at once: the next hand's table keeps a line
    saying who ended the last one and what each seat scored, opening to its lines."""
    from tests.games.wyoming_cowboy.helpers import act, build
    game = all_games()["wyoming_cowboy"]
    st = build(hands={0: "TH 5C", 1: "KS QD"}, tens={1: "TC TD TS"},
               guns={2: [("22", "2C 2D")]})
    st, _ = act(st, 0, type="discard", card="TH", pile=0, discard=0)
    scoring = json.loads(json.dumps(game.view(st, 0)))
    st, _ = act(st, next(iter(game.to_act(st))), type="deal")
    views = [scoring, json.loads(json.dumps(game.view(st, 0)))]
    page = browser.new_page()
    page.goto(live.http + "/")
    said = page.evaluate("""async ([views, seats]) => {
      const table = await import('/games/wyoming_cowboy/table.js');
      return views.map((view) => {
        const box = document.createElement('div');
        box.className = 'table';
        document.body.replaceChildren(box);
        table.render(box, view, { seats, you: view.you, legal: [], ui: {}, log: [] });
        const line = box.querySelector('details.last-hand');
        if (line) line.open = true;
        return {line: line?.querySelector('summary').innerText ?? null,
                lines: line ? line.querySelectorAll('.breakdown tr').length : 0,
                panel: !!box.querySelector('.hand-over')};
      });
    }""", [views, ["Ana", "Bo", "Cy", "Di"]])
    assert said[0] == {"line": None, "lines": 0, "panel": True}, said
    assert said[1]["line"] == ("Hand 1: Ana (you) ended it (all the 10s and a .22 are on the "
                               "table). Ana (you) +40, Bo +30, Cy +0, Di +0."), said
    assert said[1]["lines"] > 0 and not said[1]["panel"], said
    # While the new hand's opening pass is chosen, the line heads the dock (a phone's table
    # top is under it then).
    assert views[1]["phase"] in ("direction", "pass")
    docked = page.evaluate("""async ([view, seats]) => {
      const table = await import('/games/wyoming_cowboy/table.js');
      const box = document.createElement('div'), bar = document.createElement('div');
      document.body.replaceChildren(box, bar);
      table.render(box, view, { seats, you: view.you, legal: [], ui: {}, log: [],
                                decision: bar, reaction: bar });
      return [!!bar.querySelector('details.last-hand'), !!box.querySelector('details.last-hand')];
    }""", [views[1], ["Ana", "Bo", "Cy", "Di"]])
    assert docked == [True, False], docked
    page.close()


def test_cards_for_cowboys_shows_anothers_discard_pile_with_a_plain_back(browser, live):
    game = all_games()["cards_for_cowboys"]
    rng = Rng(2)
    state = game.new_game(game.parse_options({}), 2, 3)
    while not state.players[1].discard:
        seat = rng.choice(sorted(game.to_act(state)))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    page = browser.new_page()
    page.goto(live.http + "/")
    page.evaluate(RENDER, ["cards_for_cowboys", [json.loads(json.dumps(game.view(state, 0)))],
                           ["Ana", "Bo"]])
    piles = page.evaluate("""() => [...document.querySelectorAll('#box .pile .card')].map((c) => [
      c.getAttribute('aria-label'), c.querySelectorAll('.cactus').length, c.textContent])""")
    # Bo's discard pile: face down, no back's cacti (its top is not the next card drawn).
    assert ["discard pile, face down", 0, "discards"] in piles, piles
    # A draw pile's top back tells its risk, in words that agree with the count.
    said = [(re.search(r"\((\d) (cactus|cacti)\)$", label), drawn)
            for label, drawn, _ in piles if label.startswith("face down,")]
    assert said and all(m and int(m[1]) == drawn and (m[2] == "cactus") == (drawn == 1)
                        for m, drawn in said), piles
    page.close()


def test_a_cards_for_cowboys_look_at_the_top_cards_is_offered_in_the_bar(browser, live):
    from tests.games.cards_for_cowboys.position import DRAW, STOP, fresh, play, stack
    game = all_games()["cards_for_cowboys"]
    # Seat 0 draws card 19 ("trash it to look at your top 3 cards") and stops.
    state = play(stack(fresh(2), 0, ["c19", "c91a", "c92a", "c93a"]), (0, DRAW), (0, STOP))[0]
    seat, legal = 0, game.legal_actions(state, 0)
    assert legal == [{"type": "trash", "card": "c19"}, {"type": "skip"}]
    page = browser.new_page()
    page.goto(live.http + "/")
    page.evaluate(WITH_BAR, ["cards_for_cowboys", json.loads(json.dumps(game.view(state, seat))),
                             ["Ana", "Bo"], legal])
    # Both answers to the prompt stand in the bar: trash the card and look, or keep it.
    buttons = page.evaluate("""() => [...document.querySelectorAll('.decision-body button')]
      .map((b) => b.dataset.action)""")
    for action in legal:
        assert key(action) in buttons, (action, buttons)
    page.close()


def test_a_cards_for_cowboys_bust_is_said_at_once_to_the_seat_that_busted(browser, live):
    game = all_games()["cards_for_cowboys"]
    rng = Rng(1)
    found = None
    for seed in range(20):
        state = game.new_game(game.parse_options({}), 2, seed)
        while not game.is_over(state) and found is None:
            seat = rng.choice(sorted(game.to_act(state)))
            state, events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            if any(e["type"] == "bust" for e in events):
                found = state, seat
        if found:
            break
    assert found, "nobody busted in 20 games"
    state, seat = found
    page = browser.new_page()
    page.goto(live.http + "/")
    said = page.evaluate(WITH_BAR, ["cards_for_cowboys", json.loads(json.dumps(
        game.view(state, seat))), ["Ana", "Bo"], game.legal_actions(state, seat)])["text"]
    assert "You busted: your Bandits not jailed reached three before you stopped." in said, said
    # The others see the seat busted, not a seat that drew nothing.
    other = 1 - seat
    seen = page.evaluate(RENDER, ["cards_for_cowboys", [json.loads(json.dumps(
        game.view(state, other)))], ["Ana", "Bo"]])[0]["text"]
    assert "Busted this round: their Bandits not jailed reached three before they stopped" \
        in seen, seen
    page.close()


def test_a_settled_cards_for_cowboys_throw_names_its_winner(browser, live):
    """After rock, paper, scissors the panel stays up while buying: it says who won, not
    "Between" one name."""
    game = all_games()["cards_for_cowboys"]

    def settled(state, seat, legal):
        view = game.view(state, 0)
        return True if view["rps"] and view["phase"] != "rps" else None

    seen = seek("cards_for_cowboys", 3, 60, 1, settled)
    assert seen, "no throw was settled in 60 games"
    found = game.view(seen[True][0], 0)
    page = browser.new_page()
    page.goto(live.http + "/")
    text = page.evaluate(RENDER, ["cards_for_cowboys", [json.loads(json.dumps(found))],
                                  ["Ana", "Bo", "Cy"]])[0]["text"]
    winner = ["Ana", "Bo", "Cy"][found["rps"]["contenders"][0]]
    assert f"Won by {winner}" in text and "Between" not in text, text
    page.close()


HAND_HEADING = """async ([gameId, view, seats, legal]) => {
  const table = await import(`/games/${gameId}/table.js`);
  const box = document.createElement('div'), bar = document.createElement('div');
  const hand = document.createElement('div');
  document.body.replaceChildren(box, bar, hand);
  table.render(box, view, { seats, you: view.you, legal, act: () => {}, ui: {}, log: [],
                            decision: bar, reaction: bar, hand, rerender: () => {} });
  return hand.querySelector('h3').textContent;
}"""


@pytest.mark.parametrize("bandits,jails,said", [
    (2, 0, "2 Bandits (one more busts you)"),
    (2, 1, "2 Bandits, 1 jailed"),
    (3, 1, "3 Bandits, 1 jailed (one more busts you)"),
    (1, 0, "1 Bandit"),
])
def test_a_cards_for_cowboys_row_says_its_bandits_as_they_weigh_on_a_bust(
        browser, live, bandits, jails, said):
    """A Jail cancels a Bandit: two Bandits and a Jail are not one Bandit from a bust."""
    game = all_games()["cards_for_cowboys"]
    state = game.new_game(game.parse_options({}), 2, 1)
    view = json.loads(json.dumps(game.view(state, 0)))
    view["players"][0].update(bandits=bandits, jails=jails)
    page = browser.new_page()
    page.goto(live.http + "/")
    heading = page.evaluate(HAND_HEADING, ["cards_for_cowboys", view, ["Ana", "Bo"],
                                           game.legal_actions(state, 0)])
    assert heading.endswith(f"\u00b7 {said}"), heading
    # Once the player stops (a card to return, say) or drawing is over, no warning of a
    # bust that can no longer come.
    stopped = json.loads(json.dumps(view))
    stopped["players"][0]["status"] = "stopped"
    for later in (stopped, {**view, "phase": "buy"}):
        heading = page.evaluate(HAND_HEADING, ["cards_for_cowboys", later, ["Ana", "Bo"], []])
        assert "busts you" not in heading, heading
    page.close()


HAND_TEXT = HAND_HEADING.replace("return hand.querySelector('h3').textContent;",
                                 "return hand.textContent;")


def test_a_cards_for_cowboys_row_says_no_card_was_drawn_yet_only_while_drawing(browser, live):
    game = all_games()["cards_for_cowboys"]
    state = game.new_game(game.parse_options({}), 2, 1)
    view = json.loads(json.dumps(game.view(state, 0)))
    page = browser.new_page()
    page.goto(live.http + "/")

    def said(status):
        view["players"][0].update(status=status, row=[])
        return page.evaluate(HAND_TEXT, ["cards_for_cowboys", view, ["Ana", "Bo"], []])

    assert "No cards drawn yet this round." in said("drawing")
    # Stopped, "yet" promised a draw still to come.
    assert "No cards drawn this round." in said("stopped")
    page.close()


@pytest.mark.parametrize("gift,trashed,said", [
    (1, 0, "Drawn this round: $5 ($1 of it from another player's gift card) \u00b7"),
    (2, 0, "Drawn this round: $5 ($2 of it from the others' gift cards) \u00b7"),
    (0, 2, "Drawn this round: $5 ($2 of it from cards trashed) \u00b7"),
    (1, 2, "Drawn this round: $5 ($1 of it from another player's gift card and $2 from "
           "cards trashed) \u00b7"),
    (0, 0, "Drawn this round: $5 \u00b7"),
])
def test_a_cards_for_cowboys_row_says_the_dollars_its_cards_do_not_show(browser, live, gift,
                                                                        trashed, said):
    """$5 above cards showing $4 read as a scoring mistake: the others' gift cards and the
    cards trashed for $2 are said beside the sum."""
    game = all_games()["cards_for_cowboys"]
    state = game.new_game(game.parse_options({}), 2, 1)
    view = json.loads(json.dumps(game.view(state, 0)))
    view["players"][0].update(cash=5, gift=gift, trashed_cash=trashed)
    page = browser.new_page()
    page.goto(live.http + "/")
    heading = page.evaluate(HAND_HEADING, ["cards_for_cowboys", view, ["Ana", "Bo"],
                                           game.legal_actions(state, 0)])
    assert heading.startswith(said), heading
    page.close()


def test_a_cards_for_cowboys_store_card_the_dollars_cannot_buy_is_marked_burn_only(browser, live):
    game = all_games()["cards_for_cowboys"]
    rng = Rng(3)
    found = None
    for seed in range(40):  # a buyer who can buy some face-up cards and only burn others
        state = game.new_game(game.parse_options({}), 2, seed)
        while not game.is_over(state) and found is None:
            seat = rng.choice(sorted(game.to_act(state)))
            legal = game.legal_actions(state, seat)
            buys = {a["card"] for a in legal if a["type"] == "buy"}
            burns = {a["card"] for a in legal if a["type"] == "burn"}
            if buys and burns - buys:
                found = (state, seat, legal, buys, burns)
                break
            state, _ = game.apply(state, seat, rng.choice(legal))
        if found:
            break
    assert found, "no buyer with cards past their $ in 40 games"
    state, seat, legal, buys, burns = found
    page = browser.new_page()
    page.goto(live.http + "/")
    shown = page.evaluate(WITH_BAR, ["cards_for_cowboys", game.view(state, seat),
                                     ["Ana", "Bo"], legal])["cards"]
    assert {card for card, _ in shown} == burns
    assert {card for card, only in shown if only} == burns - buys
    # Each names its back under it, as the Store's thumbnails do at their foot: the choice
    # is made here, and the back tells the card's risk from a draw pile's top.
    page.add_style_tag(url="/static/css/saloon.css")
    tags = page.evaluate("""() => [...document.querySelectorAll('.bar-cards .card')]
      .map((e) => [e.dataset.card, getComputedStyle(e, '::after').content])""")
    backs = {c["id"]: c["back"] for row in game.view(state, seat)["store"] for c in row
             if isinstance(c, dict) and c.get("id")}
    assert tags and all(backs[card] in tag for card, tag in tags), tags
    assert all(("burn only" in tag) is (card not in buys) for card, tag in tags), tags
    page.close()


def test_a_wyoming_cowboy_shot_that_can_only_come_says_why_by_its_gun(browser, live):
    game = all_games()["wyoming_cowboy"]

    def unanswered(state, seat, legal):
        shot = game.view(state, seat).get("shot")
        if legal == [{"type": "stand"}] and shot and shot["victim"] == seat:
            return shot["kind"] == "22"
        return None

    found = seek("wyoming_cowboy", 3, 200, 2, unanswered)
    assert len(found) == 2, "no seeded game let a shot of each kind come unanswered"
    page = browser.new_page()
    page.goto(live.http + "/")
    for is_22, (state, seat, _) in found.items():
        view = json.loads(json.dumps(game.view(state, seat)))
        said = page.evaluate(WITH_BAR, ["wyoming_cowboy", view, ["Ana", "Bo", "Cy"],
                                        [{"type": "stand"}]])["text"]
        # The prompt says there is no 6 (to a .22) and no 3-5-7; the panel beside the
        # button adds only why a gun other than a .22 cannot be backfired.
        if is_22:
            assert "no 6 to backfire with" in view["prompt"], view["prompt"]
            assert "backfire" not in said.replace("Let the shot come", ""), said
        else:
            assert "cannot backfire (only a .22 can)" in said and "no 6" not in said, said
        assert "no same-suit 3-5-7 to quick draw" in view["prompt"], view["prompt"]
        assert "3-5-7" not in said, said
    page.close()


def test_a_wyoming_cowboy_turn_says_the_top_discard_may_be_taken(browser, live):
    """The bar's line under a turn's choices names the discard that may be taken (else
    only the pile's label says it, and only a card's menu offers it)."""
    game = all_games()["wyoming_cowboy"]

    def turn(state, seat, legal):
        if game.view(state, seat).get("turn") != seat:
            return None
        if not any(a["type"] == "discard" for a in legal):
            return None
        return "takes" if any(a["type"] == "discard" and a["discard"] > 0
                              for a in legal) else "pile"

    found = seek("wyoming_cowboy", 3, 50, 2, turn)
    assert len(found) == 2, "no seeded game offered a turn with and one without the discard"
    page = browser.new_page()
    page.goto(live.http + "/")
    for kind, (state, seat, legal) in found.items():
        view = game.view(state, seat)
        said = page.evaluate(WITH_BAR, ["wyoming_cowboy", json.loads(json.dumps(view)),
                                        ["Ana", "Bo", "Cy"], legal])["text"]
        assert "in your hand to" in said, said
        if kind == "takes":
            top = view["takeable_discard"]
            assert f"in the menu of the card you discard, take the {CARD_WORDS[top]} from the " \
                "discards" in said, said
        else:
            assert "from the discards" not in said, said
    page.close()


def test_a_wyoming_cowboy_pass_takes_no_more_cards_than_it_passes(browser, live):
    game = all_games()["wyoming_cowboy"]
    state = game.new_game(game.parse_options({}), 3, 4)
    state, _ = game.apply(state, next(iter(game.to_act(state))),
                          game.legal_actions(state, next(iter(game.to_act(state))))[0])
    legal = game.legal_actions(state, 0)
    assert {a["type"] for a in legal} == {"pass"} and len(legal[0]["cards"]) == 3
    page = browser.new_page()
    page.goto(live.http + "/")
    said = page.evaluate(WITH_BAR, ["wyoming_cowboy", json.loads(json.dumps(game.view(state, 0))),
                                    ["Ana", "Bo", "Cy"], legal, 4])["picked"]
    (third, words), (fourth, after) = said[2], said[3]
    assert len(third) == 3 and fourth == third  # the fourth card is not taken
    assert "Pass:" in words and "3 cards chosen: choose one again to put it back." in words, words
    # Tapped, the fourth says why.
    assert "You have chosen 3 cards: choose one of them again to put it back first." in after, after
    page.close()


@pytest.mark.parametrize("hand,shot,said", [
    # A .22 cannot reach the King of spades, who wears a badge: only the King of hearts goes.
    ("KH KS 8C", ("22", "2C 2D"), "Only a cowboy (a King) without a badge can go: a King "
                                  "wearing a badge is safe from this shot."),
    # Without a badge at all, nothing about badges is said.
    ("KH 8C", ("22", "2C 2D"), None),
    # A .45's shot of spades takes the King of spades and his badge.
    ("KH KS 8C", ("45", "4C 5C"), "Your King of spades wears a badge: he goes with his "
                                  "badge."),
])
def test_a_wyoming_cowboy_hit_says_which_cowboys_can_be_handed_over(browser, live, hand, shot,
                                                                    said):
    from tests.games.wyoming_cowboy.helpers import build, fire
    game = all_games()["wyoming_cowboy"]
    state = build(3, hands={0: "9S", 1: hand}, badges={1: "AS" if "KS" in hand else ""},
                  guns={0: [shot]},
                  pile="4D" if shot[0] == "22" else "4S")
    state, _ = fire(state, 0, "g1", 1)
    legal = game.legal_actions(state, 1)
    assert {a["type"] for a in legal} == {"hand_over"}
    page = browser.new_page()
    page.goto(live.http + "/")
    text = page.evaluate(WITH_BAR, ["wyoming_cowboy", json.loads(json.dumps(
        game.view(state, 1))), ["Ana", "Bo", "Cy"], legal])["text"]
    if said is None:
        assert "badge" not in text, text
    else:
        assert said in text, text
    page.close()


@pytest.mark.parametrize("game_id,said", [
    ("cowpoker", "On each card: its points, R its Roundup value, G its Gunfight value."),
    ("cards_for_cowboys", "A card's price is in its dark circle; the $ it shows is what it "
                          "pays when you draw it."),
    ("wyoming_cowboy", "A seat's points are those banked: the cards of a hand score when it "
                       "ends, a couple at once."),
])
def test_a_table_says_what_the_figures_on_its_cards_mean(browser, live, game_id, said):
    game = all_games()[game_id]
    seats = max(2, game.min_seats)
    state = game.new_game(game.parse_options({}), seats, 11)
    page = browser.new_page()
    page.goto(live.http + "/")
    (drawn,) = page.evaluate(RENDER, [game_id, [json.loads(json.dumps(game.view(state, 0)))],
                                      ["Ana", "Bo", "Cy"][:seats]])
    assert said in drawn["text"], drawn["text"]
    page.close()


def test_a_step_is_named_by_what_it_does_to_the_player_and_of_the_player(browser, live):
    # Right after your own discard the card taken is the one under it, which the view
    # names; "the top discard" would be the card just put there. A 10 "discarded" goes on
    # the table (the admin's replay names steps by these labels).
    page = browser.new_page()
    page.goto(live.http + "/")
    said = page.evaluate("""async () => {
      const t = await import('/games/wyoming_cowboy/table.js');
      const ctx = { seats: ['Ana', 'Bo', 'Cy'], view: { takeable_discard: '9D' } };
      return [t.label({ type: 'discard', card: '7S', discard: 1, pile: 0 }, ctx),
              t.label({ type: 'discard', card: '7S', discard: 1, pile: 0 }, { ...ctx, view: {} }),
              t.label({ type: 'discard', card: 'TD', discard: 0, pile: 1 }, ctx)];
    }""")
    assert said[0].endswith("then take the Nine of diamonds from the discards"), said
    assert said[1].endswith("then take the top discard"), said
    assert said[2] == "Lay the Ten of diamonds on the table (+10), then draw 1 from the pile"
    # Cowpoker's play is said to the player, and of the player where nobody is the viewer.
    played = page.evaluate("""async () => {
      const t = await import('/games/cowpoker/table.js');
      const view = { cards: { c1: { name: 'Jenny Two-Ropes' } } };
      return [t.label({ type: 'play', card: 'c1' }, { seats: ['Ana', 'Bo'], you: 1, view }),
              t.label({ type: 'play', card: 'c1' }, { seats: ['Ana', 'Bo'], view })];
    }""")
    assert played == ["Play Jenny Two-Ropes into your Gang", "Play Jenny Two-Ropes"]
    page.close()


def test_the_wyoming_cowboy_ten_that_ends_the_hand_is_confirmed_with_a_mouse_too(browser,
                                                                                live):
    """One click on a 10 laid the last one and ended the hand, beyond undoing: its one use
    is confirmed in its menu, where its words say it ends the hand."""
    from tests.games.wyoming_cowboy.helpers import build
    game = all_games()["wyoming_cowboy"]
    st = build(hands={0: "TH 5C", 1: "KS QD"}, tens={1: "TC TD TS"},
               guns={2: [("22", "2C 2D")]})
    view = json.loads(json.dumps(game.view(st, 0)))
    assert view["last_ten_ends"] is True
    legal = game.legal_actions(st, 0)
    moves = [game.describe(st, 0, a) for a in legal]  # the words the room gives each choice
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(live.http + "/")
    done = page.evaluate("""async ([view, legal, moves]) => {
      const table = await import('/games/wyoming_cowboy/table.js');
      const box = document.createElement('div'), bar = document.createElement('div');
      document.body.replaceChildren(box, bar);
      const acted = [];
      const key = (a) => JSON.stringify(a);
      const ctx = { seats: ['Ana', 'Bo', 'Cy'], you: 0, legal, act: (a) => acted.push(a),
                    label: (a) => moves[legal.findIndex((x) => key(x) === key(a))],
                    ui: {}, log: [], decision: bar, reaction: bar };
      ctx.rerender = () => {
        box.replaceChildren();
        bar.replaceChildren();
        table.render(box, view, ctx);
      };
      ctx.rerender();
      box.querySelector('button.card[data-card="TH"]').click();
      const menu = bar.querySelector('.menu');
      const said = menu ? [...menu.querySelectorAll('button.act')].map((b) => b.innerText) : [];
      const before = acted.length;
      menu?.querySelector('button.act').click();
      return {before, said, acted};
    }""", [view, legal, moves])
    page.close()
    assert done["before"] == 0, done  # the click opened its menu: nothing played yet
    assert len(done["said"]) == 1 and "it ends the hand (+30)" in done["said"][0], done
    assert done["acted"] == [next(a for a in legal if a["card"] == "TH")], done
    # Any other time a 10 is laid in one click, as every card of one use is.
    assert game.view(build(hands={0: "TH 5C"}), 0)["last_ten_ends"] is False


def test_a_wyoming_cowboy_discard_that_may_be_taken_under_a_fresh_one_is_shown(browser, live):
    """A 9 just played lies on the discard that may be taken: the pile's top was labelled
    as the card to take, and the one offered was nowhere in sight."""
    from tests.games.wyoming_cowboy.helpers import build
    game = all_games()["wyoming_cowboy"]
    view = json.loads(json.dumps(game.view(build(hands={0: "7S"}, discards="5C"), 0)))
    under = {**view, "top_discard": "9S", "discard_pile": 2}
    page = browser.new_page()
    page.goto(live.http + "/")
    page.evaluate(RENDER, ["wyoming_cowboy", [view], ["Ana", "Bo", "Cy"]])
    assert page.locator("#box .pile .card.takeable").count() == 1
    assert "top may be taken" in page.locator("#box .piles").inner_text()
    page.evaluate(RENDER, ["wyoming_cowboy", [under], ["Ana", "Bo", "Cy"]])
    said = page.locator("#box .piles").inner_text()
    assert "top may be taken" not in said, said
    assert "Under the 9\u2660: may be taken" in " ".join(said.split()), said
    taken = page.locator("#box .pile .card.takeable")
    assert taken.count() == 1 and taken.get_attribute("data-card") == "5C"
    page.close()


@pytest.mark.parametrize("game_id", ["wyoming_cowboy", "cards_for_cowboys"])
def test_a_finished_table_says_nothing_of_play_still_to_come(browser, live, game_id):
    # Words about what comes next ("not ready", "yet", "this round") mean nothing once the
    # game is over.
    game = all_games()[game_id]
    *_, over = sample_states(game, 3, n=2000)
    assert game.is_over(over)
    page = browser.new_page()
    page.goto(live.http + "/")
    (drawn,) = page.evaluate(RENDER, [game_id, [json.loads(json.dumps(game.view(over, 0)))],
                                      ["Ana", "Bo", "Cy"]])
    for said in ("(not ready)", "on the table yet", "No cards drawn yet", "busted last round",
                 "top may be taken"):
        assert said not in drawn["text"], said
    page.close()


@pytest.mark.parametrize(("hand", "buttons", "said"), [
    # A gun to pull, a 9 to play, a couple to show: each has a button; the cards discard.
    ("8D 3S 9C KH QH 7C 5D", ["Pull a .38", "Play the Nine of clubs", "Show"],
     "Or choose a card in your hand to discard it and draw."),
    ("7C 5D 4H 2S", [], "Choose a card in your hand to discard it and draw."),
])
def test_a_wyoming_cowboy_turn_says_how_to_act_where_the_decision_is(browser, live, artifacts,
                                                                     hand, buttons, said):
    from tests.games.wyoming_cowboy.helpers import build
    game = all_games()["wyoming_cowboy"]
    state = build(seats=3, hands={0: hand, 1: "2C", 2: "4C"})
    legal = json.loads(json.dumps(game.legal_actions(state, 0)))
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(live.http + "/")
    text = page.evaluate(WITH_BAR, ["wyoming_cowboy", json.loads(json.dumps(game.view(state, 0))),
                                    ["Ana", "Bo", "Cy"], legal])["text"]
    assert said in text, text
    shown = [" ".join(b.split()) for b in
             page.locator(".decision-body .actions-row button").all_inner_texts()]
    for words in buttons:
        assert any(b.startswith(words) for b in shown), (words, shown)
    # Guns and 9s on small buttons in the table's short words, not the game's sentences:
    # on a phone the hand under them must stay on the screen.
    small = page.locator(".decision-body .actions-row button.small")
    assert small.count() == sum(a["type"] in ("pull", "nine") for a in legal)
    heights = small.evaluate_all("(bs) => bs.map((b) => b.getBoundingClientRect().height)")
    assert all(h <= 36 for h in heights), heights  # one line each, at 390 px
    if not buttons:
        assert not shown
    page.screenshot(path=str(artifacts / f"wc-action-step-{len(buttons)}.png"), full_page=True)
    page.close()


def test_cowpoker_lays_every_cellar_and_hand_open_once_the_game_is_over(browser, live):
    from tests.games.cowpoker.position import build, cid
    game = all_games()["cowpoker"]
    state = build(live=(0, 2), hands={0: ["Cookie Pete"], 2: ["Paco the Kid", "Mute Esteban"]},
                  cellars={0: ["Bluff Barlow"], 2: ["Silent Masterson"]}, deck=[], phase="over")
    page = browser.new_page()
    page.goto(live.http + "/")
    [shown] = page.evaluate(RENDER, ["cowpoker", [json.loads(json.dumps(game.view(state, 0)))],
                                     ["Ana", "Bo"]])
    other = page.locator("#box [data-owner='1']")
    assert other.locator("details[open] summary").inner_text().startswith("Cellar of ")
    assert other.locator(f".card[data-card='{cid('Silent Masterson')}']").count() == 1
    assert "Hand of" in other.locator(".row-hand").inner_text()
    for name in ("Paco the Kid", "Mute Esteban"):
        assert other.locator(f".card[data-card='{cid(name)}']").count() == 1
    # One's own Hand is drawn once, under the table, not again in one's row.
    assert page.locator("#box [data-owner='0'] .row-hand").count() == 0
    assert shown["text"]
    page.close()


def test_a_cards_for_cowboys_card_to_trash_is_offered_in_the_bar_beside_draw(browser, live):
    """A drawn card that may be trashed now is a button beside Draw and Stop: its outline
    in the row alone told a newcomer nothing."""
    game = all_games()["cards_for_cowboys"]
    state, rng = game.new_game(game.parse_options({}), 3, 1), random.Random(1)
    found = None
    while found is None and not game.is_over(state):
        found = next((s for s in sorted(game.to_act(state))
                      if {"trash", "draw"} <= {a["type"] for a in game.legal_actions(state, s)}),
                     None)
        if found is None:
            seat = rng.choice(sorted(game.to_act(state)))
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert found is not None, "no seeded game drew a card to trash"
    legal = json.loads(json.dumps(game.legal_actions(state, found)))
    page = browser.new_page()
    page.goto(live.http + "/")
    page.evaluate(WITH_BAR, ["cards_for_cowboys", json.loads(json.dumps(game.view(state, found))),
                             ["Ana", "Bo", "Cy"], legal])
    uses = page.locator(".decision-body [aria-label='Use a card you drew'] button")
    trashes = [a for a in legal if a["type"] == "trash"]
    assert uses.count() == len(trashes)
    assert all(t.startswith("Trash ") for t in uses.all_inner_texts())
    assert page.locator(".decision-body .big-actions button").count() >= 1  # Draw, Stop
    page.close()


def test_the_next_wyoming_cowboy_dealer_is_shown_how_the_hand_scored(browser, live):
    """A decision whose place is on the table scrolls there: dealing the next hand, it is
    the last hand's score lines (a phone's page may stand anywhere when the hand ends)."""
    game = all_games()["wyoming_cowboy"]
    state, rng = game.new_game(game.parse_options({"max_hands": 2}), 3, 7), random.Random(7)
    while state.phase != "scoring":
        seat = rng.choice(sorted(game.to_act(state)))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    [dealer] = game.to_act(state)
    legal = json.loads(json.dumps(game.legal_actions(state, dealer)))
    assert [a["type"] for a in legal] == ["deal"]
    page = browser.new_page()
    page.goto(live.http + "/")
    found = page.evaluate("""async ([view, legal]) => {
      const table = await import('/games/wyoming_cowboy/table.js');
      const box = document.createElement('div');
      document.body.replaceChildren(box);
      const ctx = { seats: ['Ana', 'Bo', 'Cy'], you: view.you, legal, act: () => {}, ui: {} };
      table.render(box, view, ctx);
      return table.focusTarget(view, ctx, box)?.className || null;
    }""", [json.loads(json.dumps(game.view(state, dealer))), legal])
    assert found is not None and "hand-over" in found
    page.close()


def test_the_cards_for_cowboys_store_shows_its_front_row_first(browser, live):
    """The cards for sale stand at the top of the Store, in view above the dock; the
    rows behind them come below."""
    game = all_games()["cards_for_cowboys"]
    state = game.new_game(game.parse_options({}), 3, 2)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(live.http + "/")
    page.add_style_tag(url="/static/css/saloon.css")
    page.evaluate(RENDER, ["cards_for_cowboys", [json.loads(json.dumps(game.view(state, 0)))],
                           ["Ana", "Bo", "Cy"]])
    tops = page.eval_on_selector_all(
        "#box .store-row", "(rows) => rows.map((r) => [Number(r.dataset.row), "
        "r.getBoundingClientRect().top])")
    front = max(row for row, _ in tops)
    assert min(tops, key=lambda t: t[1])[0] == front, tops
    # Said as the rules page says the pyramid (its bottom row face up), drawn upside down.
    said = page.locator("#box").inner_text()
    assert "The pyramid is drawn upside down, its face-up bottom row on top" in said, said
    # The caption above the pyramid, where the dock does not cover it.
    above = page.evaluate("""() => document.querySelector('#box .store-zone .figures-key')
      .getBoundingClientRect().bottom <= document.querySelector('#box .store')
      .getBoundingClientRect().top""")
    assert above
    assert "comes forward" not in said, said
    # Each card for sale names its back at its foot (its colour strip alone said nothing
    # to a newcomer), clear of its values and effect.
    feet = page.evaluate("""() => [...document.querySelectorAll('#box .store .c4c-short-face')]
      .map((svg) => {
        const word = svg.querySelector('.c4c-foot + .c4c-foot-word');
        const above = [...svg.querySelectorAll('text')].filter((t) => t !== word)
          .map((t) => t.getBBox().y + t.getBBox().height);
        return [word.textContent, Math.max(...above), word.getBBox().y];
      })""")
    view = game.view(state, 0)
    backs = [c["back"] for row in view["store"] for c in row
             if isinstance(c, dict) and not c.get("covered")]
    assert sorted(word for word, _, _ in feet) == sorted(backs) and backs, (feet, backs)
    assert all(bottom <= top for _, bottom, top in feet), feet
    # On a phone the caption is folded to a line: nine lines there pushed the cards for
    # sale under the dock.
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate(RENDER, ["cards_for_cowboys", [json.loads(json.dumps(game.view(state, 0)))],
                           ["Ana", "Bo", "Cy"]])
    folded = page.evaluate("""() => {
      const key = document.querySelector('#box .store-zone .store-key');
      return [key.open, key.getBoundingClientRect().height];
    }""")
    assert folded[0] is False and folded[1] < 40, folded
    page.close()


LAST_TRICK = """async ([view, seats, log]) => {
  const table = await import('/games/cowpoker/table.js');
  const box = document.createElement('div');
  document.body.replaceChildren(box);
  table.render(box, view, { seats, you: view.you, legal: [], act: () => {}, ui: {}, log });
  const zone = box.querySelector('.last-trick');
  return zone && {title: zone.querySelector('h3').innerText,
                  said: zone.querySelector('.sub').innerText,
                  piles: [...zone.querySelectorAll('.pile')]
                    .map((p) => p.innerText.replace(/\\s+/g, ' ')),
                  won: zone.querySelectorAll('.pile.won').length};
}"""


def test_a_cowpoker_trick_that_ended_stays_told_until_the_viewer_plays(browser, live):
    """Bots and Deadwood end a trick in a blink: the table keeps the last one, who won it
    and where each card went, until the viewer next plays into a Gang."""
    from tests.games.cowpoker.position import build, cid  # the engine's own positions

    game = all_games()["cowpoker"]
    state = build(hands={0: ["Lasso Lem", "Cookie Pete"], 1: ["Rosa Davila", "The Parson"],
                         2: ["Mule Thief Dan"], 3: ["Dice Dolores"]})
    log, v = [], 0
    action = {"type": "play", "card": cid("Lasso Lem")}
    seat = 0
    while True:
        state, events = game.apply(state, seat, action)
        v += 1
        log += [{"v": v, **e} for e in events if 1 in e.get("only", [1])]
        if state.phase.value != "trick":
            break
        seat = sorted(game.to_act(state))[0]
        action = game.legal_actions(state, seat)[-1]
    names = ["Ana", "Bo", "Cy", "Dee"]
    page = browser.new_page()
    page.goto(live.http + "/")
    view = json.loads(json.dumps(game.view(state, 1)))
    told = page.evaluate(LAST_TRICK, [view, names, log])
    assert told["title"] == "The last Roundup, called by Gallagher (Ana)"
    assert told["said"] == "Davila (Bo) won it: 3 cards into their Cellar, face down"
    # Under each card (its face's words first): whose, its value, and where it went.
    # (Each a line of its own; the value as the cards write it, R for a Roundup.)
    assert told["piles"][0].endswith("Davila R 6 · won → Gang of Gallagher")  # The Parson
    assert told["piles"][1].endswith("Masterson R 3")
    assert len(told["piles"]) == 4 and told["won"] == 1
    # Each card's words apart from the next's ("Gallagher Masterson San Joaquin Davila" read
    # as one line).
    apart = page.evaluate("""() => [...document.querySelectorAll('.last-trick .pile')].map(
      (p) => { const r = p.getBoundingClientRect(); return {left: r.left, right: r.right}; })""")
    assert all(b["left"] - a["right"] >= 8 for a, b in itertools.pairwise(apart)), apart
    # Once the viewer (Bo, Davila) has played into a Gang, it is told no more.
    state, events = game.apply(state, 1, game.legal_actions(state, 1)[0])
    log += [{"v": v + 1, **e} for e in events]
    assert page.evaluate(LAST_TRICK, [json.loads(json.dumps(game.view(state, 1))), names,
                                      log]) is None
    page.close()


def test_a_cowpoker_trick_straight_after_another_says_how_the_first_ended(browser, live):
    """A Gunfight won, then another called at once by a bot: the first's outcome flashed
    by. The trick under way says it in a line."""
    from tests.games.cowpoker.position import build, cid

    game = all_games()["cowpoker"]
    state = build(hands={0: ["Lasso Lem", "Cookie Pete"], 1: ["Rosa Davila", "The Parson"],
                         2: ["Mule Thief Dan"], 3: ["Dice Dolores"]})
    log = [{"v": 1, **e} for e in game.apply(state, 0, {"type": "play",
                                                          "card": cid("Lasso Lem")})[1]]
    # As if a trick had ended before this one, which Davila (Bo) won.
    log = [{"v": 0, "type": "trick_start", "kind": "gunfight", "ranch": "Masterson",
            "text": "Masterson calls a Gunfight!"},
           {"v": 0, "type": "trick_end", "ranch": "Davila", "cards": ["c24", "c37"],
            "text": "Davila wins the Gunfight"}, *log]
    state, _ = game.apply(state, 0, {"type": "play", "card": cid("Lasso Lem")})
    page = browser.new_page()
    page.goto(live.http + "/")
    said = page.evaluate("""async ([view, seats, log]) => {
      const table = await import('/games/cowpoker/table.js');
      const box = document.createElement('div');
      document.body.replaceChildren(box);
      table.render(box, view, { seats, you: view.you, legal: [], act: () => {}, ui: {}, log });
      return box.querySelector('.trick-zone .last-said')?.innerText ?? null;
    }""", [json.loads(json.dumps(game.view(state, 1))), ["Ana", "Bo", "Cy", "Dee"], log])
    assert said == "The last Gunfight went to Davila (Bo): 2 cards into their Cellar."
    page.close()


REORDER = """async ([view, seats, legal]) => {
  const table = await import('/games/cards_for_cowboys/table.js');
  const box = document.createElement('div');
  document.body.replaceChildren(box);
  const acted = [];
  const ctx = { seats, you: view.you, legal, act: (a) => acted.push(a), ui: {}, log: [] };
  ctx.rerender = () => { box.replaceChildren(); table.render(box, view, ctx); };
  ctx.rerender();
  const step = () => [...box.querySelectorAll('.pending-step')]
    .find((e) => e.querySelector('.sub'));
  const all = (sel) => [...step().querySelectorAll(sel)];
  const first = {said: step().querySelector('.sub').innerText,
                 cards: all('.cards-row .card').map((c) => c.dataset.card),
                 buttons: all('.actions-row button').map((b) => b.innerText),
                 ready: !step().querySelector('[data-confirm]').disabled};
  // The last card chosen first, then the first: the one left goes under them.
  const pick = (id) => step().querySelector(`[data-pick][data-card="${id}"]`).click();
  pick(first.cards[2]);
  pick(first.cards[0]);
  const confirm = step().querySelector('[data-confirm]');
  const places = [...step().querySelectorAll('.order-at')].map((e) => e.innerText);
  const words = confirm.innerText;
  confirm.click();
  return {...first, places, words, acted};
}"""


def test_a_cards_for_cowboys_reorder_of_three_cards_is_chosen_card_by_card(browser, live):
    """Putting the top three cards back: the cards are shown and chosen in order, the top
    first (their six orders, each a button of words, ran under a phone's screen)."""
    def key_of(state, seat, legal):
        orders = [a["order"] for a in legal if a["type"] == "reorder"]
        return "three" if len(orders) == 6 else None

    found = seek("cards_for_cowboys", 2, 400, 1, key_of)
    assert found, "no reorder of three cards met"
    game = all_games()["cards_for_cowboys"]
    page = browser.new_page()
    page.goto(live.http + "/")
    for state, seat, legal in found.values():
        view = json.loads(json.dumps(game.view(state, seat)))
        told = page.evaluate(REORDER, [view, ["Ana", "Bo"], legal])
        assert told["said"].startswith("Your top 3 cards, top first now"), told
        assert len(told["cards"]) == 3 and not told["ready"], told
        assert not any(b.startswith("On top: ") for b in told["buttons"]), told
        first, second, third = told["cards"]
        assert told["places"] == ["2nd", "3rd", "1st (top)"], told
        (acted,) = told["acted"]
        assert acted in legal and acted["order"] == [third, first, second], told
        assert told["words"].startswith("Put them back, on top: ") \
            and told["words"].count(", then ") == 2, told
    page.close()


NAMES_DRAWN = """async ([view, seats]) => {
  const table = await import('/games/cowpoker/table.js');
  const box = document.createElement('div');
  document.body.replaceChildren(box);
  table.render(box, view, { seats, you: view.you, legal: [], act: () => {}, ui: {}, log: [] });
  return [...box.querySelectorAll('.face-full')].map((g) =>
    [...g.querySelectorAll('.cow-name')].map((t) => t.textContent).join(' '));
}"""


def test_every_cowpoker_name_is_drawn_whole_on_the_full_face(browser, live):
    """At ten characters a line, "Wells Fargo Agent" read "Wells Fargo…" on the table and
    on the enlarged card."""
    game = all_games()["cowpoker"]
    view = json.loads(json.dumps(game.omniscient_view(
        game.new_game(game.parse_options({}), 4, 1))))
    # Every card face up, for the test: the deck's too.
    view["table"][0]["gang"] = sorted(view["cards"])
    page = browser.new_page()
    page.goto(live.http + "/")
    drawn = page.evaluate(NAMES_DRAWN, [view, ["Ana", "Bo", "Cy", "Dee"]])
    names = {c["name"] for c in view["cards"].values()}
    assert names <= set(drawn), sorted(names - set(drawn))
    page.close()


def test_a_six_and_a_nine_are_underlined_in_both_corners(browser, live):
    """Upside down in the far corner, a 6 read as a 9 (and the other way round)."""
    page = browser.new_page()
    page.goto(live.http + "/")
    marks = page.evaluate("""async () => {
      const { standardFace } = await import('/static/js/cards.js');
      return ['6H', '9S', '8D', 'KH']
        .map((c) => standardFace(c).querySelectorAll('.rank-mark').length);
    }""")
    assert marks == [2, 2, 0, 0]
    page.close()
