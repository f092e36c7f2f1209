"""What each seat may see: its own hand, every table, counts of the rest; and the secrets."""

from __future__ import annotations

from typing import Any

from games.base import Viewer, kept
from games.plural import count, listed
from games.wyoming_cowboy import scoring
from games.wyoming_cowboy.cards import SUIT_WORDS, sort_key, words
from games.wyoming_cowboy.guns import can_backfire, gun_name
from games.wyoming_cowboy.rules import (
    OPENING_PASS,
    VALVES,
    ends_with_ten,
    legal,
    next_dealer,
    seat_ref,
    takeable,
    to_act,
)
from games.wyoming_cowboy.state import Phase, State, Step

# On Python 3.11 every ``Phase.X`` and ``Step.X`` goes through the enum metaclass's
# attribute hook (see rules.py): what every view asks reads the members from these globals.
_DIRECTION, _PASS, _TURN, _SCORING, _OVER = (Phase.DIRECTION, Phase.PASS, Phase.TURN,
                                             Phase.SCORING, Phase.OVER)
_ACT, _SHOOT, _REACT, _HAND_OVER, _DISCARD = (Step.ACT, Step.SHOOT, Step.REACT, Step.HAND_OVER,
                                              Step.DISCARD)
_HAND_DONE = (_SCORING, _OVER)  # every hand is shown


def running_scores(st: State) -> list[int]:
    """Returns each seat's total so far: finished hands, plus couples shown in this one.

    A couple's +25 enters ``totals`` with the rest of its hand, when the hand ends (and
    ``couples`` is emptied then), so it is counted once whichever is read.
    """
    return [st.totals[s] + scoring.COUPLE * len(st.couples[s]) for s in range(st.seats)]


def _gun(g: dict[str, Any], owner: int, st: State) -> dict[str, Any]:
    """A gun on a table: ``ready`` to fire, else why it ``waits`` ("new": pulled since its
    owner's last turn began, it fires from the next; "fired": already, this turn)."""
    fired = owner == st.turn and g["id"] in st.fired
    waits = "new" if g["fresh"] else "fired" if fired else None
    return {"id": g["id"], "kind": g["kind"], "cards": list(g["cards"]), "ready": waits is None,
            "waits": waits}


def shown_badges(st: State, s: int) -> list[str]:
    """Returns the badges on the seat's table as the others see them: during a pass, with
    those set aside with their kings, which stay in view until every seat has chosen (the
    rules' "before looking at the cards he/she receives": a badge gone would tell the
    receiver, and every seat, a protected king is on its way)."""
    held = st.badges[s]
    going = st.passing[s] if st.phase == Phase.PASS and st.passing else None
    if not going or not any(c[0] == "A" for c in going):
        return list(held)
    return sorted([*held, *(c for c in going if c[0] == "A")], key=sort_key)


def _seat(st: State, s: int) -> dict[str, Any]:
    return {
        "hand_size": len(st.hands[s]),
        "badges": shown_badges(st, s),
        "tens": list(st.tens[s]),
        "guns": [_gun(g, s, st) for g in st.guns[s]],
        "couples": list(st.couples[s]),
    }


def _won(winners: list[int], points: int) -> str:
    """Returns "{seat:0} wins with 320 points" or, for a shared win, "… share the win …"."""
    names = listed([seat_ref(w) for w in winners])
    if len(winners) == 1:
        return f"{names} wins with {count(points, 'point')}"
    return f"{names} share the win with {count(points, 'point')} each"


