"""The rules: setup, the simultaneous draw, busting, card effects, buy order and buying.

Every function here works on a ``State`` that the caller has already cloned; the
game object in ``game.py`` does the cloning, so nothing here has to care about it but
for two things: a player to be changed is taken with ``state.own(seat)`` (a clone shares
its players with the state it came from), never read from ``state.players``; and lists,
the state's and a player's, are replaced, never changed in place (copies share them).
Legality has one source: ``legal(state, seat)`` lists the actions, and ``apply``
refuses anything not in that list before it changes anything.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, NamedTuple

from games.base import Action, Event, kept
from games.cards_for_cowboys import store as pyramid
from games.cards_for_cowboys.cards import (
    SPEC_OF,
    TRASH_WHILE_DRAWING,
    cards_with_effect,
    face_json,
    spec,
    starter_ids,
    store_ids,
    words,
)
from games.cards_for_cowboys.state import Phase, Player, State, Status
from games.plural import count
from games.rng import Rng

BUST_AT = 3
HANDS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
GIFT_CARDS = cards_with_effect("gift_others")

# On Python 3.11 every ``Phase.X`` and ``Status.X`` read goes through the enum metaclass's
# attribute hook (some 100 ns, against 10 for a global): the rules, which read them on
# every action and for every seat at the start and end of buying, read these globals.
_DRAW, _RPS, _CHOOSE, _BUY, _GIVE, _OVER = (Phase.DRAW, Phase.RPS, Phase.CHOOSE, Phase.BUY,
                                            Phase.GIVE, Phase.OVER)
_DRAWING, _STOPPED, _BUSTED = Status.DRAWING, Status.STOPPED, Status.BUSTED
EXTRA_BUY_CARDS = cards_with_effect("extra_buy")
PASS_JAIL_CARDS = cards_with_effect("pass_jail")


class Tally(NamedTuple):
    """What a seat's revealed cards add up to this round."""

    cash: int
    cows: int
    bandits: int
    jails: int
    gift: int

    @property
    def danger(self) -> int:
        """Returns the Bandits that count towards busting (Jails cancel Bandits)."""
        return self.bandits - self.jails


def new_state(seats: int, seed: int) -> State:
    """Returns the opening position: shuffled starter decks and Act 1's pyramid."""
    rng = Rng(seed)
    players = []
    for seat in range(seats):
        deck = rng.shuffled(starter_ids(seat))
        cut(deck)
        players.append(Player(draw=deck))
    s = State(seats=seats, players=players, rng=rng)
    s.reserve = store_ids(2, seats) + store_ids(3, seats)
    s.store, s.unused = pyramid.deal(store_ids(1, seats), seats, rng)
    return s


def cut(deck: list[str]) -> None:
    """Cuts one card from the top to the bottom, as the rules ask after every shuffle."""
    if deck:
        deck.append(deck.pop(0))


# ---- tallies ---------------------------------------------------------------------


def tally(state: State, seat: int) -> Tally:
    """Returns the seat's $, Cows, Bandits and Jails this round from its revealed cards."""
    return _tally(state.players[seat], _gift(state, seat))


def tallies(state: State) -> list[Tally]:
    """Returns every seat's tally (``tally`` of each), the gift cards counted once."""
    gifts = [_gift_cards(p) for p in state.players]
    on_table = sum(gifts)
    return [_tally(p, on_table - gift) for p, gift in zip(state.players, gifts, strict=True)]


def kept_tallies(state: State) -> list[Tally]:
    """Returns ``tallies(state)``, computed once per state and kept on it (read, never
    changed): for the views and teaching parts of a state made, never of one in play."""
    return kept(state, "cards_for_cowboys.tallies", tallies)


def _tally(p: Player, gift: int) -> Tally:
    """Returns ``p``'s tally, the other seats' gift cards giving it ``gift`` $."""
    cash = p.bonus_cash
    cows = bandits = 0
    jails = p.jails_used
    first = p.order[0] if p.order else None
    doubled = p.doubled
    for c in p.row:
        s = SPEC_OF[c]
        m = 2 if doubled and c in doubled else 1
        base_cows = 2 if c == first and s.effect == "two_cows_if_first" else s.cows
        cash += s.cash * m
        cows += base_cows * m - s.lose_cow
        bandits += s.bandits * m
        jails += s.jail
    return Tally(cash + gift, cows, bandits, jails, gift)


