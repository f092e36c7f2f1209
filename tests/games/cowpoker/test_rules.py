"""Turns, Special Effects, Aces, Deadwood play and the end of the game, rule by rule."""

from __future__ import annotations

import pytest

from games.base import GameError, IllegalAction, NotYourTurn
from games.cowpoker import GAME, rules
from games.cowpoker.cards import RANDOMIZER
from games.cowpoker.state import Phase
from games.rng import Rng
from tests.games.cowpoker.position import build, cid, ids


def play(state, seat, name, kind="play"):
    return GAME.apply(state, seat, {"type": kind, "card": cid(name)})


def started(state):
    events: list = []
    rules.start_game(state, events)
    return state, events


# ---- set-up and the lead ------------------------------------------------------

def test_gallagher_leads_the_first_game() -> None:
    for seed in range(12):
        s = GAME.new_game(GAME.Options(), 4, seed)
        assert s.ranch[s.lead] == "Gallagher"


def test_the_lead_passes_left_in_a_rematch() -> None:
    """"Thereafter, the lead passes to the left": from the last game's leader, whatever
    Ranches the next game deals (each game is dealt from its own seed)."""
    for seed in range(6):
        first = GAME.new_game(GAME.Options(), 4, seed)
        again = GAME.new_game(GAME.Options(), 4, seed + 50, match=1,
                              carried=GAME.carry_over(first))
        third = GAME.new_game(GAME.Options(), 4, seed + 90, match=2,
                              carried=GAME.carry_over(again))
        assert again.lead == (first.lead + 1) % 4
        assert third.lead == (first.lead + 2) % 4


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_always_four_ranches_and_only_live_players_get_hands(seats) -> None:
    s = GAME.new_game(GAME.Options(), seats, 3)
    assert sorted(s.ranch) == ["Davila", "Gallagher", "Masterson", "San Joaquin"]
    assert sum(p is not None for p in s.seat_of) == seats
    for p in range(4):
        if s.seat_of[p] is None:
            assert s.hands[p] == []
    assert not GAME.invariants(s)


def test_deadwood_sits_between_live_players_by_default() -> None:
    s = GAME.new_game(GAME.Options(), 2, 3)
    assert s.seat_of == [0, None, 1, None]
    together = GAME.new_game(GAME.Options(deadwood="together"), 2, 3)
    assert together.seat_of == [0, 1, None, None]


# ---- live turns ---------------------------------------------------------------

def test_a_live_player_draws_up_to_five_before_playing() -> None:
    s = build(hands={0: ["Cookie Pete"], 1: ids("Paco the Kid", "Mute Esteban")},
              top=["Dusty Rhodes"] + ["Swing Rider"] * 0)
    s2, events = play(s, 0, "Cookie Pete")
    assert len(s2.hands[1]) == 5 and s2.turn == 1 and s2.phase == Phase.PLAY
    assert any(e["type"] == "drew" and e["only"] == [1] for e in events)
    assert cid("Dusty Rhodes") in s2.hands[1]


def test_the_played_card_goes_into_your_gang_and_the_turn_passes_left() -> None:
    s = build(hands={0: ["Cookie Pete", "Dusty Rhodes"]})
    s2, _ = play(s, 0, "Cookie Pete")
    assert s2.gangs[0] == [cid("Cookie Pete")]
    assert s2.turn == 1 and GAME.to_act(s2) == {1}


def test_another_ranchs_effect_is_ignored() -> None:
    s = build(hands={0: ["Rosa Davila"]})  # a Davila Gunfight! played by Gallagher
    s2, events = play(s, 0, "Rosa Davila")
    assert s2.trick is None and s2.turn == 1
    assert events[0]["text"].endswith(
        "into the Gang (not this Ranch's card: its effect is ignored)"), events[0]


def test_your_ranchs_effect_applies() -> None:
    s = build(hands={0: ["Lasso Lem"], 1: ["Paco the Kid"]})
    s2, events = play(s, 0, "Lasso Lem")
    # The card's own words, quoted: they speak to whoever plays it, and all read the log.
    assert events[0]["text"].endswith("into the Gang: “Roundup!”"), events[0]
    assert s2.phase == Phase.TRICK and s2.trick.kind == "roundup" and s2.trick.caller == 0


def test_town_cards_work_for_everyone() -> None:
    s = build(turn=2, hands={2: ["Sheriff Buckner"], 3: ["Bluff Barlow"]})
    s2, _ = play(s, 2, "Sheriff Buckner")
    assert s2.trick is not None and s2.trick.kind == "gunfight"


