"""Poker hands per place, Gang placement, and the final score with its breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from games.base import kept
from games.cowpoker.cards import CARDS
from games.cowpoker.state import Phase, State
from games.poker import HandValue, best_of, describe, evaluate

HAND_BONUS = 6.0
CELLAR_PENALTY = 6.0
PLACE_NAMES = ("Gang", "Cellar", "Hand")


# Each card as the poker evaluator sees it, and the rank it makes wild (if it does).
_POKER = {c.id: c.poker for c in CARDS.values()}
_WILD = {c.id: c.wild_rank for c in CARDS.values() if c.wild_rank}
_POINTS = {c.id: c.points for c in CARDS.values()}


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


# Unbounded: there are about 10,000 hand values of up to five cards (7,475 of five,
# about 2,400 of fewer), and a busy server meets most of them; a bound of 4,096 evicted.
@cache
def hand_words(value: HandValue) -> str:
    """Returns ``describe(value)``, kept (a view names every Gang's hand)."""
    return describe(value)


def place_words(cards: Sequence[str]) -> str:
    """Returns the best poker hand of a place in words, e.g. ``a pair of Kings, with Nine, Two``."""
    return hand_words(hand_value(cards))


def points(cards: Sequence[str]) -> int:
    """Returns the total printed points of ``cards``."""
    return sum(map(_POINTS.__getitem__, cards))


def placement_target(state: State, pos: int, card_id: str) -> int:
    """Returns the position whose Gang a "goes into" card joins, played by ``pos``.

    Ties go to the first tied Gang in turn order starting with the player himself.
    """
    place = CARDS[card_id].place
    if place is None:
        return pos
    order = [(pos + i) % 4 for i in range(4)]
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


@dataclass(slots=True)
class Gangs:
    """The four Gangs as everyone sees them, by position: each one's poker hand and points;
    ``bonus``, each best Gang's share of the +6 (none while all are empty). Read, never
    changed."""

    values: list[HandValue]
    points: list[int]
    bonus: dict[int, float]


def value_gangs(state: State) -> Gangs:
    """Returns the Gangs of ``state`` valued (only face-up cards are read)."""
    values = [hand_value(g) for g in state.gangs]
    return Gangs(values, [points(g) for g in state.gangs], _split(best_of(values), HAND_BONUS))


def public_scores(state: State, gangs: Gangs | None = None) -> list[float]:
    """Returns each live seat's score from what everyone sees: its Gang's points and the
    best Gang's +6 (from ``gangs``, the Gangs valued, when they are at hand). Hands and
    Cellars are face down until the end, so their bonuses and the Cellar penalty are left
    out until then."""
    gangs = value_gangs(state) if gangs is None else gangs
    return [gangs.points[pos] + gangs.bonus.get(pos, 0.0)
            for pos in (state.position_of(seat) for seat in range(state.seats))]


def kept_gangs(state: State) -> Gangs:
    """Returns ``value_gangs(state)``, kept on the state for its views and teaching parts:
    only for a state no step changes any more, never inside a step."""
    return kept(state, "cowpoker.gangs", value_gangs)


def final(state: State) -> list[dict[str, Any]]:
    """Returns the ``breakdown`` of a game over, kept on its state for its views and
    teaching parts (every card is face up by then, so any viewer may read it)."""
    assert state.phase == Phase.OVER, "a breakdown before the end shows face-down cards"
    return kept(state, "cowpoker.final", breakdown)


def winners(state: State) -> tuple[list[float], list[int]]:
    """Returns a game over's final score of each live seat and the seats with the highest
    (several on a tie), as the result and the last prompt say them."""
    scores = seat_scores(state, final(state))
    top = max(scores)
    return scores, [s for s, v in enumerate(scores) if v == top]
