"""The game in words for one seat: what each legal move does, why a card cannot be used
now, which rule refuses a move, the score if the hand ended now, and first-game hints.

Everything here reads only what the seat sees: its own hand, the tables, the top
discard. The anchors are the headings of ``rules.md``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.base import LegalOf, Rule
from games.plural import count, listed
from games.wyoming_cowboy import rules, scoring
from games.wyoming_cowboy.cards import CARD_WORDS, SUIT_WORDS, words
from games.wyoming_cowboy.guns import KINDS, gun_name
from games.wyoming_cowboy.state import Phase, State, Step
from games.wyoming_cowboy.view import pass_direction

Action = dict[str, Any]

SIXES = Rule("sixes", "A 6 may be discarded only when every other card in your hand "
             "(other 6s aside) would score.")
PASS_RULE = Rule("the-opening-pass", "Everyone passes at the same time; nothing else is "
                 "played until every seat has chosen its cards.")
DISCARD_RULE = Rule("discarding-and-drawing", "A turn ends with one discard and a draw: one "
                    "card from the pile or the top discard, two after a 5.")
SHOOT_RULE = Rule("shooting", "You shoot in your own turn, as its one action, with guns "
                  "pulled in an earlier turn, each at most once, at another seat.")
ANSWER_RULE = Rule("answering-a-shot", "Shot at, you may backfire a 6 (only against a .22), "
                   "quick draw a same-suit 3-5-7, or let the shot come.")

# Why a card waits, where the reason is the same for every card (``why_not``); made once,
# as a document for every seat asks after every move.
_PASSED = Rule("the-opening-pass", "You have passed: the others are still choosing.")
_BEING_DEALT = Rule("the-end-of-a-hand", "The hand is over: the next one is being dealt.")
_CHOOSE_DIRECTION = Rule("the-opening-pass", "First choose which way the opening three "
                         "cards are passed.")
_DEAL_NEXT = Rule("the-end-of-a-hand", "The hand is over: deal the next one.")
_HAND_OVER_ONLY = Rule("shooting", "Hit, you hand over a cowboy (a king) the gun could "
                       "reach; nothing else.")
# Why a gun cannot fire now, by its kind (``_gun_reason``).
_GUN_WAITS = {k: Rule("shooting", f"Your {gun_name(k)} fires only in your own turn.")
              for k in KINDS}
_GUN_FRESH = {k: Rule("guns", f"Your {gun_name(k)} was pulled this turn: it fires from "
                      "your next turn.") for k in KINDS}
_GUN_FIRED = {k: Rule("shooting", f"Your {gun_name(k)} has fired this turn: each gun fires "
                      "once a turn.") for k in KINDS}
_HAD_ITS_ACTION = Rule("shooting", "Shooting is a turn's one action, and this turn has had "
                       "its action.")

# On Python 3.11 every ``Phase.X`` and ``Step.X`` goes through the enum metaclass's
# attribute hook (see rules.py): what every seat's document asks after every move reads
# the members from these globals instead.
_DIRECTION, _PASS, _TURN, _SCORING, _OVER = (Phase.DIRECTION, Phase.PASS, Phase.TURN,
                                             Phase.SCORING, Phase.OVER)
_ACT, _REACT, _HAND_OVER, _DISCARD = Step.ACT, Step.REACT, Step.HAND_OVER, Step.DISCARD
_VICTIM_STEPS = (_REACT, _HAND_OVER)  # a victim acts in these steps, not the turn's seat
_HAND_DONE = (_SCORING, _OVER)  # the hand's lines are scored and shown

CARD_NOTES = {
    "2": "A pair of 2s is a .22: it shoots unprotected cowboys, and a 6 may backfire it. "
         "A .22 still held when the hand ends is delay of game (-30). All the 10s and a .22 "
         "on the table end the hand.",
    "3": "Part of the .38 (with an 8), the .357 (with a 5 and a 7) and the quick draw "
         "(a 3-5-7 of one suit).",
    "4": "Part of the .45 (with the 5 of its suit), the one gun that hits protected cowboys.",
    "5": "Part of the .45 (with the 4 of its suit), the .357 (with a 3 and a 7) and the "
         "quick draw; discarding it lets you draw two.",
    "6": "-20 if you hold it when the hand ends (three 6s are a 666: -100). You may "
         "discard it only when every other card you hold would score. Hand it to a "
         "shooter to backfire his .22.",
    "7": "Part of the .357 and the quick draw (a 3-5-7 of one suit, pulled when shot at).",
    "8": "Part of the .38 (with a 3).",
    "9": "Played as your action: everyone passes two cards the way you choose.",
    "T": "Discarded, it goes on your table for +10. Held when the hand ends, it is delay "
         "of game (-30). All the 10s and a .22 on the table end the hand.",
    "J": "All four jacks are an orphanage (+80); with its suit's protected king and queen, "
         "a family (+120). A jack outside them scores nothing.",
    "Q": "A harlot (-25) unless in a harem (all four queens, +100) or a family; with her "
         "king, a couple to show (+25), or a marriage when the hand ends (-50).",
    "K": "A cowboy: +25 when the hand ends. Guns take him unless his badge (the ace of his "
         "suit) protects him. All four kings are a gang (+150).",
    "A": "A badge: it protects the king of its suit (only a .45 can take him). Four "
         "protected kings are a posse (+200); with queen and jack, a family (+120).",
}

_DIRECTIONS = {"left": "to the left", "right": "to the right", "across": "across the table"}



def card_notes() -> dict[str, str]:
    """Returns what every card does, keyed by its text (``5H``)."""
    return {r + s: note for r, note in CARD_NOTES.items() for s in SUIT_WORDS}


def _list(cards: list[str]) -> str:
    return listed([f"the {CARD_WORDS[c]}" for c in cards])


def _standing(st: State) -> str:
    """Says what letting the pending shot come does, as ``rules.resolve_shot`` will."""
    victim = st.pending["victim"]
    free, prot = rules.unprotected(st, victim), rules.protected(st, victim)
    if not rules.reaches(free, prot, st.pending["kind"]):
        return "Let the shot come: it can reach none of your cowboys, so it misses"
    if not rules.available(st):
        return "Let the shot come: no card is left to turn for it, so it misses"
    return "Let the shot come: a card turned from the pile decides"


def _ability(kind: str) -> str:
    if kind == "45":
        return "can hit a protected cowboy"
    if kind == "22":
        return "hits an unprotected cowboy only; a 6 may backfire it"
    return "hits an unprotected cowboy only"


@lru_cache(maxsize=512)  # at most 3 x 2 x 53 (pile, discard, top): kept whole
def _drawing(pile: int, disc: int, top: str | None) -> str:
    """What a discard's sentence says is drawn: ``pile`` cards, and the discard ``top``
    if ``disc``; made once, as every legal list of a turn says it of each card."""
    parts = []
    if disc:
        parts.append(f"take the {words(top)} from the discards" if top else "take the top discard")
    if pile:
        parts.append(f"draw {pile} from the pile")
    if not parts:
        return ", and draw nothing"
    two = " (a 5 lets you draw two)" if pile + disc == 2 else ""
    return ", then " + " and ".join(parts) + two


def _badges(a: Action) -> str:
    b = a.get("badges")
    return _copy(None if b is None else bool(b))


def _copy(badges: bool | None) -> str:
    """Which copy of a cowboy with a badge an action takes: ``None``, no choice."""
    if badges is None:
        return ""
    return " (the protected one, his badge with him)" if badges else " (the unprotected copy)"


def describe(st: State, seat: int, a: Action) -> str:
    """Returns one sentence saying what the legal action ``a`` of ``seat`` does."""
    t = a["type"]
    if t == "discard":  # asked first: most of a legal list is discards (each card, each draw)
        return _discard(st, a)
    if t == "direction":
        return f"Have everyone pass three cards {_DIRECTIONS[a['direction']]}"
    if t == "pass":
        way = pass_direction(st)
        return f"Pass {_list(a['cards'])}{_badges(a)} {way}"
    if t == "nothing":
        return "You hold no cards: end your turn without discarding or drawing"
    if t == "couple":
        return f"Show the King and Queen of {SUIT_WORDS[a['suit']]}: +25 at once"
    if t == "nine":
        return (f"Play the {words(a['card'])}: everyone passes two cards "
                f"{_DIRECTIONS[a['direction']]}, then you discard and draw")
    if t == "pull":
        return (f"Pull a {gun_name(a['gun'])} ({_list(a['cards'])}) onto your table — it "
                f"{_ability(a['gun'])}, from your next turn")
    if t == "shoot":
        gun = rules.find_gun(st, seat, a["gun"])
        kind = gun["kind"]
        return f"Shoot {{seat:{a['target']}}} with your {gun_name(kind)} — {_ability(kind)}"
    if t == "backfire":
        shooter = st.pending["shooter"]
        return f"Backfire: hand {{seat:{shooter}}} your {words(a['card'])} instead of the shot"
    if t == "quick_draw":
        return (f"Quick draw {_list(a['cards'])}: they go on your table as a .357 and you "
                f"take {{seat:{st.pending['shooter']}}}'s {gun_name(st.pending['kind'])}")
    if t == "stand":
        return _standing(st)
    if t == "hand_over":
        n = a["draw"]
        more = f"draw {n} card{'s' if n != 1 else ''} to replace him" if n else "draw nothing"
        return f"Hand the {words(a['card'])} to {{seat:{st.pending['shooter']}}} and {more}"
    if t == "deal":
        return "Deal the next hand: seven cards each, and the opening pass"
    return str(t)


# How a discard's sentence starts in each step of a turn (none in the others).
_STARTS = {Step.ACT: "Skip your action and ", Step.SHOOT: "Stop shooting: "}


def _discard(st: State, a: Action) -> str:
    """``describe`` of a discard: what becomes of the card, then what is drawn."""
    card, pile, disc = a["card"], a["pile"], a["discard"]
    badges = a.get("badges")
    ends = card[0] == "T" and pile == 0 and disc == 0 and rules.ends_with_ten(st)
    head = _discard_head(card, None if badges is None else bool(badges),
                         _STARTS.get(st.step, ""), ends)
    return head if ends else head + _drawing(pile, disc, rules.takeable(st) if disc else None)


@lru_cache(maxsize=1024)  # at most 52 x 3 x 3 x 2 (card, badges, start, ends): kept whole
def _discard_head(card: str, badges: bool | None, start: str, ends: bool) -> str:
    """What a discard's sentence says becomes of ``card`` (``badges``: which copy of a
    cowboy with a badge, if a choice; ``ends``: a 10 that ends the hand), capitalized;
    made once, as every legal list of a turn says it of each card."""
    if card[0] == "T":
        head = f"lay the {CARD_WORDS[card]} on your table (+10)"
        if ends:
            head += " — the last 10 with a .22 out: it ends the hand (+30)"
    elif card[0] == "6":
        head = f"discard the {CARD_WORDS[card]} (a 6 held costs -20)"
    else:
        head = f"discard the {CARD_WORDS[card]}{_copy(badges)}"
    text = start + head
    return text[0].upper() + text[1:]


def refusal(st: State, seat: int, a: Action) -> Rule:
    """Returns the rule that forbids ``a`` to ``seat`` now."""
    if st.phase == Phase.OVER:
        return Rule("the-end", "The game is over: a seat reached the target (or the last "
                    "hand was played).")
    acting = rules.to_act(st)
    t = a.get("type")
    if st.phase == Phase.DIRECTION:
        return Rule("set-up", "The dealer first chooses which way the opening three cards go.")
    if st.phase == Phase.PASS:
        if seat not in acting:
            return Rule("the-opening-pass", "Each seat passes once; the others are still "
                        "choosing.")
        if t == "pass":
            return Rule("the-opening-pass", f"Pass exactly {count(st.pass_size, 'card')} you hold "
                        "(fewer only if you hold fewer).")
        return PASS_RULE
    if st.phase == Phase.SCORING:
        return Rule("the-end-of-a-hand", "The hand is over: the seat on the dealer's right "
                    "deals the next one.")
    if seat not in acting:
        if st.step in (Step.REACT, Step.HAND_OVER):
            return Rule("answering-a-shot", "The seat shot at answers first.")
        return Rule("a-turn", "Only the seat whose turn it is may act.")
    if st.step == Step.REACT:
        return ANSWER_RULE
    if st.step == Step.HAND_OVER:
        return Rule("shooting", "Hit, you hand over one of your unprotected cowboys (a "
                    "protected one only to a .45) and may draw a replacement.")
    if t == "discard" and str(a.get("card", ""))[:1] == "6" and not rules.may_discard_six(st, seat):
        return SIXES
    if t in ("discard", "nothing"):
        return DISCARD_RULE
    if t == "shoot":
        return SHOOT_RULE
    if st.step != Step.ACT and t in ("couple", "nine", "pull"):
        return Rule("a-turn", "A turn has one action at most: after it you discard and draw.")
    if t == "pull":
        return Rule("guns", "Pull one gun whose cards you hold, as your turn's action.")
    if t == "couple":
        return Rule("couples", "Show the King and Queen of one suit you hold, once per suit "
                    "a hand.")
    if t == "nine":
        return Rule("playing-a-9", "Play a 9 you hold, passing left, right or across.")
    return Rule("a-turn", "A turn is one action or none, then a discard and a draw.")


def why_not(st: State, seat: int, legal_of: LegalOf = rules.legal) -> dict[str, Rule]:
    """Returns why each card the seat holds (or each card of its guns) is not usable now;
    ``legal_of`` gives the seat's legal actions (the plugin's, kept per state)."""
    phase = st.phase
    if phase == _OVER:
        return {}
    hand = st.hands[seat]
    acting = rules.to_act(st)
    out: dict[str, Rule]
    if seat not in acting:
        if phase == _PASS:
            rule = _PASSED
        elif phase == _DIRECTION:
            rule = Rule("set-up", f"{{seat:{st.dealer}}} is choosing the direction of the pass.")
        elif phase == _SCORING:
            rule = _BEING_DEALT
        else:
            rule = _not_your_turn(acting)
        out = dict.fromkeys(hand, rule)
    elif phase == _DIRECTION:
        out = dict.fromkeys(hand, _CHOOSE_DIRECTION)
    elif phase == _SCORING:
        out = dict.fromkeys(hand, _DEAL_NEXT)
    else:
        legal = legal_of(st, seat)
        used = {x["card"] for x in legal if "card" in x}
        for x in legal:
            if "cards" in x:
                used.update(x["cards"])
        step = st.step
        out = {}
        for c in hand:
            if c in used:
                continue
            if step == _REACT:
                out[c] = ANSWER_RULE
            elif step == _HAND_OVER:
                out[c] = _HAND_OVER_ONLY
            elif c[0] == "6":
                out[c] = SIXES
            else:
                out[c] = DISCARD_RULE
    for g in st.guns[seat]:
        reason = _gun_reason(st, seat, g)
        if reason:
            for c in g["cards"]:
                out.setdefault(c, reason)
    return out


@lru_cache(maxsize=256)  # one set of seats to act in a turn: a few per table size
def _not_your_turn(acting: frozenset[int]) -> Rule:
    """Why a seat waiting for ``acting`` in a turn can use no card."""
    who = ", ".join(f"{{seat:{s}}}" for s in sorted(acting))
    return Rule("a-turn", f"It is not your turn: {who} is to act.")


def _gun_reason(st: State, seat: int, g: dict[str, Any]) -> Rule | None:
    kind = g["kind"]
    if st.phase != _TURN or st.turn != seat or st.step in _VICTIM_STEPS:
        return _GUN_WAITS[kind]
    if g["fresh"]:
        return _GUN_FRESH[kind]
    if g["id"] in st.fired:
        return _GUN_FIRED[kind]
    if st.step == _DISCARD or (st.acted and st.acted != "shoot"):
        return _HAD_ITS_ACTION
    return None


# What the view's ``scores`` count, said above them: a 10 face up on a table is in a
# seat's lines "if the hand ended now" but not in its score yet, which read as a mistake.
STANDINGS = "Everyone's points banked (a hand's cards count when it ends, a couple at once)"


def score_so_far(st: State, seat: int) -> dict[str, Any]:
    """Returns the seat's hand as it would score if the hand ended now (without the +30
    for ending it), from its own hand and its table; after a hand, that hand's lines.
    The earlier hands are a line of their own, so that the lines add up to the total."""
    if st.phase in _HAND_DONE and st.history:
        h = st.history[-1]
        hand = h["seats"][seat]["total"]
        earlier = st.totals[seat] - hand
        lines = ([["Earlier hands", earlier]] if h["hand"] > 1 else []) + [
            list(x) for x in h["seats"][seat]["lines"]]
        return {"title": f"Hand {h['hand']}, as scored", "lines": lines,
                "hand": hand, "total": float(st.totals[seat]),
                "notes": [f"Your total after it: {st.totals[seat]}."], "standings": STANDINGS}
    hand, now = scoring.held_lines(st.hands[seat], st.badges[seat], st.tens[seat],
                                   st.couples[seat], st.options)
    return _so_far(st.hand_no, st.totals[seat], hand, now)


@lru_cache(maxsize=1024, typed=True)  # typed: 10 and 10.0 print apart
def _so_far(hand_no: int, earlier: int, hand: int, now: tuple[tuple[str, int], ...],
            ) -> dict[str, Any]:
    """``score_so_far`` during a hand, kept: most moves leave a seat's cards as they were,
    and its document then holds the very object it held (read, never changed), which a
    patch passes over without comparing it."""
    return {"title": f"Hand {hand_no} if it ended now",
            "lines": ([["Earlier hands", earlier]] if hand_no > 1 else [])
            + [[label, p] for label, p in now],
            "hand": hand, "total": float(earlier + hand),
            "notes": ["Ending the hand yourself adds +30."], "standings": STANDINGS}


def situations(st: State, seat: int, legal_of: LegalOf = rules.legal) -> dict[str, Rule]:
    """Returns the situations the seat is in, each with a first-game hint (``legal_of``:
    as for ``why_not``)."""
    out: dict[str, Rule] = {}
    phase = st.phase
    acting = rules.to_act(st)
    if phase == _DIRECTION and seat == st.dealer:
        # Three seats (and five or seven unless an option says what across means there)
        # have no seat across: the hint offers only what the buttons offer.
        across = "across" in rules.directions(st)
        out["direction"] = _HINTS["direction" if across else "direction_sideways"]
    if phase == _PASS and seat in acting:
        if st.pass_size == rules.OPENING_PASS:
            out["opening_pass"] = _HINTS["opening_pass"]
        else:  # the advice fits the hand: a 6 to lose, or none
            six = any(c[0] == "6" for c in st.hands[seat])
            out["nine_pass"] = _HINTS["nine_pass_six" if six else "nine_pass"]
    if phase != _TURN:
        if phase == _SCORING:
            out["hand_end"] = _HINTS["hand_end"]
        return out
    if seat not in acting:
        return out
    step = st.step
    if step == _REACT:
        out["shot_at"] = _HINTS["shot_at"]
        return out
    if step == _HAND_OVER:
        out["hit"] = _HINTS["hit"]
        return out
    if seat != st.turn:
        return out
    kinds = {a["type"] for a in legal_of(st, seat)}
    if step == _ACT:
        out["first_turn"] = _HINTS["first_turn"]
    for kind, situation in _ACTION_HINTS:
        if kind in kinds:
            out[situation] = _HINTS[situation]
    if any(c[0] == "6" for c in st.hands[seat]) and not rules.may_discard_six(st, seat):
        out["sixes"] = _HINTS["sixes"]
    return out


# Each situation's hint, by its key.
_HINTS = {
    "direction": Rule("the-opening-pass", "You deal: choose which way everyone passes three "
                      "cards. Left, right, or across the table."),
    "direction_sideways": Rule("the-opening-pass", "You deal: choose which way everyone "
                               "passes three cards, to the left or to the right."),
    "opening_pass": Rule("the-opening-pass", "Pick three cards to pass. Good ones to lose: "
                         "6s (-20 each) and lone queens (-25). You see what comes in after "
                         "everyone has chosen."),
    "nine_pass_six": Rule("playing-a-9", "A 9 was played: everyone passes two cards that "
                          "way. Time to lose a 6 (-20 each)."),
    "nine_pass": Rule("playing-a-9", "A 9 was played: everyone passes two cards that way. "
                      "Lose the two that would cost you most, such as a lone queen (-25)."),
    "hand_end": Rule("scoring", "The hand is over: every hand is laid down and scored. "
                     "Each seat's lines are on the table; the totals carry on to the next "
                     "hand."),
    "shot_at": Rule("answering-a-shot", "You are shot at. Backfire a 6 (only against a "
                    ".22), quick draw a 3-5-7 of one suit, or let the shot come: a turned "
                    "card decides, unless the shot can reach none of your cowboys (Kings)."),
    "hit": Rule("shooting", "Hit! Hand over a cowboy (a King); you may draw a card to "
                "replace him."),
    "first_turn": Rule("a-turn", "Your turn: take one action (show a couple, play a 9, pull "
                       "a gun or shoot) or none, then discard one card and draw."),
    "first_gun": Rule("guns", "You hold a gun. Pull it onto your table as your action; it "
                      "can fire from your next turn."),
    "first_shot": Rule("shooting", "Your gun is ready: shoot another seat to take one of "
                       "their cowboys (Kings). Only a .45 hits a protected one (a King "
                       "wearing his badge)."),
    "couple": Rule("couples", "You hold a king and queen of one suit: show them for +25 now "
                   "(held to the end they are a marriage, -50)."),
    "sixes": Rule("sixes", "Your 6s cannot be discarded yet: only when every other card you "
                  "hold would score. Pass them away instead."),
}
# The situations a legal action of its kind puts the turn's seat in, in their order.
_ACTION_HINTS = (("pull", "first_gun"), ("shoot", "first_shot"), ("couple", "couple"))
