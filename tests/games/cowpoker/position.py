"""Builds Cowpoker positions directly, so each rule is tested where it matters."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.cowpoker import GAME, scoring, teach, view
from games.cowpoker.cards import CARD_IDS, CARDS
from games.cowpoker.state import Phase, State
from games.play import playout
from games.rng import Rng
from games.state import KNOWN

BY_NAME = {c.name: c.id for c in CARDS.values()}
TABLE = ("Gallagher", "Davila", "Masterson", "San Joaquin")


def cid(name: str) -> str:
    """Returns the id of the card with this name."""
    return BY_NAME[name]


def ids(*names: str) -> list[str]:
    return [cid(n) for n in names]


def build(
    *,
    live: Sequence[int] = (0, 1, 2, 3),
    ranches: Sequence[str] = TABLE,
    hands: dict[int, list[str]] | None = None,
    gangs: dict[int, list[str]] | None = None,
    cellars: dict[int, list[str]] | None = None,
    top: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    turn: int = 0,
    phase: str = "play",
    seed: int = 1,
) -> State:
    """Returns a position; cards named nowhere form the deck under ``top`` (top[0] drawn first).

    Positions are given by table position (0..3); live positions get seats 0, 1, ...
    in table order. Names or ids are both accepted for cards.
    """

    def norm(cards: list[str]) -> list[str]:
        return [c if c in CARDS else cid(c) for c in cards]

    hands_l = [norm((hands or {}).get(p, [])) for p in range(4)]
    gangs_l = [norm((gangs or {}).get(p, [])) for p in range(4)]
    cellars_l = [norm((cellars or {}).get(p, [])) for p in range(4)]
    top_l = norm(list(top))
    used = {c for part in (hands_l, gangs_l, cellars_l) for lst in part for c in lst} | set(top_l)
    rest = [c for c in CARD_IDS if c not in used] if deck is None else norm(list(deck))
    full_deck = rest + list(reversed(top_l))
    seat_of: list[int | None] = [None] * 4
    for seat, pos in enumerate(sorted(live)):
        seat_of[pos] = seat
    return State(len(live), seat_of, list(ranches), full_deck, hands_l, gangs_l, cellars_l,
                 turn, turn, Phase(phase), Rng(seed))


def conserved(state: State) -> list[str]:
    """Returns broken invariants, ignoring a deck given short on purpose."""
    return GAME.invariants(state)


def played(seeds: Sequence[tuple[int, int]]) -> list[State]:
    """Returns every state of random games, one per ``(seats, seed)``, each game's end too."""
    states: list[State] = []
    for seats, seed in seeds:
        playout(GAME, seats=seats, seed=seed, on_step=lambda st, *_: states.append(st))
    return states


def afresh(state: State) -> State:
    """Returns a copy of ``state`` with nothing kept on it, after emptying every cache of
    Cowpoker's scoring, views and teaching: what is asked of it is computed anew."""
    for module in (scoring, view, teach):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
    return GAME.copy(state)


def kept_parts(state: State) -> dict[str, Any]:
    """Returns what Cowpoker keeps on ``state`` (``games.base.kept``), by key."""
    known = vars(state).get(KNOWN) or {}
    return {k: v for k, v in known.items() if isinstance(k, str) and k.startswith("cowpoker.")}