def dollars(state: State, seat: int) -> int:
    """Returns the seat's $ this round (``tally(state, seat).cash``), without the rest."""
    p = state.players[seat]
    out = p.bonus_cash + _gift(state, seat)
    doubled = p.doubled
    for c in p.row:
        out += SPEC_OF[c].cash * (2 if doubled and c in doubled else 1)
    return out


def _gift(state: State, seat: int) -> int:
    """Returns the $ the other seats' gift cards give ``seat`` this round."""
    gift = 0
    for q, other in enumerate(state.players):
        if q != seat:
            gift += _gift_cards(other)
    return gift


def _gift_cards(p: Player) -> int:
    """Returns how many gift cards lie in ``p``'s row (most rows hold none: one test in C)."""
    return 0 if GIFT_CARDS.isdisjoint(p.row) else sum(map(GIFT_CARDS.__contains__, p.row))


def danger(p: Player) -> int:
    """Returns the Bandits of ``p``'s row that count towards busting: ``tally(...).danger``,
    which only the seat's own cards change (asked after every card drawn)."""
    out = -p.jails_used
    doubled = p.doubled
    for c in p.row:
        s = SPEC_OF[c]
        out += s.bandits * (2 if doubled and c in doubled else 1) - s.jail
    return out


def eligible(state: State) -> list[int]:
    """Returns the seats that did not bust this round."""
    return [i for i, p in enumerate(state.players) if p.status != _BUSTED]


# ---- who acts ----------------------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    """Returns every seat that may act now (all drawing seats at once in the draw phase)."""
    phase = state.phase
    if phase == _DRAW:
        # ``in_draw`` written out, and the set picked by a mask of the seats rather than
        # built: a call per seat, then the comprehension's, were most of the work.
        mask = 0
        bit = 1
        for p in state.players:
            if p.status == _DRAWING or p.pending:
                mask |= bit
            bit <<= 1
        return _SEAT_SETS[mask]
    if phase == _BUY:
        return _SEAT_SETS[1 << state.order[state.buyer]]
    if phase == _RPS:
        return frozenset([s for s in state.contenders if state.throws[s] is None])
    if phase == _CHOOSE and state.chooser is not None:
        return _SEAT_SETS[1 << state.chooser]
    if phase == _GIVE and state.giver is not None:
        return _SEAT_SETS[1 << state.giver]
    return frozenset()


# Every set of seats (at most 4), by its mask: bit ``s`` for seat ``s``.
_SEAT_SETS: tuple[frozenset[int], ...] = tuple(
    frozenset(s for s in range(4) if mask >> s & 1) for mask in range(16))


def may_act(state: State, seat: int) -> bool:
    """Returns ``seat in to_act(state)``, without building the set of seats."""
    phase = state.phase
    if phase == _DRAW:
        players = state.players
        return 0 <= seat < len(players) and in_draw(players[seat])
    if phase == _RPS:
        return seat in state.contenders and state.throws[seat] is None
    if phase == _CHOOSE:
        return state.chooser is not None and seat == state.chooser
    if phase == _BUY:
        return seat == state.order[state.buyer]
    if phase == _GIVE:
        return state.giver is not None and seat == state.giver
    return False


def in_draw(p: Player) -> bool:
    """Returns whether ``p`` may still act in the draw phase: drawing, or owing a choice."""
    return p.status == _DRAWING or bool(p.pending)


def legal(state: State, seat: int) -> list[Action]:
    """Returns every action ``seat`` may take now, in a stable order."""
    if not may_act(state, seat):
        return []
    p = state.players[seat]
    phase = state.phase
    if phase == _DRAW:
        return _legal_pending(p) if p.pending else _legal_drawing(p)
    if phase == _BUY:
        left = dollars(state, seat) - p.spent
        up = pyramid.face_up(state.store)
        out = [_BUYS[c] for c in up if SPEC_OF[c].cost <= left]
        out += map(_BURNS.__getitem__, up)
        out.append(_PASS)
        return out
    if phase == _RPS:
        return list(_THROWS)
    if phase == _CHOOSE:
        return [{"type": "first", "seat": s} for s in eligible(state)]
    if phase == _GIVE:
        card = _pass_jail_card(p)
        return [{"type": "give", "card": card, "to": s}
                for s in range(state.seats) if s != seat and card is not None]
    return []


