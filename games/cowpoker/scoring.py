"""Poker hands per place, Gang placement, and the final score with its breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from games.cowpoker.cards import CARDS
from games.cowpoker.state import State
from games.poker import HandValue, best_of, describe, evaluate

HAND_BONUS = 6.0
CELLAR_PENALTY = 6.0
PLACE_NAMES = ("Gang", "Cellar", "Hand")


# Each card as the poker evaluator sees it, and the rank it makes wild (if it does).
_POKER = {c.id: c.poker for c in CARDS.values()}
_WILD = {c.id: c.wild_rank for c in CARDS.values() if c.wild_rank}


def wild_ranks(cards: Sequence[str]) -> frozenset[int]:
    """Returns the ranks made wild by wild-making cards lying among ``cards``."""
    return frozenset(_WILD[c] for c in cards if c in _WILD)


def hand_value(cards: Sequence[str]) -> HandValue:
    """Returns the best poker hand of a place, its own wild-making cards applied."""
    return _hand_value(tuple(cards))


@lru_cache(maxsize=1 << 16)
def _hand_value(cards: tuple[str, ...]) -> HandValue:
    """``hand_value`` of one place, kept: a Gang is valued again at every turn and view."""
    return evaluate([_POKER[c] for c in cards], wild_ranks(cards))


@lru_cache(maxsize=4096)
def hand_words(value: HandValue) -> str:
    """Returns ``describe(value)``, kept (a view names every Gang's hand)."""
    return describe(value)


def points(cards: Sequence[str]) -> int:
    """Returns the total printed points of ``cards``."""
    return sum(CARDS[c].points for c in cards)


def placement_target(state: State, pos: int, card_id: str) -> int:
    """Returns the position whose Gang a "goes into" card joins, played by ``pos``.

    Ties go to the first tied Gang in turn order starting with the player himself.
    """
    place = CARDS[card_id].place
    order = [(pos + i) % 4 for i in range(4)]
    if place is None:
        return pos
    if place in ("worst_hand", "best_hand"):
        values = [hand_value(state.gangs[p]) for p in order]
        pick = min(values) if place == "worst_hand" else max(values)
        return order[values.index(pick)]
    pts = [points(state.gangs[p]) for p in order]
    pick_pts = min(pts) if place == "fewest_points" else max(pts)
    return order[pts.index(pick_pts)]


def _split(winners: list[int], amount: float) -> dict[int, float]:
    return {w: amount / len(winners) for w in winners} if winners else {}


def breakdown(state: State) -> list[dict[str, Any]]:
    """Returns, per table position, the score lines and total under the scoring rules."""
    places = [state.gangs, state.cellars, state.hands]
    values = [[hand_value(place[p]) for p in range(4)] for place in places]
    bonus = [_split(best_of(v), HAND_BONUS) for v in values]
    live = [p for p in range(4) if state.is_live(p)]
    cellar_pts = [points(state.cellars[p]) for p in range(4)]
    fewest = min(cellar_pts[p] for p in live)
    penalty = _split([p for p in live if cellar_pts[p] == fewest], CELLAR_PENALTY)
    out = []
    for p in range(4):
        gang_pts = points(state.gangs[p])
        lines: list[dict[str, Any]] = [
            {"what": "Gang points", "points": float(gang_pts)},
        ]
        for i, name in enumerate(PLACE_NAMES):
            v = values[i][p]
            lines.append({
                "what": f"Best poker hand among {name}s", "hand": hand_words(v),
                "points": bonus[i].get(p, 0.0), "shared": len(best_of(values[i])) > 1
                and p in bonus[i],
            })
        if state.is_live(p):
            lines.append({"what": "Fewest Cellar points among live players",
                          "cellar_points": cellar_pts[p], "points": -penalty.get(p, 0.0) or 0.0,
                          "shared": len(penalty) > 1 and p in penalty})
        total = sum(line["points"] for line in lines)
        out.append({"ranch": state.ranch[p], "seat": state.seat_of[p],
                    "deadwood": not state.is_live(p), "lines": lines, "total": total})
    return out


def seat_scores(state: State, rows: list[dict[str, Any]] | None = None) -> list[float]:
    """Returns each live seat's score were the game to end now (from ``rows``, the
    ``breakdown``, when it is at hand)."""
    rows = breakdown(state) if rows is None else rows
    return [rows[state.position_of(seat)]["total"] for seat in range(state.seats)]


def public_scores(state: State) -> list[float]:
    """Returns each live seat's score from what everyone sees: its Gang's points and the
    best Gang's +6. Hands and Cellars are face down until the end, so their bonuses and
    the Cellar penalty are left out until then."""
    gang_bonus = _split(best_of([hand_value(state.gangs[p]) for p in range(4)]), HAND_BONUS)
    return [points(state.gangs[pos]) + gang_bonus.get(pos, 0.0)
            for pos in (state.position_of(seat) for seat in range(state.seats))]
