"""The rules of play: who acts, what is legal, and what each action does.

Every function here works on a ``State`` the caller owns (``apply`` clones first).
Legality has one source: ``legal`` lists the actions, and ``apply`` accepts exactly
those (through ``check_legal``) before ``perform`` carries one out.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations, product
from typing import Any, TypeVar

from games.base import Event
from games.plural import count
from games.rng import Rng
from games.wyoming_cowboy import scoring
from games.wyoming_cowboy.cards import (
    CARD_WORDS,
    SUIT_WORDS,
    SUITS,
    decks_for,
    full_deck,
    sort_key,
    split_aces,
    the_cards,
)
from games.wyoming_cowboy.guns import can_backfire, gun_name, pullable, quick_draws
from games.wyoming_cowboy.state import Phase, State, Step

T = TypeVar("T")

HAND_SIZE = 7
OPENING_PASS = 3
NINE_PASS = 2

# On Python 3.11 every ``Phase.X`` and ``Step.X`` goes through the enum metaclass's
# attribute hook, some 150 ns a time: what is asked on every action reads the members
# from these globals instead.
_DIRECTION, _PASS, _TURN, _SCORING = Phase.DIRECTION, Phase.PASS, Phase.TURN, Phase.SCORING
_ACT, _SHOOT, _REACT, _HAND_OVER, _DISCARD = (Step.ACT, Step.SHOOT, Step.REACT, Step.HAND_OVER,
                                              Step.DISCARD)
_VICTIM_STEPS = (_REACT, _HAND_OVER)  # a victim acts in these steps, not the turn's seat


def seat_ref(seat: int) -> str:
    """Returns the ``{seat:N}`` placeholder for seat N's name."""
    return f"{{seat:{seat}}}"


# The placeholders of every seat a table can have, made once: nearly every event names a
# seat, and indexing a tuple is quicker than a call that formats the text anew.
_REF = tuple(seat_ref(s) for s in range(8))


# ---- setting up --------------------------------------------------------------------


def new_state(options: dict[str, Any], seats: int, seed: int, dealer: int) -> State:
    """Returns a game whose first hand is dealt by ``dealer``."""
    decks = decks_for(seats)
    st = State(
        seats=seats, options=options, rng=Rng(seed), decks=decks, totals=[0] * seats,
        hand_no=0, dealer=dealer, phase=Phase.DIRECTION, hands=[], badges=[], tens=[], guns=[],
        couples=[], ace_pile=[], pile=[], discards=[], shots=[],
    )
    deal(st, [])
    return st


def deal(st: State, events: list[Event]) -> None:
    """Deals a new hand: aces aside as the badge pile, seven cards each, no card turned."""
    n = st.seats
    cards, aces = split_aces(full_deck(st.decks))
    _own_rng(st).shuffle(cards)
    st.hand_no += 1
    st.hands = [sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=sort_key)
                for i in range(n)]
    st.pile = cards[n * HAND_SIZE:]
    st.ace_pile = aces
    st.badges = [[] for _ in range(n)]
    st.tens = [[] for _ in range(n)]
    st.guns = [[] for _ in range(n)]
    st.couples = [[] for _ in range(n)]
    st.discards, st.shots, st.revealed = [], [], []
    st.phase = Phase.DIRECTION
    st.passing, st.must_pass = [], []
    st.pending, st.fired = {}, []
    st.turn = (st.dealer + 1) % n
    st.step, st.acted, st.fresh = Step.ACT, "", 0
    st.ender, st.turns, st.gun_counter = -1, 0, 0
    events.append({"type": "deal", "hand": st.hand_no, "dealer": st.dealer,
                   "text": f"{_REF[st.dealer]} deals hand {st.hand_no}: seven cards each"})
    for s in range(n):
        events.append({"type": "dealt", "only": [s], "cards": list(st.hands[s]),
                       "text": "You were dealt " + ", ".join(st.hands[s])})


# ---- directions ----------------------------------------------------------------------


def directions(st: State) -> list[str]:
    """Returns the pass directions this table allows ("across" needs a seat across)."""
    n = st.seats
    if n % 2 == 0 and n >= 4:
        return ["left", "right", "across"]
    if n >= 5 and st.opt("across_with_odd_seats") != "none":
        return ["left", "right", "across"]
    return ["left", "right"]


def offset(st: State, direction: str) -> int:
    """Returns how many seats to the left a pass in ``direction`` goes."""
    n = st.seats
    if direction == "left":
        return 1
    if direction == "right":
        return n - 1
    if n % 2 == 0:
        return n // 2
    return n // 2 if st.opt("across_with_odd_seats") == "left" else n - n // 2


# ---- reading the position -------------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    """Returns the seats that may act now."""
    phase = state.phase
    if phase == _TURN:  # the commonest, asked first; ``turn_seat`` written out
        return _ALONE[state.pending["victim"] if state.step in _VICTIM_STEPS else state.turn]
    if phase == _PASS:
        return frozenset([s for s in range(state.seats)
                          if state.must_pass[s] and state.passing[s] is None])
    if phase == _DIRECTION:
        return _ALONE[state.dealer]
    if phase == _SCORING:
        return _ALONE[next_dealer(state)]
    return frozenset()


# Each seat alone, the answer of ``to_act`` at nearly every action, made once.
_ALONE = tuple(frozenset((s,)) for s in range(len(_REF)))


def turn_seat(st: State) -> int:
    """Returns the one seat to act during a turn: a victim answering, else the turn's."""
    return st.pending["victim"] if st.step in _VICTIM_STEPS else st.turn


def next_dealer(st: State) -> int:
    """The seat on the dealer's right deals the next hand."""
    return (st.dealer - 1) % st.seats


def protected(st: State, seat: int) -> dict[str, int]:
    """Returns protected kings per suit (one per badge held)."""
    out = dict.fromkeys(SUITS, 0)
    for a in st.badges[seat]:
        out[a[1]] += 1
    return out


def unprotected(st: State, seat: int) -> dict[str, int]:
    """Returns unprotected kings per suit."""
    out = dict.fromkeys(SUITS, 0)
    for c in st.hands[seat]:
        if c[0] == "K":
            out[c[1]] += 1
    for a in st.badges[seat]:
        out[a[1]] -= 1
    return out