def _legal_drawing(p: Player) -> list[Action]:
    # Most rows hold no card to trash (one test in C): their list is one of four made
    # once and shared, as legal lists are read, never changed.
    kind = _DRAWING_LISTS[bool(p.draw or p.discard), p.must_draw == 0]
    if _TRASHABLE.isdisjoint(p.row):
        return kind
    out = kind[:]
    for c in p.row:
        effect = SPEC_OF[c].effect
        if effect in TRASH_WHILE_DRAWING and (effect != "trash_to_replay" or p.discard):
            out.append({"type": "trash", "card": c})
    return out


class _CardActions(dict[str, Action]):
    """One kind of action on a card (buy, burn), made the first time a card is asked.

    A legal list is read, never changed (``Game.known_legal``), so every list holding
    the action on a card shares the one made here; so do the actions below.
    """

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, card: str) -> Action:
        made: Action = {"type": self.kind, "card": card}
        self[card] = made
        return made


_BUYS, _BURNS = _CardActions("buy"), _CardActions("burn")
_DRAW_ACTION: Action = {"type": "draw"}
_STOP: Action = {"type": "stop"}
_PASS: Action = {"type": "pass"}
_THROWS: tuple[Action, ...] = tuple({"type": "throw", "hand": h} for h in HANDS)
_TRASHABLE = frozenset().union(*map(cards_with_effect, TRASH_WHILE_DRAWING))
# A drawing seat's list without trashes, by (may draw, may stop).
_DRAWING_LISTS: dict[tuple[bool, bool], list[Action]] = {
    (True, True): [_DRAW_ACTION, _STOP], (True, False): [_DRAW_ACTION],
    (False, True): [_STOP], (False, False): []}


def _legal_pending(p: Player) -> list[Action]:
    step = p.pending[0]
    kind = step["step"]
    if kind == "replay":
        return [{"type": "replay", "card": c} for c in p.discard]
    if kind == "return":
        return [{"type": "return", "card": c} for c in p.row]
    if kind == "reorder":
        return [{"type": "reorder", "order": list(o)} for o in permutations(p.draw[:3])]
    return [{"type": "trash", "card": step["card"]}, {"type": "skip"}]  # offer_reorder


def _pass_jail_card(p: Player) -> str | None:
    if PASS_JAIL_CARDS.isdisjoint(p.row):  # asked of every seat at every round's end
        return None
    return next((c for c in p.row if SPEC_OF[c].effect == "pass_jail"), None)


# ---- applying actions ------------------------------------------------------------------


def step(state: State, seat: int, action: Action) -> list[Event]:
    """Plays a legal ``action`` of ``seat`` on ``state`` (in place); returns the events."""
    events: list[Event] = []
    _HANDLERS[action["type"]](state, seat, action, events)
    if state.phase == _DRAW and not any(map(in_draw, state.players)):
        _start_buy(state, events)
    return events


def _draw(state: State, seat: int, action: Action, events: list[Event]) -> None:
    p = state.own(seat)
    if not p.draw:
        p.draw = state.own_rng().shuffled(p.discard)
        cut(p.draw)
        p.discard = []
        p.known = []
        events.append({"type": "reshuffle", "seat": seat,
                       "text": f"{{seat:{seat}}} shuffled the discard pile into a new draw pile"})
    card = p.draw[0]
    p.draw = p.draw[1:]
    if card in p.known:
        p.known = _without(p.known, card)
    if p.must_draw > 0:
        p.must_draw -= 1
    _reveal(state, p, seat, card, "drew", events)


