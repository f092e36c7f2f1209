"""The cards a seat cannot see, shuffled among their places (the contract's ``hidden_shuffle``).

What a seat sees of a face-down card is its back, and only where a back shows: the top
of every draw pile, every card of one's own draw pile ("You may freely check the card
backs of cards in your draw pile"), and the covered Store cards. So cards are permuted
only among slots that show the same thing, and only inside one owner's cards:

- each player's draw and discard piles together (the owner knows which faces they
  hold between them, but not in which order): for the owner, the draw pile but the
  cards an effect let him see, and the discard pile but its top (all of it while he
  chooses a card from it); for anybody else, both piles whole;
- the covered Store cards and the cards left out of the Store (the current Act's pool);
- the later Acts' cards, each Act among its own;
- the rock-paper-scissors throws not yet revealed.

A player's own draw pile shows him its backs in order, and the faces an effect let him
see; another's shows its size and the back of its top card. The draw piles, the cards
left out of the Store and the later Acts' cards are the undealt cards, kept in place
unless ``deck``.
"""

from __future__ import annotations

from games.base import Seat, Viewer
from games.cards_for_cowboys import store as pyramid
from games.cards_for_cowboys.cards import spec
from games.cards_for_cowboys.state import Phase, Player, State
from games.rng import Rng
from games.slots import Slot, permute, permute_alike, slots_of


def _back(card: str) -> str:
    return spec(card).back


def _act(card: str) -> int:
    return spec(card).act


def _shuffle_zone(bare: list[Slot], backed: list[Slot], rng: Rng) -> None:
    """Permutes ``bare`` slots (nothing shows) freely, then every slot among its back's."""
    permute(bare, rng)
    permute_alike(bare + backed, _back, rng)


def _pile_slots(p: Player, own: bool, deck: bool) -> tuple[list[Slot], list[Slot]]:
    """Returns a player's hidden pile slots: those showing nothing and the top-of-pile back."""
    pending = p.pending[0]["step"] if own and p.pending else ""
    backed: list[Slot] = []
    bare: list[Slot] = []
    if deck and p.draw:
        seen = {i for i, c in enumerate(p.draw) if own and c in p.known}
        if pending == "reorder":
            seen |= set(range(min(3, len(p.draw))))
        shown = set(range(len(p.draw))) if own else {0}  # where a back shows
        backed += [(p.draw, i) for i in sorted(shown - seen)]
        bare += slots_of(p.draw, seen | shown)
    if not (own and pending == "replay"):
        top = {len(p.discard) - 1} if own and p.discard else set()
        bare += slots_of(p.discard, top)
    return bare, backed


def hidden_shuffle(state: State, viewer: Viewer, rng: Rng, *,
                   keep: frozenset[Seat] = frozenset(), deck: bool = True) -> State:
    """Returns a copy of ``state`` with the cards hidden from ``viewer`` permuted."""
    out = state.clone()
    for seat in range(out.seats):
        if seat not in keep:
            p = out.own(seat)
            p.draw, p.discard = p.draw[:], p.discard[:]  # shared with ``state``'s player
            _shuffle_zone(*_pile_slots(p, seat == viewer, deck), rng)
    # The copy shares the Store's rows and its own lists with ``state``: those permuted
    # here in place are copied first.
    out.store = [row[:] for row in out.store]
    out.unused, out.reserve, out.throws = out.unused[:], out.reserve[:], out.throws[:]
    covered: list[Slot] = [(row, i) for r, row in enumerate(out.store)
                           for i, c in enumerate(row)
                           if c is not None and not pyramid.is_face_up(out.store, r, i)]
    _shuffle_zone(slots_of(out.unused) if deck else [], covered, rng)
    if deck:
        permute_alike(slots_of(out.reserve), _act, rng)
    if out.phase == Phase.RPS and out.throws:
        permute([(out.throws, s) for s in out.contenders
                 if s != viewer and s not in keep and out.throws[s] is not None], rng)
    return out
