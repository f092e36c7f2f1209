"""Views: what each seat sees, prompts, and nothing hidden."""

from __future__ import annotations

import json
from dataclasses import asdict
from itertools import permutations

from games.cowpoker import GAME
from games.cowpoker.state import Phase, State
from games.leaks import leaked
from games.play import playout
from games.rng import Rng
from tests.games.cowpoker.position import afresh, build, cid, ids, kept_parts, played


def test_a_seat_sees_its_hand_and_cellar_others_only_counts() -> None:
    s = build(live=(0, 2), hands={0: ["Cookie Pete"], 2: ["Paco the Kid", "Mute Esteban"]},
              cellars={0: ["Bluff Barlow"], 2: ["Silent Masterson"]},
              gangs={1: ["Dice Dolores"]})
    v = GAME.view(s, 0)
    assert v["hand"] == [cid("Cookie Pete")] and v["your_ranch"] == "Gallagher"
    me, dead, other = v["table"][0], v["table"][1], v["table"][2]
    assert me["cellar"] == [cid("Bluff Barlow")] and me["cellar_points"] == 3
    assert "cellar" not in other and other["cellar_count"] == 1 and other["hand_count"] == 2
    assert dead["deadwood"] is True and dead["gang"] == [cid("Dice Dolores")]
    assert cid("Paco the Kid") not in json.dumps(v)
    assert v["cards"][cid("Dice Dolores")]["name"] == "Dice Dolores"
    # Every Cellar's cards were shown in the trick that put them there: their faces are
    # known to all (which Cellar holds which, the rows say of one's own only).
    assert set(v["cards"]) == set(ids("Cookie Pete", "Bluff Barlow", "Dice Dolores",
                                      "Silent Masterson"))


def test_the_cards_face_up_to_all_are_built_once_per_state() -> None:
    # Spectators' views hold one map, which a broadcast's patches walk once for them all.
    s = build(hands={0: ["Cookie Pete"]}, gangs={1: ["Dice Dolores"], 2: ["Lasso Lem"]})
    spectator = GAME.view(s, None)["cards"]
    assert GAME.view(s, None)["cards"] is spectator
    assert list(spectator) == sorted(ids("Dice Dolores", "Lasso Lem"))
    seat = GAME.view(s, 0)["cards"]
    assert seat == spectator | {cid("Cookie Pete"): seat[cid("Cookie Pete")]}


def test_a_spectator_sees_no_hand_and_no_cellar() -> None:
    s = build(hands={0: ["Cookie Pete"]}, cellars={0: ["Bluff Barlow"]})
    v = GAME.view(s, None)
    assert v["hand"] is None and all("cellar" not in row for row in v["table"])
    assert not leaked(v, GAME.secrets(s, None))


def test_once_the_game_is_over_every_hand_and_cellar_lies_open_to_all() -> None:
    """The bonuses and the penalty are settled on every Hand and Cellar: each viewer can
    check them against the cards."""
    s = build(live=(0, 2), hands={0: ["Cookie Pete"], 2: ["Paco the Kid", "Mute Esteban"]},
              cellars={0: ["Bluff Barlow"], 1: ["Lasso Lem"], 2: ["Silent Masterson"]},
              deck=[], phase="over")
    assert GAME.secrets(s, None) == set()
    for viewer in (None, 0, 1):  # the seats of positions 0 and 2
        v = GAME.view(s, viewer)
        rows = v["table"]
        assert [r.get("cellar") for r in rows] == [
            [cid("Bluff Barlow")], [cid("Lasso Lem")], [cid("Silent Masterson")], []]
        assert rows[2]["hand"] == ids("Paco the Kid", "Mute Esteban")
        assert rows[2]["hand_poker"] and "hand" not in rows[1]  # Deadwood holds none
        assert {cid("Paco the Kid"), cid("Lasso Lem")} <= set(v["cards"])


