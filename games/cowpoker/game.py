"""The Cowpoker plugin: ties the cards, state, rules, tricks, scoring, view and bots together."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from games.base import (
    Action,
    Event,
    Game,
    Result,
    Rule,
    Viewer,
    option,
)
from games.cowpoker import hidden, rules, scoring, teach, view
from games.cowpoker.actions import Action as ActionType
from games.cowpoker.bots import SmartBot
from games.cowpoker.cards import CARD_IDS, CARDS, RANCHES
from games.cowpoker.state import Phase, State
from games.rng import Rng

LAYOUTS = {
    "spread": {2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3]},
    "together": {2: [0, 1], 3: [0, 1, 2], 4: [0, 1, 2, 3]},
}


class Options(BaseModel):
    """Cowpoker options."""

    model_config = ConfigDict(extra="forbid")
    deadwood: Literal["spread", "together"] = option(
        "spread", label="Where Deadwood sits with two players",
        help="The empty Ranches are played by Deadwood: between the two players (every "
        "other Ranch) or together, the two players side by side. With three players it "
        "always sits last.",
        choices={"spread": "Between the players", "together": "Together, side by side"},
        description="Where Deadwood Ranches sit with two live players: 'spread' alternates "
        "live and Deadwood around the table, 'together' seats the two live players side "
        "by side (with three players the Deadwood always sits last)",
    )


# The effects that start a trick: the server never plays one for a seat out of time.
_FIGHTS = frozenset({"roundup", "gunfight", "showdown"})


class Cowpoker(Game[State]):
    """The Cowpoker engine: always four Ranches, the missing ones played as Deadwood."""

    id = "cowpoker"
    title = "Cowpoker"
    # Said to players in the lobby: how a site with the printed cards swaps them in is
    # the operator's business (docs/games/cowpoker.md), not theirs.
    description = (
        "2-4 players build Gangs of cowpokes, fight Roundups and Gunfights, and score "
        "three poker hands; empty Ranches are played by Deadwood. The 54 cards are an "
        "original set written for Saloon, not the printed game's cards."
    )
    min_seats = 2
    max_seats = 4
    rules_version = "2"
    Options = Options
    state_type = State
    Action: ClassVar[Any] = ActionType
    bots: ClassVar[dict[str, Any]] = {"random": Game.bots["random"], "smart": SmartBot}

    def new_game(self, options: BaseModel, seats: int, seed: int, *, match: int = 0,
                 carried: Any = None) -> State:
        """Deals Ranch cards and hands; Gallagher leads the first game, and each next game is
        led from the position left of the last game's leader (``carried``)."""
        return self.begin(options, seats, seed, match=match, carried=carried)[0]

    def begin(self, options: BaseModel, seats: int, seed: int, *, match: int = 0,
              carried: Any = None) -> tuple[State, list[Event]]:
        """Returns ``new_game``'s state with the events of its first turn: the leader's draw,
        or a Deadwood leader's play (and the Roundup or Gunfight it may call), up to the
        first live seat's decision."""
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Expected 2 to 4 seats, got {seats}")
        opts = options if isinstance(options, Options) else Options.model_validate(
            options.model_dump() if isinstance(options, BaseModel) else options)
        rng = Rng(seed)
        seat_of: list[int | None] = [None] * 4
        for seat, pos in enumerate(LAYOUTS[opts.deadwood][seats]):
            seat_of[pos] = seat
        ranch = rng.shuffled(RANCHES)
        deck = rng.shuffled(CARD_IDS)
        hands: list[list[str]] = [[] for _ in range(4)]
        for _ in range(rules.HAND_SIZE):
            for p in range(4):
                if seat_of[p] is not None:
                    hands[p].append(deck.pop())
        lead = ranch.index("Gallagher") if carried is None else (_last_lead(carried) + 1) % 4
        state = State(seats, seat_of, ranch, deck, hands, [[] for _ in range(4)],
                      [[] for _ in range(4)], lead, lead, Phase.START, rng, match)
        events: list[Event] = []
        rules.start_game(state, events)
        return state, events

    def carry_over(self, state: State) -> Any:
        """Returns the table position that led this game: the next game's lead is left of it."""
        return {"led": state.lead}

    def to_act(self, state: State) -> frozenset[int]:
        """Returns the live seat that must decide now (one at a time in Cowpoker)."""
        pos = rules.acting_position(state)
        if pos is None or state.seat_of[pos] is None:
            return frozenset()
        return frozenset({state.seat_of[pos]})  # type: ignore[arg-type]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Returns the seat's legal actions now."""
        if not 0 <= seat < state.seats:
            return []
        return rules.legal(state, state.position_of(seat))

    def step(self, state: State, seat: int, action: Action) -> list[Event]:
        """Plays a legal action on ``state`` (the engine's own copy); returns the events."""
        events: list[Event] = []
        rules.act(state, state.position_of(seat), dict(action), events)
        return events

    def is_over(self, state: State) -> bool:
        """Returns whether the game has been scored."""
        return state.phase == Phase.OVER

    def view(self, state: State, viewer: Viewer) -> Any:
        """Returns what ``viewer`` may see."""
        return view.build(state, viewer)

    def omniscient_view(self, state: State) -> Any:
        """Returns every card on and under the table."""
        return view.build(state, None, everything=True)

    def result(self, state: State) -> Result | None:
        """Returns the final scores once the deck could not be drawn from."""
        if state.phase != Phase.OVER:
            return None
        scores, won = scoring.winners(state)
        labels = [state.ranch[state.position_of(s)] for s in range(state.seats)]
        # The breakdown is kept: the views and teaching parts read it too.
        return Result(scores, won, {"labels": labels, "ranches": scoring.final(state)})

    def scores(self, state: State) -> list[float]:
        """Returns each live seat's score were the game to end now."""
        return scoring.seat_scores(state)

    def timeout_choices(self, state: State, seat: int) -> list[Action] | None:
        """Returns, on a turn of a seat out of time, the quiet plays: no card whose effect
        would call a Roundup or a Gunfight (or offer the choice of one) for its player,
        who never chose a fight; every legal action if all would."""
        if state.phase != Phase.PLAY:
            return None
        pos = state.position_of(seat)
        quiet = [a for a in self.legal_actions(state, seat) if a["type"] != "play"
                 or CARDS[a["card"]].effect not in _FIGHTS
                 or rules.ignored_for(state, pos, a["card"])]
        return quiet or None

    def card_words(self, card: str) -> tuple[str, ...]:
        """Returns the name events and teaching call a card by ("Wells Fargo Agent")."""
        return (CARDS[card].name,) if card in CARDS else ()

    def secrets(self, state: State, viewer: Viewer) -> set[str]:
        """Returns the deck and the other live hands: the only face-down cards never shown
        (once the game is over every Hand is laid down and scored in the open)."""
        hidden = set(state.deck)
        if state.phase == Phase.OVER:
            return hidden
        for p in range(4):
            if state.seat_of[p] is not None and state.seat_of[p] != viewer:
                hidden |= set(state.hands[p])
        return hidden

    # Which hidden cards may trade places lives in hidden.py.
    hidden_shuffle = staticmethod(hidden.hidden_shuffle)

    def invariants(self, state: State) -> list[str]:
        """Checks that all 54 cards are somewhere, once, and Deadwood holds no hand."""
        out = []
        cards = list(state.deck)
        for p in range(4):
            cards += state.hands[p] + state.gangs[p] + state.cellars[p]
            if not state.is_live(p) and state.hands[p]:
                out.append(f"Deadwood {state.ranch[p]} holds a hand")
            if len(state.hands[p]) > rules.HAND_SIZE:
                out.append(f"{state.ranch[p]} holds {len(state.hands[p])} cards")
        if state.trick:
            cards += [c for _, c in state.trick.played if c]
        if sorted(cards) != sorted(CARD_IDS):
            out.append(f"{len(cards)} cards in play ({len(set(cards))} distinct), expected 54")
        return out

    # What the game teaches (moves in words, the rule behind a refusal, card notes, the
    # score so far, first-game situations) lives in teach.py; why a card waits also
    # reads the legal lists this plugin keeps per state.
    describe = staticmethod(teach.describe)
    refusal = staticmethod(teach.refusal)
    card_notes = staticmethod(teach.card_notes)
    score_so_far = staticmethod(teach.score_so_far)
    situations = staticmethod(teach.situations)

    def why_not(self, state: State, seat: int) -> dict[str, Rule]:
        """Returns why each card the seat sees cannot be used now (see ``teach``)."""
        return teach.why_not(state, seat, self.known_legal)

    def describe_action(self, action: Action) -> str:
        """Returns a short label, e.g. "play Lasso Lem"."""
        kind = action.get("type")
        card = CARDS.get(action.get("card", ""))
        if kind == "play" and card:
            return f"play {card.name}"
        if kind == "trick" and card:
            return f"play {card.name} to the trick"
        if kind == "call":
            return f"call a {action.get('trick')}"
        if kind == "rustle" and card:
            return f"take {card.name}"
        if kind == "unload" and card:
            return f"move {card.name} to {action.get('to')}"
        if kind == "keep":
            return "keep the Gang"
        return str(action)


def _last_lead(carried: Any) -> int:
    """Reads ``carry_over``'s answer; raises ``ValueError`` naming what was expected."""
    led = carried.get("led") if isinstance(carried, dict) else None
    if not isinstance(led, int) or not 0 <= led < 4:
        raise ValueError(f"Expected the last game's lead as {{'led': 0..3}}, got {carried!r}")
    return led


GAME = Cowpoker()