def _reveal(state: State, p: Player, seat: int, card: str, verb: str,
            events: list[Event]) -> None:
    """Puts ``card`` face up in front of ``seat`` (whose player ``p`` is, owned) as a drawn
    card, then checks for a bust (its event names the round: a table may say it in the
    next, when the round ended before the seat saw it)."""
    s = SPEC_OF[card]
    p.row = [*p.row, card]
    p.order = [*p.order, card]
    doubled = p.double_next
    if doubled:
        p.doubled = [*p.doubled, card]
    p.double_next = s.effect == "double_next"
    if s.effect == "draw_four":
        p.must_draw += 4
    note = " (it counts double)" if doubled else ""
    # Public events never name card ids: a card may be face down again after this step.
    events.append({"type": verb, "seat": seat, "face": face_json(card),
                   "text": f"{{seat:{seat}}} {verb} {words(card)}{note}"})
    bandits = danger(p)
    if bandits >= BUST_AT:
        p.status = _BUSTED
        p.busts += 1
        p.discard = p.discard + p.row
        p.row, p.doubled, p.pending = [], [], []
        p.must_draw, p.double_next, p.buy_first = 0, False, False
        events.append({"type": "bust", "seat": seat, "round": state.round,
                       "text": f"{{seat:{seat}}} has {bandits} Bandits and busts: "
                               "the drawn cards go to the discard pile"})
    elif p.must_draw and not (p.draw or p.discard):
        p.must_draw = 0


def _stop(state: State, seat: int, action: Action, events: list[Event]) -> None:
    p = state.own(seat)
    p.status = _STOPPED
    events.append({"type": "stop", "seat": seat, "text": f"{{seat:{seat}}} stops drawing"})
    if not _WHEN_STOPPING.isdisjoint(p.row):  # most rows owe nothing
        p.pending = [*p.pending, *({"step": step, "card": c} for effect, step in _ON_STOP
                                   for c in p.row if SPEC_OF[c].effect == effect)]
    _settle_pending(p)


# The choices a "when you stop" effect owes, in the order they are made. Errata: effects
# that look at the top 3 cards happen after drawing; a card put back on the deck comes
# first, so the look may include it.
_ON_STOP = (("return_to_deck", "return"), ("reorder_top_three", "reorder"),
            ("trash_to_reorder", "offer_reorder"))
_WHEN_STOPPING = frozenset().union(*(cards_with_effect(effect) for effect, _ in _ON_STOP))


def _settle_pending(p: Player) -> None:
    """Drops owed choices that have become empty (nothing left to look at or to take)."""
    while p.pending:
        kind = p.pending[0]["step"]
        empty = not p.discard if kind == "replay" else not p.draw and kind != "return"
        if not empty:
            return
        p.pending = p.pending[1:]


def _without(cards: list[str], card: str) -> list[str]:
    """Returns a copy of ``cards`` less the first ``card`` (``list.remove`` on a copy)."""
    out = cards[:]
    out.remove(card)
    return out


def _trash(state: State, seat: int, action: Action, events: list[Event]) -> None:
    p = state.own(seat)
    card = action["card"]
    s = spec(card)
    p.row = _without(p.row, card)
    if card in p.doubled:
        p.doubled = _without(p.doubled, card)
    state.box = [*state.box, card]
    what = ""
    if p.pending and p.pending[0]["step"] == "offer_reorder":
        p.pending = [{"step": "reorder", "card": card}, *p.pending[1:]]
        what = "to look at the top 3 cards of the draw pile and reorder them"
    elif s.effect == "trash_for_2_dollars":
        p.bonus_cash += 2
        what = "for $2"
    elif s.effect == "trash_for_jail":
        p.jails_used += 1
        what = "to jail a Bandit"
    elif s.effect == "trash_to_buy_first":
        p.buy_first = True
        what = "to buy first this round"
    elif s.effect == "trash_to_replay":
        p.pending = [{"step": "replay", "card": card}, *p.pending]
        what = "to play a card from the discard pile"
    events.append({"type": "trash", "seat": seat, "face": face_json(card),
                   "text": f"{{seat:{seat}}} trashed {words(card)} {what}"})
    _settle_pending(p)


def _replay(state: State, seat: int, action: Action, events: list[Event]) -> None:
    p = state.own(seat)
    p.pending = p.pending[1:]
    p.discard = _without(p.discard, action["card"])
    _reveal(state, p, seat, action["card"], "played from the discard pile", events)
    _settle_pending(p)


