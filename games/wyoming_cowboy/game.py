"""The Wyoming Cowboy plugin: the contract's methods, each delegating to its module."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.base import (
    Action as ActionDict,
)
from games.base import (
    Game,
    RandomBot,
    Result,
    Rule,
    Viewer,
)
from games.wyoming_cowboy import hidden, rules, teach, view
from games.wyoming_cowboy.actions import Action as ActionType
from games.wyoming_cowboy.bots import SmartBot
from games.wyoming_cowboy.cards import CARD_WORDS, full_deck, words
from games.wyoming_cowboy.guns import gun_name
from games.wyoming_cowboy.options import PRESETS, Options
from games.wyoming_cowboy.state import Phase, State, Step
from games.wyoming_cowboy.view import secrets as secret_cards

_DECKS = {n: sorted(full_deck(n)) for n in (1, 2)}
_OVER = Phase.OVER  # asked twice per action: a global, not the enum's slow hook (rules.py)
# What the server never plays for a seat whose player is not there (``timeout_choices``).
_LOUD = frozenset({"pull", "shoot", "nine"})


class WyomingCowboy(Game[State]):
    """Wyoming Cowboy: collect cowboys, shoot them off each other, first to 500."""

    id = "wyoming_cowboy"
    title = "Wyoming Cowboy"
    description = ("Pass, pull guns and shoot each other's cowboys; families, harems and "
                   "gangs score, harlots and 6s cost. First to 500 wins.")
    min_seats = 3
    max_seats = 8
    # 2: couples reach the totals, the rebuild keeps one discard, every victim is asked.
    rules_version = "2"
    # The shortest complete game is one hand: dealt, played to its end, scored.
    quick_options = PRESETS[-1]["options"]
    Options = Options
    state_type = State
    Action = ActionType
    bots = {"random": RandomBot, "smart": SmartBot}

    def new_game(self, options: Any, seats: int, seed: int, *, match: int = 0,
                 carried: Any = None) -> State:
        """Returns the first hand, dealt and waiting for the dealer's pass direction."""
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Expected 3 to 8 seats, got {seats}")
        opts = options.model_dump() if hasattr(options, "model_dump") else dict(options)
        return rules.new_state(opts, seats, seed, match % seats)

    # Who acts, what is legal and what an action does are the rules' own functions,
    # called straight: each is asked at every action, and a method passing the call on
    # added a call to each.
    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal)
    step = staticmethod(rules.perform)

    def is_over(self, state: State) -> bool:
        """Returns whether someone has reached the target (or the hand limit was played)."""
        return state.phase == _OVER

    def view(self, state: State, viewer: Viewer) -> Any:
        """Returns what ``viewer`` may see."""
        return view.view(state, viewer)

    def omniscient_view(self, state: State) -> Any:
        """Returns every card's place, without the generator."""
        return view.omniscient(state)

    def result(self, state: State) -> Result | None:
        """Returns the final totals, the winners and the line-by-line breakdown."""
        if state.phase != Phase.OVER:
            return None
        return Result([float(t) for t in state.totals], list(state.winners),
                      view.result_json(state))

    def scores(self, state: State) -> list[float]:
        """Returns running totals (couples shown this hand included)."""
        return [float(x) for x in view.running_scores(state)]

    # Which cards are hidden, and how to shuffle them, live beside the view.
    secrets = staticmethod(secret_cards)
    hidden_shuffle = staticmethod(hidden.hidden_shuffle)

    def card_words(self, card: str) -> tuple[str, ...]:
        """Returns the words the events and teaching name a card by ("King of hearts")."""
        return (CARD_WORDS[card],) if card in CARD_WORDS else ()

    def invariants(self, state: State) -> list[str]:
        """Checks that every card is in exactly one place and every badge has its king."""
        broken = []
        cards: list[str] = list(state.pile) + state.discards + state.shots + state.ace_pile
        for s in range(state.seats):
            cards += state.hands[s] + state.badges[s] + state.tens[s]
            for g in state.guns[s]:
                cards += g["cards"]
            kings = Counter(c[1] for c in state.hands[s] if c[0] == "K")
            for suit, n in Counter(a[1] for a in state.badges[s]).items():
                if n > kings[suit]:
                    broken.append(f"seat {s} holds a badge ({suit}) without its king")
        if state.phase == Phase.PASS:
            for p in state.passing:
                cards += p or []
        if sorted(cards) != _DECKS[state.decks]:
            broken.append(f"cards not conserved: {len(cards)} in play, "
                          f"{52 * state.decks} expected")
        return broken

    def timeout_action(self, state: State, seat: int) -> ActionDict | None:
        """Returns "let the shot come" for a victim out of time (the rules' own default)."""
        victim = state.pending.get("victim")
        if state.phase == Phase.TURN and state.step == Step.REACT and seat == victim:
            return {"type": "stand"}
        return None

    def timeout_choices(self, state: State, seat: int) -> list[ActionDict] | None:
        """Returns, in a turn of a seat out of time, the quiet moves: no gun pulled, no shot
        fired and no 9 played (each would start what its player never chose, and a shot
        can be answered with a 6 that costs it); a couple shown, a discard and a draw."""
        if state.phase != Phase.TURN or state.step not in (Step.ACT, Step.SHOOT):
            return None
        quiet = [a for a in self.known_legal(state, seat) if a["type"] not in _LOUD]
        return quiet or None

    # What the game teaches (moves in words, the rule behind a refusal, card notes, the
    # score so far) lives in teach.py; why a card waits and the situations of the hints
    # also read the legal lists this plugin keeps per state.
    describe = staticmethod(teach.describe)
    refusal = staticmethod(teach.refusal)
    card_notes = staticmethod(teach.card_notes)
    score_so_far = staticmethod(teach.score_so_far)

    def why_not(self, state: State, seat: int) -> dict[str, Rule]:
        """Returns why each card the seat holds or has pulled cannot be used now."""
        return teach.why_not(state, seat, self.known_legal)

    def situations(self, state: State, seat: int) -> dict[str, Rule]:
        """Returns the situations the seat is in (first-game hints)."""
        return teach.situations(state, seat, self.known_legal)

    def describe_action(self, action: ActionDict) -> str:
        """Returns a short English label for an action."""
        t = action.get("type")
        if t == "direction":
            return f"pass the opening three {action['direction']}"
        if t == "pass":
            return "pass " + ", ".join(action["cards"]) + _badge_words(action)
        if t == "nothing":
            return "no cards: end the turn"
        if t == "couple":
            return f"show the couple of {action['suit']}"
        if t == "nine":
            return f"play {action['card']}, everyone passes two {action['direction']}"
        if t == "pull":
            return f"pull a {gun_name(action['gun'])} ({', '.join(action['cards'])})"
        if t == "shoot":
            return f"shoot seat {action['target']} with gun {action['gun']}"
        if t == "backfire":
            return f"backfire: hand over the {words(action['card'])}"
        if t == "quick_draw":
            return "quick draw " + ", ".join(action["cards"])
        if t == "stand":
            return "let the shot come"
        if t == "hand_over":
            return f"hand over the {words(action['card'])}, draw {action['draw']}"
        if t == "discard":
            took = " and the top discard" if action["discard"] else ""
            return (f"discard the {words(action['card'])}{_badge_words(action)}, draw "
                    f"{action['pile']} from the pile{took}")
        if t == "deal":
            return "deal the next hand"
        return super().describe_action(action)


def _badge_words(action: ActionDict) -> str:
    """Which copy of a king goes, when the action says (``badges``)."""
    badges = action.get("badges")
    if badges is None:
        return ""
    if not badges:
        return " (the unprotected copy)"
    return " (with the badge " + ", ".join(badges) + ")"


GAME = WyomingCowboy()
