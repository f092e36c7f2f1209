"""What each seat may see, and the card names it must not.

As at the table: you see the backs of your whole draw pile in order (faces only of
cards you looked at or put back yourself), your discard pile's count and top card,
every player's revealed and bought cards this round, the others' counts and the back
of the top card of their draw piles, and the face-up Store cards; covered Store
cards show only their backs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.base import Viewer, kept
from games.cards_for_cowboys import store as pyramid
from games.cards_for_cowboys.cards import SPEC_OF, card_json, face_json, face_key, spec
from games.cards_for_cowboys.rules import Tally, tallies, to_act
from games.cards_for_cowboys.state import Phase, State
from games.plural import count

# Views are built for every seat after every action: like the rules, they read the
# phases from globals rather than through the enum's slow attribute hook.
_DRAW, _RPS, _CHOOSE, _BUY, _OVER = Phase.DRAW, Phase.RPS, Phase.CHOOSE, Phase.BUY, Phase.OVER
_WAITING_TO = {_DRAW: "finish drawing", _RPS: "throw rock, paper or scissors",
               _CHOOSE: "choose who buys first", _BUY: "buy, burn or pass",
               Phase.GIVE: "give away the pass-on Jail"}


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


def _store_json(state: State) -> list[list[Any]]:
    rows: list[list[Any]] = []
    last = len(state.store) - 1
    for r, row in enumerate(state.store):
        below = state.store[r + 1] if r < last else None
        out: list[Any] = []
        for i, c in enumerate(row):
            if c is None:
                out.append(None)
            elif below is None or (below[i] is None and below[i + 1] is None):
                out.append(card_json(c))
            else:
                out.append(SPEC_OF[c].back)
        rows.append(out)
    return rows


def _pending_json(state: State, seat: int, own: bool) -> Any:
    p = state.players[seat]
    if not p.pending:
        return None
    step = p.pending[0]
    out: dict[str, Any] = {"step": step["step"]}
    if not own:
        return out
    out["card"] = step["card"]
    if step["step"] == "replay":
        out["choices"] = [card_json(c) for c in p.discard]
    elif step["step"] == "return":
        out["choices"] = [card_json(c) for c in p.row]
    elif step["step"] == "reorder":
        out["choices"] = [card_json(c) for c in p.draw[:3]]
    return out


def _deck_list(state: State, seat: int) -> list[dict[str, Any]]:
    """The faces of the cards the seat owns outside this round's play, counted, no names."""
    p = state.players[seat]
    counts: dict[str, list[Any]] = {}
    for c in p.draw + p.discard:
        key = face_key(c)
        if key in counts:
            counts[key][1] += 1
        else:
            counts[key] = [c, 1]
    return [{**face_json(c), "count": n} for _, (c, n) in sorted(counts.items())]


def _player_json(state: State, seat: int, viewer: Viewer, t: Tally) -> dict[str, Any]:
    p = state.players[seat]
    own = viewer == seat
    d: dict[str, Any] = {
        "seat": seat,
        "herd": p.herd,
        "status": p.status,
        "row": [{**card_json(c), "doubled": True} if c in p.doubled else card_json(c)
                for c in p.row],
        "bought": [card_json(c) for c in p.bought],
        "cash": t.cash,
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
        "pending": _pending_json(state, seat, own),
    }
    if state.phase == _BUY and seat in state.order:
        d["cash_left"] = t.cash - p.spent
        d["buys_left"] = p.buys_left
    if own:
        d["draw_pile"] = [SPEC_OF[c].back for c in p.draw]
        d["known"] = [{**card_json(c), "position": i} for i, c in enumerate(p.draw)
                      if c in p.known] if p.known else []
        d["discard_top"] = card_json(p.discard[-1]) if p.discard else None
        d["deck"] = _deck_list(state, seat)
    return d


def _prompt(state: State, viewer: Viewer, counted: list[Tally]) -> str:
    acting = sorted(to_act(state))
    names = ", ".join(f"{{seat:{s}}}" for s in acting)
    if state.phase == _OVER:
        return "The game is over: the largest Herd wins"
    if viewer not in acting:
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
        return (f"Draw a card or stop: you have ${t.cash}, {count(t.cows, 'Cow')} and "
                f"{count(t.danger, 'Bandit')} (3 Bandits bust you)")
    if state.phase == _RPS:
        return "Throw rock, paper or scissors: the winner chooses who buys first"
    if state.phase == _CHOOSE:
        return "You have the most $: choose who buys first"
    if state.phase == _BUY:
        left = counted[viewer].cash - p.spent
        return f"Buy a face-up Store card (you have ${left}), burn one, or pass"
    return "Give the pass-on Jail card to another player's discard pile"


def view(state: State, viewer: Viewer, result: Any) -> dict[str, Any]:
    """Returns the JSON view of ``viewer`` (``None``: a spectator).

    What every viewer sees alike (the tallies, the Store, each player as the others see
    it) is built once per state and shared by the views of it; a view is read, never
    changed.
    """
    shared = kept(state, "cards_for_cowboys.view", _shared)
    counted, players = shared.counted, shared.players
    if viewer is not None:  # the viewer's own entry shows its draw pile, deck, choices
        players = list(players)
        players[viewer] = _player_json(state, viewer, viewer, counted[viewer])
    d: dict[str, Any] = {
        "game": "cards_for_cowboys",
        "phase": state.phase,
        "act": state.act,
        "round": state.round,
        "to_act": sorted(to_act(state)),
        "you": viewer,
        "prompt": _prompt(state, viewer, counted),
        "scores": [p.herd for p in state.players],
        "store": shared.store,
        "store_left": shared.store_left,
        "box": list(state.box),
        "players": players,
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
            "your_throw": (state.throws[viewer] if viewer is not None and state.throws
                           else None),
        }
    if result is not None:
        d["result"] = result
    return d


@dataclass(slots=True)
class _Shared:
    """What every viewer of one state sees alike: each seat's tally, the Store, and each
    player's entry as the other seats see it."""

    counted: list[Tally]
    store: list[list[Any]]
    store_left: int
    players: list[dict[str, Any]]


def _shared(state: State) -> _Shared:
    counted = tallies(state)
    return _Shared(counted, _store_json(state), len(pyramid.cards(state.store)),
                   [_player_json(state, s, None, counted[s]) for s in range(state.seats)])


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
        row["deck"] = _deck_list(state, seat)
        row["pending"] = _pending_json(state, seat, True)
        row["busts"] = p.busts
    if d["rps"] is not None:
        d["rps"]["throws"] = list(state.throws) if state.throws else None
    acts = sorted({spec(c).act for c in state.reserve})
    d["reserve"] = {f"act_{a}": _hidden_list([c for c in state.reserve if spec(c).act == a])
                    for a in acts}
    d["unused"] = _hidden_list(state.unused)
    return d
