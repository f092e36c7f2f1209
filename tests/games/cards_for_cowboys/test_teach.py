"""The game in words: moves, refusals, why a card waits, the score so far, hints."""

from __future__ import annotations

from games.cards_for_cowboys import GAME
from games.cards_for_cowboys.state import Phase
from games.testing import play_one


def test_the_herd_so_far_is_the_herd_after_the_draw_for_every_seat_the_last_move_left_alone():
    checked = 0
    for seed in range(4):
        g = play_one(GAME, 3, seed, first=True)
        for i, (seat, _) in enumerate(g.actions):
            before, after = g.states[i], g.states[i + 1]
            if before.phase != Phase.DRAW or after.phase == Phase.DRAW:
                continue
            for s in range(3):
                if s != seat:
                    assert GAME.score_so_far(before, s)["total"] == after.players[s].herd
                    checked += 1
    assert checked >= 10


def test_every_card_is_noted_with_its_effect_and_price():
    notes = GAME.card_notes()
    assert "you must draw four more cards" in notes["c54"].lower()
    assert "Costs $5" in notes["c54"]
    assert notes["c91"].endswith("A starter card.")


def test_a_store_card_too_dear_says_what_it_costs():
    for seed in range(10):
        g = play_one(GAME, 2, seed, first=True)
        for st in g.states:
            if st.phase == Phase.BUY:
                buyer = st.order[st.buyer]
                for rule in GAME.why_not(st, buyer).values():
                    if rule.anchor == "buying" and "costs" in rule.text:
                        assert rule.text.startswith("It costs $")
                        return
    raise AssertionError("no Store card was ever too dear")
