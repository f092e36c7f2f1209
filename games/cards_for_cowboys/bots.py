"""The push-your-luck bot: it reads only its seat's view and the legal actions.

Before each draw it lists the cards that may still be on top of its draw pile: the
cards of its deck list (what it owns outside this round's play) whose back matches the
top card's back, less the cards it knows lie elsewhere (its discard pile's top card and
the draw-pile cards it has looked at). Those that would bring it to 3 Bandits give the
bust risk; the others give the expected gain in Cows and in buying power. It draws while
the expected gain outweighs the risk of losing this round's Cows and purchase.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Action, Bot
from games.rng import Rng

JSON = Any
_EFFECT_WORTH = {
    "double_next": 0.8, "extra_buy": 0.6, "trash_for_2_dollars": 0.6, "trash_for_jail": 0.8,
    "trash_to_buy_first": 0.2, "trash_to_replay": 0.9, "trash_to_reorder": 0.4,
    "reorder_top_three": 0.5, "return_to_deck": 0.3, "gift_others": -0.3, "pass_jail": 0.0,
    "two_cows_if_first": 0.3, "draw_four": -0.5,
}


def card_worth(face: JSON, act: int) -> float:
    """Returns how much a card is worth owning for the rest of the game (in Cows, roughly)."""
    cash_weight = (0.7, 0.5, 0.25)[act - 1]
    w = face.get("cows", 0) * 1.0 + face.get("cash", 0) * cash_weight
    w += 0.8 * face.get("jail", 0) - 0.7 * face.get("lose_cow", 0) - 1.3 * face.get("bandits", 0)
    return w + _EFFECT_WORTH.get(face.get("effect", "none"), 0.0)


def _key(face: JSON) -> frozenset[tuple[str, Any]]:
    """Returns a key equal for equal faces (a face's values are numbers and strings)."""
    return frozenset(face.items())


def _face(card: JSON) -> JSON:
    """Returns a card's face without its name and table position."""
    return {k: v for k, v in card.items() if k not in ("id", "position", "doubled")}


class PushYourLuckBot(Bot):
    """Counts the Bandits still possible from the backs it sees and stops when risk wins."""

    name = "smart"

    def choose(self, view: JSON, legal: Sequence[Action], rng: Rng) -> Action:
        """Returns the action this seat's view and the legal list recommend."""
        kinds = {a["type"] for a in legal}
        me = view["players"][view["you"]]
        if "throw" in kinds:
            return rng.choice(legal)  # a fair, uniform throw from the server-given generator
        if "first" in kinds:
            mine = [a for a in legal if a["seat"] == view["you"]]
            return mine[0] if mine else legal[0]
        if "give" in kinds:
            herds = view["scores"]
            return min(legal, key=lambda a: (herds[a["to"]], a["to"]))
        if "buy" in kinds or "burn" in kinds:
            return self._buy(view, legal)
        if me["pending"] is not None:
            return self._pending(view, me, legal)
        return self._draw_or_stop(view, me, legal)

    # ---- buying ----------------------------------------------------------------------

    def _buy(self, view: JSON, legal: Sequence[Action]) -> Action:
        faces = {c["id"]: c for row in view["store"] for c in row if c and "id" in c}
        best, best_w = None, 0.4
        for a in legal:
            if a["type"] == "buy":
                w = card_worth(faces[a["card"]], view["act"]) + 0.01 * faces[a["card"]]["cost"]
                if w > best_w:
                    best, best_w = a, w
        if best is not None:
            return best
        # Nothing worth buying: burn the card the others would want most, so that the
        # Act keeps moving and they cannot have it.
        burns = [a for a in legal if a["type"] == "burn"]
        if burns:
            return max(burns, key=lambda a: (card_worth(faces[a["card"]], view["act"]),
                                             a["card"]))
        return next(a for a in legal if a["type"] == "pass")

    @staticmethod
    def _worths(view: JSON) -> list[tuple[int, float]]:
        """Returns the cost and worth of each face-up Store card, bottom row first."""
        act = view["act"]
        return [(c["cost"], card_worth(c, act)) for row in view["store"] for c in row
                if c and "id" in c]

    @staticmethod
    def _buy_value(worths: list[tuple[int, float]], cash: int) -> float:
        """Returns what ``cash`` is worth: the best card it buys (of ``_worths``), and a bit."""
        return max([0.0, *[w for cost, w in worths if cost <= cash]]) + 0.05 * cash

    # ---- the draw phase ----------------------------------------------------------------

    def _candidates(self, me: JSON) -> list[tuple[JSON, int]]:
        """Returns the faces that may be on top of the draw pile, each with how many of its
        cards may be (at least one)."""
        pool: dict[frozenset[tuple[str, Any]], list[Any]] = {}
        for entry in me["deck"]:
            face = dict(entry)
            n = face.pop("count", None)
            pool[_key(face)] = [face, n]
        pile = me["draw_pile"]
        known = {c["position"]: _face(c) for c in me["known"]}
        if 0 in known:
            return [(known[0], 1)]
        elsewhere = [f for pos, f in known.items() if pos > 0]
        if me["discard_top"] is not None:
            elsewhere.append(_face(me["discard_top"]))
        for face in elsewhere:
            if _key(face) in pool:
                pool[_key(face)][1] -= 1
        back = pile[0] if pile else None
        return [(face, n) for face, n in pool.values()
                if n > 0 and (back is None or face["back"] == back)]

    def _draw_or_stop(self, view: JSON, me: JSON, legal: Sequence[Action]) -> Action:
        kinds = {a["type"] for a in legal}
        danger = me["bandits"] - me["jails"]
        trash = {a["card"]: a for a in legal if a["type"] == "trash"}
        row = {c["id"]: c for c in me["row"]}
        effect_of = {cid: row[cid].get("effect", "none") for cid in trash}
        jail = [cid for cid, e in effect_of.items() if e == "trash_for_jail"]
        if jail and danger >= 2:
            return trash[jail[0]]
        replay = [cid for cid, e in effect_of.items() if e == "trash_to_replay"]
        if replay and danger <= 0:
            return trash[replay[0]]
        if "draw" in kinds and (self._should_draw(view, me, danger) or "stop" not in kinds):
            return next(a for a in legal if a["type"] == "draw")
        cash = me["cash"]
        for cid, e in effect_of.items():
            if e == "trash_for_2_dollars":
                worths = self._worths(view)
                gain = 2 - row[cid].get("cash", 0) * (2 if row[cid].get("doubled") else 1)
                if self._buy_value(worths, cash + gain) > self._buy_value(worths, cash) + 0.1:
                    return trash[cid]
        return next(a for a in legal if a["type"] == "stop")

    def _utility(self, worths: list[tuple[int, float]], cash: int, cows: int) -> float:
        return cows + self._buy_value(worths, cash)

    def _should_draw(self, view: JSON, me: JSON, danger: int) -> bool:
        cands = self._candidates(me)
        if not cands:
            return True
        m = 2 if me["double_next"] else 1
        # The Store's cards are valued once, and each face once for all its cards.
        worths = self._worths(view)
        now = self._utility(worths, me["cash"], me["cows"])
        bust = cards = 0
        gain = 0.0
        for f, n in cands:
            cards += n
            if danger + f.get("bandits", 0) * m - f.get("jail", 0) >= 3:
                bust += n
                continue
            cows = f.get("cows", 0) * m - f.get("lose_cow", 0)
            cash = me["cash"] + f.get("cash", 0) * m
            more = self._utility(worths, cash, me["cows"] + cows) - now
            # A Bandit that does not bust still brings the next bust closer.
            closer = 0.15 * max(0, f.get("bandits", 0) * m - f.get("jail", 0))
            for _ in range(n):  # card by card: a sum of floats depends on its order
                gain += more
                gain -= closer
        p = bust / cards
        expected_gain = gain / cards
        return expected_gain > p * (now + 0.5)

    # ---- owed choices -------------------------------------------------------------------

    def _pending(self, view: JSON, me: JSON, legal: Sequence[Action]) -> Action:
        step = me["pending"]["step"]
        act = view["act"]
        if step == "offer_reorder":
            return next(a for a in legal if a["type"] == "trash")
        if step == "reorder":
            faces = {c["id"]: c for c in me["pending"]["choices"]}
            # Safest and richest first: the next round opens with them.
            return max(legal, key=lambda a: [
                card_worth(faces[c], act) - 10 * faces[c].get("bandits", 0) for c in a["order"]])
        choices = {c["id"]: c for c in me["pending"]["choices"]}
        danger = me["bandits"] - me["jails"]
        m = 2 if me["double_next"] else 1
        if step == "replay":
            def score(a: Action) -> float:
                f = choices[a["card"]]
                if danger + f.get("bandits", 0) * m - f.get("jail", 0) >= 3:
                    return -100.0
                return f.get("cows", 0) * m + 0.4 * f.get("cash", 0) * m - 0.5 * f.get("bandits", 0)
            return max(legal, key=score)
        # return: the card worth least this round (the returning card itself is worth 0)
        def now_worth(a: Action) -> tuple[float, str]:
            f = choices[a["card"]]
            return f.get("cows", 0) + 0.4 * f.get("cash", 0) + 3 * f.get("bandits", 0), a["card"]
        return min(legal, key=now_worth)