def _return(state: State, seat: int, action: Action, events: list[Event]) -> None:
    p = state.own(seat)
    card = action["card"]
    p.pending = p.pending[1:]
    p.row = _without(p.row, card)
    if card in p.doubled:
        p.doubled = _without(p.doubled, card)
    p.draw = [card, *p.draw]
    p.known = [*p.known, card]
    # A card put back no longer acts this round, its own "when you stop" effect included.
    p.pending = [x for x in p.pending if x["card"] != card]
    events.append({"type": "return", "seat": seat, "face": face_json(card),
                   "text": f"{{seat:{seat}}} put {words(card)} back on top of the deck"})
    _settle_pending(p)


def _reorder(state: State, seat: int, action: Action, events: list[Event]) -> None:
    p = state.own(seat)
    p.pending = p.pending[1:]
    k = len(action["order"])
    p.draw = [*action["order"], *p.draw[k:]]
    known = p.known[:]
    known.extend(c for c in action["order"] if c not in known)
    p.known = known
    events.append({"type": "reorder", "seat": seat,
                   "text": f"{{seat:{seat}}} looked at the top {count(k, 'card')} of the draw pile "
                           "and put them back in an order of their choice"})
    _settle_pending(p)


def _skip(state: State, seat: int, action: Action, events: list[Event]) -> None:
    p = state.own(seat)
    p.pending = p.pending[1:]
    _settle_pending(p)


# ---- buy order -------------------------------------------------------------------------


def order_key(p: Player, t: Tally) -> tuple[Any, ...]:
    """Returns the buy-order ranking of ``p``, whose revealed cards add up to ``t``: $, then
    Cows this round, then cards drawn, then costs."""
    return (t.cash, t.cows, len(p.order), [SPEC_OF[c].cost for c in p.order])


def _start_buy(state: State, events: list[Event]) -> None:
    # Each seat's cards are tallied once: nothing from here on changes them.
    players = state.players
    every = tallies(state)
    seats = eligible(state)
    counted = {seat: every[seat] for seat in seats}
    act = state.act - 1
    for seat, t in counted.items():
        p = state.own(seat)
        before = p.herd
        cows = t.cows
        herd = p.herd = max(0, before + cows)
        gained = p.round_cows = herd - before
        cows_by_act = p.cows_by_act[:]
        cows_by_act[act] += gained
        p.cows_by_act = cows_by_act
        row = p.row
        p.buys_left = (1 if EXTRA_BUY_CARDS.isdisjoint(row)  # most rows: one test in C
                       else 1 + sum(map(EXTRA_BUY_CARDS.__contains__, row)))
        change = (f"adds {count(cows, 'Cow')} to" if cows >= 0
                  else f"loses {count(-cows, 'Cow')} from")
        events.append({"type": "herd", "seat": seat, "cows": cows, "herd": herd,
                       "text": f"{{seat:{seat}}} {change} the Herd (now {herd}) and has "
                               f"${t.cash} to spend"})
    if not seats:
        events.append({"type": "no_buyers", "text": "Everybody busted: nobody buys this round"})
        _end_round(state, events)
        return
    first = [s for s in seats if players[s].buy_first]
    if first:
        # Only the seats that trashed to buy first are ranked, among themselves.
        keys = {s: order_key(players[s], counted[s]) for s in first}
        pick = max(first, key=lambda s: (keys[s], -s))
        events.append({"type": "buy_first", "seat": pick,
                       "text": f"{{seat:{pick}}} trashed a card to buy first"})
        _begin_buying(state, pick, events)
        return
    if len(seats) == 1:  # the one seat buys first: no key to rank it by
        _begin_buying(state, seats[0], events)
        return
    keys = {s: order_key(players[s], counted[s]) for s in seats}
    best = max(keys.values())
    tied = [s for s in seats if keys[s] == best]
    if len(tied) == 1:
        _set_chooser(state, tied[0], events, _why_first(keys, tied[0]))
        return
    state.phase = _RPS
    state.contenders = tied
    state.throws = [None] * state.seats
    state.last_throws = [None] * state.seats
    state.rps_rounds = 0
    names = ", ".join(f"{{seat:{s}}}" for s in tied)
    events.append({"type": "rps", "seats": tied,
                   "text": f"{names} are tied for the buy order (same $, Cows, cards drawn and "
                           "costs of the cards drawn): rock-paper-scissors decides who "
                           "chooses"})


