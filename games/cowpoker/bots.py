"""The rules-aware Cowpoker bot: builds poker hands in its Gang and wins tricks cheaply."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Action, Bot
from games.cowpoker.cards import ACE_OF, CARDS, TOWN
from games.cowpoker.scoring import hand_value, points
from games.rng import Rng

# What a poker category is worth to a place (the best hand among four takes 6 points).
_CATEGORY_WORTH = [0.0, 1.0, 2.2, 3.2, 4.0, 4.4, 5.0, 5.8, 6.0, 6.0]


def hand_worth(cards: Sequence[str]) -> float:
    """Returns a rough worth of a place's poker hand, in points."""
    v = hand_value(cards)
    if not v:
        return 0.0
    return _CATEGORY_WORTH[v[0]] + v[1] / 40.0


class SmartBot(Bot):
    """Plays to poker hands and trick values, from the seat's view alone."""

    name = "smart"

    def choose(self, view: Any, legal: Sequence[Action], rng: Rng) -> Action:
        """Returns the legal action with the best rough worth."""
        kind = legal[0]["type"]
        me = next(r for r in view["table"] if r["ranch"] == view["your_ranch"])
        if kind == "trick":
            return self._trick(view, legal, me)
        if kind == "call":
            return self._call(view, legal)
        best = max(legal, key=lambda a: (self._worth(view, me, a), -legal.index(a)))
        return best

    # ---- playing into the Gang and taking cards ------------------------------

    def _works(self, view: Any, me: dict[str, Any], card_id: str) -> bool:
        ranch = CARDS[card_id].ranch
        return ranch in (TOWN, view["your_ranch"]) or ACE_OF.get(ranch) in me["gang"]

    def _trick_power(self, view: Any, kind: str, exclude: str = "") -> int:
        hand = [c for c in view["hand"] or [] if c != exclude]
        return max((getattr(CARDS[c], kind) for c in hand), default=0)

    def _worth(self, view: Any, me: dict[str, Any], action: Action) -> float:
        gang = list(me["gang"])
        kind = action["type"]
        if kind == "keep":
            return 0.0
        if kind == "unload":
            card = action["card"]
            rest = [c for c in gang if c != card]
            gain = hand_worth(rest) - hand_worth(gang) - CARDS[card].points
            leader = max(view["table"], key=lambda r: r["gang_points"])
            return gain + (0.5 if action["to"] == leader["ranch"] else 0.0)
        card_id = action["card"]
        card = CARDS[card_id]
        if kind == "rustle":
            return card.points + hand_worth([*gang, card_id]) - hand_worth(gang)
        # play into the Gang
        if card.place:
            # It goes where the rules send it: good when it hurts someone else.
            return -card.points * 0.5 + (1.0 if card.points < 0 else 0.0)
        value = card.points + hand_worth([*gang, card_id]) - hand_worth(gang)
        if card.is_ace and card.ranch != view["your_ranch"]:
            value += 1.0
        if self._works(view, me, card_id):
            eff = card.effect
            if eff in ("roundup", "gunfight"):
                value += 2.5 if self._trick_power(view, eff, card_id) >= 7 else 0.5
            elif eff == "showdown":
                power = max(self._trick_power(view, "roundup", card_id),
                            self._trick_power(view, "gunfight", card_id))
                value += 2.5 if power >= 7 else 0.5
            elif eff in ("rustle", "live_rustle"):
                others = [r for r in view["table"] if r["ranch"] != view["your_ranch"]]
                if any(r["gang"] for r in others):
                    value += 2.0
            elif eff == "extra_play":
                value += 1.0
        # Keep high trick cards in hand for later fights.
        value -= max(card.roundup, card.gunfight) / 10.0
        return value

    # ---- tricks ------------------------------------------------------------------

    def _call(self, view: Any, legal: Sequence[Action]) -> Action:
        ru = self._trick_power(view, "roundup")
        gf = self._trick_power(view, "gunfight")
        want = "roundup" if ru >= gf else "gunfight"
        return next(a for a in legal if a["trick"] == want)

    def _trick(self, view: Any, legal: Sequence[Action], me: dict[str, Any]) -> Action:
        trick = view["trick"]
        kind = trick["kind"]
        played = [p["card"] for p in trick["played"] if p["card"]]
        best = max((getattr(CARDS[c], kind) for c in played), default=-1)
        last = len(trick["played"]) == len(trick["order"]) - 1
        loot = sum(CARDS[c].points for c in played) + 1.5

        def keep_worth(c: str) -> float:
            card = CARDS[c]
            return card.points * 0.6 + max(card.roundup, card.gunfight) / 6.0

        winners = [a for a in legal if getattr(CARDS[a["card"]], kind) >= best]
        if winners:
            if last:
                pick = min(winners, key=lambda a: (keep_worth(a["card"]),
                                                   getattr(CARDS[a["card"]], kind)))
                if loot + CARDS[pick["card"]].points > 0:
                    return pick
            else:
                strong = [a for a in winners if getattr(CARDS[a["card"]], kind) >= 7]
                if strong and loot > 1:
                    return min(strong, key=lambda a: getattr(CARDS[a["card"]], kind))
        return min(legal, key=lambda a: (keep_worth(a["card"]), a["card"]))


__all__ = ["SmartBot", "points"]