# ---- Aces -----------------------------------------------------------------------

def test_an_opponents_ace_in_your_gang_makes_its_cards_work_for_you() -> None:
    s = build(hands={0: ["Rosa Davila"], 1: ["Paco the Kid"]}, gangs={0: ["Don Rafael Davila"]})
    s2, _ = play(s, 0, "Rosa Davila")
    assert s2.trick is not None and s2.trick.kind == "gunfight"


def test_an_ace_is_not_optional() -> None:
    # With the Davila Ace, Luz Obregon's Live Player rustle must be carried out.
    s = build(hands={0: ["Luz Obregon"]}, gangs={0: ["Don Rafael Davila"], 2: ["Mule Thief Dan"]})
    s2, _ = play(s, 0, "Luz Obregon")
    assert s2.phase == Phase.RUSTLE
    assert GAME.legal_actions(s2, 0) == [{"type": "rustle", "card": cid("Mule Thief Dan")}]


def test_your_own_cards_still_work_when_your_ace_is_elsewhere() -> None:
    s = build(turn=1, hands={1: ["Rosa Davila"], 2: ["Bluff Barlow"]},
              gangs={0: ["Don Rafael Davila"]})
    s2, _ = play(s, 1, "Rosa Davila")
    assert s2.trick is not None and s2.trick.caller == 1


def test_a_stolen_ace_moves_whose_effects_apply() -> None:
    s = build(turn=2, hands={2: ["Sticky Masterson"]}, gangs={1: ["Don Rafael Davila"]})
    s2, _ = play(s, 2, "Sticky Masterson")
    s3, _ = GAME.apply(s2, 2, {"type": "rustle", "card": cid("Don Rafael Davila")})
    assert rules.works_for(s3, 2, cid("Rosa Davila"))
    assert not rules.works_for(s3, 0, cid("Rosa Davila"))


def test_aces_affect_deadwood_too() -> None:
    s = build(live=(1, 3), turn=0, gangs={0: ["Don Rafael Davila"]}, top=["Rosa Davila"],
              hands={1: ["Paco the Kid"]}, phase="start")
    s, _ = started(s)
    assert s.trick is not None and s.trick.kind == "gunfight" and s.trick.caller == 0


# ---- Deadwood ---------------------------------------------------------------

def test_deadwood_plays_the_top_card_of_the_deck_into_its_gang() -> None:
    s = build(live=(0, 2), turn=1, top=["Paco the Kid"], phase="start")
    s, events = started(s)
    assert s.gangs[1] == [cid("Paco the Kid")]
    assert s.turn == 2 and s.phase == Phase.PLAY
    assert "Deadwood Davila plays Paco the Kid" in events[0]["text"]


def test_deadwood_ignores_live_player_instructions() -> None:
    s = build(live=(0, 2), turn=1, top=["Luz Obregon"], gangs={0: ["Cookie Pete"]},
              phase="start")
    s, events = started(s)
    assert s.gangs[0] == [cid("Cookie Pete")] and s.gangs[1] == [cid("Luz Obregon")]
    assert "Deadwood ignores it" in events[0]["text"]


def test_deadwood_chooses_roundup_or_gunfight_from_the_randomizer_deck() -> None:
    marks = set()
    for seed in range(8):
        s = build(live=(0, 2), turn=1, top=["La Viuda"], phase="start", seed=seed,
                  hands={2: ["Bluff Barlow"]})
        expected = Rng(seed).shuffled(RANDOMIZER)[0]
        s, events = started(s)
        assert s.trick is not None and s.trick.kind == expected.mark
        mark = expected.mark.capitalize()
        assert any(e["type"] == "randomizer" and e["ranch"] == expected.ranch
                   and e["text"] == "Deadwood Davila leaves the choice to chance: a card "
                   f"drawn from the spare Ranch cards bears the {mark} mark, so a {mark} it is"
                   for e in events), [e["text"] for e in events]
        marks.add(s.trick.kind)
    assert marks == {"roundup", "gunfight"}


def test_deadwood_steals_from_the_gang_the_randomizer_names() -> None:
    for seed in range(6):
        s = build(live=(0, 1), turn=2, top=["Sticky Masterson"], phase="start", seed=seed,
                  gangs={0: ["Cookie Pete", "Dusty Rhodes"], 1: ["Paco the Kid"]})
        pick = next(c for c in Rng(seed).shuffled(RANDOMIZER)
                    if c.ranch in ("Gallagher", "Davila"))
        s, events = started(s)
        newest = {"Gallagher": cid("Dusty Rhodes"), "Davila": cid("Paco the Kid")}[pick.ranch]
        assert s.gangs[2] == [cid("Sticky Masterson"), newest]
        # The log says what the card decided (not its mark, which decides nothing here).
        assert f"names {pick.ranch}, so the card is taken from {pick.ranch}'s Gang" in \
            next(e["text"] for e in events if e["type"] == "randomizer")