def prompt(st: State, viewer: Viewer) -> str:
    """Returns plain English saying what is being decided now; the viewer is "you"."""
    phase = st.phase
    if phase == _TURN:  # the commonest, asked first
        return _turn_prompt(st, viewer)
    if phase == _OVER:
        # Who won, said here once: the end screen says how each scored.
        return "The game is over: " + _won(st.winners, st.totals[st.winners[0]])
    if phase == _DIRECTION:
        if st.dealer == viewer:
            return "You deal: choose which way the opening three cards are passed."
        return f"{seat_ref(st.dealer)} chooses which way the opening three cards are passed."
    if phase == _PASS:
        # Why everyone passes: the deal's opening pass, or the 9 the seat whose turn it
        # is just played (a forced pass on a phone, where the log is a tap away, said why).
        why = ("The opening pass: " if st.pass_size == OPENING_PASS
               else f"{_big(st.turn, viewer)} played a 9: ")
        said = (f"{why}everyone passes {count(st.pass_size, 'card')} to the seat "
                f"{pass_direction(st)}, without seeing what comes in.")
        if viewer is not None and 0 <= viewer < st.seats:  # whose are the seats around
            off, n = st.pass_offset, st.seats
            said += (f" You pass to {seat_ref((viewer + off) % n)} and receive from "
                     f"{seat_ref((viewer - off) % n)}.")
        # A seat that has chosen is told whom it waits for: the seats still to act, which
        # every view's list of seats to act says too.
        waiting = to_act(st)
        if viewer is None or viewer in waiting or not waiting:
            return said
        return f"{said} Waiting for {listed([seat_ref(s) for s in sorted(waiting)])} to choose."
    if phase == _SCORING:
        dealer = next_dealer(st)
        return (f"The hand is over: {_who(dealer, viewer)} "
                f"deal{'' if dealer == viewer else 's'} the next one.")
    return ""


def _why_hit(st: State, viewer: Viewer) -> str:
    """Why a shot hit, from the card it turned (face up on the shot pile): a .45 of a
    protected King's suit gets him; any other card hits unless an unprotected cowboy of its
    suit ducks, so a hit says the victim had none (as every seat saw it happen)."""
    if not st.shots:
        return ""
    card, p = st.shots[-1], st.pending
    turned = f" (the shot turned the {words(card)}"
    if p["protected"]:
        return turned + f": the .45 gets a protected King of {SUIT_WORDS[card[1]]})"
    whose = "yours" if p["victim"] == viewer else "theirs"
    return turned + f", and no cowboy of {whose} without a badge is of {SUIT_WORDS[card[1]]}" \
        " to duck it)"


def _turn_prompt(st: State, viewer: Viewer) -> str:
    """``prompt`` in a turn, by its step."""
    step = st.step
    if step == _SHOOT:
        return (f"{_big(st.turn, viewer)} may fire another gun, or stop shooting: discard "
                "and draw.")
    if step == _REACT:
        p = st.pending
        victim = _who(p["victim"], viewer)
        shot = (f"{_big(p['shooter'], viewer)} shoot{'' if p['shooter'] == viewer else 's'} "
                f"at {victim} with the {gun_name(p['kind'])}: ")
        if viewer is not None and p["victim"] == viewer:  # told the answers it may make
            may = {a["type"] for a in legal(st, viewer)}
            answers = (["backfire with a 6"] if "backfire" in may else []) + (
                ["quick draw a same-suit 3-5-7"] if "quick_draw" in may else [])
            if not answers:
                six = "no 6 to backfire with and " if can_backfire(p["kind"]) else ""
                return shot + f"you have {six}no same-suit 3-5-7 to quick draw: let the shot come."
            return shot + f"you may {', '.join(answers)}, or let the shot come."
        # Whether they hold the cards for either is theirs to know.
        backfire = "a 6 to backfire with or " if can_backfire(p["kind"]) else ""
        return shot + (f"{victim} may answer with {backfire}a same-suit 3-5-7 to quick draw, "
                       "if they hold one, or let the shot come.")
    if step == _HAND_OVER:
        p = st.pending
        why = _why_hit(st, viewer)
        if p["victim"] == viewer:
            return (f"You are hit{why}: hand a cowboy to {_who(p['shooter'], viewer)} "
                    f"and draw up to {p['max_draw']} to replace him, if you like.")
        return (f"{_who(p['victim'], viewer)} is hit{why}: hands a cowboy to "
                f"{_who(p['shooter'], viewer)} and may draw up to {p['max_draw']} to "
                "replace him.")
    if step == _ACT:
        if st.turn == viewer:
            return ("You may take one action, or none, then discard and draw "
                    "(a 10 goes on the table, a 5 lets you draw two).")
        return (f"{seat_ref(st.turn)} may take one action, or none, then discards and draws "
                "(a 10 goes on the table, a 5 lets a player draw two).")
    if step == _DISCARD:
        if _action_spent_draws(st):
            if st.turn == viewer:
                return ("Discard and draw one from the pile (a 10 goes on the table): your "
                        "action this turn used up taking the top discard and a 5's second "
                        "card.")
            return (f"{seat_ref(st.turn)} discards and draws one from the pile (a 10 goes on "
                    "the table).")
        if st.turn == viewer:
            return "Discard and draw (a 10 goes on the table, a 5 lets you draw two)."
        return (f"{seat_ref(st.turn)} discards and draws (a 10 goes on the table, a 5 lets a "
                "player draw two).")
    return ""


