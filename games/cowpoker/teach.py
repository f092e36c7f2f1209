"""The game in words for one seat: what each legal move does, why a card cannot be used
now, which rule refuses a move, the three poker hands as they stand, and first-game
hints.

Only what the seat sees is read: its hand and Cellar, every Gang, the trick on the
table. Anchors are the headings of ``rules.md``.
"""

from __future__ import annotations

from typing import Any

from games.base import LegalOf, Rule
from games.cowpoker import rules, scoring
from games.cowpoker.cards import CARDS, EFFECT_KINDS, PLACES, TOWN, CowCard
from games.cowpoker.state import Phase, State
from games.cowpoker.words import who
from games.plural import count

Action = dict[str, Any]

RANK_WORDS = {"2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven",
              "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King",
              "A": "Ace", "Joker": "Joker"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _face(card_id: str) -> str:
    c = CARDS[card_id]
    if c.rank == "Joker":
        return "a Joker"
    return f"the {RANK_WORDS[c.rank]} of {SUIT_WORDS[c.suit]}"


def _card(card_id: str) -> str:
    c = CARDS[card_id]
    return f"{c.name} ({_face(card_id)}, {c.ranch})"


def card_notes() -> dict[str, str]:
    """Returns every card's Ranch, values and effect, keyed by its id (``c05``); the card's
    name is its title wherever the note is shown, so the note does not repeat it."""
    out = {}
    for cid, c in CARDS.items():
        face = _face(cid)
        home = "the Town" if c.ranch == TOWN else f"the {c.ranch} Ranch"
        # A card that always goes into a Gang never reaches a Cellar, even from a trick.
        lies = "in a Gang" if c.place else "in a Gang or Cellar"
        parts = [f"{face[0].upper()}{face[1:]}, of {home}.",
                 f"{c.points} point{'s' if c.points != 1 else ''} {lies}; "
                 f"Roundup {c.roundup}, Gunfight {c.gunfight}."]
        if c.rank == "Joker":
            parts.append("Jokers are wild.")
        if c.effect == "none":
            if not c.place and c.rank != "Joker":
                parts.append("No special effect.")
        else:
            parts.append(c.effect_text)
            if c.effect in ("roundup", "gunfight"):
                parts.append(f"Playing it {EFFECT_KINDS[c.effect]}.")
            parts.append(_whose_effect(c))
        if c.place:
            parts.append(f"It always goes into {PLACES[c.place]}.")
        if c.is_ace:
            parts.append(f"The boss of {c.ranch}: in another Gang, {c.ranch}'s effects work "
                         "for that Gang.")
        out[cid] = " ".join(parts)
    return out


def _whose_effect(c: CowCard) -> str:
    """Says for whom a card's effect works (``rules.works_for``; a Wild card's rank is wild
    wherever it lies; Deadwood skips Live Player instructions)."""
    if c.effect == "wild":
        return "Its effect works wherever it lies, whoever played it."
    who = ("anyone" if c.ranch == TOWN else
           f"{c.ranch}, or a Ranch whose Gang holds {c.ranch}'s Ace")
    if c.live_only:
        return f"Its effect works for {who}, when a live player plays it (Deadwood skips it)."
    return f"Its effect works for {who}."


def describe(st: State, seat: int, a: Action) -> str:
    """Returns one sentence saying what the legal action ``a`` of ``seat`` does."""
    t = a["type"]
    pos = st.position_of(seat)
    if t == "play":
        cid = a["card"]
        c = CARDS[cid]
        target = scoring.placement_target(st, pos, cid)
        # A card that goes into a given Gang says which and why, yours included (at a tie
        # it may be yours, first in turn order, and later another's).
        where = ("your Gang" if c.place is None
                 else f"your Gang (it always goes into {PLACES[c.place]}, now yours)"
                 if target == pos
                 else f"{who(st, target)}'s Gang (it always goes into {PLACES[c.place]})")
        effect = "; Jokers are wild" if c.is_joker else ""
        if c.effect != "none" and not rules.ignored_for(st, pos, cid):
            effect += f"; {c.effect_text}"
        elif c.effect != "none":
            effect += "; its effect is not yours"
        pts = f"{c.points:+g} point{'' if abs(c.points) == 1 else 's'}"
        return f"Play {c.name} into {where}: {pts}{effect}"
    if t == "trick":
        cid = a["card"]
        c = CARDS[cid]
        kind = st.trick.kind if st.trick else "roundup"
        val = c.roundup if kind == "roundup" else c.gunfight
        # The rules: a card's Special Effect does not take effect in a trick (a Wild
        # card's rank stays wild where it ends up), and a card that always goes into a
        # Gang goes there, not to the winner's Cellar.
        then = (f"; then it goes into {PLACES[c.place]}, whoever wins" if c.place else "")
        ignored = "; its effect is ignored in a trick" if c.effect_text and \
            c.effect != "wild" else ""
        return f"Play {c.name} to the {kind.capitalize()}: it counts {val}{then}{ignored}"
    if t == "call":
        return (f"Call a {a['trick'].capitalize()}: everyone plays a card; the highest "
                f"{'Roundup' if a['trick'] == 'roundup' else 'Gunfight'} value wins them")
    if t == "rustle":
        owner = next(p for p in range(4) if a["card"] in st.gangs[p])
        return f"Rustle {_card(a['card'])} from {who(st, owner)}'s Gang into yours"
    if t == "unload":
        target = st.ranch.index(a["to"])
        return f"Move {_card(a['card'])} from your Gang into {who(st, target)}'s Gang"
    if t == "keep":
        return "Keep your Gang as it is: move nothing"
    return str(t)


def refusal(st: State, seat: int, a: Action) -> Rule:
    """Returns the rule that forbids ``a`` to ``seat`` now."""
    if st.phase == Phase.OVER:
        return Rule("the-end", "The game is over: the deck could not be drawn from.")
    if seat not in range(st.seats) or rules.acting_position(st) != st.position_of(seat):
        if st.phase == Phase.TRICK:
            return Rule("roundups-and-gunfights", "In a Roundup or Gunfight each Ranch plays "
                        "one card, in turn from the caller's left.")
        return Rule("a-turn", "Only the Ranch whose turn it is plays.")
    t = a.get("type")
    phase_rules = {
        Phase.PLAY: Rule("a-turn", "Play one card from your hand into your Gang."),
        Phase.TRICK: Rule("roundups-and-gunfights", "Play one card from your hand to the "
                          "Roundup or Gunfight."),
        Phase.SHOWDOWN: Rule("special-effects", "Your card says \"you choose\": call a "
                             "Roundup or a Gunfight."),
        Phase.RUSTLE: Rule("special-effects", "A rustle takes a card from another Gang: the "
                           "newest card of one, or any card for a Live Player rustle."),
        Phase.UNLOAD: Rule("special-effects", "You may move one card of your Gang into "
                           "another Gang, or keep it."),
    }
    rule = phase_rules.get(st.phase, Rule("a-turn", "A turn is a draw and one card played."))
    if t in ("play", "trick") and st.phase in (Phase.PLAY, Phase.TRICK):
        return Rule(rule.anchor, rule.text + " The card must be one you hold.")
    return rule


def why_not(st: State, seat: int, legal_of: LegalOf | None = None) -> dict[str, Rule]:
    """Returns why each card the seat holds, or sees in a Gang, cannot be used now;
    ``legal_of`` gives the seat's legal actions (the plugin's, kept per state)."""
    if st.phase == Phase.OVER:
        return {}
    pos = st.position_of(seat)
    acting = rules.acting_position(st)
    legal = legal_of(st, seat) if legal_of is not None else rules.legal(st, pos)
    used = {a["card"] for a in legal if "card" in a}
    waiting = [c for c in st.hands[pos] if c not in used]
    # Every card of the hand waits for the same reason: one Rule (a frozen value) for all.
    out: dict[str, Rule] = dict.fromkeys(waiting, _waits(st, pos, acting)) if waiting else {}
    if acting == pos and st.phase == Phase.RUSTLE:
        for p in range(4):
            if p == pos:
                continue
            for c in st.gangs[p]:
                if c not in used:
                    out[c] = _NEWEST_ONLY
    return out


_NEWEST_ONLY = Rule("special-effects", "This rustle takes only the newest card of a Gang "
                    "(the last one played into it).")


def _waits(st: State, pos: int, acting: int | None) -> Rule:
    """Returns why a card of the hand at ``pos`` cannot be played now."""
    if acting == pos:
        return Rule("special-effects", "First finish your card's effect (the choice above).")
    if st.phase == Phase.TRICK:
        now = who(st, acting) if acting is not None else "Another Ranch"
        return Rule("roundups-and-gunfights", f"{now} plays to the trick now; your card "
                    "comes in your place in it.")
    return Rule("a-turn", f"It is {who(st, st.turn)}'s turn.")


def score_so_far(st: State, seat: int) -> dict[str, Any]:
    """Returns the seat's three poker hands as they stand and its score from what it sees
    (its Gang points and the best Gang's +6; Cellar and Hand bonuses wait for the end)."""
    pos = st.position_of(seat)
    if st.phase == Phase.OVER:
        row = scoring.final(st)[pos]
        final = [[line["what"] + (f": {line['hand']}" if line.get("hand") else ""),
                  line["points"]] for line in row["lines"]]
        return {"title": "The final score", "lines": final, "total": float(row["total"]),
                "notes": []}
    gangs = scoring.kept_gangs(st)  # valued once per state, as the views value them
    # The best Gang's share of the +6, as the scores shown count it: none while every
    # Gang is empty, since an empty Gang holds no poker hand.
    gang_bonus = gangs.bonus.get(pos, 0.0)
    best = pos in gangs.bonus
    gang_pts = float(gangs.points[pos])
    gang = f"Gang: {scoring.hand_words(gangs.values[pos])}"
    lines: list[list[Any]] = [
        ["Gang points", gang_pts],
        [gang + (" — the best Gang" if best else ""), gang_bonus],
    ]
    cellar = st.cellars[pos]
    notes = [f"Cellar: {scoring.place_words(cellar)}, "
             f"{count(scoring.points(cellar), 'point')} (the fewest Cellar points cost -6)",
             f"Hand: {scoring.place_words(st.hands[pos])}",
             "The best Cellar and the best Hand (+6 each) are settled when the game ends: "
             "the others' are face down."]
    return {"title": "Your three poker hands now", "lines": lines,
            "total": gang_pts + gang_bonus, "notes": notes}


def situations(st: State, seat: int) -> dict[str, Rule]:
    """Returns the situations the seat is in, each with a first-game hint."""
    out: dict[str, Rule] = {}
    if st.phase == Phase.OVER:
        return out
    pos = st.position_of(seat)
    if rules.acting_position(st) != pos:
        return out
    if st.phase == Phase.PLAY:
        out["first_play"] = Rule("a-turn", "Your turn: play one card into your Gang. Its "
                                 "effect works if it is your Ranch's card or the Town's. "
                                 "The cards you keep are your poker Hand at the end.")
    if st.phase == Phase.TRICK:
        kind = st.trick.kind if st.trick else "roundup"
        out["first_trick"] = Rule("roundups-and-gunfights", f"A {kind.capitalize()}! Play a "
                                  f"card: the highest {kind.capitalize()} value takes the "
                                  "cards into its Cellar, face down (a card that always "
                                  "goes into a Gang goes there instead). Cards played here "
                                  "have no special effect.")
    if st.phase == Phase.SHOWDOWN:
        out["showdown"] = Rule("special-effects", "You choose: a Roundup or a Gunfight. Pick "
                               "the one your hand has the higher values for.")
    if st.phase == Phase.RUSTLE:
        out["rustle"] = Rule("special-effects", "Rustle: take a card from another Gang into "
                             "yours.")
    if st.phase == Phase.UNLOAD:
        out["unload"] = Rule("special-effects", "You may move one card of your Gang into "
                             "another Gang: a good way to spoil a rival's poker hand.")
    return out
