"""The game contract every Saloon game implements.

A game is a stateless plugin object; all that changes lives in its ``State``. The
server only ever calls the methods below, so adding a game is adding a package that
registers a ``Game`` under the ``saloon.games`` entry-point group.

Words used throughout:

- *seat*: an ``int`` from ``0`` to ``seats - 1``, clockwise around the table.
- *viewer*: a seat, or ``None`` for a spectator (sees only public information).
- *action*: a JSON object with a ``"type"`` key. ``legal_actions`` lists concrete
  actions; a client may send any of them back verbatim.
- *event*: a JSON object describing what happened, with ``"type"`` and ``"text"``.
  ``text`` is plain English in which ``{seat:N}`` stands for seat N's name. An event
  carrying a private detail has ``"only": [seats]`` and is shown to those seats only.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.rng import Rng
from games.state import KNOWN

JSON = Any
Action = dict[str, Any]
Event = dict[str, Any]
Seat = int
Viewer = int | None
# A seat's legal actions in a state: ``Game.known_legal``, or a game's own rules function.
LegalOf = Callable[[Any, Seat], list[Action]]

S = TypeVar("S")
T = TypeVar("T")


@dataclass(frozen=True)
class Rule:
    """A rule as the game's rules page states it: the section's ``anchor`` (a heading's id
    on ``/games/<id>/rules``; ``""``: the page as a whole) and the rule itself in one short
    sentence."""

    anchor: str
    text: str

    def to_json(self) -> JSON:
        """Returns the rule as ``{"anchor", "text"}``."""
        return {"anchor": self.anchor, "text": self.text}


class GameError(Exception):
    """An action was refused; ``code`` is machine-readable, the message is for people, and
    ``rule`` names the rule that forbids it (``None`` only outside any game's rules)."""

    code: ClassVar[str] = "illegal_action"

    def __init__(self, message: str, rule: Rule | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


class IllegalAction(GameError):
    """The action is not among the seat's legal actions right now."""

    code = "illegal_action"


class NotYourTurn(GameError):
    """The seat is not among those to act."""

    code = "not_your_turn"


class GameOver(GameError):
    """The game has ended; nothing more can be played."""

    code = "game_over"


def option(default: Any, *, label: str, help: str, choices: Mapping[str, str] | None = None,
           **constraints: Any) -> Any:
    """Returns a game option's pydantic field with the words players read it in: ``label``
    (the JSON schema's ``title``), a one-line ``help`` and, for a choice, ``choices``
    (words for each value); the lobby's form and the room's log both say it so. The
    field's ``description`` (in ``constraints``) stays the API's account of the values."""
    said: dict[str, Any] = {"help": help}
    if choices:
        said["choices"] = dict(choices)
    return Field(default, title=label, json_schema_extra=said, **constraints)


def option_said(options: type[BaseModel], key: str, value: JSON) -> str:
    """Returns an option and its value as the lobby's form says them ("Three 6s: −100 on
    top of the three −20s"); an option without words is said by its name."""
    field = options.model_fields.get(key)
    label = field.title if field is not None and field.title else key.replace("_", " ")
    extra = field.json_schema_extra if field is not None else None
    choices = extra.get("choices") if isinstance(extra, dict) else None
    words = choices.get(value) if isinstance(choices, dict) else None
    return f"{label}: {words if isinstance(words, str) else value}"


class NoOptions(BaseModel):
    """Options model for a game without options."""

    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game: a score per seat, the winners, and a breakdown."""

    scores: list[float]
    winners: list[int]
    detail: JSON = field(default_factory=dict)

    def to_json(self) -> JSON:
        """Returns the result as a JSON object."""
        return {"scores": self.scores, "winners": self.winners, "detail": self.detail}

    @classmethod
    def from_json(cls, data: JSON) -> Result:
        """Rebuilds a result from ``to_json()``."""
        return cls(list(data["scores"]), list(data["winners"]), data.get("detail", {}))


class Bot(ABC):
    """Chooses an action for a seat from what that seat may see."""

    name: ClassVar[str] = "bot"
    # False: ``choose`` never reads the view, so callers may pass ``None`` instead of
    # building one (a view is most of the cost of a move in some games).
    needs_view: ClassVar[bool] = True

    @abstractmethod
    def choose(self, view: JSON, legal: Sequence[Action], rng: Rng) -> Action:
        """Returns one element of ``legal`` (non-empty) given the seat's ``view``."""


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"
    needs_view = False

    def choose(self, view: JSON, legal: Sequence[Action], rng: Rng) -> Action:
        """Returns a uniformly random legal action."""
        return rng.choice(legal)


class Game(ABC, Generic[S]):
    """A game plugin: fixed facts as class attributes, behaviour as pure methods."""

    id: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    rules_version: ClassVar[str] = "1"
    Options: ClassVar[type[BaseModel]] = NoOptions
    # The state class: a dataclass with ``clone``, ``to_json`` and ``from_json``
    # (``games.state.JsonState`` gives the last two).
    state_type: ClassVar[type[Any]]
    # A pydantic type (usually an ``Annotated`` discriminated union) describing every
    # action; the server validates incoming actions against it before ``apply``.
    Action: ClassVar[Any] = dict[str, Any]
    bots: ClassVar[Mapping[str, type[Bot]]] = {"random": RandomBot}
    # Options that give the shortest complete game (server tests and quick demos).
    quick_options: ClassVar[Mapping[str, Any]] = {}

    # ---- lifecycle -------------------------------------------------------------

    @abstractmethod
    def new_game(self, options: BaseModel, seats: int, seed: int, *, match: int = 0,
                 carried: JSON = None) -> S:
        """Returns the initial state; ``match`` counts earlier games of the same seats, and
        ``carried`` is what the last of them handed on (``carry_over``), if anything."""

    def begin(self, options: BaseModel, seats: int, seed: int, *, match: int = 0,
              carried: JSON = None) -> tuple[S, list[Event]]:
        """Returns the initial state, as ``new_game`` does, with the events of what happened
        as the game was set up (a draw, or a play no one decides, before any action); the
        default: none. Deterministic like ``new_game``, so they are never stored."""
        return self.new_game(options, seats, seed, match=match, carried=carried), []

    def carry_over(self, state: S) -> JSON:
        """Returns what the next game of the same table needs from this finished one (None:
        nothing), e.g. who led, so that the lead can pass to the left."""
        return None

    @abstractmethod
    def to_act(self, state: S) -> frozenset[Seat]:
        """Returns the seats that may act now (several when play is simultaneous)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> list[Action]:
        """Returns every concrete action ``seat`` may take now; empty if none."""

    def apply(self, state: S, seat: Seat, action: Action) -> tuple[S, list[Event]]:
        """Returns the next state and events; raises ``GameError``; never mutates ``state``.

        The checks every game makes are here (the game is not over, the seat is to
        act, the action is among its legal ones); the game's own ``step`` then plays
        it on a copy.
        """
        if self.is_over(state):
            raise GameOver(f"The game of {self.title} is over; no more actions are taken",
                           self.refusal(state, seat, action))
        known = _known(state)  # read once: every action asks both questions of it
        acting = self._to_act(state, known)
        if seat not in acting:
            waiting = ", ".join(str(s) for s in sorted(acting)) or "nobody"
            raise NotYourTurn(f"Expected an action from seat {waiting}; got one from seat {seat}",
                              self.refusal(state, seat, action))
        legal = self._legal(state, seat, known)
        if action not in legal:
            try:
                check_legal(legal, seat, action)  # raises, saying what was expected
            except GameError as e:
                e.rule = self.refusal(state, seat, action)
                raise
        after = self.copy(state)  # what was known of ``state`` is not the copy's (``_known``)
        return after, self.step(after, seat, action)

    # A state is never changed once made (``apply`` plays on a copy), so what is asked of
    # it again and again (by a bot, the document, ``apply``) is kept on it, under
    # ``games.state.KNOWN``: ``{"to_act": seats, seat: legal list}``. Read what these
    # return, never change it; a state changed by hand after being asked must be copied.

    def known_to_act(self, state: S) -> frozenset[Seat]:
        """Returns ``to_act(state)``, computed once per state."""
        return self._to_act(state, _known(state))

    def known_legal(self, state: S, seat: Seat) -> list[Action]:
        """Returns ``legal_actions(state, seat)``, computed once per state and seat."""
        return self._legal(state, seat, _known(state))

    def _to_act(self, state: S, known: _Known | None) -> frozenset[Seat]:
        """``known_to_act``, given what is known of ``state`` (``None``: it keeps nothing)."""
        if known is None:
            return self.to_act(state)
        acting: frozenset[Seat] | None = known.get("to_act")
        if acting is None:
            acting = known["to_act"] = self.to_act(state)
        return acting

    def _legal(self, state: S, seat: Seat, known: _Known | None) -> list[Action]:
        """``known_legal``, given what is known of ``state`` (``None``: it keeps nothing)."""
        if known is None:
            return self.legal_actions(state, seat)
        legal: list[Action] | None = known.get(seat)
        if legal is None:
            legal = known[seat] = self.legal_actions(state, seat)
        return legal

    @abstractmethod
    def step(self, state: S, seat: Seat, action: Action) -> list[Event]:
        """Plays ``action`` (already checked legal) on ``state``, a copy the game may change;
        returns the events."""

    @abstractmethod
    def view(self, state: S, viewer: Viewer) -> JSON:
        """Returns what ``viewer`` may see (``None``: a spectator) as JSON."""

    @abstractmethod
    def omniscient_view(self, state: S) -> JSON:
        """Returns everything on and under the table (for admins), without the generator."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """Returns the result once the game has ended, else ``None``."""

    @abstractmethod
    def scores(self, state: S) -> list[float]:
        """Returns each seat's running score (for charts and summaries)."""

    # ---- serialization: the state class knows how ----------------------------------

    def copy(self, state: S) -> S:
        """Returns an independent copy of ``state`` (its ``clone``)."""
        return state.clone()  # type: ignore[attr-defined,no-any-return]

    def dump(self, state: S) -> JSON:
        """Returns the whole state, generator included, as JSON (its ``to_json``)."""
        return state.to_json()  # type: ignore[attr-defined]

    def load(self, data: JSON) -> S:
        """Rebuilds a state from ``dump()``; ``load(dump(s)) == s``."""
        return self.state_type.from_json(data)  # type: ignore[no-any-return]

    # ---- hidden information and invariants (used by tests and the server) ------

    @abstractmethod
    def secrets(self, state: S, viewer: Viewer) -> set[str]:
        """Returns strings (card texts or ids) that must appear nowhere in ``viewer``'s view.

        A string the viewer may legitimately see elsewhere (a duplicate face from a
        second deck in their own hand, say) is left out, so that the check stays exact.
        """

    @abstractmethod
    def hidden_shuffle(self, state: S, viewer: Viewer, rng: Rng, *,
                       keep: frozenset[Seat] = frozenset(), deck: bool = True) -> S:
        """Returns ``state`` with the cards hidden from ``viewer`` permuted among their hidden places.

        Every count stays; the hands of the seats in ``keep`` stay as they are, and the
        undealt cards keep their order unless ``deck``. Never mutates ``state``.
        """  # noqa: E501 (the contract's sentence is kept whole)

    def invariants(self, state: S) -> list[str]:
        """Returns broken invariants (e.g. cards not conserved); empty when all hold."""
        return []

    def timeout_action(self, state: S, seat: Seat) -> Action | None:
        """Returns the gentlest legal action where the rules name one (stop drawing, let a
        shot come), played for a seat whose player is not there; ``None``: the smart bot's."""
        return None

    def timeout_choices(self, state: S, seat: Seat) -> list[Action] | None:
        """Returns the legal actions the smart bot keeps to when it plays for a seat whose
        player is not there and ``timeout_action`` names none: nothing that starts a fight
        the player did not choose (``None``: every legal action)."""
        return None

    def describe_action(self, action: Action) -> str:
        """Returns a short human label for a legal action (CLI replays, bot logs)."""
        return json.dumps(action, sort_keys=True)

    # ---- teaching: the rules in words, at the table -----------------------------------
    # Every text below is for ``seat`` alone and may use only what that seat sees: the
    # conformance suite looks for secrets in them and compares them after the cards
    # hidden from the seat are shuffled. ``{seat:N}`` stands for seat N's name.

    def rules_markdown(self) -> str | None:
        """Returns the rules page in Markdown: ``rules.md`` of the game's package by default.

        Every heading becomes an anchor (``games.rulebook.slug``) that a ``Rule`` may name.
        """
        from games.rulebook import rules_text
        return rules_text(self)

    def describe(self, state: S, seat: Seat, action: Action, /) -> str:
        """Returns one sentence saying what ``action`` (legal for ``seat``) will do."""
        return self.describe_action(action)

    def refusal(self, state: S, seat: Seat, action: Action, /) -> Rule:
        """Returns the rule that forbids ``action`` to ``seat`` now (called for every refusal).

        The default names the rules page as a whole; a game names the section."""
        if self.is_over(state):
            return Rule("", f"The game of {self.title} is over.")
        if seat not in self.known_to_act(state):
            return Rule("", "Only the seats the game waits for may act now.")
        return Rule("", "That move is not among the ones the rules allow you now.")

    def why_not(self, state: S, seat: Seat, /) -> dict[str, Rule]:
        """Returns, for cards ``seat`` sees but cannot use now, the rule that says why,
        keyed as the table names the card (never a card hidden from the seat)."""
        return {}

    def card_words(self, card: str) -> tuple[str, ...]:
        """Returns the phrases the game's own texts name ``card`` by ("King of hearts", a
        card's name), so that the leak checks find a hidden card named in words as well as
        by its id; none by default (where faces repeat, as in Cards for Cowboys, one copy's
        words are another's, seen)."""
        return ()

    def card_notes(self) -> dict[str, str]:
        """Returns what each card does in this game, keyed as the table names the card (a
        game whose card names carry an owner's suffix, like ``c91a``, keys the bare name)."""
        return {}

    def score_so_far(self, state: S, seat: Seat, /) -> JSON:
        """Returns ``seat``'s score as it would stand if the hand ended now, from what the
        seat sees: ``{"title", "lines": [[label, points]], "total", "notes": [text]}``;
        ``total`` is the seat's game score then (``result().scores`` once it has ended);
        an optional ``standings`` says what the view's ``scores`` count, where it differs.
        ``None``: the game keeps no such score. A room shows it while the game is on only:
        once it has ended, the result gives every line."""
        return None

    def situations(self, state: S, seat: Seat, /) -> dict[str, Rule]:
        """Returns the situations ``seat`` is in now (``"opening_pass"``, ``"first_shot"``),
        each with a short hint; a client shows each hint the first time it occurs."""
        return {}

    # ---- helpers built on the contract ----------------------------------------

    def parse_options(self, raw: Mapping[str, Any] | None) -> BaseModel:
        """Validates raw options against ``Options``; raises ``pydantic.ValidationError``."""
        return self.Options.model_validate(dict(raw or {}))

    def action_adapter(self) -> TypeAdapter[Any]:
        """Returns a cached ``TypeAdapter`` for the game's ``Action`` type."""
        cached = self.__dict__.get("_action_adapter")
        if cached is None:
            cached = TypeAdapter(self.Action)
            self.__dict__["_action_adapter"] = cached
        return cached

    def normalize_action(self, raw: Any) -> Action:
        """Validates ``raw`` against the Action schema and returns its canonical JSON form."""
        adapter = self.action_adapter()
        # The adapter's own validator and serializer: its methods only pass these on.
        value = adapter.validator.validate_python(raw)
        out = adapter.serializer.to_python(value, mode="json", exclude_none=True)
        if not isinstance(out, dict):
            raise TypeError(f"Expected the Action schema to produce an object, got {out!r}")
        return out

    def is_over(self, state: S) -> bool:
        """Returns whether the game has ended."""
        return self.result(state) is not None

    def state_hash(self, state: S) -> str:
        """Returns a SHA-256 of the canonical JSON of the state."""
        return canonical_hash(self.dump(state))


class _Known(dict[Any, Any]):
    """What is known of one state, ``owner`` being its ``id``: a copy of the state that
    carried it along (``copy.copy``, ``deepcopy``) finds that it is not its own."""

    __slots__ = ("owner",)
    owner: int  # set by ``_known``: made once per state, it has no ``__init__`` to call


def _known(state: Any) -> _Known | None:
    """Returns what is known of ``state`` (new and empty at first, or if what the state
    holds came from another), kept on it; ``None`` for a state without a ``__dict__``."""
    try:
        store = state.__dict__
    except AttributeError:
        return None
    known: _Known | None = store.get(KNOWN)
    if known is None or known.owner != id(state):
        known = store[KNOWN] = _Known()
        known.owner = id(state)
    return known


def kept(state: Any, key: str, make: Callable[[Any], T]) -> T:
    """Returns ``make(state)``, computed once per state and kept on it under ``key`` (a
    name no other keeper uses, such as the game's id and what it keeps): for what several
    callers ask of one state, such as the part of a view every viewer shares. What it
    returns is read, never changed; a state without a ``__dict__`` keeps nothing."""
    known = _known(state)
    if known is None:
        return make(state)
    if key in known:
        value: T = known[key]
        return value
    value = known[key] = make(state)
    return value


def canonical_json(data: JSON) -> str:
    """Returns compact JSON with sorted keys, the form hashed and stored."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_hash(data: JSON) -> str:
    """Returns the SHA-256 hex digest of ``canonical_json(data)``."""
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


def check_legal(legal: Sequence[Action], seat: Seat, action: Action) -> None:
    """Raises ``IllegalAction`` naming what was expected unless ``action`` is in ``legal``."""
    if action in legal:
        return
    if not legal:
        raise NotYourTurn(f"Seat {seat} has nothing to do now, got {action.get('type')!r}")
    kinds = sorted({a["type"] for a in legal})
    if action.get("type") not in kinds:
        raise IllegalAction(
            f"Expected one of {', '.join(kinds)}; got {action.get('type')!r}"
        )
    raise IllegalAction(
        f"That {action.get('type')!r} is not legal now; "
        f"{sum(a['type'] == action.get('type') for a in legal)} of that type are"
    )
