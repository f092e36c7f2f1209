"""Turns, Special Effects, Aces, Deadwood play and the end of the game.

Everything here works on a private copy of the state and appends events; the
``Game`` object in ``__init__`` copies, checks legality and calls ``act``.
"""

from __future__ import annotations

from games.base import Action, Event
from games.cowpoker import tricks
from games.cowpoker.cards import ACE_OF, CARDS, RANCHES, RANDOMIZER, TOWN, RanchCard
from games.cowpoker.scoring import placement_target
from games.cowpoker.state import Phase, State
from games.cowpoker.words import card_words, who

HAND_SIZE = 5


# ---- whose cards work for whom ------------------------------------------------

def works_for(state: State, pos: int, card_id: str) -> bool:
    """Returns whether a card's Special Effect applies for the Ranch at ``pos``.

    Town cards and the Ranch's own cards always do; another Ranch's cards do when
    that Ranch's Ace lies in this Ranch's Gang (not optional).
    """
    ranch = CARDS[card_id].ranch
    if ranch in (TOWN, state.ranch[pos]):
        return True
    return ACE_OF.get(ranch) in state.gangs[pos]


def ignored_for(state: State, pos: int, card_id: str) -> bool:
    """Returns whether the Ranch at ``pos`` playing ``card_id`` now would see its printed
    Special Effect ignored: into a trick, every card's ("the Special Effects on the card do
    not take effect when played in a Roundup"); on a turn, another Ranch's. A Wild card's
    rank is wild wherever it lies, so its effect is never ignored."""
    card = CARDS[card_id]
    if not card.effect_text or card.effect == "wild":
        return False
    return state.phase == Phase.TRICK or not works_for(state, pos, card_id)


# ---- legal choices ------------------------------------------------------------

def acting_position(state: State) -> int | None:
    """Returns the position that must decide now, or ``None`` when the game is over."""
    if state.phase == Phase.OVER:
        return None
    if state.phase == Phase.TRICK:
        return tricks.next_position(state)
    return state.turn


def rustle_targets(state: State, pos: int) -> list[str]:
    """Returns the cards ``pos`` may take with its pending rustle effect."""
    others = [(pos + i) % 4 for i in (1, 2, 3)]
    if state.pending == "live_rustle":
        return [c for p in others for c in state.gangs[p]]
    return [state.gangs[p][-1] for p in others if state.gangs[p]]


def legal(state: State, pos: int) -> list[Action]:
    """Returns every action the Ranch at ``pos`` may take now."""
    if acting_position(state) != pos or not state.is_live(pos):
        return []
    if state.phase in (Phase.PLAY, Phase.TRICK):
        kind = "play" if state.phase == Phase.PLAY else "trick"
        return [{"type": kind, "card": c} for c in state.hands[pos]]
    if state.phase == Phase.SHOWDOWN:
        return [{"type": "call", "trick": "roundup"}, {"type": "call", "trick": "gunfight"}]
    if state.phase == Phase.RUSTLE:
        return [{"type": "rustle", "card": c} for c in rustle_targets(state, pos)]
    if state.phase == Phase.UNLOAD:
        out: list[Action] = [{"type": "keep"}]
        for c in state.gangs[pos]:
            for i in (1, 2, 3):
                out.append({"type": "unload", "card": c, "to": state.ranch[(pos + i) % 4]})
        return out
    return []


# ---- random choices for Deadwood --------------------------------------------

def randomizer(state: State, pos: int, accept: list[str] | None,
               events: list[Event]) -> RanchCard | None:
    """Shuffles the eight spare Ranch cards and turns them until one is acceptable.

    ``accept`` lists acceptable Ranch names (``None``: any card, for the card's mark: a
    trick). Returns ``None`` when no card is acceptable. The event says what the card
    decided, in words a newcomer follows (the spare Ranch cards are not on the table).
    """
    for card in state.rng.shuffled(RANDOMIZER):
        if accept is None or card.ranch in accept:
            drawn = (f"{who(state, pos)} leaves the choice to chance: a card drawn from the "
                     "spare Ranch cards")
            decided = (f"bears the {card.mark.capitalize()} mark, so a "
                       f"{card.mark.capitalize()} it is" if accept is None
                       else f"names {card.ranch}, so the card is taken from {card.ranch}'s Gang")
            events.append({"type": "randomizer", "ranch": card.ranch, "mark": card.mark,
                           "text": f"{drawn} {decided}"})
            return card
    return None


# ---- playing a card into a Gang ----------------------------------------------

def play_card(state: State, pos: int, card_id: str, events: list[Event]) -> None:
    """Puts a card played on a turn into its Gang and carries out its Special Effect."""
    card = CARDS[card_id]
    # Judged before the card joins a Gang: another Ranch's Ace does not make its own
    # effect work by being played.
    works, ignored = works_for(state, pos, card_id), ignored_for(state, pos, card_id)
    to = placement_target(state, pos, card_id)
    state.gangs[to].append(card_id)
    where = "the Gang" if to == pos else f"the Gang of {who(state, to)}"
    if ignored:
        # Said of the card, not the player: the player may be the reader ("Ana (you)").
        note = " (not this Ranch's card: its effect is ignored)"
    elif not card.effect_text or card.effect == "wild":
        note = ""
    elif card.live_only and not state.is_live(pos):
        note = " (a Live Player instruction: Deadwood ignores it)"
    else:
        # The card's printed words, quoted: they speak to whoever plays it ("you choose"),
        # and the log is read by everyone.
        note = f": “{card.effect_text}”"
    events.append({"type": "play", "ranch": state.ranch[pos], "card": card_id,
                   "to": state.ranch[to],
                   "text": f"{who(state, pos)} plays {card_words(card_id)} into {where}{note}"})
    state.phase = Phase.END
    if works and not (card.live_only and not state.is_live(pos)):
        effect(state, pos, card.effect, events)