def ready_guns(st: State, seat: int) -> list[dict[str, Any]]:
    """Returns the seat's guns pulled in earlier turns and not yet fired this turn."""
    return [g for g in st.guns[seat] if not g["fresh"] and g["id"] not in st.fired]


def takeable(st: State) -> str | None:
    """Returns the discard that may be drawn now (never a shot card), if any."""
    if st.opt("top_discard") == "own":
        return st.discards[-1] if st.discards else None
    i = len(st.discards) - 1 - st.fresh
    return st.discards[i] if i >= 0 else None


def _drawable(pile: int, discards: int, shots: int) -> int:
    """How many cards the pile can give: its own, then one rebuild from the rest.

    A rebuild takes every discard but the top one, and the shots; after it the discard
    pile holds one card, so a second rebuild in the same draw gives nothing.
    """
    return pile + max(discards - 1, 0) + shots


def available(st: State) -> int:
    """Returns how many cards could be drawn from the pile, rebuilding it if needed."""
    return _drawable(len(st.pile), len(st.discards), len(st.shots))


def five_bonus(st: State, card: str) -> bool:
    """Discarding a 5 lets you draw two (in the inventor's variant only as your action)."""
    return card[0] == "5" and (st.opt("discard_dispute") == "written" or not st.acted)


def draw_choices(st: State, card: str) -> list[tuple[int, int]]:
    """Returns the (pile, top discard) draws open after discarding ``card``.

    Written rules: one card (pile or top discard), or after a 5 one or two ("may draw
    two": two from the pile, or one from each). Inventor's variant: taking the top
    discard is the turn's action, and so is drawing two after a 5, so neither follows
    another action or each other. Under ``top_discard=own`` a 5 taken straight back is
    the whole draw: it was never given up, so it earns no second card. The top discard
    is taken before the pile is drawn (or rebuilt); with fewer cards than asked for,
    what there is is drawn.
    """
    discards, fresh, pile, shots = _draw_counts(len(st.discards), st.fresh, len(st.pile),
                                                len(st.shots))
    return list(_draw_choices(
        card[0] == "T", five_bonus(st, card), discards, fresh, bool(st.acted), pile, shots,
        st.opt("top_discard") == "own", st.opt("discard_dispute") == "inventor"))


def _draw_counts(discards: int, fresh: int, pile: int, shots: int) -> tuple[int, int, int, int]:
    """The counts ``_draw_choices`` reads, made small with the same answer: it is kept per
    counts, and the raw counts of a position seldom come back, these always do.

    At most two cards are drawn, so only how many the pile could give up to two
    matters: the pile and the shots count together, the discards up to 4 (one stays on a
    rebuild, at most one more is drawn); the fresh ones only through whether an older
    discard lies beneath them (``test_rules`` checks the answers are the same).
    """
    kept = min(discards, 4)
    return kept, (0 if discards > fresh else kept), min(pile + shots, 2), 0


@lru_cache(maxsize=4096)
def _draw_choices(ten: bool, bonus: bool, discards: int, fresh: int, acted: bool, pile: int,
                  shots: int, own: bool, inventor: bool) -> tuple[tuple[int, int], ...]:
    """``draw_choices`` from the counts it depends on, kept: the same few come back."""
    n_disc = discards + (0 if ten else 1)
    fresh += 0 if ten else 1
    top = 1 if (n_disc if own else n_disc - fresh) > 0 else 0
    if inventor:
        if acted:
            wanted = [(1, 0)]
        elif bonus:
            wanted = [(2, 0), (1, 0), (0, 1)]
        else:
            wanted = [(1, 0), (0, 1)]
    else:
        wanted = [(2, 0), (1, 1), (1, 0), (0, 1)] if bonus else [(1, 0), (0, 1)]
    if own:
        # After a 5 the top discard is that 5 itself.
        wanted = [w for w in wanted if w != (1, 1)]
    def drawable(d: int) -> int:
        return _drawable(pile, n_disc - d, shots)

    out = [(p, d) for p, d in wanted if d <= top and p <= drawable(d)]
    if out:
        return tuple(out)
    # fewer cards than asked for: draw what there is, as fully as possible
    short: list[tuple[int, int]] = []
    for p, d in wanted:
        d = min(d, top)
        got = (min(p, drawable(d)), d)
        if got not in short:
            short.append(got)
    most = max(p + d for p, d in short)
    return tuple(x for x in short if sum(x) == most)


def tens_all_out(st: State) -> bool:
    """Whether every 10 of the decks is laid on a table."""
    return sum(len(t) for t in st.tens) == 4 * st.decks


def a22_on_table(st: State) -> bool:
    """Whether a .22 lies on any table."""
    return any(g["kind"] == "22" for gs in st.guns for g in gs)


def may_discard_six(st: State, seat: int) -> bool:
    """6s may be discarded only when every other card held (6s aside) would score."""
    return scoring.every_other_card_counts(st.hands[seat], st.badges[seat],
                                           st.options["shared_cards"])


# ---- legal actions --------------------------------------------------------------------


def _combos(hand: list[str], k: int) -> Iterable[tuple[str, ...]]:
    """Every distinct set of ``k`` faces from ``hand`` (kept sorted, see ``give``), in the
    order of ``combinations``."""
    if len(set(hand)) == len(hand):  # no face twice: every set is distinct
        return combinations(hand, k)
    return dict.fromkeys(combinations(hand, k))  # the first of each set, in order


def badge_choices(st: State, seat: int, cards: list[str]) -> list[list[str]]:
    """Returns every set of badges that may leave the seat's hand with ``cards``.

    Two decks: holding a protected and an unprotected king of one suit, which of them
    is passed or discarded is the player's choice (the FAQ on protected cowboys: "He's
    yours; you can do what you like with him"). One set returned means no choice.
    """
    hand, held = st.hands[seat], st.badges[seat]
    if not held or all(c[0] != "K" for c in cards):
        return [[]]  # no badge can leave: the one choice is none
    per_suit: list[list[list[str]]] = []
    for s in SUITS:
        k = cards.count("K" + s)
        if not k:
            continue
        kings, aces = hand.count("K" + s), held.count("A" + s)
        fewest, most = max(0, aces - (kings - k)), min(aces, k)
        per_suit.append([["A" + s] * n for n in range(fewest, most + 1)])
    return [[a for part in combo for a in part] for combo in product(*per_suit)]


