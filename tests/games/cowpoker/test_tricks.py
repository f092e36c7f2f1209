"""Roundups and Gunfights."""

from __future__ import annotations

from games.cowpoker import GAME, tricks
from games.cowpoker.state import Phase, Trick
from tests.games.cowpoker.position import build, cid, ids


def trick_play(state, seat, name):
    return GAME.apply(state, seat, {"type": "trick", "card": cid(name)})


def roundup_called_by_gallagher(**kw):
    """Gallagher (position 0, seat 0) calls a Roundup with Lasso Lem."""
    hands = {0: ["Lasso Lem", "Trail Boss Hank", "Cookie Pete"],
             1: ["Paco the Kid", "Capitan Ruiz"], 2: ["Cattle Kate"], 3: ["Sharp Sally"]}
    hands.update(kw.pop("hands", {}))
    s = build(hands=hands, **kw)
    s, _ = GAME.apply(s, 0, {"type": "play", "card": cid("Lasso Lem")})
    return s


def test_the_trick_starts_left_of_the_caller_who_plays_last() -> None:
    s = roundup_called_by_gallagher()
    assert s.phase == Phase.TRICK and s.trick.order == [1, 2, 3, 0]
    seen = []
    for name in ("Paco the Kid", "Cattle Kate", "Sharp Sally"):
        seat = next(iter(GAME.to_act(s)))
        seen.append(seat)
        s, _ = trick_play(s, seat, name)
    assert seen == [1, 2, 3] and GAME.to_act(s) == {0}


def test_any_card_may_be_played_and_its_effect_is_ignored() -> None:
    s = roundup_called_by_gallagher()
    s, _ = trick_play(s, 1, "Capitan Ruiz")  # a Davila Gunfight! card
    assert s.trick is not None and s.trick.kind == "roundup" and len(s.trick.played) == 1


def test_the_highest_roundup_value_takes_the_trick_into_the_cellar() -> None:
    s = roundup_called_by_gallagher()
    for seat, name in ((1, "Paco the Kid"), (2, "Cattle Kate"), (3, "Sharp Sally")):
        s, _ = trick_play(s, seat, name)
    s, events = trick_play(s, 0, "Cookie Pete")
    # Cattle Kate (6) and Sharp Sally (6) tie: the later card, Sally, wins.
    assert sorted(s.cellars[3]) == sorted(ids("Paco the Kid", "Cattle Kate", "Sharp Sally",
                                              "Cookie Pete"))
    assert s.trick is None and s.turn == 1 and s.phase == Phase.PLAY
    assert events[-2]["type"] == "trick_end" or events[-3]["type"] == "trick_end"


def test_ties_go_to_the_later_card_so_the_caller_wins_ties() -> None:
    t = Trick("gunfight", 0, [1, 2, 3, 0],
              [[1, cid("Fence Post Lou")], [2, cid("Rosa Davila")], [3, cid("Cookie Pete")],
               [0, cid("La Viuda")]])
    assert tricks.winner(t) == 0  # 7, 7, 0, 7: the caller's card is the latest 7


def test_gunfight_compares_gunfight_values() -> None:
    t = Trick("gunfight", 0, [1, 2, 3, 0],
              [[1, cid("Trail Boss Hank")], [2, cid("Capitan Ruiz")]])
    assert tricks.winner(t) == 2  # Roundup 9 loses to Gunfight 9 vs 2


def test_deadwood_plays_the_top_card_and_nothing_when_the_deck_is_empty() -> None:
    s = build(live=(0, 2), hands={0: ["Lasso Lem", "Cookie Pete"], 2: ["Cattle Kate"]},
              top=["Paco the Kid"])
    s, _ = GAME.apply(s, 0, {"type": "play", "card": cid("Lasso Lem")})
    assert s.trick is not None and s.trick.played == [[1, cid("Paco the Kid")]]
    s = build(live=(0, 2), hands={0: ["Lasso Lem", "Cookie Pete"], 2: ["Cattle Kate"]},
              deck=[])
    s, events = GAME.apply(s, 0, {"type": "play", "card": cid("Lasso Lem")})
    assert s.trick is not None and s.trick.played == [[1, None]]
    assert "no card" in events[-1]["text"]


def test_a_live_player_without_cards_plays_nothing() -> None:
    s = roundup_called_by_gallagher(hands={1: []})
    assert s.trick.played == [[1, None]] and GAME.to_act(s) == {2}


def test_cards_that_go_to_a_gang_leave_the_trick_in_play_order() -> None:
    s = build(hands={0: ["Lasso Lem", "Cookie Pete"], 1: ["The Drifter"], 2: ["The Stranger"],
                     3: ["Sharp Sally"]},
              gangs={0: ["Dusty Rhodes"], 1: ["Mute Esteban"], 3: ["Mule Thief Dan"]})
    s, _ = GAME.apply(s, 0, {"type": "play", "card": cid("Lasso Lem")})
    for seat, name in ((1, "The Drifter"), (2, "The Stranger"), (3, "Sharp Sally"),
                       (0, "Cookie Pete")):
        s, _ = trick_play(s, seat, name)
    # The Drifter first: the fewest points is Masterson's empty Gang. Then The Stranger,
    # played by Masterson: the worst hand is now a high Five or Three; the Three wins.
    assert s.gangs[2] == [cid("The Drifter")]
    assert s.gangs[3] == ids("Mule Thief Dan", "The Stranger")
    assert sorted(s.cellars[3]) == sorted(ids("Sharp Sally", "Cookie Pete"))
    assert not GAME.invariants(s)
