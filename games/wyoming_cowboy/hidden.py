"""The cards a seat cannot see, shuffled among their places (the contract's ``hidden_shuffle``).

Hidden from a seat: the other seats' hands and the cards they have set aside for a
pass under way, and the draw pile. Not hidden: a king protected by a badge (the badge
on the table names it, and goes with it when it is passed), everything on the tables,
the discard and shot piles (every card there was shown face up), and every hand once
the hand is over and laid down.
"""

from __future__ import annotations

from games.base import Seat, Viewer
from games.rng import Rng
from games.slots import Slot, indices_of, permute, slots_of
from games.wyoming_cowboy.cards import sort_key
from games.wyoming_cowboy.state import Phase, State


def _kings_named(badges: list[str]) -> list[str]:
    """Returns the king each badge names (one per badge)."""
    return ["K" + a[1] for a in badges if a[0] == "A"]


def hidden_slots(st: State, viewer: Viewer, keep: frozenset[Seat], deck: bool) -> list[Slot]:
    """Returns the slots of ``st`` whose cards ``viewer`` cannot see."""
    out: list[Slot] = []
    laid_down = st.phase in (Phase.SCORING, Phase.OVER)
    for seat in range(st.seats):
        if seat == viewer or seat in keep or laid_down:
            continue
        hand = st.hands[seat]
        out += slots_of(hand, indices_of(hand, _kings_named(st.badges[seat])))
        passing = st.passing[seat] if st.phase == Phase.PASS else None
        if passing:
            aces = [c for c in passing if c[0] == "A"]
            shown = indices_of(passing, aces + _kings_named(aces))
            out += slots_of(passing, shown)
    if deck:
        out += slots_of(st.pile)
    return out


def hidden_shuffle(state: State, viewer: Viewer, rng: Rng, *,
                   keep: frozenset[Seat] = frozenset(), deck: bool = True) -> State:
    """Returns a copy of ``state``, the cards hidden from ``viewer`` permuted, hands sorted."""
    out = state.clone()
    # The permutation writes into the hands, the cards set aside for a pass and the draw
    # pile, which a clone shares with ``state``.
    out.hands = [hand[:] for hand in out.hands]
    out.passing = [None if p is None else p[:] for p in out.passing]
    out.pile = out.pile[:]
    permute(hidden_slots(out, viewer, keep, deck), rng)
    for hand in out.hands:
        hand.sort(key=sort_key)
    return out