def _copies_to_choose(hand: list[str], held: list[str]) -> bool:
    """Whether the seat holds a protected and an unprotected king of one suit (two decks):
    only then does ``badge_choices`` give more than one set, whatever cards leave (a
    badge always has its king in the hand, ``invariants``)."""
    return any(0 < held.count(a) < hand.count("K" + a[1]) for a in held)


def _with_badges(action: dict[str, Any], choices: list[list[str]]) -> list[dict[str, Any]]:
    """The action as it is when there is no choice, else one per set of badges."""
    if len(choices) == 1:
        return [action]
    return [dict(action, badges=b) for b in choices]


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    """Returns every concrete action ``seat`` may take now."""
    phase = state.phase
    if phase == _PASS:
        return _passes(state, seat)
    if phase != _TURN:
        if seat not in to_act(state):
            return []
        if phase == _DIRECTION:
            return [{"type": "direction", "direction": d} for d in directions(state)]
        return [{"type": "deal"}]  # scoring: the next dealer deals
    step = state.step
    # The one seat to act, as ``turn_seat`` says, written out: asked at every action.
    if seat != (state.pending["victim"] if step in _VICTIM_STEPS else state.turn):
        return []
    if step == _ACT:
        return _act_actions(state, seat)
    if step == _SHOOT:
        return _shots(state, seat) + _discards(state, seat)
    if step == _REACT:
        return _reactions(state, seat)
    if step == _HAND_OVER:
        p = state.pending
        cards = [p["card"]] if p["protected"] else sorted(
            {f"K{s}" for s, k in unprotected(state, seat).items() if k > 0}, key=sort_key)
        most = min(p["max_draw"], available(state))
        return [{"type": "hand_over", "card": c, "draw": d}
                for c in cards for d in range(most + 1)]
    if step == _DISCARD:
        return _discards(state, seat)
    return []


def _passes(st: State, seat: int) -> list[dict[str, Any]]:
    """Every set of cards the seat may pass now, if it is still to choose."""
    # Who is to choose, as ``to_act`` says, without building its set: asked of every
    # seat at every pass.
    if seat not in range(st.seats) or not st.must_pass[seat] or st.passing[seat] is not None:
        return []
    hand, held = st.hands[seat], st.badges[seat]
    k = min(st.pass_size, len(hand))
    combos = _combos(hand, k)
    if not held or not _copies_to_choose(hand, held):  # no set of cards has a choice
        if k == NINE_PASS:  # the commonest, every seat's after each 9: pairs, kept
            return list(map(_PAIRS.__getitem__, combos))
        # Threes (the opening pass) are made afresh: a table of every set (some 17,000
        # faces, 21,000 with copies) was slower to read, few sets coming back.
        return [{"type": "pass", "cards": [*c]} for c in combos]
    out: list[dict[str, Any]] = []
    for c in combos:
        cards = [*c]
        if _KINGS.isdisjoint(c):  # no king passed: no badge can go with the cards
            out.append({"type": "pass", "cards": cards})
        else:
            out += _with_badges({"type": "pass", "cards": cards}, badge_choices(st, seat, cards))
    return out


class _Pairs(dict[tuple[str, ...], dict[str, Any]]):
    """The pass action of each pair of cards (in hand order), made the first time a pair
    is asked and shared by every legal list holding it (they are read, never changed):
    each seat's list after a 9 is some twenty of the 1,176 pairs of faces."""

    def __missing__(self, cards: tuple[str, ...]) -> dict[str, Any]:
        made = self[cards] = {"type": "pass", "cards": [*cards]}
        return made


_PAIRS = _Pairs()


class _FaceDiscards(dict[str, tuple[dict[str, Any], ...]]):
    """One draw plan's discard actions, per face, made the first time a face is asked.

    A plan is one of a few (``draw_choices``) and a face one of 48, so the actions are
    made once and every legal list holding them shares them: legal lists are read,
    never changed (``Game.known_legal``).
    """

    __slots__ = ("plan",)

    def __init__(self, plan: tuple[tuple[int, int], ...]) -> None:
        super().__init__()
        self.plan = plan

    def __missing__(self, card: str) -> tuple[dict[str, Any], ...]:
        made = self[card] = tuple({"type": "discard", "card": card, "pile": p, "discard": d}
                                  for p, d in self.plan)
        return made


_FACE_DISCARDS: dict[tuple[tuple[int, int], ...], _FaceDiscards] = {}


def _face_discards(plan: tuple[tuple[int, int], ...]) -> _FaceDiscards:
    """Returns the discard actions of ``plan`` per face (one table per plan, kept)."""
    table = _FACE_DISCARDS.get(plan)
    if table is None:
        table = _FACE_DISCARDS[plan] = _FaceDiscards(plan)
    return table


_LAST_TEN = _face_discards(((0, 0),))  # the 10 that ends the hand: nothing is drawn


class _CardDiscards(dict[str, tuple[dict[str, Any], ...] | None]):
    """One position's discard actions per face, made the first time a face is asked: a
    5's from the plan after a 5, any other's from the plan after any other card; ``None``
    for a 6 and a 10, whose discards depend on more than the counts (``_discards``).

    One lookup per card of a hand, where choosing the plan by rank took several tests.
    """

    __slots__ = ("fives", "others")

    def __init__(self, fives: _FaceDiscards, others: _FaceDiscards) -> None:
        super().__init__()
        self.fives, self.others = fives, others

    def __missing__(self, card: str) -> tuple[dict[str, Any], ...] | None:
        r = card[0]
        made = self[card] = (None if r == "6" or r == "T"
                             else (self.fives if r == "5" else self.others)[card])
        return made


@lru_cache(maxsize=1024)
def _discard_tables(discards: int, fresh: int, acted: bool, pile: int, shots: int,
                    own: bool, dispute: str) -> tuple[_FaceDiscards, _CardDiscards]:
    """The discard actions after a 10, and after any other card, from the counts
    ``draw_choices`` reads (``_draw_counts``): asked once per list, not once per card."""
    inventor = dispute == "inventor"

    def table(ten: bool, bonus: bool) -> _FaceDiscards:
        return _face_discards(_draw_choices(ten, bonus, discards, fresh, acted, pile, shots,
                                            own, inventor))

    # A 5's bonus as ``five_bonus`` gives it; a 10 never has one.
    return (table(True, False),
            _CardDiscards(table(False, dispute == "written" or not acted), table(False, False)))


