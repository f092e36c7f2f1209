"""What each seat may see, and the card names it must not.

As at the table: you see the backs of your whole draw pile in order (faces only of
cards you looked at or put back yourself), your discard pile's count and top card,
every player's revealed and bought cards this round, the others' counts and the back
of the top card of their draw piles, and the face-up Store cards; covered Store
cards show only their backs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from games.base import Viewer, kept
from games.cards_for_cowboys import store as pyramid
from games.cards_for_cowboys.cards import SPEC_OF, card_json, face_json, face_key, spec
from games.cards_for_cowboys.rules import Tally, kept_tallies, to_act
from games.cards_for_cowboys.state import Phase, Player, State
from games.plural import count, listed

# Views are built for every seat after every action: like the rules, they read the
# phases from globals rather than through the enum's slow attribute hook.
_DRAW, _RPS, _CHOOSE, _BUY, _OVER = Phase.DRAW, Phase.RPS, Phase.CHOOSE, Phase.BUY, Phase.OVER
_WAITING_TO = {_DRAW: "finish drawing", _RPS: "throw rock, paper or scissors",
               _CHOOSE: "choose who buys first", _BUY: "buy, burn or pass",
               Phase.GIVE: "give away the pass-on Jail"}
T = TypeVar("T")


def all_cards(state: State) -> list[str]:
    """Returns every card in the game, wherever it lies."""
    out = pyramid.cards(state.store) + state.reserve + state.unused + state.box
    for p in state.players:
        out += p.draw + p.discard + p.row + p.bought
    return out


def visible(state: State, viewer: Viewer) -> set[str]:
    """Returns the card names ``viewer`` may see right now."""
    seen = set(pyramid.face_up(state.store)) | set(state.box)
    for p in state.players:
        seen.update(p.row)
        seen.update(p.bought)
    if viewer is not None:
        p = state.players[viewer]
        if p.discard:
            seen.add(p.discard[-1])
        seen.update(c for c in p.known if c in p.draw)
        if p.pending:
            kind = p.pending[0]["step"]
            if kind == "replay":
                seen.update(p.discard)
            elif kind == "reorder":
                seen.update(p.draw[:3])
    return seen


def secrets(state: State, viewer: Viewer) -> set[str]:
    """Returns every card name that must not appear in ``viewer``'s view."""
    return set(all_cards(state)) - visible(state, viewer)


# Every card's face-up JSON, made once: the views share these dicts (a view is read,
# never changed), so a view copies no card, and two documents in a row compare their
# cards by identity.
_CARD: dict[str, dict[str, Any]] = {c: card_json(c) for c in SPEC_OF}


def _store_json(state: State) -> tuple[list[list[Any]], int]:
    """Returns the Store as every viewer sees it, and how many cards it holds."""
    return _store_of(tuple(map(tuple, state.store)))


# Keyed on the whole pyramid, covered cards too, and the same for every viewer: an entry
# shows a covered card only by its back, as every view of that pyramid does. A pyramid
# changes only when a card leaves it, so most documents find theirs here.
@lru_cache(maxsize=4096)
def _store_of(store: tuple[tuple[str | None, ...], ...]) -> tuple[list[list[Any]], int]:
    """Returns ``_store_json`` of a Store whose rows are ``store``."""
    rows: list[list[Any]] = []
    last, left = len(store) - 1, 0
    for r, row in enumerate(store):
        below = store[r + 1] if r < last else None
        out: list[Any] = []
        for i, c in enumerate(row):
            if c is None:
                out.append(None)
                continue
            left += 1
            if below is None or (below[i] is None and below[i + 1] is None):
                out.append(_CARD[c])
            else:
                out.append(SPEC_OF[c].back)
        rows.append(out)
    return rows, left


# Each printed face's place in a deck list (the order of the faces' keys) and its JSON.
_FACE_KEYS = sorted({face_key(c) for c in SPEC_OF})
_RANK = {c: _FACE_KEYS.index(face_key(c)) for c in SPEC_OF}
_FACES = [face_json(next(c for c in SPEC_OF if face_key(c) == k)) for k in _FACE_KEYS]


def _deck_list(p: Player) -> list[dict[str, Any]]:
    """The faces of the cards ``p`` owns outside this round's play, counted, no names."""
    counts = Counter(map(_RANK.__getitem__, p.draw + p.discard))
    return [_deck_entry(rank, n) for rank, n in sorted(counts.items())]