def test_the_view_has_phase_to_act_prompt_and_scores() -> None:
    s = build(hands={0: ["Jenny Two-Ropes"], 1: ["Paco the Kid"]})
    v = GAME.view(s, 0)
    assert v["phase"] == "play" and v["to_act"] == [0]
    assert v["prompt"] == "You must play a card from your hand into your Gang."
    assert GAME.view(s, 1)["prompt"] == "{seat:0} must play a card from their hand into their Gang."
    assert len(v["scores"]) == 4
    s2, _ = GAME.apply(s, 0, {"type": "play", "card": cid("Jenny Two-Ropes")})
    assert "Roundup or Gunfight" in GAME.view(s2, 0)["prompt"]


def test_the_prompt_says_a_card_may_go_elsewhere_only_to_the_hand_holding_one() -> None:
    s = build(hands={0: ["Jenny Two-Ropes", "Undertaker Grimes"], 1: ["Paco the Kid"]})
    assert GAME.view(s, 0)["prompt"] == ("You must play a card from your hand into your "
                                         "Gang, or where a card says it always goes.")
    # The others are told nothing of what the hand holds.
    for viewer in (1, 2, None):
        assert GAME.view(s, viewer)["prompt"] == (
            "{seat:0} must play a card from their hand into their Gang.")


def test_the_prompt_of_an_unload_says_whose_gang() -> None:
    s = build(hands={0: ["Old Man Gallagher"]}, gangs={0: ["Undertaker Grimes"]})
    s, _ = GAME.apply(s, 0, {"type": "play", "card": cid("Old Man Gallagher")})
    assert s.phase == Phase.UNLOAD
    assert GAME.view(s, 0)["prompt"] == ("You may move a card from your Gang into another "
                                         "Gang, or keep it.")
    assert GAME.view(s, 1)["prompt"] == ("{seat:0} may move a card from their Gang into "
                                         "another Gang, or keep it.")


def test_the_trick_is_shown_with_its_order_and_cards() -> None:
    s = build(hands={0: ["Lasso Lem", "Cookie Pete"], 1: ["Paco the Kid"], 2: ["Cattle Kate"]})
    s, _ = GAME.apply(s, 0, {"type": "play", "card": cid("Lasso Lem")})
    s, _ = GAME.apply(s, 1, {"type": "trick", "card": cid("Paco the Kid")})
    t = GAME.view(s, 3)["trick"]
    assert t["kind"] == "roundup" and t["caller"] == "Gallagher"
    assert t["order"] == ["Davila", "Masterson", "San Joaquin", "Gallagher"]
    assert t["played"] == [{"ranch": "Davila", "card": cid("Paco the Kid")}]
    assert t["next"] == "Masterson"


def test_the_omniscient_view_shows_everything_but_the_generator() -> None:
    s = GAME.new_game(GAME.Options(), 3, 4)
    v = GAME.omniscient_view(s)
    assert len(v["deck"]) == len(s.deck) and "rng" not in v
    assert len(v["cards"]) == 54


def test_no_view_or_event_ever_shows_a_hidden_card() -> None:
    for seats in (2, 3, 4):
        game = playout(GAME, seats=seats, seed=40 + seats)
        s = game.state
        for viewer in [None, *range(seats)]:
            assert not leaked(GAME.view(s, viewer), GAME.secrets(s, viewer))
        assert "result" in GAME.view(s, None)


def by_poker(*codes: str) -> list[str]:
    """Returns the ids of the cards with these poker values (every value is one card)."""
    from games.cowpoker.cards import CARDS

    found = {str(c.poker): c.id for c in CARDS.values()}
    return [found[code] for code in codes]