# ---- the effects, one by one ------------------------------------------------

def test_gunfight_or_roundup_lets_you_choose() -> None:
    s = build(hands={0: ["Jenny Two-Ropes", "Cookie Pete"]})
    s2, _ = play(s, 0, "Jenny Two-Ropes")
    assert s2.phase == Phase.SHOWDOWN
    assert GAME.legal_actions(s2, 0) == [{"type": "call", "trick": "roundup"},
                                        {"type": "call", "trick": "gunfight"}]
    s3, _ = GAME.apply(s2, 0, {"type": "call", "trick": "gunfight"})
    assert s3.trick is not None and s3.trick.kind == "gunfight"


def test_rustle_takes_the_newest_card_of_the_gang_you_choose() -> None:
    s = build(turn=2, hands={2: ["Sticky Masterson"]},
              gangs={0: ["Cookie Pete", "Dusty Rhodes"], 1: ["Paco the Kid"]})
    s2, _ = play(s, 2, "Sticky Masterson")
    assert s2.phase == Phase.RUSTLE
    legal = GAME.legal_actions(s2, 2)
    assert legal == [{"type": "rustle", "card": c} for c in ids("Dusty Rhodes", "Paco the Kid")]
    s3, _ = GAME.apply(s2, 2, legal[0])
    assert s3.gangs[0] == [cid("Cookie Pete")]
    assert s3.gangs[2] == ids("Sticky Masterson", "Dusty Rhodes")
    assert s3.turn == 3


def test_rustle_with_no_card_to_take_does_nothing() -> None:
    s = build(turn=2, hands={2: ["Sticky Masterson"]})
    s2, events = play(s, 2, "Sticky Masterson")
    assert s2.turn == 3 and any(e["type"] == "no_effect" for e in events)


def test_live_rustle_takes_any_card_of_another_gang() -> None:
    s = build(turn=1, hands={1: ["Luz Obregon"]},
              gangs={0: ["Cookie Pete", "Dusty Rhodes"], 3: ["Bluff Barlow"]})
    s2, _ = play(s, 1, "Luz Obregon")
    targets = {a["card"] for a in GAME.legal_actions(s2, 1)}
    assert targets == set(ids("Cookie Pete", "Dusty Rhodes", "Bluff Barlow"))
    s3, _ = GAME.apply(s2, 1, {"type": "rustle", "card": cid("Cookie Pete")})
    assert cid("Cookie Pete") in s3.gangs[1]


def test_extra_play_lets_a_live_player_play_another_card() -> None:
    s = build(hands={0: ["Drover Mac", "Cookie Pete"]})
    s2, _ = play(s, 0, "Drover Mac")
    assert s2.phase == Phase.PLAY and s2.turn == 0 and s2.pending == "extra_play"
    s3, _ = play(s2, 0, "Cookie Pete")
    assert s3.gangs[0] == ids("Drover Mac", "Cookie Pete") and s3.turn == 1


def test_unload_moves_a_card_of_your_gang_or_keeps_it() -> None:
    s = build(hands={0: ["Old Man Gallagher"]}, gangs={0: ["Undertaker Grimes"]})
    s2, _ = play(s, 0, "Old Man Gallagher")
    assert s2.phase == Phase.UNLOAD
    legal = GAME.legal_actions(s2, 0)
    assert {"type": "keep"} in legal and len(legal) == 1 + 2 * 3
    s3, _ = GAME.apply(s2, 0, {"type": "unload", "card": cid("Undertaker Grimes"),
                               "to": "Davila"})
    assert s3.gangs[1] == [cid("Undertaker Grimes")] and s3.turn == 1
    s4, _ = GAME.apply(s2, 0, {"type": "keep"})
    assert cid("Undertaker Grimes") in s4.gangs[0]


# ---- cards that always go to a specific Gang -------------------------------

def test_the_stranger_goes_into_the_gang_with_the_worst_poker_hand() -> None:
    s = build(hands={0: ["The Stranger"]},
              gangs={0: ["Cookie Pete"], 1: ["Bluff Barlow", "Silent Masterson"],
                     2: ["Paco the Kid", "Mule Thief Dan"], 3: ["Dice Dolores"]})
    s2, _ = play(s, 0, "The Stranger")
    assert s2.gangs[0] == [cid("Cookie Pete"), cid("The Stranger")]  # high card Three


