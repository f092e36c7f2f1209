"""Bots: the contract's random bot, and a rules-aware one that plays from its own view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.base import Bot
from games.rng import Rng
from games.wyoming_cowboy.cards import decks_for

GUN_PREFERENCE = {"45": 5, "357q": 4, "357": 3, "38": 2, "22": 1}


def waits_for_22(view: Any) -> bool:
    """Whether every 10 is on a table and no .22 is: the next .22 pulled ends the hand."""
    seats = view["seats"]
    tens = sum(len(s["tens"]) for s in seats)
    a22 = any(g["kind"] == "22" for s in seats for g in s["guns"])
    return tens == 4 * decks_for(len(seats)) and not a22


def card_value(card: str, hand: list[str], couples: list[str],
               lone_2_moves: bool = False) -> float:
    """How much a card is worth keeping in this hand (negative: get rid of it).

    ``lone_2_moves``: the hand waits only for a .22, so a 2 without its pair is let go;
    were every lone 2 kept, a table of bots could hold one each and never end the hand.
    """
    r, s = card[0], card[1]
    has = hand.count
    if r == "6":
        return -40.0
    if r == "Q":
        if has("K" + s) and s not in couples:
            return 15.0  # a couple still to show
        if has("K" + s):
            return -30.0  # a marriage in waiting
        return -25.0 if sum(1 for c in hand if c[0] == "Q") < 3 else 10.0
    if r == "K":
        return 40.0
    if r == "J":
        return 12.0 if (has("K" + s) and has("Q" + s)) else 2.0
    if r == "T":
        return 30.0
    if r == "2":
        if sum(1 for c in hand if c[0] == "2") >= 2:
            return 40.0 if lone_2_moves else 18.0  # the .22 that ends the hand: +30
        return -5.0 if lone_2_moves else 4.0
    if r == "9":
        return 6.0
    if r in "34578":
        ranks = {c[0] for c in hand if c != card}
        partners = {"3": "857", "8": "3", "5": "437", "7": "35", "4": "5"}[r]
        same = {c[0] for c in hand if c[1] == s and c != card}
        bonus = 4.0 * len(ranks & set(partners))
        if r in "45" and ("5" if r == "4" else "4") in same:
            bonus += 12.0
        return 3.0 + bonus
    return 0.0


class SmartBot(Bot):
    """Keeps guns and families, shows couples, shoots every turn it can, passes 6s and
    harlots away, lays its 10s, and answers a .22 with a 6 whenever it holds one."""

    name = "smart"

    def choose(self, view: Any, legal: Sequence[dict[str, Any]], rng: Rng) -> dict[str, Any]:
        """Returns the legal action the heuristics like best (ties: the first)."""
        hand: list[str] = list(view.get("my_hand") or [])
        me = view.get("you")
        couples = view["seats"][me]["couples"] if me is not None else []
        lone_2_moves = waits_for_22(view)

        def value(card: str, cards: list[str]) -> float:
            return card_value(card, cards, couples, lone_2_moves)

        best, best_score = legal[0], float("-inf")
        for a in legal:
            score = self._score(a, hand, value, view)
            if score > best_score:
                best, best_score = a, score
        return best

    def _score(self, a: dict[str, Any], hand: list[str],
               value_of: Callable[[str, list[str]], float], view: Any) -> float:
        t = a["type"]
        if t == "direction":
            return 1.0 if a["direction"] == "left" else 0.0
        if t == "pass":
            keep_badges = -5.0 * len(a.get("badges") or [])  # a badge kept protects
            return keep_badges - sum(value_of(c, hand) for c in a["cards"])
        if t == "couple":
            return 1000.0
        if t == "pull":
            return 900.0 + GUN_PREFERENCE[a["gun"]]
        if t == "shoot":
            target = view["seats"][a["target"]]
            gun = next((g for gs in view["seats"] for g in gs["guns"] if g["id"] == a["gun"]),
                       None)
            badges = len(target["badges"])
            aim = target["hand_size"] + (6 * badges if gun and gun["kind"] == "45" else 0)
            return 800.0 + aim
        if t == "nine":
            bad = sum(1 for c in hand if value_of(c, hand) < 0)
            return 700.0 if bad else -100.0
        if t == "discard":
            card = a["card"]
            value = -value_of(card, hand) - 5.0 * len(a.get("badges") or [])
            if card[0] == "T":
                value = 500.0
            if card[0] == "5" and a["pile"] + a["discard"] == 2 and value_of(card, hand) < 10:
                value += 15.0
            if a["discard"]:
                top = view.get("takeable_discard")
                kept = list(hand)
                kept.remove(card)
                gain = value_of(top, kept + [top]) if top else 0.0
                value += gain - 10.0
            return value
        if t == "backfire":
            return 100.0
        if t == "quick_draw":
            return 200.0
        if t == "stand":
            return 0.0
        if t == "hand_over":
            card = a["card"]
            lose = 10.0 if ("Q" + card[1]) in hand else 0.0
            return lose + 5.0 * a["draw"]
        if t in ("nothing", "deal"):
            return 0.0
        return 0.0