@lru_cache(maxsize=1024)  # a face and a count: a few hundred in all
def _deck_entry(rank: int, n: int) -> dict[str, Any]:
    """Returns a deck list's line: the face of rank ``rank``, held ``n`` times."""
    return {**_FACES[rank], "count": n}


# A seat's entry as every viewer sees it depends on its player, its tally (which other
# seats' gift cards change) and whether it is in this round's buy order; the part only its
# own view adds depends on its player alone. A player is shared by the states that follow
# until its seat's cards change, so both are kept on it (``kept``, read, never changed):
# most states build none, and the next document finds the same entries, equal at once.
_Context = tuple[int, Tally]


def _public_json(p: Player, seat: int, t: Tally, in_buy: bool) -> dict[str, Any]:
    """Returns the entry of ``seat`` (whose player is ``p``) as the other viewers see it."""
    d: dict[str, Any] = {
        "seat": seat,
        "herd": p.herd,
        "status": p.status,
        "row": [{**_CARD[c], "doubled": True} if c in p.doubled else _CARD[c]
                for c in p.row],
        "bought": [_CARD[c] for c in p.bought],
        "cash": t.cash,
        # What of the $ no card of the row shows: the others' gift cards, cards trashed.
        "gift": t.gift,
        "trashed_cash": p.bonus_cash,
        "cows": t.cows,
        "bandits": t.bandits,
        "jails": t.jails,
        "sell_values": [SPEC_OF[c].cost for c in p.order],
        "double_next": p.double_next,
        "must_draw": p.must_draw,
        "buy_first": p.buy_first,
        "draw_count": len(p.draw),
        "discard_count": len(p.discard),
        "top_back": SPEC_OF[p.draw[0]].back if p.draw else None,
        "pending": {"step": p.pending[0]["step"]} if p.pending else None,
    }
    if in_buy:
        d["cash_left"] = t.cash - p.spent
        d["buys_left"] = p.buys_left
    return d


def _own_part(p: Player) -> dict[str, Any]:
    """Returns what a seat's own entry has beyond the public one (``pending`` in full), from
    its player ``p`` alone."""
    return {
        "pending": _own_pending(p),
        "draw_pile": [SPEC_OF[c].back for c in p.draw],
        "known": [{**_CARD[c], "position": i} for i, c in enumerate(p.draw)
                  if c in p.known] if p.known else [],
        "discard_top": _CARD[p.discard[-1]] if p.discard else None,
        "deck": _deck_list(p),
    }


def _own_pending(p: Player) -> dict[str, Any] | None:
    """Returns ``p``'s first owed choice as its owner sees it, with the cards to choose from."""
    if not p.pending:
        return None
    step = p.pending[0]
    out: dict[str, Any] = {"step": step["step"], "card": step["card"]}
    if step["step"] == "replay":
        out["choices"] = [_CARD[c] for c in p.discard]
    elif step["step"] == "return":
        out["choices"] = [_CARD[c] for c in p.row]
    elif step["step"] == "reorder":
        out["choices"] = [_CARD[c] for c in p.draw[:3]]
    return out


def _in_context(p: Player, key: str, context: _Context, make: Callable[[], T]) -> T:
    """Returns ``make()`` for ``context``: kept on ``p`` for the first context it is asked
    in, made afresh in any other (what is kept is never changed)."""
    made, value = kept(p, key, lambda _: (context, make()))
    return value if made == context else make()


def _buying(state: State, seat: int) -> bool:
    """Returns whether ``seat`` is in this round's buy order while buying is under way.

    A player may be the same before and after buying starts, and its entries differ: the
    public and own entries are kept under one key for each (``_PUBLIC``, ``_OWN``)."""
    return state.phase == _BUY and seat in state.order


def _public_entry(state: State, seat: int, t: Tally) -> dict[str, Any]:
    """Returns ``_public_json`` of ``seat``, kept on its player."""
    p = state.players[seat]
    in_buy = _buying(state, seat)
    return _in_context(p, _PUBLIC[in_buy], (seat, t), lambda: _public_json(p, seat, t, in_buy))