def test_no_view_shows_a_score_that_depends_on_a_hidden_hand() -> None:
    """Two live seats, one card in each Gang: only seat 1's hidden Hand differs between two
    positions, and seat 0's view (its running scores included) must not tell them apart."""
    gangs = {0: by_poker("2D"), 1: by_poker("4H"), 2: by_poker("5S"), 3: by_poker("7C")}
    mine = by_poker("3C", "3S", "9H", "QC")
    views = []
    for theirs in (("KC", "QD", "9D", "6D"), ("KC", "QD", "9D", "9S")):
        s = build(live=(0, 2), hands={0: mine, 2: by_poker(*theirs)}, gangs=gangs)
        views.append((GAME.view(s, 0), GAME.view(s, None)))
    assert views[0] == views[1]
    assert views[0][0]["scores"] == views[0][1]["scores"]  # nobody's private cards count


def test_the_views_of_one_state_share_what_all_see_and_nothing_of_a_seat() -> None:
    """What every viewer sees alike is built once per state; a seat's own Cellar joins
    only its own view, whatever order the views are asked in."""
    s = build(live=(0, 1, 2), hands={0: ["Cookie Pete"], 1: ["Paco the Kid"]},
              cellars={0: ["Bluff Barlow"], 1: ["Silent Masterson"]},
              gangs={2: ["Dice Dolores"]})
    mine, spectator, other = GAME.view(s, 0), GAME.view(s, None), GAME.view(s, 1)
    assert spectator["table"][2] is other["table"][2] is mine["table"][2]
    assert mine["table"][0] is not spectator["table"][0]
    assert "cellar" not in spectator["table"][0] and "cellar" not in other["table"][0]
    for viewer, view in ((0, mine), (None, spectator), (1, other)):
        assert not leaked(view, GAME.secrets(s, viewer))
        assert view == GAME.view(GAME.copy(s), viewer)  # a fresh copy keeps nothing


def test_views_asked_in_any_order_equal_views_built_afresh() -> None:
    states: list[State] = []
    playout(GAME, seats=3, seed=7, on_step=lambda st, *_: states.append(st))
    for n, st in enumerate(states):
        order = [None, 2, 0, 1] if n % 2 else [1, 0, 2, None]
        views = {v: GAME.view(st, v) for v in order}
        for v, view in views.items():
            assert view == GAME.view(GAME.copy(st), v)


# Viewers in every order of asking; "all" is the omniscient view.
ORDERS = list(permutations([0, 1, None, "all"]))


def ask(state: State, viewer: int | str | None) -> dict:
    return GAME.omniscient_view(state) if isinstance(viewer, str) else GAME.view(state, viewer)


def test_every_view_asked_in_any_order_equals_one_built_afresh_and_leaks_nothing() -> None:
    """The parts a view shares (kept on the state, or cached by what they show) give each
    viewer exactly the view built with nothing kept or cached, key order included."""
    for n, st in enumerate(played([(2, 61), (3, 62), (4, 63)])):
        order = [*ORDERS[n % len(ORDERS)], *range(2, st.seats)]
        views = {v: ask(st, v) for v in order}
        for v, seen in views.items():
            assert json.dumps(seen) == json.dumps(ask(afresh(st), v)), (n, v)
            if not isinstance(v, str):
                assert not leaked(seen, GAME.secrets(st, v)), (n, v)


def test_what_a_state_keeps_for_its_views_never_depends_on_a_hidden_card() -> None:
    """Whatever is kept on a state for all its viewers is the same for a state whose
    hidden cards (every Hand, Cellar and the deck) were shuffled, and names none of them."""
    rng = Rng(5)
    for n, st in enumerate(played([(2, 71), (3, 72), (4, 73)])):
        other = GAME.hidden_shuffle(st, None, rng)
        for state, viewers in ((st, [*range(st.seats), None]), (other, [None, *range(st.seats)])):
            for v in viewers[n % len(viewers):] + viewers[:n % len(viewers)]:
                GAME.view(state, v)
            GAME.omniscient_view(state)
        kept = kept_parts(st)
        over = st.phase == Phase.OVER  # the scores come from the Gangs, or from the end's
        assert set(kept) == {"cowpoker.view", "cowpoker.final" if over else "cowpoker.gangs"}
        assert kept == kept_parts(other), n
        as_json = {k: asdict(v) if hasattr(v, "__dataclass_fields__") else v
                   for k, v in kept.items()}
        assert not leaked(as_json, GAME.secrets(st, None)), n