def effect(state: State, pos: int, kind: str, events: list[Event]) -> None:
    """Carries out one Special Effect for ``pos``; sets the phase that follows."""
    live = state.is_live(pos)
    if kind in ("roundup", "gunfight"):
        tricks.start(state, kind, pos, events)
    elif kind == "showdown":
        if live:
            state.phase = Phase.SHOWDOWN
        else:
            card = randomizer(state, pos, None, events)
            assert card is not None
            tricks.start(state, card.mark, pos, events)
    elif kind in ("rustle", "live_rustle"):
        state.pending = kind
        if not rustle_targets(state, pos):
            state.pending = ""
            events.append({"type": "no_effect", "text": f"{who(state, pos)} may rustle, but "
                           "no other Gang has a card to take"})
        elif live:
            state.phase = Phase.RUSTLE
        else:
            accept = [state.ranch[p] for p in range(4) if p != pos and state.gangs[p]]
            card = randomizer(state, pos, accept, events)
            assert card is not None
            take(state, pos, state.gangs[state.ranch.index(card.ranch)][-1], events)
    elif kind == "extra_play":
        if state.hands[pos]:
            state.phase = Phase.PLAY
            state.pending = "extra_play"
    elif kind == "unload" and state.gangs[pos]:
        state.phase = Phase.UNLOAD


def take(state: State, pos: int, card_id: str, events: list[Event]) -> None:
    """Moves a card from another Gang into the Gang at ``pos``."""
    src = next(p for p in range(4) if card_id in state.gangs[p])
    state.gangs[src].remove(card_id)
    state.gangs[pos].append(card_id)
    state.pending = ""
    state.phase = Phase.END
    events.append({"type": "rustle", "card": card_id, "from": state.ranch[src],
                   "to": state.ranch[pos],
                   "text": f"{who(state, pos)} takes {card_words(card_id)} from the Gang of "
                           f"{who(state, src)}"})


# ---- applying a live decision -------------------------------------------------

def act(state: State, pos: int, action: Action, events: list[Event]) -> None:
    """Applies a legal action of the live Ranch at ``pos`` and runs on to the next decision."""
    kind = action["type"]
    if kind == "play":
        state.hands[pos].remove(action["card"])
        state.pending = ""
        play_card(state, pos, action["card"], events)
    elif kind == "trick":
        state.hands[pos].remove(action["card"])
        tricks.play(state, pos, action["card"], events)
    elif kind == "call":
        events.append({"type": "call", "trick": action["trick"],
                       "text": f"{who(state, pos)} chooses a "
                               f"{tricks.KIND_WORDS[action['trick']]}"})
        tricks.start(state, action["trick"], pos, events)
    elif kind == "rustle":
        take(state, pos, action["card"], events)
    elif kind == "unload":
        to = state.ranch.index(action["to"])
        state.gangs[pos].remove(action["card"])
        state.gangs[to].append(action["card"])
        events.append({"type": "unload", "card": action["card"], "to": action["to"],
                       "text": f"{who(state, pos)} moves {card_words(action['card'])} into "
                               f"the Gang of {who(state, to)}"})
        state.phase = Phase.END
    elif kind == "keep":
        events.append({"type": "keep", "text": f"{who(state, pos)} keeps the Gang as it is"})
        state.phase = Phase.END
    advance(state, events)


def advance(state: State, events: list[Event]) -> None:
    """Runs automatic play (Deadwood turns, draws, tricks) until a live seat must decide."""
    while True:
        if state.phase == Phase.TRICK:
            if tricks.run(state, events):
                return
            state.phase = Phase.END
        if state.phase == Phase.END:
            state.turn = state.left_of(state.turn)
            state.turns += 1
            state.phase = Phase.START
        if state.phase != Phase.START:
            return
        begin_turn(state, events)


def begin_turn(state: State, events: list[Event]) -> None:
    """Starts the turn of ``state.turn``: the end of the game, a draw, or a Deadwood play."""
    pos = state.turn
    state.pending = ""
    if not state.deck:
        state.phase = Phase.OVER
        events.append({"type": "game_over",
                       "text": f"{who(state, pos)} cannot draw a card: the game is over"})
        return
    if state.is_live(pos):
        n = max(0, min(HAND_SIZE - len(state.hands[pos]), len(state.deck)))
        drawn = [state.deck.pop() for _ in range(n)]
        state.hands[pos].extend(drawn)
        state.drew[pos] = n
        seat = state.seat_of[pos]
        events.append({"type": "draw", "ranch": state.ranch[pos], "count": n,
                       "text": f"{who(state, pos)} draws {n} card{'s' if n != 1 else ''}"
                       if n else f"{who(state, pos)} has a full hand: no card to draw"})
        if drawn:
            events.append({"type": "drew", "only": [seat], "cards": drawn,
                           "text": "You draw " + ", ".join(card_words(c) for c in drawn)})
        state.phase = Phase.PLAY
        return
    card_id = state.deck.pop()
    play_card(state, pos, card_id, events)


def start_game(state: State, events: list[Event]) -> None:
    """Begins the first turn (a Deadwood lead plays at once)."""
    state.phase = Phase.START
    advance(state, events)


__all__ = ["RANCHES", "act", "advance", "legal", "start_game", "works_for"]
