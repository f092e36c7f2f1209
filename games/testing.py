"""The conformance suite as functions: ``check_game(game)`` holds a plugin to the contract.

``play_games`` plays seeded random games at every seat count with the game's
``quick_options``; each check in ``CHECKS`` reads those games and raises
``AssertionError`` naming the game, the seat count, the seed and the step of the
first failure. ``check_game`` plays once and runs them all:

    from games.testing import check_game
    check_game(MyGame())

One rule cannot be checked from inside: that the game never draws from the global
``random`` generator. Patch ``random``'s functions to raise in your test, then call
``check_game`` (Saloon's own suite does).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from games.base import Action, Event, Game, GameError, Rule, Seat, Viewer
from games.leaks import Phrases, leaked, visible_to
from games.rng import Rng
from games.rulebook import anchors

MAX_STEPS = 100_000
# States per game that the two leak checks look at (they try every viewer and seat).
LEAK_STATES = 30
# The omniscient view is checked on every this many states (and the last one).
OMNISCIENT_EVERY = 5
# The keys by which a view says who must decide what (compared by ``check_when_asked``).
DECISION_KEYS = ("to_act", "phase", "step", "prompt", "pending")


@dataclass
class Played:
    """One seeded random game: its set-up, every state and what every action caused."""

    game: Game
    seats: int
    seed: int
    options: BaseModel
    first: bool  # the first game at its seat count, whose every state is kept
    final: Any = None
    actions: list[tuple[Seat, Action]] = field(default_factory=list)
    # Only for the first game (the others keep their final state and action log):
    states: list[Any] = field(default_factory=list)  # states[i + 1] follows actions[i]
    made: list[str] = field(default_factory=list)  # each state's dump when it was made
    events: list[list[Event]] = field(default_factory=list)
    opening: list[Event] = field(default_factory=list)  # what setting up said (``begin``)
    stuck: str = ""  # why the game stopped before its end, if it did
    # The first state whose invariants broke, noted while playing (cheaper than a replay).
    broken: tuple[int, list[str]] | None = None
    _views: dict[tuple[int, Viewer], Any] = field(default_factory=dict, repr=False)
    _secrets: dict[tuple[int, Viewer], set[str]] = field(default_factory=dict, repr=False)
    # For each viewer, the cards hidden from it at every step up to the last asked for.
    _unseen: dict[Viewer, list[set[str]]] = field(default_factory=dict, repr=False)
    # For each viewer, the last cards ``named`` was asked for and their phrases.
    _named: dict[Viewer, tuple[set[str], Phrases]] = field(default_factory=dict, repr=False)

    def view(self, step: int, viewer: Viewer) -> Any:
        """Returns ``viewer``'s view of ``states[step]``, computed once (several checks read it)."""
        key = (step, viewer)
        if key not in self._views:
            self._views[key] = self.game.view(self.states[step], viewer)
        return self._views[key]

    def secrets(self, step: int, viewer: Viewer) -> set[str]:
        """Returns ``viewer``'s secrets in ``states[step]``, computed once."""
        key = (step, viewer)
        if key not in self._secrets:
            self._secrets[key] = self.game.secrets(self.states[step], viewer)
        return self._secrets[key]

    def named(self, step: int, viewer: Viewer) -> dict[str, str]:
        """Returns the phrases naming the cards hidden from ``viewer`` in ``states[step]``
        and at every step before it (the game's ``card_words``), each mapped to its card.

        A card once in the viewer's sight stays known to it by name when it is hidden again
        (one it passed on, one picked up from the discards): the viewer may be told of it
        in words ("you pass the King of hearts"), though never shown it by id where it lies
        now. A card never in its sight may be named in no way.

        The same phrases serve the steps after while the cards stay the same, and lend
        their pattern to fewer cards (a later step's)."""
        cards = self.unseen(step, viewer)
        last = self._named.get(viewer)
        if last is None or last[0] != cards:
            words = ((w, c) for c in sorted(cards) for w in self.game.card_words(c))
            within = last[1] if last is not None and cards <= last[0] else None
            last = self._named[viewer] = (cards, Phrases(words, within))
        return last[1]

    def unseen(self, step: int, viewer: Viewer) -> set[str]:
        """Returns the secrets of ``viewer`` at ``step`` that were secrets at every step
        before it too (``named``'s cards)."""
        kept = self._unseen.setdefault(viewer, [])
        while len(kept) <= step:
            now = self.secrets(len(kept), viewer)
            kept.append(now & kept[-1] if kept else now)
        return kept[step]

    def where(self, step: int | None = None) -> str:
        """Returns the words that locate a failure: game, seats, seed and step."""
        at = "" if step is None else f", step {step}"
        return f"{self.game.id} ({self.seats} seats, seed {self.seed}{at})"

    def steps(self) -> Iterator[tuple[int, Any, Seat, Action, Any, list[Event]]]:
        """Yields (step, state before, seat, action, state after, events) for every action."""
        for i, (seat, action) in enumerate(self.actions):
            yield i, self.states[i], seat, action, self.states[i + 1], self.events[i]