class _ByCounts(dict[tuple[str, str], list[tuple[_FaceDiscards, _CardDiscards] | None]]):
    """Per options (the top discard's reading, the dispute), the discard tables of every
    counts ``_draw_counts`` gives, at one index each (``_tables``): building the key
    of ``_discard_tables`` from seven arguments cost more than the list it serves."""

    def __missing__(self, key: tuple[str, str]) -> list[tuple[_FaceDiscards, _CardDiscards] | None]:
        made: list[tuple[_FaceDiscards, _CardDiscards] | None] = [None] * _TABLE_INDEXES
        self[key] = made
        return made


_BY_COUNTS = _ByCounts()
# ``_tables``' index: the small discards (0-4), whether their fresh ones differ, the pile
# and shots together (0-2), whether the turn has acted.
_TABLE_INDEXES = 5 * 2 * 3 * 2


def _tables(st: State) -> tuple[_FaceDiscards, _CardDiscards]:
    """``_discard_tables`` of the position's counts as ``_draw_counts`` makes them small
    (discards up to 4, their fresh ones as many or none, the pile and shots together up
    to 2), with whether the turn has acted, read as one index."""
    opts = st.options
    kept = _BY_COUNTS[opts["top_discard"], opts["discard_dispute"]]
    discards, fresh, pile, shots = _draw_counts(len(st.discards), st.fresh, len(st.pile),
                                                len(st.shots))
    acted = st.acted != ""
    # Fresh counts either every small discard or none: one bit, set when they differ.
    i = ((discards * 2 + (fresh != discards)) * 3 + pile) * 2 + acted
    tables = kept[i]
    if tables is None:
        tables = kept[i] = _discard_tables(discards, fresh, acted, pile, shots,
                                           opts["top_discard"] == "own",
                                           opts["discard_dispute"])
    return tables


def _discards(st: State, seat: int) -> list[dict[str, Any]]:
    """Discard one card and draw: one action, as the draw's choices are known beforehand.

    A seat holding no cards cannot discard or draw: it ends its turn with ``nothing``.
    """
    hand = st.hands[seat]
    if not hand:
        return [{"type": "nothing"}]
    tens, faces = _tables(st)
    held = st.badges[seat]
    choose = bool(held) and _copies_to_choose(hand, held)  # which copy of a king goes
    six_ok: bool | None = None  # asked only when the hand holds a 6
    last_ten: bool | None = None  # likewise for a 10
    out: list[dict[str, Any]] = []
    last = ""
    for c in hand:  # hands are kept sorted: copies of a face sit together
        if c == last:
            continue
        last = c
        actions = faces[c]
        if actions is None:  # a 6 or a 10
            if c[0] == "6":
                if six_ok is None:  # a card that never scores settles it before the call
                    six_ok = _NOT_KQJ6.isdisjoint(hand) and may_discard_six(st, seat)
                if not six_ok:
                    continue
                actions = faces.others[c]
            else:
                if last_ten is None:
                    last_ten = ends_with_ten(st)
                actions = (_LAST_TEN if last_ten else tens)[c]
        elif choose and c[0] == "K":
            out += _king_discards(st, seat, c, actions)
            continue
        out += actions
    return out