def _own_entry(state: State, seat: int, t: Tally, public: dict[str, Any]) -> dict[str, Any]:
    """Returns the entry of ``seat`` as its own view shows it: ``public`` (its entry in
    the others' views) with its draw pile, deck and choices, kept on its player."""
    p = state.players[seat]
    # ``public`` keeps its keys' order: ``pending`` is replaced where it stands.
    return _in_context(p, _OWN[_buying(state, seat)], (seat, t),
                       lambda: public | kept(p, "cards_for_cowboys.own_part", _own_part))


_PUBLIC = {False: "cards_for_cowboys.public", True: "cards_for_cowboys.public_buying"}
_OWN = {False: "cards_for_cowboys.own", True: "cards_for_cowboys.own_buying"}


def _prompt(state: State, viewer: Viewer, counted: list[Tally], acting: list[int]) -> str:
    """Returns what ``viewer`` is asked to do, or whom it waits for (``acting``, sorted)."""
    if state.phase == _OVER:
        # Who won, said once here: the end screen says why, and the rule.
        herds = [p.herd for p in state.players]
        top = [f"{{seat:{s}}}" for s, h in enumerate(herds) if h == max(herds)]
        return ("The game is over: " + (f"{top[0]} has the largest Herd" if len(top) == 1
                else f"{listed(top)} share the win with equal Herds"))
    if viewer not in acting:
        names = listed([f"{{seat:{s}}}" for s in acting])
        return f"Waiting for {names} to {_WAITING_TO[state.phase]}"
    p = state.players[viewer]
    if state.phase == _DRAW:
        if p.pending:
            return {
                "replay": "Choose a card from your discard pile to play as if drawn",
                "return": "Choose a drawn card to put back on top of your deck (its $ and "
                          "Cows will not count this round)",
                "reorder": "Put the top cards of your draw pile back in the order you like",
                "offer_reorder": "Trash this card to look at your top 3 cards and reorder "
                                 "them, or keep it",
            }[p.pending[0]["step"]]
        t = counted[viewer]
        if p.must_draw:
            more = "card" if p.must_draw == 1 else "cards"
            return f"You must draw {p.must_draw} more {more} ({count(t.danger, 'Bandit')} so far)"
        # What you have drawn is said under it, above your row: here only the danger.
        if t.danger >= 2:
            return "Draw a card or stop: one more Bandit busts you"
        return "Draw a card or stop (3 Bandits bust you)"
    if state.phase == _RPS:
        if state.rps_rounds:  # an exchange settled nothing yet: the prompt says why
            thrown = [t for t in state.last_throws if t]
            if len(set(thrown)) != 2:
                return (f"A draw ({', '.join(thrown)}): throw again. The winner chooses who "
                        "buys first")
            return ("Your throw won, but so did another's: throw again. The winner chooses "
                    "who buys first")
        return "Throw rock, paper or scissors: the winner chooses who buys first"
    if state.phase == _CHOOSE:
        # Not "the most $": a tie on $ is broken on Cows, cards drawn, costs, or a throw,
        # and the log says which.
        return "You lead the buy order this round: choose who buys first (you may pick yourself)"
    if state.phase == _BUY:
        left = counted[viewer].cash - p.spent
        if all(SPEC_OF[c].cost > left for c in pyramid.face_up(state.store)):
            return (f"Burn a face-up Store card, or pass: you have ${left}, less than any "
                    "of them costs")
        return f"Buy a face-up Store card (you have ${left}), burn one, or pass"
    return "Give the pass-on Jail card to another player's discard pile"


def view(state: State, viewer: Viewer, result: Any) -> dict[str, Any]:
    """Returns the JSON view of ``viewer`` (``None``: a spectator).

    The spectator's view (without the result) is built once per state and shared by
    the views of it: a seat's view is a copy of it with the seat's own entry, its prompt
    and its throw. A view is read, never changed.
    """
    shared = kept(state, "cards_for_cowboys.view", _shared)
    d = shared.view.copy()
    if viewer is not None:
        _add_seat(d, state, viewer, shared)
    if result is not None:
        d["result"] = result
    return d


