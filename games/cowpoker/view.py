"""What each seat sees: the table by Ranch, its own hand and Cellar, the trick, the prompt."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.base import kept
from games.cowpoker import rules, scoring, tricks
from games.cowpoker.cards import CARDS
from games.cowpoker.state import Phase, State
from games.cowpoker.words import who
from games.plural import listed

Viewer = int | None


def _name(state: State, pos: int) -> str:
    seat = state.seat_of[pos]
    return f"Deadwood {state.ranch[pos]}" if seat is None else f"{{seat:{seat}}}"


def prompt(state: State, viewer: Viewer) -> str:
    """Returns plain English for what is being decided now."""
    if state.phase == Phase.OVER:
        # Who won, said here once: the end screen says how each Ranch scored.
        scores, seats = scoring.winners(state)
        top = scores[seats[0]]
        won = [who(state, state.position_of(s)) for s in seats]
        points = f"{top:g} point{'' if top == 1 else 's'}"
        if len(won) == 1:
            return f"The game is over: {won[0]} wins with {points}"
        return f"The game is over: {listed(won)} share the win with {points} each"
    pos = rules.acting_position(state)
    assert pos is not None
    mine = viewer is not None and state.seat_of[pos] == viewer
    subject, own = ("You", "your") if mine else (_name(state, pos), "their")
    if state.phase == Phase.PLAY:
        extra = " another card" if state.pending == "extra_play" else " a card"
        # One's own hand may hold a card that goes into a given Gang (said only to its
        # holder: to the others it would tell of a hidden card).
        if mine and any(CARDS[c].place is not None for c in state.hands[pos]):
            return (f"You must play{extra} from your hand into your Gang, or where a card "
                    "says it always goes.")
        return f"{subject} must play{extra} from {own} hand into {own} Gang."
    if state.phase == Phase.SHOWDOWN:
        return f"{subject} must choose: Roundup or Gunfight?"
    if state.phase == Phase.RUSTLE:
        what = "any card" if state.pending == "live_rustle" else "the newest card"
        return f"{subject} must take {what} from another Gang."
    if state.phase == Phase.UNLOAD:
        return f"{subject} may move a card from {own} Gang into another Gang, or keep it."
    assert state.phase == Phase.TRICK and state.trick is not None
    kind = tricks.KIND_WORDS[state.trick.kind]
    return (f"{subject} must play a card to the {kind} "
            f"(highest {kind} value wins; ties to the later card).")


def visible_cards(state: State, viewer: Viewer, *, everything: bool = False) -> set[str]:
    """Returns the ids of the cards shown face up to ``viewer`` (once the game is over,
    every Hand and Cellar: they are scored in the open)."""
    seen = {c for g in state.gangs for c in g}
    if state.trick:
        seen |= {c for _, c in state.trick.played if c}
    if everything or state.phase == Phase.OVER:
        seen |= {c for h in state.hands for c in h} | {c for cel in state.cellars for c in cel}
    if everything:
        seen |= set(state.deck)
    elif viewer is not None:
        pos = state.position_of(viewer)
        seen |= set(state.hands[pos]) | set(state.cellars[pos])
    return seen


def build(state: State, viewer: Viewer, *, everything: bool = False) -> dict[str, Any]:
    """Returns the view of ``viewer`` (``everything``: the omniscient view).

    What every viewer sees alike (the table's rows, the scores, the trick) is built once
    per state and shared by the views of it (``_Shared``); a view is read, never changed.
    """
    shared = _shared(state, everything) if everything else kept(state, "cowpoker.view", _shared)
    me = state.position_of(viewer) if viewer is not None else None
    hand = state.hands[me] if me is not None else None
    table, cards = shared.rows, shared.cards
    if me is not None and not everything:  # the viewer's own row shows its Cellar
        table = list(table)
        table[me] = table[me] | _cellar(tuple(state.cellars[me]))
        # Its own cards lie nowhere face up: they follow the cards face up to all.
        cards = cards | _cards([*state.hands[me], *state.cellars[me]])
    view: dict[str, Any] = {
        "phase": state.phase,
        "to_act": shared.to_act,
        # The prompt names the Ranch to act alike for all but that Ranch's own seat.
        "prompt": prompt(state, viewer) if viewer in shared.to_act else shared.prompt,
        # Before the end only what everyone sees may count: a score that counted
        # hidden Hands would tell who holds what.
        "scores": shared.scores,
        "scores_counted": "all" if shared.final is not None else "gangs",
        "you": viewer,
        "your_ranch": state.ranch[me] if me is not None else None,
        "hand": list(hand) if hand is not None else None,
        "hand_wild": sorted(scoring.wild_ranks(hand)) if hand is not None else [],
        "hand_poker": scoring.place_words(hand) if hand else None,
        # The hand's cards whose printed effect would be ignored were they played now:
        # their faces say so, where the effect's words alone promise it.
        "hand_ignored": [c for c in hand if rules.ignored_for(state, me, c)]
        if hand is not None and me is not None and state.phase != Phase.OVER else [],
        "deck_count": len(state.deck),
        "turn": state.ranch[state.turn],
        "lead": state.ranch[state.lead],
        "match": state.match,
        "pending": state.pending,
        "table": table,
        "trick": shared.trick,
        "cards": cards,
    }
    if everything:
        view["deck"] = list(state.deck)
    if state.phase == Phase.OVER:
        view["result"] = {"ranches": shared.final, "scores": shared.scores}
    return view


# Every card as shown to players, shared by every view that shows it.
_CARD_JSON = {c.id: c.to_json() for c in CARDS.values()}


@dataclass(slots=True)
class _Shared:
    """What every viewer of one state sees alike: who acts, the prompt (but the acting
    seat's own), the scores (``final``: the breakdown by Ranch, once the game is over or
    in the omniscient view), the table's rows without a Cellar or Hand but where everyone
    sees them, the trick, and the cards face up to all (every card, in the omniscient
    view) by id in order, which a seat's view extends with its own."""

    to_act: list[int]
    prompt: str
    scores: list[float]
    final: list[dict[str, Any]] | None
    rows: list[dict[str, Any]]
    trick: dict[str, Any] | None
    cards: dict[str, Any]


def _shared(state: State, everything: bool = False) -> _Shared:
    acting = rules.acting_position(state)
    seat = None if acting is None else state.seat_of[acting]
    to_act = [] if seat is None else [seat]
    if state.phase == Phase.OVER:
        final: list[dict[str, Any]] | None = scoring.final(state)
    else:  # before the end only the omniscient view, never kept, counts face-down cards
        final = scoring.breakdown(state) if everything else None
    scores = (scoring.seat_scores(state, final) if final is not None
              else scoring.public_scores(state, scoring.kept_gangs(state)))
    # Once the game is over every Hand and Cellar is scored in the open: each row shows
    # its own, so that the bonuses and the penalty can be checked against the cards.
    shown = everything or state.phase == Phase.OVER
    rows = [_row(state, p, everything=shown) for p in range(4)]
    # Every card in a Cellar was shown face up in a trick (none is secret: ``secrets``), so
    # every viewer may have its face: the table draws the trick that ended last from the
    # log's events, whose cards lie in Cellars by then. Which Cellar holds which is still
    # not said (the rows give each Cellar's size only).
    told = visible_cards(state, None, everything=everything)
    told.update(c for cellar in state.cellars for c in cellar)
    cards = _cards(sorted(told))
    return _Shared(to_act, prompt(state, None), scores, final, rows, _trick(state), cards)


def _cards(ids: list[str]) -> dict[str, Any]:
    """Returns the JSON of the cards ``ids``, in their order."""
    return dict(zip(ids, map(_CARD_JSON.__getitem__, ids), strict=True))


# A Gang's and a Cellar's parts of a row are cached on their cards, all that a part shows,
# so an entry serves only views that show those very cards. Most moves change one Gang
# and no Cellar: the others are not valued and named again. Entries are read, never
# changed.

@lru_cache(maxsize=4096)
def _cellar(cards: tuple[str, ...]) -> dict[str, Any]:
    """Returns what a Cellar adds to its own seat's row (or to every row, omnisciently)."""
    return {"cellar": list(cards), "cellar_points": scoring.points(cards),
            "cellar_hand": scoring.place_words(cards)}


def _row(state: State, p: int, *, everything: bool) -> dict[str, Any]:
    """Returns the table's row of position ``p`` as everyone sees it (``everything``: with
    its Cellar and Hand too, omnisciently or once the game is over)."""
    seat = state.seat_of[p]
    row = {"position": p, "ranch": state.ranch[p], "seat": seat, "deadwood": seat is None,
           **_gang(tuple(state.gangs[p])), "cellar_count": len(state.cellars[p]),
           "hand_count": len(state.hands[p])}
    if everything:
        row |= _cellar(tuple(state.cellars[p]))
    if everything and seat is not None:
        row["hand"] = list(state.hands[p])
        row["hand_poker"] = scoring.place_words(state.hands[p])
    return row


@lru_cache(maxsize=4096)
def _gang(cards: tuple[str, ...]) -> dict[str, Any]:
    """Returns a Gang's part of its row."""
    return {"gang": list(cards), "gang_points": scoring.points(cards),
            "gang_hand": scoring.place_words(cards),
            "gang_wild": sorted(scoring.wild_ranks(cards))}


def _trick(state: State) -> dict[str, Any] | None:
    """Returns the Roundup or Gunfight under way, by Ranch, or ``None``."""
    t = state.trick
    if t is None:
        return None
    nxt = tricks.next_position(state)
    return {
        "kind": t.kind,
        "caller": state.ranch[t.caller],
        "order": [state.ranch[p] for p in t.order],
        "played": [{"ranch": state.ranch[pos], "card": c} for pos, c in t.played],
        "next": state.ranch[nxt] if nxt is not None else None,
    }
