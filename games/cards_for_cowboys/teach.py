"""The game in words for one seat: what each legal move does, why a card cannot be used
now, which rule refuses a move, this round's Cows, $ and Bandits, and first-game hints.

Only what the seat sees is read: its own row, its draw pile's backs, the cards an
effect let it look at, the Store's face-up cards. Cards are named by their faces,
never by their names (a name may be hidden again later). Anchors are the headings of
``rules.md``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.base import LegalOf, Rule, kept
from games.cards_for_cowboys import rules
from games.cards_for_cowboys import store as pyramid
from games.cards_for_cowboys.cards import EFFECTS, SPEC_OF, SPECS, spec, words
from games.cards_for_cowboys.state import Phase, State, Status
from games.plural import count

Action = dict[str, Any]

BUST = 3
# Read at every document: globals, not the enums' slow attribute hook (see rules.py).
_DRAW, _RPS, _CHOOSE, _BUY, _OVER = (Phase.DRAW, Phase.RPS, Phase.CHOOSE, Phase.BUY,
                                     Phase.OVER)
_DRAWING, _BUSTED = Status.DRAWING, Status.BUSTED
EFFECT_WORDS = {
    "trash_for_2_dollars": "Trash it while drawing: it leaves the game and counts $2 this round.",
    "trash_for_jail": "Trash it while drawing: it jails one Bandit this round.",
    "trash_to_buy_first": "Trash it while drawing: you buy (or burn) first this round.",
    "trash_to_replay": "Trash it while drawing, then play any card of your discard pile as "
                       "if drawn.",
    "trash_to_reorder": "When you stop, you may trash it to look at your top three cards "
                        "and put them back in any order.",
    "reorder_top_three": "When you stop, look at your top three cards and put them back in "
                         "any order.",
    "two_cows_if_first": "2 Cows instead of 1 when it is the first card you draw this round.",
    "draw_four": "You must draw four more cards (you stop early only if you bust).",
    "double_next": "The next card you draw counts double: $, Cows and Bandits.",
    "extra_buy": "One more buy or burn this round.",
    "return_to_deck": "When you stop without busting, put one drawn card (this one too) on "
                      "top of your deck: its $ and Cows are not used.",
    "gift_others": "Every other player gets +$1 this round.",
    "pass_jail": "At the round's end, give this card to another player's discard pile.",
}
RISK = {"river": "a river back (1 cactus: safe)", "cactus": "a cactus back (2 cacti: mixed)",
        "rattlesnake": "a rattlesnake back (3 cacti: risky)"}


def card_notes() -> dict[str, str]:
    """Returns what every card does, keyed by its bare name (``c74``; starters ``c91``)."""
    out = {}
    for n, s in SPECS.items():
        parts = [s.text.rstrip(".") + "."]
        if s.effect in EFFECT_WORDS:
            parts.append(EFFECT_WORDS[s.effect])
        if s.bandits:
            parts.append(f"Its Bandit{'s' if s.bandits > 1 else ''} bring you nearer a bust "
                         "(3 Bandits bust you).")
        if s.jail:
            parts.append("A Jail cancels one Bandit this round, even one drawn later.")
        parts.append(f"It has {RISK[s.back]}.")
        parts.append("A starter card." if s.mark == "starter" else
                     f"Costs ${s.cost} in the Store (Act {s.act}).")
        out[f"c{n}"] = " ".join(parts)
    return out


def _face(card: str) -> str:
    return words(card)


def describe(st: State, seat: int, a: Action) -> str:
    """Returns one sentence saying what the legal action ``a`` of ``seat`` does."""
    t = a["type"]
    p = st.players[seat]
    said = _ABOUT_CARD.get(t)
    if said is not None:  # what is said of it depends on the card alone
        return said[a["card"]]
    if t == "draw":
        top = p.draw[0] if p.draw else None
        # The back's cacti tell its risk, which a newcomer does not know: said in words.
        back = f": {RISK[spec(top).back]}" if top else ""
        forced = (f" — {p.must_draw} forced draw{'s' if p.must_draw > 1 else ''} left"
                  if p.must_draw else "")
        return f"Draw your top card{back}{forced}"
    if t == "stop":
        tally = rules.kept_tallies(st)[seat]
        return f"Stop drawing and keep ${tally.cash} and {count(tally.cows, 'Cow')}"
    if t == "skip":
        return "Keep the card: do not look at your top three cards"
    if t == "reorder":
        faces = ", then ".join(_face(c) for c in a["order"])
        return f"Put your top cards back in this order, top first: {faces}"
    if t == "throw":
        return f"Throw {a['hand']} (rock beats scissors, scissors paper, paper rock)"
    if t == "first":
        # The order named, not "clockwise": a phone lists the seats one under another.
        def who(s: int, me: str) -> str:
            return me if s == seat else f"{{seat:{s}}}"
        then = "".join(f", then {who(s, 'you')}" for s in rules.buy_order(st, a["seat"])[1:])
        return f"Name {who(a['seat'], 'yourself')} to buy first{then}"
    if t == "buy":
        card = a["card"]
        left = rules.kept_tallies(st)[seat].cash - p.spent
        return f"Buy {_face(card)} for ${SPEC_OF[card].cost} of your ${left}: it joins your deck"
    if t == "pass":
        # One name whatever the purse: passing declines a burn as much as a buy (the
        # prompt says "buy one, burn one, or pass").
        return f"Pass: neither buy nor burn {'another' if p.bought else 'a'} card this round"
    if t == "give":
        return f"Give {_face(a['card'])} to {{seat:{a['to']}}}: it goes on their discard pile"
    return str(t)


# What trashing a card gives, said after its name (the card's own text already says when
# it may be trashed: the sentence does not say it again).
TRASH_GIVES = {
    "trash_for_2_dollars": "it leaves the game and counts $2 this round",
    "trash_for_jail": "it leaves the game and jails one Bandit this round",
    "trash_to_buy_first": "it leaves the game and you buy (or burn) first this round",
    "trash_to_replay": "it leaves the game, then play any card of your discard pile as if "
                      "drawn",
    "trash_to_reorder": "it leaves the game, and you look at your top three cards and put "
                        "them back in any order",
}


# A card whose label is its whole rule ("Trash while drawing: you buy (or burn) first this
# round") is named by what it does, in the words its face shows (its back, a strip of
# colour on a drawn card, names nothing a player reads).
TRASH_NAMES = {
    "trash_for_2_dollars": "the $1 card",
    "trash_to_buy_first": "the buy-first card",
    "trash_to_replay": "the replay card",
    "trash_to_reorder": "the reorder card",
}


def _trash_words(card: str) -> str:
    s, face = spec(card), _face(card)
    short = len(face) - len(s.back) <= 36  # a label of up to some 22 letters, quoted
    name = face if short else TRASH_NAMES.get(s.effect, "this card")
    return f"Trash {name}: {TRASH_GIVES.get(s.effect, 'it leaves the game')}"


# The moves whose sentence names a card and nothing else, made once per card: the Store's
# burns above all, a dozen or more in every buyer's legal list.
_ABOUT_CARD: dict[str, dict[str, str]] = {
    "trash": {c: _trash_words(c) for c in SPEC_OF},
    "replay": {c: f"Play {_face(c)} from your discard pile as if you had drawn it"
               for c in SPEC_OF},
    "return": {c: f"Put {_face(c)} back on top of your deck (its $ and Cows are not used)"
               for c in SPEC_OF},
    "burn": {c: f"Burn {_face(c)}: it leaves the Store for good, and nobody gets it"
             for c in SPEC_OF},
}


def refusal(st: State, seat: int, a: Action) -> Rule:
    """Returns the rule that forbids ``a`` to ``seat`` now."""
    t = a.get("type")
    if st.phase == Phase.OVER:
        return Rule("winning", "The game is over: the third Act's Store is empty.")
    acting = rules.to_act(st)
    p = st.players[seat] if 0 <= seat < st.seats else None
    if seat not in acting:
        if st.phase == Phase.DRAW and p is not None and p.status == Status.BUSTED:
            return Rule("busting", "You busted this round: you draw, score and buy nothing "
                        "more until the next one.")
        if st.phase == Phase.DRAW:
            return Rule("the-draw", "You stopped: the others are still drawing.")
        if st.phase == Phase.RPS:
            return Rule("the-buy-order", "Only the players tied for the buy order throw "
                        "rock-paper-scissors, once each exchange.")
        if st.phase in (Phase.BUY, Phase.CHOOSE):
            return Rule("the-buy-order", "Players buy one at a time, in the buy order.")
        return Rule("card-effects", "Only the owner of the pass-on Jail gives it away now.")
    if t in ("buy", "burn", "pass"):
        if st.phase != Phase.BUY:
            return Rule("buying", "Buying comes after everyone has stopped or busted.")
        if t == "buy":
            return Rule("buying", "You may buy a face-up Store card costing no more than the "
                        "$ you have left.")
        return Rule("buying", "You may burn any face-up Store card instead of buying.")
    if t in ("draw", "stop", "trash"):
        if st.phase != Phase.DRAW:
            return Rule("the-draw", "Drawing is over for this round.")
        if t == "stop" and p is not None and p.must_draw:
            return Rule("card-effects", "A card makes you draw four more: you may stop only "
                        "after them.")
        if t == "trash":
            return Rule("card-effects", "Only a trash-to-use card in front of you can be "
                        "trashed, and only while you are drawing.")
        return Rule("the-draw", "Draw while you have cards in your deck or discard pile, or "
                    "stop.")
    if st.phase == Phase.RPS:
        return Rule("the-buy-order", "Tied players throw rock, paper or scissors.")
    if st.phase == Phase.CHOOSE:
        return Rule("the-buy-order", "The winner of the buy order names a player still in "
                    "the round to buy first.")
    return Rule("card-effects", "A card's effect asks you for this choice first.")


def why_not(st: State, seat: int, legal_of: LegalOf = rules.legal) -> dict[str, Rule]:
    """Returns why each face-up Store card and each card in front of the seat cannot be
    used now (keyed by card name; those cards are face up for everyone); ``legal_of``
    gives the seat's legal actions (the plugin's, kept per state)."""
    if st.phase == _OVER:
        return {}
    p = st.players[seat]
    legal = legal_of(st, seat)
    out = _store_refusals(st, seat, legal)
    if p.row:
        trashable = {a["card"] for a in legal if a["type"] == "trash"}
        for c in p.row:
            if c not in trashable:
                out[c] = _WAITS[SPEC_OF[c].effect]
    return out


def _store_refusals(st: State, seat: int, legal: list[Action]) -> dict[str, Rule]:
    """Returns why each face-up Store card ``seat`` may not buy now cannot be bought."""
    if st.phase != _BUY:  # the same for every seat: made once per state, copied
        return dict(kept(st, "cards_for_cowboys.not_yet", _not_yet))
    up = pyramid.face_up(st.store)
    p = st.players[seat]
    if rules.may_act(st, seat):
        buyable = {a["card"] for a in legal if a["type"] == "buy"}
        left = rules.kept_tallies(st)[seat].cash - p.spent
        return {c: _too_dear(SPEC_OF[c].cost, left) for c in up if c not in buyable}
    return dict.fromkeys(up, _BUSTED_BUYS if p.status == _BUSTED
                         else _not_your_buy(st.order[st.buyer]))


def _not_yet(st: State) -> dict[str, Rule]:
    """Returns every face-up Store card, with the rule that buying comes after drawing."""
    return dict.fromkeys(pyramid.face_up(st.store), _AFTER_DRAWING)


# The rules are frozen values: each is made once and shared by every refusal that gives it.
_AFTER_DRAWING = Rule("buying", "Cards are bought after everyone has stopped or busted.")
_BUSTED_BUYS = Rule("busting", "You busted this round: you buy nothing.")


@lru_cache(maxsize=256)
def _too_dear(cost: int, left: int) -> Rule:
    """Returns why a Store card costing ``cost`` cannot be bought with ``left`` $ left."""
    return Rule("buying", f"It costs ${cost}; you have ${left} left. You may still burn it.")


@lru_cache(maxsize=8)
def _not_your_buy(buyer: int) -> Rule:
    """Returns why a seat cannot buy while ``buyer`` buys."""
    return Rule("the-buy-order", f"{{seat:{buyer}}} is buying; your turn to buy comes in "
                "the buy order.")


def _waits(effect: str) -> Rule:
    """Returns why a card in front of its owner with ``effect`` cannot be trashed now."""
    if effect in rules.TRASH_WHILE_DRAWING:
        return Rule("card-effects", "It can be trashed only while you are drawing"
                    + (" and your discard pile holds a card." if effect == "trash_to_replay"
                       else "."))
    if effect in ("trash_to_reorder", "reorder_top_three", "return_to_deck"):
        return Rule("card-effects", "Its effect works when you stop drawing.")
    return Rule("card-effects", "It counts where it lies: nothing to do with it now.")


_WAITS = {effect: _waits(effect) for effect in EFFECTS}


def score_so_far(st: State, seat: int) -> dict[str, Any]:
    """Returns this round's $, Cows and Bandits for the seat, and its Herd as it would stand
    if the round ended now (a bust scores nothing); read, never changed."""
    p = st.players[seat]
    return _score(st.act, st.round, st.phase == _DRAW, p.status == _BUSTED, p.herd,
                  p.round_cows, rules.kept_tallies(st)[seat])


# Keyed on all it reads, which every seat sees; a seat's score mostly stands from one move
# to the next (another seat moved), so most documents find it here.
@lru_cache(maxsize=4096)
def _score(act: int, round_: int, drawing: bool, busted: bool, herd: int, round_cows: int,
           t: rules.Tally) -> dict[str, Any]:
    """Returns ``score_so_far`` of a seat whose Herd is ``herd`` (``round_cows`` of it
    scored this round, once drawing is over) and whose tally is ``t``."""
    before = herd - (round_cows if not drawing else 0)
    lines: list[list[Any]] = [["Herd before this round", before]]
    notes = [f"${t.cash} this round" + (f" (${t.gift} of it gifts)" if t.gift else ""),
             f"Bandits: {t.bandits}, Jails: {t.jails} — {BUST} Bandits not jailed bust you"]
    if drawing:
        if busted:
            lines.append(["Busted: no Cows this round", 0])
            total = herd
        else:
            gain = max(0, herd + t.cows) - herd
            lines.append([f"Cows this round: {t.cows}", gain])
            total = herd + gain
    else:
        lines.append(["Cows this round" if not busted else "Busted: no Cows", round_cows])
        total = herd
    return {"title": f"Act {act}, round {round_}", "lines": lines,
            "total": float(total), "notes": notes}


def situations(st: State, seat: int) -> dict[str, Rule]:
    """Returns the situations the seat is in, each with a first-game hint."""
    out: dict[str, Rule] = {}
    p = st.players[seat]
    phase = st.phase
    acting = rules.may_act(st, seat)
    if phase == _DRAW and p.status == _DRAWING and not p.pending:
        out["first_draw"] = _HINTS["first_draw"]
        t = rules.kept_tallies(st)[seat]
        if t.bandits - t.jails == BUST - 1:
            out["two_bandits"] = _HINTS["two_bandits"]
    if phase != _OVER and p.status == _BUSTED:
        out["first_bust"] = _HINTS["first_bust"]
    if acting and p.pending:
        out["effect_choice"] = _HINTS["effect_choice"]
    if acting and phase == _BUY:
        out["first_buy"] = _HINTS["first_buy"]
    if acting and phase == _RPS:
        out["rps"] = _HINTS["rps"]
    if acting and phase == _CHOOSE:
        out["choose"] = _HINTS["choose"]
    return out


# Each situation's hint, made once (a rule is a frozen value) and shared by every answer.
_HINTS = {
    "first_draw": Rule("the-draw", "Draw cards one at a time for $ and Cows, or stop. The "
                       "back of your top card shows its risk: more cacti, more Bandits. "
                       "Three Bandits bust you."),
    "two_bandits": Rule("busting", "Two Bandits: one more and you bust, losing this round's "
                        "Cows and buys. Stopping is safe."),
    "first_bust": Rule("busting", "Bust! Three Bandits: this round you score no Cows and buy "
                       "nothing. Your cards go to your discard pile."),
    "effect_choice": Rule("card-effects", "A card's effect asks you to choose."),
    "first_buy": Rule("buying", "Buy one face-up Store card you can pay for, burn one so "
                      "nobody gets it, or pass. Bought cards join your deck."),
    "rps": Rule("the-buy-order", "A tie for the buy order: rock-paper-scissors decides who "
                "names the first buyer."),
    "choose": Rule("the-buy-order", "You won the buy order: name who buys first (often "
                   "yourself)."),
}