def _add_seat(d: dict[str, Any], state: State, seat: int, shared: _Shared) -> None:
    """Turns ``d``, a copy of the spectator's view, into ``seat``'s (its keys in place)."""
    d["you"] = seat
    if seat in shared.acting:  # else waiting, or the game over: the spectator's prompt
        d["prompt"] = _prompt(state, seat, shared.counted, d["to_act"])
    players = d["players"] = list(d["players"])
    t = shared.counted[seat]
    players[seat] = _own_entry(state, seat, t, players[seat])
    throw = state.throws[seat] if d["rps"] is not None and state.throws else None
    if throw is not None:
        d["rps"] = {**d["rps"], "your_throw": throw}
        # Said where the player looks while the others throw: it was only in the log.
        if seat not in shared.acting:
            d["prompt"] = f"You threw {throw}. {d['prompt']}"


@dataclass(slots=True)
class _Shared:
    """What every viewer of one state sees alike: the spectator's view, and each seat's
    tally and who acts, which a seat's own view reads."""

    counted: list[Tally]
    acting: frozenset[int]
    view: dict[str, Any]


def _shared(state: State) -> _Shared:
    """Returns what every viewer of ``state`` sees alike (see ``view``)."""
    counted = kept_tallies(state)
    acting = to_act(state)
    in_order = sorted(acting)
    store, store_left = _store_json(state)
    d: dict[str, Any] = {
        "game": "cards_for_cowboys",
        "phase": state.phase,
        "act": state.act,
        "round": state.round,
        "to_act": in_order,
        "you": None,
        "prompt": _prompt(state, None, counted, in_order),
        "scores": [p.herd for p in state.players],
        "store": store,
        "store_left": store_left,
        "box": list(state.box),
        "players": [_public_entry(state, s, counted[s]) for s in range(state.seats)],
        "buy": {"order": list(state.order),
                "buyer": state.order[state.buyer] if state.phase == _BUY else None,
                "chooser": state.chooser},
        "rps": None,
    }
    if state.phase == _RPS or state.last_throws:
        d["rps"] = {
            "contenders": list(state.contenders),
            "thrown": [s for s in state.contenders if state.throws and state.throws[s]],
            "exchanges": state.rps_rounds,
            "last": list(state.last_throws),
            "your_throw": None,  # a seat's own view shows its throw
        }
    return _Shared(counted, acting, d)


def _store_everything(state: State) -> list[list[Any]]:
    """The pyramid with every card face up; covered ones carry ``"covered": true``."""
    covered = set(pyramid.face_down(state.store))
    return [[None if c is None else {**card_json(c), "covered": True} if c in covered
             else card_json(c) for c in row] for row in state.store]


def _hidden_list(cards: list[str]) -> list[str]:
    """Cards no seat has seen, as readable lines: name, face and cost."""
    return [f"{c}: {spec(c).words()}, costs ${spec(c).cost}" for c in cards]


def omniscient_view(state: State, result: Any) -> dict[str, Any]:
    """Returns the spectator's view with every hidden card face up (admins' replay).

    Each player's entry also has what only its own view has (``draw_pile`` as faces, top
    first; ``known``; ``discard_top``; ``deck``) plus ``discard`` (bottom first), the
    full ``pending`` choice and ``busts``; Store cards are all faces (covered ones with
    ``"covered": true``); ``rps.throws`` shows throws not yet revealed; ``reserve`` (by
    Act) and ``unused`` list the cards no seat has seen. Never the generator.
    """
    d = view(state, None, result)
    d["store"] = _store_everything(state)
    d["players"] = [dict(row) for row in d["players"]]  # the spectator's are shared
    for seat, p in enumerate(state.players):
        row = d["players"][seat]
        row["draw_pile"] = [card_json(c) for c in p.draw]
        row["known"] = [{**card_json(c), "position": i} for i, c in enumerate(p.draw)
                        if c in p.known]
        row["discard"] = [card_json(c) for c in p.discard]
        row["discard_top"] = card_json(p.discard[-1]) if p.discard else None
        row["deck"] = _deck_list(p)
        row["pending"] = _own_pending(p)
        row["busts"] = p.busts
    if d["rps"] is not None:  # a copy: the spectator's is shared
        d["rps"] = {**d["rps"], "throws": list(state.throws) if state.throws else None}
    acts = sorted({spec(c).act for c in state.reserve})
    d["reserve"] = {f"act_{a}": _hidden_list([c for c in state.reserve if spec(c).act == a])
                    for a in acts}
    d["unused"] = _hidden_list(state.unused)
    return d
