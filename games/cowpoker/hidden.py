"""The cards a seat cannot see, shuffled among their places (the contract's ``hidden_shuffle``).

Hidden from a seat: the other live Hands and the deck, none of which anybody has
seen; and the other Cellars, face down (every card in them was shown in a trick, so
they are shuffled among Cellars only, never into a Hand or the deck). Gangs and the
trick under way are face up, and once the game is over every Hand and Cellar is
scored in the open.
"""

from __future__ import annotations

from games.base import Seat, Viewer
from games.cowpoker.state import Phase, State
from games.rng import Rng
from games.slots import Slot, permute, slots_of


def _shown_to(st: State, pos: int, viewer: Viewer, keep: frozenset[Seat]) -> bool:
    """Whether the Ranch at ``pos`` is the viewer's or one whose Hand is kept."""
    seat = st.seat_of[pos]
    return seat is not None and (seat == viewer or seat in keep)


def hidden_shuffle(state: State, viewer: Viewer, rng: Rng, *,
                   keep: frozenset[Seat] = frozenset(), deck: bool = True) -> State:
    """Returns a copy of ``state`` with the cards hidden from ``viewer`` permuted."""
    out = state.clone()
    unseen: list[Slot] = slots_of(out.deck) if deck else []
    cellars: list[Slot] = []
    for pos in range(4):
        if out.phase == Phase.OVER or _shown_to(out, pos, viewer, keep):
            continue
        unseen += slots_of(out.hands[pos])
        cellars += slots_of(out.cellars[pos])
    permute(unseen, rng)
    permute(cellars, rng)
    return out