# Why a seat ranks first in the buy order, by the first part of ``order_key`` it leads on.
_LEADS = ("has the most $",
          "has as much $ as another but the most Cows this round",
          "has as much $ and as many Cows as another but drew the most cards",
          "has as much $ and as many Cows and cards drawn as another, but cards that cost "
          "the most")


def _why_first(keys: dict[int, tuple[Any, ...]], seat: int) -> str:
    """Returns why ``seat`` ranks first by ``keys`` (``order_key`` of each seat ranked):
    what it leads the nearest of the others on."""
    mine = keys[seat]
    nearest = max(k for s, k in keys.items() if s != seat)
    return _LEADS[next(i for i, (a, b) in enumerate(zip(mine, nearest, strict=True)) if a != b)]


def _capital(text: str) -> str:
    """Returns ``text`` as a sentence starts it ("the ... card" opens a log line)."""
    return text[:1].upper() + text[1:]


def _set_chooser(state: State, seat: int, events: list[Event], why: str) -> None:
    state.phase = _CHOOSE
    state.chooser = seat
    events.append({"type": "chooser", "seat": seat,
                   "text": f"{{seat:{seat}}} {why} and chooses who buys first"})


def _throw(state: State, seat: int, action: Action, events: list[Event]) -> None:
    state.throws = state.throws[:]
    state.throws[seat] = action["hand"]
    events.append({"type": "thrown", "seat": seat, "text": f"{{seat:{seat}}} has thrown"})
    events.append({"type": "your_throw", "seat": seat, "only": [seat],
                   "text": f"You threw {action['hand']}"})
    if any(state.throws[s] is None for s in state.contenders):
        return
    shown = {str(state.throws[s]) for s in state.contenders}
    state.last_throws = list(state.throws)
    reveal = ", ".join(f"{{seat:{s}}} {state.throws[s]}" for s in state.contenders)
    state.throws = [None] * state.seats
    if len(shown) != 2:
        state.rps_rounds += 1
        events.append({"type": "rps_draw", "throws": state.last_throws,
                       "text": f"Rock-paper-scissors: {reveal}. A draw: throw again"})
        return
    a, b = sorted(shown)
    win = a if BEATS[a] == b else b
    state.contenders = [s for s in state.contenders if state.last_throws[s] == win]
    if len(state.contenders) > 1:
        state.rps_rounds += 1
        events.append({"type": "rps_again", "throws": state.last_throws,
                       "text": f"Rock-paper-scissors: {reveal}. {win.capitalize()} wins; "
                               "the winners throw again"})
        return
    events.append({"type": "rps_win", "throws": state.last_throws, "seat": state.contenders[0],
                   "text": f"Rock-paper-scissors: {reveal}. "
                           f"{{seat:{state.contenders[0]}}} wins"})
    _set_chooser(state, state.contenders[0], events, "won rock-paper-scissors")


def _first(state: State, seat: int, action: Action, events: list[Event]) -> None:
    events.append({"type": "first", "seat": seat, "first": action["seat"],
                   "text": f"{{seat:{seat}}} buys first" if action["seat"] == seat
                   else f"{{seat:{seat}}} lets {{seat:{action['seat']}}} buy first"})
    _begin_buying(state, action["seat"], events)


def buy_order(state: State, first: int) -> list[int]:
    """Returns the seats that buy, in order, when ``first`` buys first: clockwise from it."""
    seats = eligible(state)
    return [(first + k) % state.seats for k in range(state.seats)
            if (first + k) % state.seats in seats]


def _begin_buying(state: State, first: int, events: list[Event]) -> None:
    state.order = buy_order(state, first)
    state.buyer = 0
    state.phase = _BUY


# ---- buying ------------------------------------------------------------------------


def _buy(state: State, seat: int, action: Action, events: list[Event]) -> None:
    card = action["card"]
    cost = SPEC_OF[card].cost
    state.own(seat).spent += cost
    _from_store(state, seat, card, "buy", f"bought {words(card)} for ${cost}", events)


def _burn(state: State, seat: int, action: Action, events: list[Event]) -> None:
    card = action["card"]
    _from_store(state, seat, card, "burn", f"burned {words(card)} from the Store", events)