def seat_counts(game: Game) -> list[int]:
    """Returns every seat count the game allows."""
    return list(range(game.min_seats, game.max_seats + 1))


def play_one(game: Game, seats: int, seed: int, *, first: bool = False) -> Played:
    """Plays one game of random legal actions (the acting seat drawn at random too)."""
    options = game.parse_options(game.quick_options)
    rng = Rng(seed ^ 0x5A1005)
    state, opening = game.begin(options, seats, seed)
    out = Played(game, seats, seed, options, first, final=state, opening=opening)
    if first:
        out.states.append(state)
        out.made.append(json.dumps(game.dump(state), sort_keys=True))
    for step in range(MAX_STEPS):
        broken = game.invariants(state)
        if broken:
            out.broken = (step, broken)
            return out
        if game.result(state) is not None:
            return out
        acting = sorted(game.to_act(state))
        if not acting:
            out.stuck = "nobody may act but the game has not ended"
            return out
        seat = rng.choice(acting)
        legal = game.legal_actions(state, seat)
        if not legal:
            out.stuck = f"seat {seat} is to act but has no legal action"
            return out
        action = rng.choice(legal)
        state, events = game.apply(state, seat, action)
        out.final = state
        out.actions.append((seat, action))
        if first:
            out.states.append(state)
            out.made.append(json.dumps(game.dump(state), sort_keys=True))
            out.events.append(events)
    out.stuck = f"no end after {MAX_STEPS} actions"
    return out


def play_games(game: Game, *, games: int = 12, seed: int = 0) -> list[Played]:
    """Plays ``games`` random games at every seat count with the game's quick options."""
    return [play_one(game, seats, seed + 1000 * seats + n, first=n == 0)
            for seats in seat_counts(game) for n in range(games)]