def test_a_view_never_changes_as_later_states_are_viewed() -> None:
    """Views share parts across viewers and states (a Gang's, a Cellar's): a view
    is read, never changed, so none built earlier moves when later ones are built."""
    built: list[tuple[dict, str]] = []
    for st in played([(3, 81), (2, 82)]):
        for v in (*range(st.seats), None, "all"):
            seen = ask(st, v)
            built.append((seen, json.dumps(seen)))
    assert all(json.dumps(seen) == text for seen, text in built)


def test_the_prompt_at_the_end_names_the_live_ranch_that_won_and_its_points() -> None:
    """Once over, the prompt names the winning seat and its Ranch with its total (the end
    screen says how each Ranch scored); a Deadwood Ranch, which cannot win, is never named."""
    for seats, seed in ((2, 0), (3, 1), (4, 2)):
        over = playout(GAME, seats=seats, seed=seed).state
        result = GAME.result(over)
        assert result is not None
        top = max(result.scores)
        names = [f"{{seat:{s}}} ({over.ranch[over.position_of(s)]})" for s in result.winners]
        prompt = GAME.view(over, None)["prompt"]
        points = f"{top:g} point{'' if top == 1 else 's'}"
        assert prompt == (f"The game is over: {names[0]} wins with {points}" if len(names) == 1
                          else f"The game is over: {' and '.join(names)} share the win with "
                          f"{points} each"), prompt
        assert "Deadwood" not in prompt


def test_a_seat_is_told_which_cards_in_its_hand_would_have_their_effect_ignored() -> None:
    """Another Ranch's effect is ignored unless its Ace lies in one's Gang; a Wild card's
    rank is wild wherever it lies; a card without an effect has none to ignore. The view
    says it of the viewer's own hand only, as the play's event says it afterwards."""
    hand = ["Rosa Davila", "Lasso Lem", "Lucky Lupe", "Cookie Pete", "Undertaker Grimes"]
    s = build(hands={0: hand, 1: ["Paco the Kid", "Big Jim Gallagher"]})
    assert GAME.view(s, 0)["hand_ignored"] == [cid("Rosa Davila")]
    assert GAME.view(s, 1)["hand_ignored"] == [cid("Big Jim Gallagher")]
    assert GAME.view(s, None)["hand_ignored"] == []
    bossed = build(hands={0: hand}, gangs={0: ["Don Rafael Davila"]})
    assert GAME.view(bossed, 0)["hand_ignored"] == []
    _, events = GAME.apply(s, 0, {"type": "play", "card": cid("Rosa Davila")})
    assert events[0]["text"].endswith("its effect is ignored)")
    # Once the game is over no card is played any more: nothing to say of one.
    over = build(hands={0: hand}, deck=[], phase="over")
    assert GAME.view(over, 0)["hand_ignored"] == []


def test_in_a_trick_every_special_effect_in_the_hand_is_flagged_ignored() -> None:
    """"The Special Effects on the card do not take effect when played in a Roundup": the
    viewer's own cards too (a Wild card's rank aside, wild where the card ends up)."""
    s = build(hands={0: ["Lasso Lem", "Cookie Pete"],
                     1: ["Rosa Davila", "Trail Boss Hank", "The Parson", "Lucky Lupe"],
                     2: ["Mule Thief Dan"], 3: ["Dice Dolores"]})
    s, _ = GAME.apply(s, 0, {"type": "play", "card": cid("Lasso Lem")})
    view = GAME.view(s, 1)
    assert view["phase"] == "trick"
    assert view["hand_ignored"] == [cid("Rosa Davila"), cid("Trail Boss Hank")]