def test_ties_for_a_placement_go_to_the_first_gang_in_turn_order() -> None:
    s = build(turn=1, hands={1: ["The Drifter"]})  # every Gang has 0 points
    s2, _ = play(s, 1, "The Drifter")
    assert s2.gangs[1] == [cid("The Drifter")]
    s = build(turn=1, hands={1: ["The Drifter"]}, gangs={1: ["Cookie Pete"]})
    s2, _ = play(s, 1, "The Drifter")
    assert s2.gangs[2] == [cid("The Drifter")]


def test_the_parson_goes_to_the_best_hand_and_the_undertaker_to_the_most_points() -> None:
    s = build(hands={0: ["The Parson", "Undertaker Grimes"]},
              gangs={2: ["Bluff Barlow", "Silent Masterson"], 3: ["Paco the Kid"] * 0
                     + ["Cookie Pete", "Mute Esteban", "Dusty Rhodes"]})
    s2, _ = play(s, 0, "The Parson")
    assert cid("The Parson") in s2.gangs[2]  # a pair of Queens
    s = build(hands={0: ["Undertaker Grimes"]},
              gangs={2: ["Bluff Barlow"], 3: ["Cookie Pete", "Mute Esteban"]})
    s2, _ = play(s, 0, "Undertaker Grimes")
    assert cid("Undertaker Grimes") in s2.gangs[3]  # 6 points


# ---- the end -------------------------------------------------------------------

def test_you_still_take_a_turn_if_you_drew_at_least_one_card() -> None:
    s = build(hands={0: ["Cookie Pete"], 1: ids("Paco the Kid", "Mute Esteban", "El Tuerto",
                                               "Carlos Davila")},
              deck=["Dusty Rhodes"])
    s2, _ = play(s, 0, "Cookie Pete")
    assert s2.phase == Phase.PLAY and s2.turn == 1 and len(s2.hands[1]) == 5 and not s2.deck
    s3, events = play(s2, 1, "Paco the Kid")
    assert s3.phase == Phase.OVER and events[-1]["type"] == "game_over"
    assert GAME.result(s3) is not None and GAME.to_act(s3) == frozenset()


def test_the_game_ends_when_a_deadwood_cannot_turn_a_card() -> None:
    s = build(live=(0, 2), hands={0: ["Cookie Pete"]}, deck=[])
    s2, _ = play(s, 0, "Cookie Pete")
    assert s2.phase == Phase.OVER


def test_nothing_can_be_played_after_the_end() -> None:
    s = build(live=(0, 2), hands={0: ["Cookie Pete", "Dusty Rhodes"]}, deck=[])
    s2, _ = play(s, 0, "Cookie Pete")
    with pytest.raises(GameError):
        play(s2, 0, "Dusty Rhodes")


# ---- refusals -----------------------------------------------------------------

def test_out_of_turn_and_unheld_cards_are_refused_without_naming_hidden_cards() -> None:
    s = build(hands={0: ["Cookie Pete"], 1: ["Paco the Kid"]})
    with pytest.raises(NotYourTurn):
        play(s, 1, "Paco the Kid")
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "Paco the Kid")
    assert cid("Paco the Kid") not in str(err.value)
    with pytest.raises(IllegalAction, match="Expected one of play"):
        GAME.apply(s, 0, {"type": "keep"})


def test_a_draw_of_nothing_and_a_rustle_of_nothing_say_why() -> None:
    """'Dana draws 0 cards' and 'There is no card to take' told a newcomer nothing: a turn
    begun with a full hand says so, and a rustle with no card to take says whose it was."""
    drew: set[str] = set()
    for seed in range(10):
        state, rng = GAME.new_game(GAME.parse_options({}), 2, seed), Rng(seed)
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            drew |= {e["text"] for e in events if e["type"] == "draw" and e["count"] == 0}
    assert drew and all(t.endswith("has a full hand: no card to draw") for t in drew), drew
    state = GAME.new_game(GAME.parse_options({}), 4, 1)
    state.gangs = [[], [], [], []]
    told: list[dict[str, object]] = []
    rules.effect(state, 0, "rustle", told)
    assert [e["text"] for e in told if e["type"] == "no_effect"] == [
        f"{rules.who(state, 0)} may rustle, but no other Gang has a card to take"]