def _from_store(state: State, seat: int, card: str, kind: str, said: str,
                events: list[Event]) -> None:
    """Moves ``card`` from the Store with one of ``seat``'s buys (``kind`` "buy": to the seat's
    bought cards; "burn": to the box), and says so (``said``, after the seat's name)."""
    shown = pyramid.remove(state.store, card)
    p = state.own(seat)
    if kind == "buy":
        p.bought = [*p.bought, card]
    else:
        state.box = [*state.box, card]
    p.buys_left -= 1
    events.append({"type": kind, "seat": seat, "face": face_json(card),
                   "text": f"{{seat:{seat}}} {said}"})
    _after_store_change(state, seat, shown, events)


def _after_store_change(state: State, seat: int, shown: list[str], events: list[Event]) -> None:
    for c in shown:
        events.append({"type": "store_flip", "face": face_json(c),
                       "text": f"{_capital(words(c))} turns face up in the Store"})
    if not shown and pyramid.is_empty(state.store):  # a card just shown is in the Store
        events.append({"type": "store_empty",
                       "text": f"The last Store card is gone: the round and Act {state.act} "
                               "end at once"})
        _end_round(state, events)
    elif state.players[seat].buys_left <= 0:
        _next_buyer(state, events)


def _pass(state: State, seat: int, action: Action, events: list[Event]) -> None:
    state.own(seat).buys_left = 0
    events.append({"type": "pass", "seat": seat, "text": f"{{seat:{seat}}} passes"})
    _next_buyer(state, events)


def _next_buyer(state: State, events: list[Event]) -> None:
    state.buyer += 1
    if state.buyer >= len(state.order):
        _end_round(state, events)


# ---- end of a round, an Act, the game ---------------------------------------------------


def _give(state: State, seat: int, action: Action, events: list[Event]) -> None:
    card, to = action["card"], action["to"]
    giver = state.own(seat)
    giver.row = _without(giver.row, card)
    taker = state.own(to)
    taker.discard = [*taker.discard, card]
    state.giver = None
    events.append({"type": "give", "seat": seat, "to": to, "face": face_json(card),
                   "text": f"{{seat:{seat}}} gives {words(card)} to "
                           f"{{seat:{to}}}'s discard pile"})
    _end_round(state, events)


def _end_round(state: State, events: list[Event]) -> None:
    for seat in eligible(state):
        if _pass_jail_card(state.players[seat]) is not None:
            state.phase, state.giver = _GIVE, seat
            return
    players = [state.own(seat) for seat in range(state.seats)]
    for p in players:
        p.discard = [*p.discard, *p.row, *p.bought]
        p.row, p.order, p.doubled, p.bought, p.pending = [], [], [], [], []
        p.status = _DRAWING
        p.bonus_cash = p.jails_used = p.must_draw = p.spent = p.buys_left = p.round_cows = 0
        p.double_next = p.buy_first = False
    state.order, state.buyer, state.chooser, state.contenders = [], 0, None, []
    state.throws, state.last_throws, state.rps_rounds = [], [], 0
    if not pyramid.is_empty(state.store):
        state.round += 1
        state.phase = _DRAW
        return
    if state.act == 3:
        state.phase = _OVER
        herds = [p.herd for p in state.players]
        top = max(herds)
        names = " and ".join(f"{{seat:{s}}}" for s, h in enumerate(herds) if h == top)
        events.append({"type": "game_over", "herds": herds,
                       "text": f"After Act 3 the largest Herd ({count(top, 'Cow')}) wins: {names}"})
        return
    state.act += 1
    state.round += 1
    state.phase = _DRAW
    rng = state.own_rng()
    for p in players:
        p.draw = rng.shuffled(p.draw + p.discard)
        cut(p.draw)
        p.discard, p.known = [], []
    pool = [c for c in state.reserve if spec(c).act == state.act]
    state.reserve = [c for c in state.reserve if c not in pool]
    state.store, left = pyramid.deal(pool, state.seats, rng)
    state.unused = state.unused + left
    events.append({"type": "act", "act": state.act,
                   "text": f"Act {state.act} begins: every deck is reshuffled and a new Store "
                           "is dealt"})


_HANDLERS = {
    "draw": _draw, "stop": _stop, "trash": _trash, "replay": _replay, "return": _return,
    "reorder": _reorder, "skip": _skip, "throw": _throw, "first": _first, "buy": _buy,
    "burn": _burn, "pass": _pass, "give": _give,
}