# ---- finding differences ---------------------------------------------------------


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Returns where two JSON values first differ and how (``None`` if they are equal)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k} is in only one of them"
            found = first_difference(a[k], b[k], f"{path}.{k}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path or 'the value'}: {_short(a)} became {_short(b)}"


def _short(value: Any, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _leaves(data: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Yields (path, value) for every scalar in a JSON value; a key counts as a value."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield f"{path}{{}}", k
            yield from _leaves(v, f"{path}.{k}")
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, f"{path}[{i}]")
    else:
        yield path, data


def moved_values(a: Any, b: Any) -> set[Any]:
    """Returns the scalars found at places where two JSON values of one shape differ."""
    one, two = dict(_leaves(a)), dict(_leaves(b))
    if one.keys() != two.keys():
        return {v for _, v in set(_leaves(a)) ^ set(_leaves(b))}
    return {v for p in one if one[p] != two[p] for v in (one[p], two[p])}


def shown(view: Any, values: set[Any]) -> set[tuple[str, Any]]:
    """Returns (path, value) for each place in ``view`` that shows one of ``values``."""
    return {(p, v) for p, v in _leaves(view) if _hashable(v) and v in values}


def _hashable(v: Any) -> bool:
    return isinstance(v, str | int | float | bool) or v is None


def decision(game: Game, state: Any, view: Any) -> dict[str, Any]:
    """Returns who must decide what: ``to_act`` and the decision keys of ``view``."""
    out: dict[str, Any] = {"game.to_act": sorted(game.to_act(state))}
    if isinstance(view, dict):
        out |= {k: view[k] for k in DECISION_KEYS if k in view}
    return out


def _viewers(played: Played) -> list[Viewer]:
    return [None, *range(played.seats)]


def _sample(played: Played, rng: Rng, n: int = LEAK_STATES) -> list[tuple[int, Any]]:
    """Returns up to ``n`` (step, state) pairs of one game, spread over the whole game."""
    states = list(enumerate(played.states))
    if len(states) <= n:
        return states
    picked = sorted(rng.shuffled(range(len(states)))[:n])
    return [states[i] for i in picked]


def _is_json(data: Any) -> bool:
    return bool(json.loads(json.dumps(data)) == data)


# ---- the checks -------------------------------------------------------------------
# Each takes the game and the games played, and raises AssertionError on the first failure.


def check_games_end(game: Game, played: Sequence[Played]) -> None:
    """Every random game ends with a result: a score per seat and at least one winner."""
    for g in played:
        assert not g.stuck, f"{g.where(len(g.actions))}: {g.stuck}"
        if g.broken:
            continue  # check_invariants reports it
        result = game.result(g.final)
        assert result is not None, f"{g.where()}: the game ended without a result"
        assert len(result.scores) == g.seats, (
            f"{g.where()}: expected {g.seats} scores, got {result.scores}")
        assert result.winners and set(result.winners) <= set(range(g.seats)), (
            f"{g.where()}: expected winners among the seats, got {result.winners}")


def check_invariants(game: Game, played: Sequence[Played]) -> None:
    """The game's invariants hold in every state of every game."""
    for g in played:
        if g.broken:
            step, broken = g.broken
            raise AssertionError(f"{g.where(step)}: invariants broken: {broken}")


def check_replay(game: Game, played: Sequence[Played]) -> None:
    """Seed, options and the action log reproduce every game's final state hash."""
    for g in played:
        state = game.new_game(g.options, g.seats, g.seed)
        for seat, action in g.actions:
            state, _ = game.apply(state, seat, action)
        assert game.state_hash(state) == game.state_hash(g.final), (
            f"{g.where()}: replaying the action log reached another state")


def check_apply_is_pure(game: Game, played: Sequence[Played]) -> None:
    """``apply`` never changes its input and gives the same state every time."""
    for g in (g for g in played if g.first):
        for i, before, seat, action, after, _ in g.steps():
            dumped = json.dumps(game.dump(before), sort_keys=True)
            again, _ = game.apply(before, seat, action)
            assert json.dumps(game.dump(before), sort_keys=True) == dumped, (
                f"{g.where(i)}: apply changed the state it was given ({action})")
            assert game.state_hash(again) == game.state_hash(after), (
                f"{g.where(i)}: applying {action} twice gave two different states")


def check_states_stay_put(game: Game, played: Sequence[Played]) -> None:
    """No state changes once made: not by the actions played after it (a copy may share
    parts with the state it was copied from), nor by being viewed, taught or shuffled."""
    for g in (g for g in played if g.first):
        for i, state in enumerate(g.states):
            for viewer in _viewers(g):
                g.view(i, viewer)
                if viewer is not None and game.result(state) is None:
                    teaching(game, state, viewer)
            game.hidden_shuffle(state, None, Rng(i))
        for i, state in enumerate(g.states):
            now = json.dumps(game.dump(state), sort_keys=True)
            assert now == g.made[i], (
                f"{g.where(i)}: the state changed after it was made: "
                f"{first_difference(json.loads(g.made[i]), json.loads(now))}")


def check_serialization(game: Game, played: Sequence[Played]) -> None:
    """Every state dumps to plain JSON and loads back equal."""
    for g in (g for g in played if g.first):
        for i, state in enumerate(g.states):
            dumped = game.dump(state)
            assert _is_json(dumped), f"{g.where(i)}: dump() is not plain JSON"
            assert game.load(json.loads(json.dumps(dumped))) == state, (
                f"{g.where(i)}: load(dump(state)) differs from the state")


def check_views_are_json(game: Game, played: Sequence[Played]) -> None:
    """Every view (each seat, a spectator; the omniscient one now and then) and event is JSON."""
    for g in (g for g in played if g.first):
        for i, state in enumerate(g.states):
            for viewer in _viewers(g):
                assert _is_json(g.view(i, viewer)), (
                    f"{g.where(i)}: the view of {viewer} is not plain JSON")
            if i % OMNISCIENT_EVERY == 0 or i == len(g.states) - 1:
                assert _is_json(game.omniscient_view(state)), (
                    f"{g.where(i)}: the omniscient view is not plain JSON")
        said: list[tuple[int | None, list[Event]]] = [(None, g.opening)]
        said += [(i, events) for i, _, _, _, _, events in g.steps()]
        for at, events in said:
            for ev in events:
                assert isinstance(ev, dict) and "type" in ev and "text" in ev, (
                    f"{g.where(at)}: expected an event with type and text, got {ev!r}")
            assert _is_json(events), f"{g.where(at)}: the events are not plain JSON"


def check_no_leaks(game: Game, played: Sequence[Played]) -> None:
    """No view, legal list or event shown to a viewer names a card hidden from it."""
    for g in (g for g in played if g.first):
        for i, state in enumerate(g.states):
            events = g.events[i - 1] if i else g.opening
            for viewer in _viewers(g):
                secrets, named = g.secrets(i, viewer), g.named(i, viewer)
                found = leaked(g.view(i, viewer), secrets, named)
                assert not found, f"{g.where(i)}: the view of {viewer} shows {sorted(found)}"
                if viewer is not None:
                    found = leaked(game.legal_actions(state, viewer), secrets, named)
                    assert not found, (
                        f"{g.where(i)}: the legal actions of {viewer} name {sorted(found)}")
                for ev in events:
                    if visible_to(ev, viewer):
                        found = leaked(ev, secrets, named)
                        assert not found, (
                            f"{g.where(i)}: event {ev['type']} shows {viewer} {sorted(found)}")


def check_refusals_do_not_leak(game: Game, played: Sequence[Played]) -> None:
    """Another seat's legal actions, tried by each seat, are refused with a rule and without
    naming secrets."""
    for g in (g for g in played if g.first):
        for i, state in enumerate(g.states):
            actions = [a for s in sorted(game.to_act(state))
                       for a in game.legal_actions(state, s)[:3]]
            for seat in range(g.seats):
                for action in actions:
                    try:
                        game.apply(state, seat, action)
                    except GameError as e:
                        assert e.rule is not None, (
                            f"{g.where(i)}: refusing {action} to seat {seat} names no rule")
                        found = leaked(e.message, g.secrets(i, seat), g.named(i, seat))
                        assert not found, (f"{g.where(i)}: refusing {action} to seat {seat} "
                                           f"names {sorted(found)}: {e.message}")


def check_action_schema(game: Game, played: Sequence[Played]) -> None:
    """Every legal action round-trips through the game's Action schema unchanged."""
    seen: set[str] = set()
    for g in (g for g in played if g.first):
        for i, state in enumerate(g.states):
            for seat in sorted(game.to_act(state)):
                for a in game.legal_actions(state, seat):
                    assert game.normalize_action(a) == a, (
                        f"{g.where(i)}: {a} does not round-trip through the Action schema")
                    seen.add(a["type"])
    assert seen or not played, f"{game.id}: no legal action was ever offered"


def check_illegal_refused(game: Game, played: Sequence[Played]) -> None:
    """Out-of-turn and unknown actions raise ``GameError`` naming a rule and change nothing."""
    for g in (g for g in played if g.first):
        for i, state in list(enumerate(g.states))[:-1:10]:
            before = game.state_hash(state)
            acting = sorted(game.to_act(state))
            if not acting:
                continue
            idle = [s for s in range(g.seats) if s not in acting]
            legal = game.legal_actions(state, acting[0])
            tries: list[tuple[Seat, Action]] = [(acting[0], {"type": "no-such-action"})]
            tries += [(s, legal[0]) for s in idle[:1] if legal]
            for seat, action in tries:
                try:
                    game.apply(state, seat, action)
                except GameError as e:
                    assert e.rule is not None, (
                        f"{g.where(i)}: refusing {action} to seat {seat} names no rule")
                else:
                    raise AssertionError(f"{g.where(i)}: seat {seat} was allowed {action}")
            assert game.state_hash(state) == before, (
                f"{g.where(i)}: a refused action changed the state")


def check_options_and_determinism(game: Game, played: Sequence[Played]) -> None:
    """Options have an object schema; a new game and its views are the same for a seed."""
    schema = game.Options.model_json_schema()
    assert schema.get("type") == "object", (
        f"{game.id}: expected an object schema for Options, got {schema.get('type')!r}")
    for raw in ({}, game.quick_options):
        options = game.parse_options(raw)
        a = game.new_game(options, game.min_seats, 5)
        b, said = game.begin(options, game.min_seats, 5)
        assert game.dump(a) == game.dump(b), f"{game.id}: new_game differs for one seed"
        assert said == game.begin(options, game.min_seats, 5)[1], (
            f"{game.id}: the events of setting up differ for one seed")
        for viewer in [None, *range(game.min_seats)]:
            assert game.view(a, viewer) == game.view(b, viewer), (
                f"{game.id}: the view of {viewer} differs for one seed")


def check_hidden_shuffle(game: Game, played: Sequence[Played]) -> None:
    """Nothing a viewer sees or may do changes when only cards hidden from it are shuffled.

    For sampled states S of each seat count's first game and every viewer (a spectator
    and each seat), S2 = ``hidden_shuffle(S, viewer)`` (half the time with the undealt
    cards too) must give the same view, the same legal actions for that seat and the
    same ``to_act``, keep the invariants, and leave S untouched. The shuffle must also
    really move cards: it must change the state in at least half of the cases where the
    viewer had two or more hidden cards.
    """
    rng = Rng(0x51DE)
    tried = moved = 0
    for g in (g for g in played if g.first):
        for i, state in _sample(g, rng):
            before = json.dumps(game.dump(state), sort_keys=True)
            acting = game.to_act(state)
            for viewer in _viewers(g):
                deck = rng.below(2) == 0
                other = game.hidden_shuffle(state, viewer, rng, deck=deck)
                who = "a spectator" if viewer is None else f"seat {viewer}"
                at = f"{g.where(i)}, {who}, deck={deck}"
                broken = game.invariants(other)
                assert not broken, f"{at}: invariants broken after hidden_shuffle: {broken}"
                diff = first_difference(g.view(i, viewer), game.view(other, viewer))
                assert diff is None, (
                    f"{at}: the view changed when only cards hidden from it were shuffled: "
                    f"{diff}")
                assert game.to_act(other) == acting, (
                    f"{at}: to_act changed from {sorted(acting)} to "
                    f"{sorted(game.to_act(other))} when only hidden cards were shuffled")
                if viewer is not None:
                    diff = first_difference(game.legal_actions(state, viewer),
                                            game.legal_actions(other, viewer))
                    assert diff is None, (
                        f"{at}: the legal actions changed when only cards hidden from the "
                        f"seat were shuffled: {diff}")
                if len(g.secrets(i, viewer)) >= 2:
                    tried += 1
                    moved += json.dumps(game.dump(other), sort_keys=True) != before
            assert json.dumps(game.dump(state), sort_keys=True) == before, (
                f"{g.where(i)}: hidden_shuffle changed the state it was given")
    assert moved * 2 >= tried, (
        f"{game.id}: hidden_shuffle changed the state in only {moved} of {tried} cases "
        "with hidden cards to move")


def check_when_asked(game: Game, played: Sequence[Played]) -> None:
    """Who is asked next, and to decide what, never depends on cards nobody has seen.

    For sampled states S, every seat ``a`` in ``to_act(S)`` and one action ``x`` of each
    type ``a`` may take: S2 = ``hidden_shuffle(S, None, keep={a}, deck=False)`` holds
    the same public cards, the same cards of ``a`` and the same undealt cards in the
    same order, but other hidden cards elsewhere. ``a`` must be offered the same
    actions in S2, and after ``x`` in both, ``to_act`` and the spectator's view under
    ``DECISION_KEYS`` (phase, step, prompt, pending) must be equal.

    Why only those: after ``x`` the rest of the public view may legitimately differ,
    being a consequence of who decided what. And ``x`` may reveal cards (a hand ends and
    hands are laid down, throws are shown, a Store card turns over), and what is
    revealed may rightly decide who acts next. So a pair is compared only when the
    spectator's views after ``x`` show the shuffled values (cards, throws) at the same
    places, that is when ``x`` revealed the same thing in both; otherwise it is skipped.
    At least half of the pairs where the shuffle moved something must be compared.
    """
    rng = Rng(0xA5CED)
    compared = skipped = 0
    for g in (g for g in played if g.first):
        for i, state in _sample(g, rng):
            for seat in sorted(game.to_act(state)):
                other = game.hidden_shuffle(state, None, rng, keep=frozenset({seat}),
                                            deck=False)
                values = moved_values(game.dump(state), game.dump(other))
                if not values:
                    continue
                at = f"{g.where(i)}, seat {seat}"
                legal = game.legal_actions(state, seat)
                diff = first_difference(legal, game.legal_actions(other, seat))
                assert diff is None, (
                    f"{at}: the seat's legal actions changed when only cards it cannot see "
                    f"were shuffled: {diff}")
                for action in _one_of_each_type(legal, rng):
                    one, _ = game.apply(state, seat, action)
                    two, _ = game.apply(other, seat, action)
                    seen_one, seen_two = game.view(one, None), game.view(two, None)
                    if shown(seen_one, values) != shown(seen_two, values):
                        skipped += 1
                        continue
                    compared += 1
                    diff = first_difference(decision(game, one, seen_one),
                                            decision(game, two, seen_two))
                    assert diff is None, (
                        f"{at} plays {action}: who is asked next depends on cards nobody has "
                        f"seen (only hidden cards elsewhere were shuffled): {diff}")
    assert compared >= skipped, (
        f"{game.id}: only {compared} of {compared + skipped} shuffled pairs could be compared")


# ---- teaching: the rules page, moves in words, refusals, the score so far ------------


def teaching(game: Game, state: Any, seat: Seat) -> dict[str, Any]:
    """Returns everything the game tells ``seat`` about ``state`` in words, as JSON."""
    legal = game.legal_actions(state, seat)
    return {
        "moves": [game.describe(state, seat, a) for a in legal],
        "why_not": {k: r.to_json() for k, r in game.why_not(state, seat).items()},
        "score": game.score_so_far(state, seat),
        "situations": {k: r.to_json() for k, r in game.situations(state, seat).items()},
    }


def _page_anchors(game: Game) -> set[str]:
    text = game.rules_markdown()
    assert text and text.strip(), f"{game.id}: the game has no rules page (rules.md)"
    return anchors(text)


def _check_rule(game: Game, rule: Any, page: set[str], at: str) -> None:
    assert isinstance(rule, Rule), f"{at}: expected a Rule, got {rule!r}"
    assert rule.text.strip(), f"{at}: the rule {rule.anchor!r} has no text"
    assert rule.anchor == "" or rule.anchor in page, (
        f"{at}: the rule names section {rule.anchor!r}, which the rules page lacks "
        f"(it has {sorted(page)})")


def check_rules_page(game: Game, played: Sequence[Played]) -> None:
    """The game has a rules page; every rule it names (why not, situations) is a section
    of it; every card note is text."""
    page = _page_anchors(game)
    for key, note in game.card_notes().items():
        assert isinstance(key, str) and isinstance(note, str) and note.strip(), (
            f"{game.id}: card note {key!r} is not text")
    for g in (g for g in played if g.first):
        for i, state in enumerate(g.states):
            for seat in range(g.seats):
                for key, rule in game.why_not(state, seat).items():
                    _check_rule(game, rule, page, f"{g.where(i)}, why not {key} for seat {seat}")
                for key, rule in game.situations(state, seat).items():
                    _check_rule(game, rule, page, f"{g.where(i)}, situation {key} of seat {seat}")


def check_descriptions(game: Game, played: Sequence[Played]) -> None:
    """Every legal action of every seat to act has a one-line description in words."""
    seen: set[str] = set()
    for g in (g for g in played if g.first):
        for i, state in enumerate(g.states):
            for seat in sorted(game.to_act(state)):
                for a in game.legal_actions(state, seat):
                    text = game.describe(state, seat, a)
                    assert isinstance(text, str) and text.strip() and "\n" not in text, (
                        f"{g.where(i)}: {a} of seat {seat} is described as {text!r}")
                    assert text != game.describe_action(a) or not text.startswith("{"), (
                        f"{g.where(i)}: {a} has no description in words (describe)")
                    seen.add(a["type"])
    assert seen or not played, f"{game.id}: no action was ever described"


def check_refusals_name_rules(game: Game, played: Sequence[Played]) -> None:
    """Every refusal (out of turn, unknown, another seat's move) names a rule of the page."""
    page = _page_anchors(game)
    for g in (g for g in played if g.first):
        for i, state in list(enumerate(g.states))[::5]:
            acting = sorted(game.to_act(state))
            tries: list[tuple[Seat, Action]] = [(s, {"type": "no-such-action"})
                                                for s in range(g.seats)]
            for s in acting:
                for a in game.legal_actions(state, s)[:2]:
                    tries += [(t, a) for t in range(g.seats) if t != s]
            for seat, action in tries:
                try:
                    game.apply(state, seat, action)
                except GameError as e:
                    at = f"{g.where(i)}: refusing {action} to seat {seat}"
                    _check_rule(game, e.rule, page, at)
                    text = e.rule.text if e.rule is not None else ""
                    found = leaked(text, g.secrets(i, seat), g.named(i, seat))
                    assert not found, f"{at} names {sorted(found)}: {text}"


def check_teaching_does_not_leak(game: Game, played: Sequence[Played]) -> None:
    """Descriptions, why-nots, the score so far and hints name no card hidden from the seat,
    and stay the same when only cards hidden from it are shuffled."""
    rng = Rng(0x7EAC)
    for g in (g for g in played if g.first):
        for i, state in _sample(g, rng):
            for seat in range(g.seats):
                told = teaching(game, state, seat)
                assert _is_json(told), f"{g.where(i)}: what seat {seat} is told is not JSON"
                found = leaked(told, g.secrets(i, seat), g.named(i, seat))
                assert not found, f"{g.where(i)}: seat {seat} is told {sorted(found)}: {told}"
                other = game.hidden_shuffle(state, seat, rng, deck=rng.below(2) == 0)
                diff = first_difference(told, teaching(game, other, seat))
                assert diff is None, (
                    f"{g.where(i)}: what seat {seat} is told changed when only cards hidden "
                    f"from it were shuffled: {diff}")


def check_score_so_far(game: Game, played: Sequence[Played]) -> None:
    """The score so far adds up its lines' points, and once the game has ended its total is
    the seat's final score."""
    for g in played:
        states = list(enumerate(g.states)) if g.first else []
        for i, state in [*states, (len(g.actions), g.final)]:
            if state is None:
                continue
            for seat in range(g.seats):
                score = game.score_so_far(state, seat)
                if score is None:
                    continue
                assert isinstance(score.get("lines"), list) and "total" in score, (
                    f"{g.where(i)}: expected lines and a total, got {score!r}")
            result = game.result(state)
            if result is None:
                continue
            for seat in range(g.seats):
                score = game.score_so_far(state, seat)
                if score is not None:
                    assert score["total"] == result.scores[seat], (
                        f"{g.where(i)}: seat {seat}'s score so far is {score['total']} at the "
                        f"end, but the game scored {result.scores[seat]}")


def _one_of_each_type(legal: Sequence[Action], rng: Rng) -> list[Action]:
    """Returns one action of each type in ``legal``, chosen at random."""
    by_type: dict[str, list[Action]] = {}
    for a in legal:
        by_type.setdefault(str(a.get("type")), []).append(a)
    return [rng.choice(group) for _, group in sorted(by_type.items())]


Check = Callable[[Game, Sequence[Played]], None]

CHECKS: dict[str, Check] = {
    "games_end": check_games_end,
    "invariants": check_invariants,
    "replay": check_replay,
    "apply_is_pure": check_apply_is_pure,
    "states_stay_put": check_states_stay_put,
    "serialization": check_serialization,
    "views_are_json": check_views_are_json,
    "no_leaks": check_no_leaks,
    "refusals_do_not_leak": check_refusals_do_not_leak,
    "action_schema": check_action_schema,
    "illegal_refused": check_illegal_refused,
    "options_and_determinism": check_options_and_determinism,
    "hidden_shuffle": check_hidden_shuffle,
    "when_asked": check_when_asked,
    "rules_page": check_rules_page,
    "descriptions": check_descriptions,
    "refusals_name_rules": check_refusals_name_rules,
    "teaching_does_not_leak": check_teaching_does_not_leak,
    "score_so_far": check_score_so_far,
}


def check_game(game: Game, *, games: int = 12, seed: int = 0) -> None:
    """Plays ``games`` random games per seat count and runs every check; raises AssertionError."""
    played = play_games(game, games=games, seed=seed)
    for check in CHECKS.values():
        check(game, played)