def _action_spent_draws(st: State) -> bool:
    """Whether the turn's action has used up the top discard and a 5's second card: the
    inventor's way (``discard_dispute``), where each of them is an action."""
    return bool(st.acted) and st.opt("discard_dispute") == "inventor"


def _who(s: int, viewer: Viewer) -> str:
    """Seat ``s`` in a prompt, within a sentence: "you" for the viewer."""
    return "you" if s == viewer else seat_ref(s)


def _big(s: int, viewer: Viewer) -> str:
    """Seat ``s`` in a prompt, starting a sentence: "You" for the viewer."""
    return "You" if s == viewer else seat_ref(s)


def _my_pass(st: State, viewer: Viewer) -> list[str] | None:
    """The cards ``viewer`` chose for the pass under way, if any."""
    if viewer is None or st.phase != _PASS:
        return None
    chosen = st.passing[viewer]
    return list(chosen) if chosen is not None else None


def pass_direction(st: State) -> str:
    """Returns which way the cards of this pass go: "to the left", "to the right", "across"."""
    off = st.pass_offset
    if off == 1:
        return "to the left"
    if off == st.seats - 1:
        return "to the right"
    return "across"


def view(st: State, viewer: Viewer) -> dict[str, Any]:
    """Returns what ``viewer`` may see as JSON.

    What every viewer sees alike is built once per state and shared by the views of it
    (``_shared``); a view is read, never changed.
    """
    v = kept(st, "wyoming_cowboy.view", _shared).copy()
    # The viewer's own part, in the places ``_shared`` keeps empty for it.
    v["prompt"] = prompt(st, viewer)
    v["you"] = viewer
    v["my_hand"] = list(st.hands[viewer]) if viewer is not None else None
    v["my_pass"] = _my_pass(st, viewer)
    return v


def _shared(st: State) -> dict[str, Any]:
    """Returns the view of ``st`` every viewer shares: no seat's hand or pass in it (the
    viewer's own part, ``prompt``, ``you``, ``my_hand`` and ``my_pass``, is ``None``
    here and set by ``view``, in these places so that every view keeps its key order)."""
    phase = st.phase
    reveal = phase in _HAND_DONE
    return {
        "phase": phase,
        "step": st.step if phase == _TURN else None,
        "to_act": sorted(to_act(st)),
        "prompt": None,
        "scores": running_scores(st),
        "totals": list(st.totals),
        "target": st.opt("target_score"),
        "max_hands": st.opt("max_hands"),
        "hand_no": st.hand_no,
        "dealer": st.dealer,
        "turn": st.turn,
        "you": None,
        "my_hand": None,
        "my_pass": None,
        "seats": [_seat(st, s) for s in range(st.seats)],
        "revealed": [list(h) for h in st.hands] if reveal else None,
        "ace_pile": list(st.ace_pile),
        "draw_pile": len(st.pile),
        "discard_pile": len(st.discards),
        "top_discard": st.discards[-1] if st.discards else None,
        "takeable_discard": (takeable(st) if phase not in _HAND_DONE
                             and not _action_spent_draws(st) else None),
        # Public: the 10s on the tables and the .22s pulled. A table asks a 10's one click
        # to be confirmed then, as it does on a touch screen.
        "last_ten_ends": phase == _TURN and ends_with_ten(st),
        "shot_pile": len(st.shots),
        "top_shot": st.shots[-1] if st.shots else None,
        "pass": ({"size": st.pass_size, "direction": pass_direction(st)}
                 if phase == _PASS else None),
        "shot": ({k: st.pending[k] for k in ("shooter", "victim", "gun", "kind")}
                 if st.pending else None),
        "acted": st.acted,
        "last_hand": _hand_summary(st.history[-1]) if st.history else None,
        "result": result_json(st) if phase == _OVER else None,
    }


