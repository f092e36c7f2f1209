"""Roundups and Gunfights: one card each, left of the caller first, the caller last."""

from __future__ import annotations

from games.base import Event
from games.cowpoker.cards import CARDS
from games.cowpoker.scoring import placement_target
from games.cowpoker.state import Phase, State, Trick
from games.cowpoker.words import card_words, who

KIND_WORDS = {"roundup": "Roundup", "gunfight": "Gunfight"}


def start(state: State, kind: str, caller: int, events: list[Event]) -> None:
    """Begins a trick called by ``caller``."""
    order = [(caller + i) % 4 for i in (1, 2, 3, 0)]
    state.trick = Trick(kind, caller, order)
    state.phase = Phase.TRICK
    events.append({"type": "trick_start", "kind": kind, "ranch": state.ranch[caller],
                   "text": f"{who(state, caller)} calls a {KIND_WORDS[kind]}!"})


def next_position(state: State) -> int | None:
    """Returns the position due to play to the trick, or ``None`` when all have."""
    trick = state.trick
    if trick is None or len(trick.played) >= len(trick.order):
        return None
    return trick.order[len(trick.played)]


def value(kind: str, card_id: str) -> int:
    """Returns a card's Roundup or Gunfight value."""
    card = CARDS[card_id]
    return card.roundup if kind == "roundup" else card.gunfight


def play(state: State, pos: int, card_id: str | None, events: list[Event]) -> None:
    """Adds ``pos``'s card (or nothing) to the trick."""
    trick = state.trick
    assert trick is not None
    trick.played.append([pos, card_id])
    if card_id is None:
        events.append({"type": "trick_play", "ranch": state.ranch[pos],
                       "text": f"{who(state, pos)} has no card to play"})
        return
    v = value(trick.kind, card_id)
    events.append({"type": "trick_play", "ranch": state.ranch[pos], "card": card_id,
                   "text": f"{who(state, pos)} plays {card_words(card_id)}: "
                           f"{KIND_WORDS[trick.kind]} {v}"})


def run(state: State, events: list[Event]) -> bool:
    """Plays Deadwood and empty-handed seats; returns True while a live seat must play."""
    while (pos := next_position(state)) is not None:
        if state.is_live(pos):
            if state.hands[pos]:
                return True
            play(state, pos, None, events)
        else:
            play(state, pos, state.deck.pop() if state.deck else None, events)
    resolve(state, events)
    return False


def winner(trick: Trick) -> int | None:
    """Returns the winning position: the highest value, ties to the later card."""
    best: tuple[int, int] | None = None
    for pos, card_id in trick.played:
        if card_id is None:
            continue
        v = value(trick.kind, card_id)
        if best is None or v >= best[0]:
            best = (v, pos)
    return None if best is None else best[1]


def resolve(state: State, events: list[Event]) -> None:
    """Gives the trick to its winner's Cellar; "goes into" cards go to their Gangs in order."""
    trick = state.trick
    assert trick is not None
    win = winner(trick)
    state.trick = None
    if win is None:
        events.append({"type": "trick_end", "text": "Nobody had a card: the trick is void"})
        return
    taken = []
    for pos, card_id in trick.played:
        if card_id is None:
            continue
        if CARDS[card_id].place:
            to = placement_target(state, pos, card_id)
            state.gangs[to].append(card_id)
            events.append({"type": "placed", "card": card_id, "ranch": state.ranch[to],
                           "text": f"{card_words(card_id)} goes into the Gang of "
                                   f"{who(state, to)}"})
        else:
            state.cellars[win].append(card_id)
            taken.append(card_id)
    events.append({"type": "trick_end", "ranch": state.ranch[win], "cards": taken,
                   "text": f"{who(state, win)} wins the {KIND_WORDS[trick.kind]} and puts "
                           f"{len(taken)} card{'s' if len(taken) != 1 else ''} in the Cellar"})
