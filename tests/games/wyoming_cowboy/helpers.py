"""Building Wyoming Cowboy positions directly, every card accounted for."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.rng import Rng
from games.wyoming_cowboy import GAME
from games.wyoming_cowboy.cards import decks_for, full_deck, sort_key
from games.wyoming_cowboy.state import Phase, State, Step


def options(**kw: Any) -> dict[str, Any]:
    """Returns the default options as a dict, with ``kw`` changed."""
    return GAME.parse_options(kw).model_dump()


def build(seats: int = 4, *, hands: dict[int, str] | None = None,
          badges: dict[int, str] | None = None, tens: dict[int, str] | None = None,
          guns: dict[int, list[tuple[str, str]]] | None = None, pile: str = "",
          discards: str = "", shots: str = "", turn: int = 0, step: Step = Step.ACT,
          phase: Phase = Phase.TURN, opts: dict[str, Any] | None = None, dealer: int | None = None,
          fresh_guns: bool = False, seed: int = 1, **fields: Any) -> State:
    """Returns a position: given hands, tables and piles; every other card in the pile.

    ``pile`` lists the top cards of the draw pile, the last one on top; the rest of the
    deck lies under them. Aces not given as badges lie on the ace pile.
    """
    decks = decks_for(seats)
    split = str.split
    hands_l = [sorted(split((hands or {}).get(s, "")), key=sort_key) for s in range(seats)]
    badges_l = [split((badges or {}).get(s, "")) for s in range(seats)]
    tens_l = [split((tens or {}).get(s, "")) for s in range(seats)]
    guns_l: list[list[dict[str, Any]]] = [[] for _ in range(seats)]
    n = 0
    for s, gs in (guns or {}).items():
        for kind, cards in gs:
            n += 1
            guns_l[s].append({"id": f"g{n}", "kind": kind, "cards": split(cards),
                              "fresh": fresh_guns})
    used = Counter(c for h in hands_l + badges_l + tens_l for c in h)
    used.update(c for gs in guns_l for g in gs for c in g["cards"])
    used.update(split(pile) + split(discards) + split(shots))
    rest = Counter(full_deck(decks))
    rest.subtract(used)
    assert all(v >= 0 for v in rest.values()), f"too many copies: {-rest}"
    aces = sorted(c for c in rest.elements() if c[0] == "A")
    under = sorted(c for c in rest.elements() if c[0] != "A")
    st = State(
        seats=seats, options=opts or options(), rng=Rng(seed), decks=decks,
        totals=[0] * seats, hand_no=1, dealer=(turn - 1) % seats if dealer is None else dealer,
        phase=phase, hands=hands_l, badges=badges_l, tens=tens_l, guns=guns_l,
        couples=[[] for _ in range(seats)], ace_pile=aces, pile=under + split(pile),
        discards=split(discards), shots=split(shots), turn=turn, step=step,
        gun_counter=n,
    )
    for k, v in fields.items():
        setattr(st, k, v)
    assert not GAME.invariants(st), GAME.invariants(st)
    return st


def act(st: State, seat: int, **action: Any) -> tuple[State, list[dict[str, Any]]]:
    """Applies one action, checking that every card is still accounted for."""
    new, events = GAME.apply(st, seat, action)
    assert not GAME.invariants(new), GAME.invariants(new)
    return new, events


def fire(st: State, seat: int, gun: str, target: int) -> tuple[State, list[dict[str, Any]]]:
    """Shoots, and the victim lets the shot come; returns the events of both."""
    st, events = act(st, seat, type="shoot", gun=gun, target=target)
    st, more = act(st, target, type="stand")
    return st, events + more


def legal(st: State, seat: int, kind: str | None = None) -> list[dict[str, Any]]:
    """Returns the seat's legal actions (of one type if given)."""
    return [a for a in GAME.legal_actions(st, seat) if kind is None or a["type"] == kind]


def texts(events: list[dict[str, Any]]) -> str:
    """Returns every event's text, one a line."""
    return "\n".join(e["text"] for e in events)
