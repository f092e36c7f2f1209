"""The Cards for Cowboys plugin: ties the state, rules, view and bots to the game contract."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from games.base import (
    Action,
    Game,
    RandomBot,
    Result,
    Rule,
    Viewer,
)
from games.cards_for_cowboys import hidden, rules, teach
from games.cards_for_cowboys import view as views
from games.cards_for_cowboys.actions import Action as ActionSchema
from games.cards_for_cowboys.bots import PushYourLuckBot
from games.cards_for_cowboys.cards import spec
from games.cards_for_cowboys.state import Phase, State
from games.plural import count

_OVER = Phase.OVER  # asked twice per action: a global, not the enum's slow hook (rules.py)
# What the server plays for a seat out of time, where legal: stop drawing; buy nothing.
_GENTLE: tuple[Action, ...] = ({"type": "stop"}, {"type": "pass"})


class Options(BaseModel):
    """Cards for Cowboys has no variants: the printed rules are played as written."""

    model_config = ConfigDict(extra="forbid", title="Cards for Cowboys options")


class CardsForCowboys(Game[State]):
    """The push-your-luck deckbuilder for 2-4 players."""

    id = "cards_for_cowboys"
    title = "Cards for Cowboys"
    description = ("A push-your-luck deckbuilder: everybody draws at once, three Bandits "
                   "bust you, spend your $ at the Store and grow the largest Herd in 3 Acts.")
    min_seats = 2
    max_seats = 4
    rules_version = "1"
    Options = Options
    state_type = State
    Action: ClassVar[Any] = ActionSchema
    bots = {"random": RandomBot, "smart": PushYourLuckBot}

    def new_game(self, options: BaseModel, seats: int, seed: int, *, match: int = 0,
                 carried: Any = None) -> State:
        """Returns the opening position for ``seats`` players from ``seed``."""
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Expected 2 to 4 seats, got {seats}")
        return rules.new_state(seats, seed)

    # Who acts, the legal list and the step are the rules' own functions, asked once per
    # action each: bound here as they are, without a call of the plugin's in between.
    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal)
    step = staticmethod(rules.step)

    def is_over(self, state: State) -> bool:
        """Returns whether Act 3 has been played out."""
        return state.phase == _OVER

    def view(self, state: State, viewer: Viewer) -> Any:
        """Returns what ``viewer`` may see."""
        res = self.result(state)
        return views.view(state, viewer, res.to_json() if res else None)

    def omniscient_view(self, state: State) -> Any:
        """Returns every card everywhere (admins' replay), without the generator."""
        res = self.result(state)
        return views.omniscient_view(state, res.to_json() if res else None)

    def result(self, state: State) -> Result | None:
        """Returns the Herds and winners after Act 3; tied largest Herds share the win."""
        if state.phase != Phase.OVER:
            return None
        herds = [p.herd for p in state.players]
        top = max(herds)
        winners = [s for s, h in enumerate(herds) if h == top]
        detail = {"seats": [
            {"seat": s, "herd": p.herd, "lines": [
                *(f"Act {a + 1}: {'+' if c >= 0 else '-'}{count(abs(c), 'Cow')}"
                  for a, c in enumerate(p.cows_by_act)),
                # Not a score line: what the bust rounds cost is their missing Cows.
                f"Rounds busted: {p.busts} (no Cows in them)" if p.busts
                else "Rounds busted: none",
                f"Herd: {count(p.herd, 'Cow')}" + (" (winner)" if s in winners else ""),
            ]} for s, p in enumerate(state.players)],
            "tie_rule": "The largest Herd wins; equal largest Herds share the win."}
        return Result([float(h) for h in herds], winners, detail)

    def scores(self, state: State) -> list[float]:
        """Returns each seat's Herd."""
        return [float(p.herd) for p in state.players]

    # Which cards are hidden, and how to shuffle them, live beside the view.
    secrets = staticmethod(views.secrets)
    hidden_shuffle = staticmethod(hidden.hidden_shuffle)

    def invariants(self, state: State) -> list[str]:
        """Returns broken invariants: every card exactly once, tallies and phase consistent."""
        out = []
        cards = views.all_cards(state)
        expected = 10 * state.seats + sum(len(rules.store_ids(a, state.seats)) for a in (1, 2, 3))
        if len(cards) != expected:
            out.append(f"{len(cards)} cards in play, expected {expected}")
        if len(set(cards)) != len(cards):
            dup = sorted({c for c in cards if cards.count(c) > 1})
            out.append(f"cards in two places: {dup}")
        for s, p in enumerate(state.players):
            if p.herd < 0:
                out.append(f"seat {s} has a negative Herd")
            if p.status == "busted" and (p.row or p.pending):
                out.append(f"seat {s} busted but still has cards in front")
            if not set(p.doubled) <= set(p.row):
                out.append(f"seat {s} has doubled cards that are not in front")
        if state.phase != Phase.OVER and not rules.to_act(state):
            out.append(f"nobody may act in phase {state.phase}")
        return out

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """Returns "stop drawing" for a drawing seat out of time, where stopping is allowed,
        and "pass" for a buyer: a seat played for neither risks a bust nor takes a card
        from the Store (a burn would take it from everyone)."""
        legal = self.known_legal(state, seat)
        for gentle in _GENTLE:
            if gentle in legal:
                return gentle
        return None

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
        """Returns a short label such as ``buy c74 ($1 (river))``."""
        kind = action.get("type")
        card = action.get("card")
        label = f" {card} ({spec(card).words()})" if isinstance(card, str) else ""
        if kind == "throw":
            return f"throw {action['hand']}"
        if kind == "first":
            return f"seat {action['seat']} buys first"
        if kind == "reorder":
            return "reorder " + " ".join(action["order"])
        if kind == "give":
            return f"give{label} to seat {action['to']}"
        return f"{kind}{label}"


GAME = CardsForCowboys()
