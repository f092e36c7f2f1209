"""One position of Cards for Cowboys: the players' piles, the Store pyramid and the phase."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from games.rng import Rng
from games.state import JsonState, assemble

# The key under which a state notes the seats whose ``Player`` it holds alone (see
# ``State.own``); like ``games.state.KNOWN`` it lives beside the fields, not among them,
# so it is neither dumped nor compared.
OWNED = "_owned"


class Status(StrEnum):
    """Where a player stands in this round's draw."""

    DRAWING = "drawing"
    STOPPED = "stopped"
    BUSTED = "busted"


class Phase(StrEnum):
    """The simultaneous draw; a rock-paper-scissors exchange between tied players; the
    chooser naming the first buyer; buying; giving the pass-on Jail; the end."""

    DRAW = "draw"
    RPS = "rps"
    CHOOSE = "choose"
    BUY = "buy"
    GIVE = "give"
    OVER = "over"


@dataclass
class Player:
    """One seat's cards and this round's tallies.

    ``draw[0]`` is the top of the draw pile, ``discard[-1]`` the top of the discard pile.
    The lists are replaced, never changed in place: copies of a player share them.
    """

    draw: list[str]
    discard: list[str] = field(default_factory=list)
    row: list[str] = field(default_factory=list)  # drawn this round, face up in front
    order: list[str] = field(default_factory=list)  # every card drawn this round, in order
    doubled: list[str] = field(default_factory=list)  # cards of the row counting double
    status: Status = Status.DRAWING
    herd: int = 0
    bonus_cash: int = 0  # $ from trashed cards this round
    jails_used: int = 0  # Bandits jailed by trashed cards this round
    double_next: bool = False
    must_draw: int = 0
    buy_first: bool = False
    known: list[str] = field(default_factory=list)  # draw-pile cards whose face we saw
    bought: list[str] = field(default_factory=list)  # bought this round, shown until round end
    pending: list[dict[str, str]] = field(default_factory=list)  # choices owed right now
    spent: int = 0
    buys_left: int = 0
    round_cows: int = 0  # Cows scored at the start of this round's buy phase
    cows_by_act: list[int] = field(default_factory=lambda: [0, 0, 0])
    busts: int = 0

    def clone(self) -> Player:
        """Returns a copy that shares the lists: the rules replace them, never change them
        (a step changes two or three of a seat's nine, and most steps none)."""
        return assemble(Player, self.__dict__.copy())


@dataclass
class State(JsonState):
    """The whole game: ``store[r][i]`` is row ``r`` (0 = top, 1 card) slot ``i``, or None."""

    seats: int
    players: list[Player]
    rng: Rng
    act: int = 1
    round: int = 1
    phase: Phase = Phase.DRAW
    store: list[list[str | None]] = field(default_factory=list)
    reserve: list[str] = field(default_factory=list)  # later Acts' pools, not yet dealt
    unused: list[str] = field(default_factory=list)  # left out of a 2-player pyramid, unseen
    box: list[str] = field(default_factory=list)  # trashed and burned cards, face up
    order: list[int] = field(default_factory=list)  # buy order of this round
    buyer: int = 0  # index into ``order`` of the seat buying now
    chooser: int | None = None
    contenders: list[int] = field(default_factory=list)  # seats throwing rock-paper-scissors
    throws: list[str | None] = field(default_factory=list)  # per seat, hidden until all threw
    rps_rounds: int = 0
    last_throws: list[str | None] = field(default_factory=list)  # the last revealed exchange
    giver: int | None = None

    def clone(self) -> State:
        """Returns an independent copy (cheaper than ``deepcopy``).

        The players are shared, not copied: a step changes one seat at most, but for the
        start and end of a round. Whoever changes a player takes it through ``own``, which
        copies a shared one first; from here on neither state holds any player alone. The
        Store's rows are shared too: ``store.remove`` replaces the row it takes a card from.
        So are the state's own lists (the box, the buy order, the throws...), which the
        rules replace rather than change, and the generator, which they draw from only
        through ``own_rng``.
        """
        d = self.__dict__.copy()
        d.pop(OWNED, None)
        self.__dict__.pop(OWNED, None)
        d["players"] = self.players[:]
        d["store"] = self.store[:]  # a row is replaced when a card leaves it, never changed
        return assemble(State, d)

    def own_rng(self) -> Rng:
        """Returns the generator for this state alone to draw from (the only way to draw):
        a copy of the one that copies of this state may share."""
        rng = self.rng = self.rng.copy()
        return rng

    def own(self, seat: int) -> Player:
        """Returns ``seat``'s player for this state alone to change (the only way to get
        one to change): a player still shared with another state is copied first. Its
        lists may still be shared: replace them, never change them."""
        owned: set[int] | None = self.__dict__.get(OWNED)
        if owned is None:  # just cloned, or made without ``clone``: nothing known to be ours
            owned = self.__dict__[OWNED] = set()
        if seat in owned:
            return self.players[seat]
        owned.add(seat)
        p = self.players[seat] = self.players[seat].clone()
        return p