def _hand_summary(h: dict[str, Any]) -> dict[str, Any]:
    """The last hand's points per seat and its scoring lines: kept through the next hand,
    whose table says how the last one ended (its hands were shown to all as it did).

    The lines are the history's own lists, not copies: a state and its views are never
    changed, and from one change to the next they are then the same objects, which a
    patch passes by without comparing them, nor are they built again every change."""
    return {"hand": h["hand"], "ender": h["ender"], "why": h["why"],
            "points": [s["total"] for s in h["seats"]],
            "lines": [s["lines"] for s in h["seats"]],
            "totals": list(h["totals"])}


def result_json(st: State) -> dict[str, Any]:
    """Returns the per-seat breakdown of a finished game, hand by hand, line by line.

    ``valves`` counts the hands each safety valve cut short (``rules.VALVES``);
    ``ended`` says why the game ended: someone reached the target, or the hand limit.
    """
    per_seat = []
    for s in range(st.seats):
        lines = []
        for h in st.history:
            for label, pts in h["seats"][s]["lines"]:
                # The +30 says how the hand was ended, which the log alone told.
                if label == scoring.ENDING_LINE and h.get("why"):
                    label = f"{label}: {h['why']}"
                lines.append({"hand": h["hand"], "label": label, "points": pts})
        per_seat.append({"seat": s, "total": st.totals[s], "lines": lines})
    valves = dict.fromkeys(VALVES, 0)
    for h in st.history:
        if h.get("valve"):
            valves[h["valve"]] += 1
    ended = "target" if max(st.totals) >= st.opt("target_score") else "hand_limit"
    return {"winners": list(st.winners), "scores": list(st.totals), "seats": per_seat,
            "hands": len(st.history), "valves": valves, "ended": ended}


def omniscient(st: State) -> dict[str, Any]:
    """Returns everything on and under the table, without the generator: the spectator's
    view with every hand face up (``revealed``, as the table draws hands laid down), and
    what no seat sees in full: the draw pile in order, the cards set aside for a pass, the
    discards and the shot cards under their top ones.

    Shaped like a seat's view, so that the admin's replay draws it on the game's table.
    """
    v = view(st, None).copy()
    v["revealed"] = [list(h) for h in st.hands]
    v["pile"] = list(st.pile)
    if any(p is not None for p in st.passing):  # only while a pass is being chosen
        v["passing"] = [None if p is None else list(p) for p in st.passing]
    v["discards"] = list(st.discards)
    v["shots"] = list(st.shots)
    return v


def visible(st: State, viewer: Viewer) -> set[str]:
    """Returns the card texts ``viewer`` sees somewhere (own hand, tables, piles' tops) or
    has been shown in this hand (the couples)."""
    seen: set[str] = set(st.ace_pile)
    if st.discards:
        seen.add(st.discards[-1])
    top = takeable(st)
    if top:
        seen.add(top)
    if st.shots:
        seen.add(st.shots[-1])
    for s in range(st.seats):
        seen.update(st.tens[s])
        badges = shown_badges(st, s)
        seen.update(badges)
        seen.update("K" + a[1] for a in badges)
        for g in st.guns[s]:
            seen.update(g["cards"])
        # A couple is shown to the table, its two cards then kept in the hand.
        seen.update(r + suit for suit in st.couples[s] for r in "KQ")
        if st.phase in (Phase.SCORING, Phase.OVER):
            seen.update(st.hands[s])
    if viewer is not None:
        seen.update(st.hands[viewer])
        mine = st.passing[viewer] if st.phase == Phase.PASS else None
        if mine:
            seen.update(mine)
    return seen


def secrets(state: State, viewer: Viewer) -> set[str]:
    """Returns card texts that must appear nowhere in ``viewer``'s view."""
    hidden: set[str] = set(state.pile)
    for s in range(state.seats):
        if s != viewer:
            hidden.update(state.hands[s])
            theirs = state.passing[s] if state.phase == Phase.PASS else None
            if theirs:
                hidden.update(theirs)
    return hidden - visible(state, viewer)