def _king_discards(st: State, seat: int, king: str,
                   actions: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """A king's discards (``actions``, one per plan) when the seat wears badges: one per
    plan and choice of badges."""
    choices = badge_choices(st, seat, [king])
    if len(choices) == 1:
        return list(actions)
    return [dict(action, badges=b) for action in actions for b in choices]


def ends_with_ten(st: State) -> bool:
    """Whether laying one more 10 on the table ends the hand."""
    return sum(len(t) for t in st.tens) == 4 * st.decks - 1 and a22_on_table(st)


def _shots(st: State, seat: int) -> list[dict[str, Any]]:
    """Every ready gun at every other seat."""
    if not st.guns[seat]:
        return []
    out: list[dict[str, Any]] = []
    for g in ready_guns(st, seat):
        out += _SHOTS[g["id"], seat, st.seats]
    return out


class _Shots(dict[tuple[str, int, int], tuple[dict[str, Any], ...]]):
    """A gun's shots from a seat at each other seat of a table, by (gun id, seat, seats),
    made once: gun ids are numbered from g1 in every hand, so the same few come back."""

    def __missing__(self, key: tuple[str, int, int]) -> tuple[dict[str, Any], ...]:
        gid, seat, seats = key
        made = self[key] = tuple({"type": "shoot", "gun": gid, "target": t}
                                 for t in range(seats) if t != seat)
        return made


_SHOTS = _Shots()


_NOT_KQJ6 = frozenset(r + s for r in "2345789TA" for s in SUITS)  # never score (aces too)
_COUPLES = tuple((s, "K" + s, "Q" + s) for s in SUITS)
_KINGS = frozenset(king for _, king, _ in _COUPLES)
_NINES = frozenset("9" + s for s in SUITS)
_ACES = frozenset("A" + s for s in SUITS)


def _act_actions(st: State, seat: int) -> list[dict[str, Any]]:
    """The turn's one action (couple, 9, gun, shot) or none: discarding straight away."""
    hand = st.hands[seat]
    out: list[dict[str, Any]] = []
    # Most hands hold no king or no queen, and no 9: the hand's text says so at once (no
    # suit is written with a rank's character).
    text = "".join(hand)
    if "K" in text and "Q" in text:
        for s, king, queen in _COUPLES:
            if king in hand and queen in hand and s not in st.couples[seat]:
                out.append({"type": "couple", "suit": s})
    if "9" in text:
        ways = tuple(directions(st))
        for c in sorted(_NINES.intersection(hand), key=sort_key):
            out += _nine_actions(c, ways)
    for kind, cards in pullable(hand):
        out.append({"type": "pull", "gun": kind, "cards": cards})
    if st.guns[seat]:
        out += _shots(st, seat)
    if not out:  # most turns: discarding straight away is all there is
        return _discards(st, seat)
    out += _discards(st, seat)
    return out


@lru_cache(maxsize=64)
def _nine_actions(card: str, ways: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    """Playing the 9 ``card`` each way the table allows, made once and shared by every
    legal list holding them (they are read, never changed)."""
    return tuple({"type": "nine", "card": card, "direction": d} for d in ways)


def _reactions(st: State, seat: int) -> list[dict[str, Any]]:
    """A victim's answers: a 6 against a .22, a quick draw, or letting the shot come."""
    out: list[dict[str, Any]] = []
    hand = st.hands[seat]
    if can_backfire(st.pending["kind"]):
        out += [{"type": "backfire", "card": c}
                for c in sorted({c for c in hand if c[0] == "6"}, key=sort_key)]
    out += [{"type": "quick_draw", "cards": q} for q in quick_draws(hand)]
    out.append({"type": "stand"})
    return out


# ---- moving cards ------------------------------------------------------------------


def take_card(st: State, seat: int, card: str, protected: bool | None = None) -> str | None:
    """Removes ``card`` from the seat's hand; returns the badge that leaves with it.

    For a king, ``protected`` says which copy goes (see ``badge_choices``); left out,
    the unprotected one goes first and a badge leaves only when it must.
    """
    hand = st.hands[seat][:]  # ``_without`` written out: every discard and pass takes a card
    hand.remove(card)
    st.hands[seat] = hand
    if card[0] != "K":
        return None
    ace = "A" + card[1]
    if protected is None:
        protected = st.badges[seat].count(ace) > st.hands[seat].count(card)
    if protected:
        st.badges = _put(st.badges, seat, _without(st.badges[seat], ace))
        return ace
    return None


def take_cards(st: State, seat: int, cards: list[str],
               badges: list[str] | None) -> list[str]:
    """Removes ``cards``; returns the badges that leave with them (``badges`` if given)."""
    wearing = list(badges) if badges is not None else None
    gone: list[str] = []
    for c in cards:
        protected = None
        if wearing is not None and c[0] == "K":
            protected = "A" + c[1] in wearing
            if protected:
                wearing.remove("A" + c[1])
        badge = take_card(st, seat, c, protected)
        if badge:
            gone.append(badge)
    return gone


def give(st: State, seat: int, cards: list[str]) -> None:
    """Adds cards (badges included) to a seat's hand, as new sorted lists (``_without``)."""
    aces: list[str] = []
    if not _ACES.isdisjoint(cards):  # seldom: a badge earned, or passed or won with its king
        aces = [c for c in cards if c[0] == "A"]
        cards = [c for c in cards if c[0] != "A"]
    held = st.badges[seat]
    if held or aces:  # badges held are sorted again even when none come, as ever
        st.badges = _put(st.badges, seat, sorted(held + aces, key=sort_key))
    if len(cards) == 1:  # the commonest (a turn's draw): put in its place, not sorted again
        hand = st.hands[seat][:]
        insort(hand, cards[0], key=sort_key)  # after its twin, as a stable sort would
        st.hands[seat] = hand
    else:
        st.hands[seat] = sorted(st.hands[seat] + cards, key=sort_key)


def _put(per_seat: list[T], seat: int, value: T) -> list[T]:
    """Returns a copy of ``per_seat`` (one entry per seat) holding ``value`` for ``seat``.

    A seat's badges, 10s, couples, guns and cards set aside for a pass are replaced, and
    the list of every seat's with them, never changed: copies of the state share them
    (``State.clone``), and most actions change none.
    """
    out = per_seat[:]
    out[seat] = value
    return out


def _without(cards: list[str], card: str) -> list[str]:
    """Returns a copy of ``cards`` less one ``card``: a hand, a seat's badges and the ace
    pile are replaced, never changed, so that copies of the state can share them
    (``State.clone``)."""
    out = cards[:]
    out.remove(card)
    return out


def _own_rng(st: State) -> Rng:
    """Returns the state's generator, replaced first by a copy of its own: copies of the
    state share one (``State.clone``), as only a deal or a rebuilt pile moves it on."""
    rng = st.rng = st.rng.copy()
    return rng


def rebuild(st: State, events: list[Event]) -> None:
    """The pile ran out: the discards but the top one, and the shots, become the pile."""
    keep = min(len(st.discards), 1)
    rest = st.discards[:len(st.discards) - keep] + st.shots
    st.discards = st.discards[len(st.discards) - keep:]
    st.shots = []
    _own_rng(st).shuffle(rest)
    st.pile = rest
    events.append({"type": "rebuild", "text": "The draw pile ran out: the discards (but the "
                   "top one) and the shots are shuffled into a new draw pile"})


def draw_from_pile(st: State, events: list[Event]) -> str | None:
    """Returns the top card of the draw pile, rebuilding it first if it is empty (and
    there is something to rebuild it from: the log says no rebuild that moved nothing)."""
    if not st.pile and available(st):
        rebuild(st, events)
    pile = st.pile
    if not pile:
        return None
    st.pile = pile[:-1]  # a new list: copies share the old one
    return pile[-1]


# ---- performing actions -------------------------------------------------------------


def perform(state: State, seat: int, action: dict[str, Any]) -> list[Event]:
    """Carries out a legal action on ``state`` (owned by the caller); returns the events."""
    events: list[Event] = []
    _HANDLERS[action["type"]](state, seat, action, events)
    return events


def _direction(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """The dealer calls the opening pass."""
    ev.append({"type": "direction", "direction": a["direction"],
               "text": f"{_REF[seat]} calls the opening pass: three cards {a['direction']}"})
    start_pass(st, OPENING_PASS, offset(st, a["direction"]))


def start_pass(st: State, size: int, off: int) -> None:
    """Every seat holding cards now chooses ``size`` of them to pass ``off`` seats left."""
    st.phase = _PASS
    st.pass_size = size
    st.pass_offset = off
    st.passing = [None] * st.seats
    st.must_pass = [len(h) > 0 for h in st.hands]


def _pass(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """A seat sets aside its cards for the pass; the last to choose completes it."""
    badges = take_cards(st, seat, a["cards"], a.get("badges"))
    st.passing = _put(st.passing, seat, [*a["cards"], *badges])
    ev.append({"type": "passed", "seat": seat,
               "text": f"{_REF[seat]} has chosen {count(len(a['cards']), 'card')} to pass"})
    # In words: once the pass completes these cards are in another seat's hand; so are
    # the badges of the kings among them, which go with their kings.
    ev.append({"type": "you_passed", "only": [seat],
               "text": f"You pass {_passed_words(a['cards'], badges)}"})
    # Still to choose: the seats without cards set aside but those with none to pass (who
    # never set any aside), counted in C.
    if st.passing.count(None) > st.must_pass.count(False):
        return
    finish_pass(st, ev)


def _passed_words(cards: list[str], badges: list[str]) -> str:
    """Names the cards passed, each king's badge beside him: "the King of clubs with his
    badge (the Ace of clubs), the Jack of spades"."""
    going = list(badges)
    said = []
    for c in cards:
        words = the_cards([c])
        if c[0] == "K" and "A" + c[1] in going:
            going.remove("A" + c[1])
            words += f" with his badge ({the_cards(['A' + c[1]])})"
        said.append(words)
    return ", ".join(said)


def finish_pass(st: State, ev: list[Event]) -> None:
    """Everyone has chosen: the cards change hands."""
    n = st.seats
    for s in range(n):
        cards = st.passing[s]
        if cards:
            r = (s + st.pass_offset) % n
            give(st, r, cards)
            ev.append({"type": "received", "only": [r], "cards": list(cards),
                       "text": f"You receive {the_cards(cards)} from {_REF[s]}"})
    ev.append({"type": "pass_done", "text": "The cards are passed"})
    opening = st.pass_size == OPENING_PASS
    st.passing, st.must_pass, st.pass_size = [], [], 0
    st.phase = _TURN
    if opening:
        st.turn = (st.dealer + 1) % n
        st.step = _ACT
        ev.append({"type": "turn", "seat": st.turn, "text": f"{_REF[st.turn]} plays first"})
    else:
        go_discard(st, ev)


def _nothing(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """A seat holding no cards ends its turn."""
    ev.append({"type": "nothing", "text": f"{_REF[seat]} holds no cards: no discard "
               "and no draw"})
    end_turn(st, ev)


def _couple(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """Show a couple: +25 now, once per suit per hand."""
    s = a["suit"]
    st.couples = _put(st.couples, seat, [*st.couples[seat], s])
    st.acted = "couple"
    ev.append({"type": "couple", "seat": seat, "suit": s,
               "text": f"{_REF[seat]} shows a couple, King and Queen of {SUIT_WORDS[s]}: "
               f"+{scoring.COUPLE}"})
    go_discard(st, ev)


def _nine(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """Play a 9: everyone passes two cards that way."""
    take_card(st, seat, a["card"])
    st.discards = [*st.discards, a["card"]]  # a new list: copies share the old one
    st.fresh += 1
    st.acted = "nine"
    ev.append({"type": "nine", "seat": seat, "card": a["card"], "direction": a["direction"],
               "text": f"{_REF[seat]} plays the {CARD_WORDS[a['card']]}: everyone passes two "
               f"cards {a['direction']}"})
    start_pass(st, NINE_PASS, offset(st, a["direction"]))
    if not any(st.must_pass):
        finish_pass(st, ev)


def _pull(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """Lay one gun on the table; a .22 after all the 10s ends the hand."""
    for c in a["cards"]:
        take_card(st, seat, c)
    st.gun_counter += 1
    gid = f"g{st.gun_counter}"
    # A seat's guns, and each gun, are replaced, never changed: copies share them.
    st.guns = _put(st.guns, seat, [*st.guns[seat], {"id": gid, "kind": a["gun"],
                                                    "cards": list(a["cards"]), "fresh": True}])
    st.acted = "pull"
    ev.append({"type": "pull", "seat": seat, "gun": gid, "kind": a["gun"],
               "cards": list(a["cards"]),
               "text": f"{_REF[seat]} pulls a {gun_name(a['gun'])} "
               f"({', '.join(a['cards'])})"})
    if a["gun"] == "22" and tens_all_out(st):
        end_hand(st, seat, "all the 10s and a .22 are on the table", ev)
        return
    go_discard(st, ev)


def find_gun(st: State, seat: int, gid: str) -> dict[str, Any]:
    """Returns the seat's gun with that id."""
    for g in st.guns[seat]:
        if g["id"] == gid:
            return g
    raise KeyError(gid)


def _shoot(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """Asks "Can I shoot you?": the victim answers, every time.

    Asking only a victim who could backfire or quick draw would tell every seat that he
    holds a 6 or a same-suit 3-5-7; so he is always asked, "let it come" being his only
    answer when he has no other.
    """
    gun = find_gun(st, seat, a["gun"])
    victim = a["target"]
    st.acted = "shoot"
    st.fired = [*st.fired, gun["id"]]  # a new list: copies share the old one
    ev.append({"type": "shoot", "seat": seat, "target": victim, "gun": gun["id"],
               "text": f"{_REF[seat]} takes aim at {_REF[victim]} with the "
               f"{gun_name(gun['kind'])}: \u201cCan I shoot you?\u201d"})
    st.pending = {"shooter": seat, "victim": victim, "gun": gun["id"], "kind": gun["kind"]}
    st.step = _REACT


def _backfire(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """The victim of a .22 hands the shooter a 6 instead."""
    shooter = st.pending["shooter"]
    take_card(st, seat, a["card"])
    give(st, shooter, [a["card"]])
    ev.append({"type": "backfire", "seat": seat, "shooter": shooter,
               "text": f"Backfire! {_REF[seat]} hands {_REF[shooter]} a 6"})
    ev.append({"type": "backfire_card", "only": [seat, shooter],
               "text": f"The 6 handed over is the {CARD_WORDS[a['card']]}"})
    after_shot(st, ev)


def _quick_draw(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """The victim pulls a same-suit 3-5-7 and takes the shooter's gun."""
    p = st.pending
    shooter = p["shooter"]
    for c in a["cards"]:
        take_card(st, seat, c)
    st.gun_counter += 1
    mine = {"id": f"g{st.gun_counter}", "kind": "357", "cards": list(a["cards"]),
            "fresh": False}
    taken = find_gun(st, shooter, p["gun"])
    guns = st.guns = st.guns[:]  # two seats' guns are replaced: one copy of the list
    guns[shooter] = [g for g in guns[shooter] if g is not taken]
    taken = {**taken, "fresh": False}
    guns[seat] = [*guns[seat], mine, taken]
    ev.append({"type": "quick_draw", "seat": seat, "shooter": shooter,
               "cards": list(a["cards"]), "gun": taken["id"],
               "text": f"Quick draw! {_REF[seat]} pulls a .357 ({', '.join(a['cards'])}) "
               f"and takes {_REF[shooter]}'s {gun_name(taken['kind'])}"})
    after_shot(st, ev)


def _stand(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """The victim lets the shot come."""
    resolve_shot(st, ev)


def reaches(free: dict[str, int], prot: dict[str, int], kind: str) -> bool:
    """Returns whether a shot of ``kind`` can reach one of its victim's cowboys (``free``
    and ``prot``: his unprotected and protected ones, by suit); if not, he says "No"."""
    return any(free.values()) or (kind == "45" and any(prot.values()))


def resolve_shot(st: State, ev: list[Event]) -> None:
    """No backfire or quick draw: "no" (a miss), or a shot card decides."""
    p = st.pending
    shooter, victim, kind = p["shooter"], p["victim"], p["kind"]
    free = unprotected(st, victim)
    prot = protected(st, victim)
    aims_protected = kind == "45"
    if not reaches(free, prot, kind):
        ev.append({"type": "miss", "reason": "no", "text": f"{_REF[victim]} has no cowboy "
                   "the shot can reach and answers \u201cNo\u201d: a miss"})
        after_shot(st, ev)
        return
    card = draw_from_pile(st, ev)
    if card is None:
        ev.append({"type": "miss", "reason": "no_card",
                   "text": "There is no card left to turn for the shot: a miss"})
        after_shot(st, ev)
        return
    st.shots = [*st.shots, card]  # a new list: copies share the old one
    t = card[1]
    ev.append({"type": "shot_card", "card": card,
               "text": f"The shot is the {CARD_WORDS[card]}"})
    if aims_protected and prot[t] > 0:
        st.pending = {**p, "card": f"K{t}", "protected": 1, "max_draw": 2}
        st.step = Step.HAND_OVER
        ev.append({"type": "hit", "seat": shooter, "target": victim, "protected": True,
                   "text": f"Hit! The .45 gets {_REF[victim]}'s protected King of "
                   f"{SUIT_WORDS[t]}"})
        return
    if free[t] > 0:
        ace = "A" + t
        text = f"Miss! {_REF[victim]}'s cowboy ducks"
        if ace in st.ace_pile:
            st.ace_pile = _without(st.ace_pile, ace)
            give(st, victim, [ace])
            text += f" and the King of {SUIT_WORDS[t]} gets his badge"
        ev.append({"type": "miss", "reason": "ducked", "suit": t, "text": text})
        if not st.ace_pile:
            end_hand(st, shooter, "every badge has been handed out", ev)
            return
        after_shot(st, ev)
        return
    if not any(free.values()):
        ev.append({"type": "miss", "reason": "ricochet", "text": "The shot misses the "
                   "protected cowboys and finds no other: a miss"})
        after_shot(st, ev)
        return
    st.pending = {**p, "card": "", "protected": 0, "max_draw": 1}
    st.step = Step.HAND_OVER
    ev.append({"type": "hit", "seat": shooter, "target": victim, "protected": False,
               "text": f"Hit! {_REF[victim]} must hand over a cowboy to {_REF[shooter]}"})


def _hand_over(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """The hit victim hands over the cowboy and draws the replacements chosen."""
    p = st.pending
    shooter = p["shooter"]
    card = a["card"]
    if p["protected"]:
        st.hands[seat] = _without(st.hands[seat], card)
        st.badges = _put(st.badges, seat, _without(st.badges[seat], "A" + card[1]))
        give(st, shooter, [card, "A" + card[1]])
        ev.append({"type": "hand_over", "seat": seat, "shooter": shooter, "card": card,
                   "text": f"{_REF[seat]} hands the {CARD_WORDS[card]} and his badge to "
                   f"{_REF[shooter]}"})
    else:
        take_card(st, seat, card)
        give(st, shooter, [card])
        ev.append({"type": "hand_over", "seat": seat, "shooter": shooter,
                   "text": f"{_REF[seat]} hands a cowboy to {_REF[shooter]}"})
        ev.append({"type": "cowboy", "only": [seat, shooter],
                   # Short: on a phone's one line of the last move, its card is the news.
                   "text": f"Handed over: the {CARD_WORDS[card]}"})
    drawn = []
    for _ in range(a["draw"]):
        c = draw_from_pile(st, ev)
        if c is not None:
            drawn.append(c)
    if drawn:
        give(st, seat, drawn)
        ev.append({"type": "replace", "seat": seat, "count": len(drawn),
                   "text": f"{_REF[seat]} draws {len(drawn)} to replace"})
        ev.append({"type": "drew", "only": [seat], "cards": drawn,
                   "text": "You draw " + ", ".join(drawn)})
    after_shot(st, ev)


def after_shot(st: State, ev: list[Event]) -> None:
    """A shot is settled: shoot again with another gun, or go on to discard."""
    st.pending = {}
    if ready_guns(st, st.turn):
        st.step = _SHOOT
    else:
        go_discard(st, ev)


def go_discard(st: State, ev: list[Event]) -> None:
    """The action is done: on to the discard (a seat without cards just ends its turn)."""
    st.pending = {}
    st.step = _DISCARD


def _discard(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """Discard (a 10 to the table), then draw as chosen."""
    card = a["card"]
    badges = a.get("badges")
    badge = take_card(st, seat, card, None if badges is None else bool(badges))
    if badge:
        st.ace_pile = sorted([*st.ace_pile, badge], key=sort_key)  # copies share the old
    if card[0] == "T":
        st.tens = _put(st.tens, seat, [*st.tens[seat], card])
        ev.append({"type": "ten", "seat": seat, "card": card,
                   "text": f"{_REF[seat]} lays the {CARD_WORDS[card]} on the table: +10"})
        if tens_all_out(st) and a22_on_table(st):
            end_hand(st, seat, "all the 10s and a .22 are on the table", ev)
            return
        _draw(st, seat, a, ev)
        return
    if a["discard"] and st.options["top_discard"] == "own":
        # Under ``own`` the top discard is this very card: it goes straight back, and
        # that is the whole draw (``draw_choices`` offers no pile card with it).
        give(st, seat, [card])
        text = f"{_REF[seat]} discards a card and takes it straight back"
        if badge:
            text += "; his badge goes back to the ace pile"
        ev.append({"type": "take_back", "seat": seat, "text": text})
        end_turn(st, ev)
        return
    st.discards = [*st.discards, card]  # a new list: copies share the old one
    st.fresh += 1
    text = f"{_REF[seat]} discards the {CARD_WORDS[card]}"
    if badge:
        text += " and his badge goes back to the ace pile"
    ev.append({"type": "discard", "seat": seat, "card": card, "text": text})
    _draw(st, seat, a, ev)


def _draw(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """Draw the top discard first, then from the pile; the turn passes on."""
    got: list[str] = []
    if a["discard"]:
        # The card ``takeable`` names, taken out of a new list: copies share the old one.
        discards = st.discards[:]
        under = 0 if st.options["top_discard"] == "own" else st.fresh
        i = len(discards) - 1 - under
        assert i >= 0
        got.append(discards.pop(i))
        st.discards = discards
        # Which card it is stays unsaid, as every card in a hand: where it lay is said,
        # since the top card now lying there is not the one taken.
        text = f"{_REF[seat]} takes the top discard"
        if under:
            text = (f"{_REF[seat]} takes the discard that lay under the "
                    f"{'card' if under == 1 else 'cards'} just discarded")
        ev.append({"type": "take_discard", "seat": seat, "text": text})
    drawn = 0
    for _ in range(a["pile"]):
        c = draw_from_pile(st, ev)
        if c is not None:
            got.append(c)
            drawn += 1
    if drawn:
        ev.append({"type": "draw", "seat": seat, "count": drawn,
                   "text": f"{_REF[seat]} draws {drawn} from the pile"})
    if got:
        give(st, seat, got)
        ev.append({"type": "drew", "only": [seat], "cards": got,
                   "text": "You draw " + ", ".join(got)})
    else:
        ev.append({"type": "no_draw", "text": "No card is left to draw"})
    end_turn(st, ev)


def end_turn(st: State, ev: list[Event]) -> None:
    """The turn passes to the left; guns pulled this turn may fire from the next.

    Two safety valves score a hand as it stands, credited to nobody: ``no_cards`` when
    nobody holds a card (nobody can discard, draw, pass, pull or lose a cowboy, so the
    hand can never end), ``turn_limit`` after the option's number of turns.
    """
    guns = st.guns[st.turn]
    if guns and any(g["fresh"] for g in guns):
        st.guns = _put(st.guns, st.turn, [{**g, "fresh": False} if g["fresh"] else g
                                          for g in guns])
    st.turns += 1
    if not any(st.hands):
        end_hand(st, -1, "nobody holds a card, so nothing can end the hand", ev,
                 valve="no_cards")
        return
    limit = st.options["turn_limit"]
    if limit and st.turns >= limit:
        end_hand(st, -1, f"the hand reached the limit of {count(limit, 'turn')}", ev,
                 valve="turn_limit")
        return
    st.turn = (st.turn + 1) % st.seats
    st.step, st.acted, st.fresh = _ACT, "", 0
    # Most turns fire no gun and end with no shot pending: the empty ones stay (they are
    # replaced, never changed, so copies share them).
    if st.fired:
        st.fired = []
    if st.pending:
        st.pending = {}


VALVES = ("turn_limit", "no_cards")


def end_hand(st: State, ender: int, why: str, ev: list[Event], *,
             valve: str | None = None) -> None:
    """The hand ends at once: hands are laid down and scored (``valve``: which cut it)."""
    st.ender = ender
    st.pending = {}
    who = f"{_REF[ender]} ends the hand" if ender >= 0 else "The hand ends"
    ev.append({"type": "hand_end", "ender": ender, "text": f"{who}: {why}"})
    seats = []
    totals = st.totals = st.totals[:]  # a new list: copies share the old one
    for s in range(st.seats):
        lines = scoring.hand_lines(st.hands[s], st.badges[s], st.tens[s], st.couples[s],
                                   s == ender, st.options)
        # Couples shown this hand are lines of this hand: until now only the running
        # score (``view.running_scores``) showed them, never ``totals``.
        hand_total = sum(p for _, p in lines)
        totals[s] += hand_total
        seats.append({"lines": [[label, p] for label, p in lines], "total": hand_total})
        ev.append({"type": "score", "seat": s, "points": hand_total,
                   "cards": list(st.hands[s]),
                   "text": f"{_REF[s]} lays down {', '.join(st.hands[s]) or 'nothing'} "
                   f"and scores {hand_total:+d}"})
    st.history = [*st.history, {"hand": st.hand_no, "ender": ender, "why": why,
                                "seats": seats, "totals": list(totals), "valve": valve}]
    st.revealed = [list(h) for h in st.hands]
    st.couples = [[] for _ in range(st.seats)]
    top = max(st.totals)
    limit = st.opt("max_hands")
    if top >= st.opt("target_score") or (limit and st.hand_no >= limit):
        st.phase = Phase.OVER
        st.winners = [s for s in range(st.seats) if st.totals[s] == top]
        ev.append({"type": "game_over", "winners": list(st.winners),
                   "text": " and ".join(_REF[w] for w in st.winners)
                   + f" win{'s' if len(st.winners) == 1 else ''} with {top}"})
    else:
        st.phase = Phase.SCORING
        ev.append({"type": "next_dealer", "seat": next_dealer(st),
                   "text": f"{_REF[next_dealer(st)]} deals the next hand"})


def _deal(st: State, seat: int, a: dict[str, Any], ev: list[Event]) -> None:
    """The next dealer deals the next hand."""
    st.dealer = seat
    deal(st, ev)


_HANDLERS = {
    "direction": _direction, "pass": _pass, "nothing": _nothing, "couple": _couple,
    "nine": _nine, "pull": _pull, "shoot": _shoot,
    "backfire": _backfire, "quick_draw": _quick_draw, "stand": _stand,
    "hand_over": _hand_over, "discard": _discard, "deal": _deal,
}
