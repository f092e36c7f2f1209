"""Hidden information as at the table: what each seat's view shows and what it hides."""

from __future__ import annotations

import json
import re
from collections import Counter
from itertools import permutations
from typing import cast

from games.cards_for_cowboys import GAME
from games.cards_for_cowboys import store as pyramid
from games.cards_for_cowboys.bots import PushYourLuckBot
from games.cards_for_cowboys.cards import spec
from games.cards_for_cowboys.state import Phase, State
from games.cards_for_cowboys.view import all_cards
from games.leaks import leaked, visible_to
from games.play import playout
from games.rng import Rng
from games.testing import play_one
from tests.games.cards_for_cowboys.position import DRAW as D
from tests.games.cards_for_cowboys.position import STOP, fresh, play, stack, to_discard


def text(view) -> str:
    return json.dumps(view)


def test_you_see_the_backs_of_your_whole_draw_pile_in_order_but_not_their_faces() -> None:
    s = fresh(2)
    v = GAME.view(s, 0)
    me = v["players"][0]
    assert me["draw_pile"] == [spec(c).back for c in s.players[0].draw]
    assert me["known"] == []
    assert not any(c in text(v) for c in s.players[0].draw)


def test_others_see_your_counts_and_the_back_of_your_top_card_only() -> None:
    s = to_discard(fresh(2), 0, ["c94a", "c93a"])
    for viewer in (1, None):
        other = GAME.view(s, viewer)["players"][0]
        assert other["draw_count"] == 8 and other["discard_count"] == 2
        assert other["top_back"] == spec(s.players[0].draw[0]).back
        assert "draw_pile" not in other and "discard_top" not in other
        assert "c93a" not in text(GAME.view(s, viewer))


def test_you_see_only_the_count_and_top_card_of_your_own_discard_pile() -> None:
    s = to_discard(fresh(2), 0, ["c94a", "c93a"])
    me = GAME.view(s, 0)["players"][0]
    assert me["discard_count"] == 2
    assert me["discard_top"]["id"] == "c93a"
    assert "c94a" not in text(GAME.view(s, 0))


def test_everybody_sees_the_cards_revealed_this_round() -> None:
    s, _ = play(stack(fresh(3), 1, ["c33b"]), (1, D))
    for viewer in (0, 1, 2, None):
        row = GAME.view(s, viewer)["players"][1]["row"]
        assert [x["id"] for x in row] == ["c33b"]
        assert row[0]["cash"] == 1 and row[0]["cows"] == 1 and row[0]["back"] == "cactus"


def test_face_down_store_cards_show_only_their_backs() -> None:
    s = fresh(2)
    rows = GAME.view(s, None)["store"]
    assert [x["id"] for x in rows[-1]] == s.store[-1]
    for r in range(len(rows) - 1):
        assert rows[r] == [spec(cast(str, c)).back for c in s.store[r]]
    hidden = pyramid.face_down(s.store)
    assert not any(c in text(GAME.view(s, 0)) for c in hidden)


def test_secrets_name_every_card_the_viewer_may_not_see() -> None:
    s = to_discard(fresh(2), 1, ["c94b", "c93b"])
    hidden = GAME.secrets(s, 0)
    assert set(s.players[0].draw) <= hidden and set(s.players[1].draw) <= hidden
    assert {"c94b", "c93b"} <= hidden
    assert set(pyramid.face_down(s.store)) <= hidden
    assert set(s.reserve) <= hidden and set(s.unused) <= hidden
    assert not set(s.store[-1]) & hidden
    assert "c93b" not in GAME.secrets(s, 1) and "c94b" in GAME.secrets(s, 1)
    assert GAME.secrets(s, 0) | set(s.store[-1]) == set(all_cards(s))


def test_cards_you_looked_at_are_shown_to_you_with_their_place_in_the_pile() -> None:
    s, _ = play(stack(fresh(2), 0, ["c31", "c91a", "c92a", "c93a"]), (0, D), (0, STOP))
    me = GAME.view(s, 0)["players"][0]
    assert [x["id"] for x in me["pending"]["choices"]] == ["c91a", "c92a", "c93a"]
    assert GAME.view(s, 1)["players"][0]["pending"] == {"step": "reorder"}
    s, _ = play(s, (0, {"type": "reorder", "order": ["c93a", "c91a", "c92a"]}))
    me = GAME.view(s, 0)["players"][0]
    assert [(x["id"], x["position"]) for x in me["known"]] == [
        ("c93a", 0), ("c91a", 1), ("c92a", 2)]
    assert "c93a" not in text(GAME.view(s, 1))
    assert "c93a" not in GAME.secrets(s, 0) and "c93a" in GAME.secrets(s, 1)


def test_you_look_through_your_discard_pile_only_while_choosing_a_card_to_replay() -> None:
    s = to_discard(fresh(2), 0, ["c94a", "c93a"])
    s, _ = play(stack(s, 0, ["c23"]), (0, D))
    assert "c94a" in GAME.secrets(s, 0)
    s, _ = play(s, (0, {"type": "trash", "card": "c23"}))
    assert "c94a" not in GAME.secrets(s, 0) and "c94a" in GAME.secrets(s, 1)
    choices = GAME.view(s, 0)["players"][0]["pending"]["choices"]
    assert [x["id"] for x in choices] == ["c94a", "c93a"]


def test_a_throw_stays_hidden_until_every_tied_player_has_thrown() -> None:
    s, _ = play(stack(stack(fresh(2), 0, ["c91a"]), 1, ["c91b"]), (0, D), (1, D), (0, STOP),
                (1, STOP))
    s, events = play(s, (0, {"type": "throw", "hand": "rock"}))
    for viewer in (1, None):
        v = GAME.view(s, viewer)
        assert v["rps"]["thrown"] == [0] and v["rps"]["your_throw"] is None
        assert "rock" not in text({k: x for k, x in v.items() if k != "prompt"})
        shown = [e for e in events if visible_to(e, viewer)]
        assert "rock" not in text(shown)
        assert "threw" not in v["prompt"], v["prompt"]
    assert GAME.view(s, 0)["rps"]["your_throw"] == "rock"
    # The thrower is told its throw where it looks while the others throw.
    assert GAME.view(s, 0)["prompt"] == ("You threw rock. Waiting for {seat:1} to throw rock, "
                                         "paper or scissors")
    s, events = play(s, (1, {"type": "throw", "hand": "paper"}))
    assert GAME.view(s, None)["rps"]["last"] == ["rock", "paper"]
    assert "rock" in events[-2]["text"]


def test_a_throw_again_says_why_in_the_prompt() -> None:
    s, _ = play(stack(stack(fresh(2), 0, ["c91a"]), 1, ["c91b"]), (0, D), (1, D), (0, STOP),
                (1, STOP))
    fresh_prompt = "Throw rock, paper or scissors: the winner chooses who buys first"
    assert GAME.view(s, 0)["prompt"] == fresh_prompt
    s, _ = play(s, (0, {"type": "throw", "hand": "rock"}), (1, {"type": "throw", "hand": "rock"}))
    for seat in (0, 1):
        assert GAME.view(s, seat)["prompt"] == (
            "A draw (rock, rock): throw again. The winner chooses who buys first")


def test_public_events_never_name_a_card_that_may_be_hidden_afterwards() -> None:
    s = stack(fresh(2), 0, ["c34a", "c62a", "c63a"])
    s, events = play(s, (0, D), (0, D), (0, D))
    for viewer in (0, 1, None):
        assert not leaked([e for e in events if visible_to(e, viewer)], GAME.secrets(s, viewer))
    assert events[-1]["type"] == "bust"
    assert events[-2]["face"]["bandits"] == 1


def test_every_view_has_phase_to_act_prompt_and_scores() -> None:
    s = fresh(3)
    for viewer in (0, 1, 2, None):
        v = GAME.view(s, viewer)
        assert v["phase"] == "draw" and v["to_act"] == [0, 1, 2]
        assert v["scores"] == [0, 0, 0] and isinstance(v["prompt"], str) and v["prompt"]
        assert json.loads(json.dumps(v)) == v
    assert "Draw a card or stop" in GAME.view(s, 0)["prompt"]


def test_the_finished_game_view_carries_the_result_breakdown() -> None:
    from games.play import playout
    out = playout(GAME, seats=2, seed=4)
    v = GAME.view(out.state, None)
    assert v["phase"] == "over" and v["to_act"] == []
    assert out.result is not None
    assert v["result"]["winners"] == out.result.winners
    lines = v["result"]["detail"]["seats"][0]["lines"]
    assert lines[0].startswith("Act 1:") and lines[-1].startswith("Herd:")


def test_the_omniscient_view_shows_every_card_but_not_the_generator() -> None:
    s = fresh(2)
    omni = GAME.omniscient_view(s)
    assert "rng" not in omni
    assert set(all_cards(s)) <= set(re.findall(r"\w+", json.dumps(omni)))


def omniscient_cards(omni) -> Counter[str]:
    """Every card name where the omniscient view lays it: Store, box, each player's piles,
    row and buys, and the lines of the cards no seat has seen."""
    out = Counter(c["id"] for row in omni["store"] for c in row if c)
    out.update(omni["box"])
    for p in omni["players"]:
        out.update(c["id"] for k in ("draw_pile", "discard", "row", "bought") for c in p[k])
    hidden = [*omni["unused"], *(x for lines in omni["reserve"].values() for x in lines)]
    out.update(line.split(":")[0] for line in hidden)
    return out


def random_states(seats: int, seed: int, every: int = 7):
    state = GAME.new_game(GAME.parse_options({}), seats, seed)
    rng = Rng(seed)
    out = [state]
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.to_act(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        out.append(state)
    return out[::every] + [out[-1]]


def test_the_omniscient_view_is_the_spectator_view_with_every_card_face_up() -> None:
    for seats in (2, 4):
        for s in random_states(seats, seats + 8):
            omni = GAME.omniscient_view(s)
            spectator = GAME.view(s, None)
            assert set(spectator) <= set(omni) and "rng" not in omni
            assert {"phase", "to_act", "prompt", "scores"} <= set(omni)
            for k in ("phase", "act", "round", "to_act", "you", "prompt", "scores", "buy"):
                assert omni[k] == spectator[k]
            assert omniscient_cards(omni) == Counter(all_cards(s))  # every card, once
            for seat, p in enumerate(s.players):
                row = omni["players"][seat]
                assert [c["id"] for c in row["draw_pile"]] == p.draw  # top first
                assert [c["id"] for c in row["discard"]] == p.discard
                assert set(spectator["players"][seat]) <= set(row)
            covered = set(pyramid.face_down(s.store))
            flagged = {c["id"] for r in omni["store"] for c in r if c and c.get("covered")}
            assert flagged == covered
            assert json.loads(json.dumps(omni)) == omni
            assert GAME.omniscient_view(s) == omni  # deterministic


def test_the_omniscient_view_shows_unrevealed_throws_and_pending_choices() -> None:
    s, _ = play(stack(stack(fresh(2), 0, ["c91a"]), 1, ["c91b"]), (0, D), (1, D), (0, STOP),
                (1, STOP))
    s, _ = play(s, (0, {"type": "throw", "hand": "rock"}))
    assert GAME.omniscient_view(s)["rps"]["throws"] == ["rock", None]
    s, _ = play(stack(fresh(2), 0, ["c31", "c91a", "c92a", "c93a"]), (0, D), (0, STOP))
    pending = GAME.omniscient_view(s)["players"][0]["pending"]
    assert [x["id"] for x in pending["choices"]] == ["c91a", "c92a", "c93a"]


def test_your_draw_pile_shows_its_backs_never_a_face_you_were_not_shown() -> None:
    """"You may freely check the card backs of cards in your draw pile. You may NOT look
    through your discard pile": after a reshuffle of the discard, the new draw pile shows
    its backs in order and no face, until an effect shows one."""
    from games.play import playout

    reshuffles = 0

    def check(state, seat, action):
        nonlocal reshuffles
        for s, p in enumerate(state.players):
            me = GAME.view(state, s)["players"][s]
            assert me["draw_pile"] == [spec(c).back for c in p.draw]
            assert all(isinstance(b, str) for b in me["draw_pile"])
            assert {k["id"] for k in me["known"]} == {c for c in p.draw if c in p.known}
        reshuffles += sum(1 for p in state.players if p.draw and not p.known and not p.discard)

    for seed in range(4):
        playout(GAME, seats=3, seed=seed, on_step=check)
    assert reshuffles


def test_the_views_of_one_state_share_what_all_see_and_nothing_of_a_seat() -> None:
    """Each player's entry as the others see it, and the Store, are built once per state;
    a seat's own entry (its draw pile, deck, choices) joins only its own view, and the
    omniscient view changes nothing of the others, whatever order they are asked in."""
    s = fresh(seats=3)
    everything = GAME.omniscient_view(s)
    mine, spectator, other = GAME.view(s, 0), GAME.view(s, None), GAME.view(s, 1)
    assert mine["players"][2] is spectator["players"][2] is other["players"][2]
    assert mine["store"] is spectator["store"]
    assert "deck" in mine["players"][0] and "deck" not in spectator["players"][0]
    assert "deck" not in other["players"][0] and "deck" in everything["players"][1]
    for viewer, view in ((0, mine), (None, spectator), (1, other)):
        assert not leaked(view, GAME.secrets(s, viewer))
        assert view == GAME.view(GAME.copy(s), viewer)  # a fresh copy keeps nothing
    assert everything == GAME.omniscient_view(GAME.copy(s))


def test_views_asked_in_any_order_equal_views_built_afresh() -> None:
    states: list[State] = []
    playout(GAME, seats=4, seed=5, on_step=lambda st, *_: states.append(st))
    for n, st in enumerate(states[::3]):
        order = [None, 3, 0, 1, 2] if n % 2 else [1, 0, 2, 3, None]
        views = {v: GAME.view(st, v) for v in order}
        if n % 3 == 0:
            GAME.omniscient_view(st)
        for v, view in views.items():
            assert view == GAME.view(GAME.copy(st), v)
            assert GAME.view(st, v) == view


# ---- views built from kept pieces ------------------------------------------------------
# A view is the spectator's (kept per state) with the seat's own entry; each seat's entry
# as the others see it and its own part are kept on its player, which later states share.
# A state read back from its JSON shares nothing with the one it came from, so its views
# are built afresh.

OWN_KEYS = {"draw_pile", "known", "discard_top", "deck"}


def afresh(state: State) -> State:
    return GAME.load(GAME.dump(state))


def game_states(seats: int, seed: int) -> list[State]:
    """Returns every state of a game between smart bots, which play the cards' effects."""
    states: list[State] = []
    playout(GAME, seats=seats, seed=seed, on_step=lambda st, *_: states.append(st),
            bots=[PushYourLuckBot() for _ in range(seats)])
    return states


def check_views(state: State, views: dict[int | None, dict]) -> None:
    """Each view is the one built afresh, key order too; it leaks no card the viewer may
    not see, and no other seat's own part (a deck list names no card)."""
    for v, view in views.items():
        assert json.dumps(view) == json.dumps(GAME.view(afresh(state), v)), v  # asked alone
        assert not leaked(view, GAME.secrets(state, v)), v
        for seat, entry in enumerate(view["players"]):
            if seat != v:
                owed = state.players[seat].pending
                assert not OWN_KEYS & set(entry), (v, seat)
                assert entry["pending"] == ({"step": owed[0]["step"]} if owed else None)


def test_every_seats_view_and_the_spectators_in_any_order_equal_views_built_afresh() -> None:
    pending: set[str] = set()
    for seats, seed in ((2, 0), (3, 5), (4, 6)):
        for n, st in enumerate(game_states(seats, seed)):
            viewers = [*range(seats), None]
            order = [viewers[(n + k) % len(viewers)] for k in range(len(viewers))]
            if n % 2:
                order.reverse()
            if n % 5 == 0:
                GAME.omniscient_view(st)  # asked first: it changes nothing of theirs
            check_views(st, {v: GAME.view(st, v) for v in order})
            pending.update(p.pending[0]["step"] for p in st.players if p.pending)
    assert {"reorder", "replay", "offer_reorder"} <= pending  # own choices were shown


def owing() -> list[tuple[State, int, list[str]]]:
    """Returns positions where a seat owes a choice: the state, the seat, its choices."""
    reorder, _ = play(stack(stack(fresh(3), 0, ["c31", "c91a", "c92a", "c93a"]), 1, ["c24"]),
                      (0, D), (1, D), (0, STOP))
    give_back, _ = play(stack(fresh(3), 2, ["c22", "c93c"]), (2, D), (2, D), (2, STOP))
    replay = to_discard(fresh(3), 1, ["c94b", "c93b"])
    replay, _ = play(stack(replay, 1, ["c23"]), (1, D), (1, {"type": "trash", "card": "c23"}))
    return [(reorder, 0, ["c91a", "c92a", "c93a"]), (give_back, 2, ["c22", "c93c"]),
            (replay, 1, ["c94b", "c93b"])]


def test_views_of_one_state_in_every_order_are_the_same() -> None:
    for st, seat, choices in owing():
        for order in permutations([0, 1, 2, None]):
            s = afresh(st)
            views = {v: GAME.view(s, v) for v in order}
            check_views(s, views)
            other = (seat + 1) % 3
            assert views[seat]["players"][other] is views[None]["players"][other]
            assert views[seat]["players"][seat] is not views[other]["players"][seat]
            mine = views[seat]["players"][seat]["pending"]
            assert [c["id"] for c in mine["choices"]] == choices


def test_a_view_once_given_stays_as_it_was_while_later_states_are_viewed() -> None:
    """What later views share with it (entries kept on a player, the Store, the cards'
    JSON) is read, never changed."""
    given = []
    for st in game_states(3, 14):
        views = {v: GAME.view(st, v) for v in (None, 2, 0, 1)}
        given.append((st, views, json.dumps(views)))
        GAME.omniscient_view(st)
    for st, views, text in given:
        assert json.dumps(views) == text
        assert json.dumps({v: GAME.view(afresh(st), v) for v in views}) == text


def test_an_entry_kept_on_a_player_follows_the_others_gift_cards_and_the_buy_order() -> None:
    """Seat 0's player stays the same while seat 1 draws a gift card (+$1 to seat 0) and
    while buying starts: its entry is made again, not read from the earlier state."""
    st = stack(stack(fresh(2), 0, ["c91a"]), 1, ["c24"])
    st, _ = play(st, (0, D), (0, STOP))
    before = GAME.view(st, 1)["players"][0]["cash"], GAME.view(st, 0)["players"][0]["cash"]
    after, _ = play(st, (1, D))
    assert after.players[0] is st.players[0]
    cash = GAME.view(after, 1)["players"][0]["cash"], GAME.view(after, 0)["players"][0]["cash"]
    assert cash == (before[0] + 1, before[1] + 1)
    check_views(after, {v: GAME.view(after, v) for v in (0, None, 1)})
    buying, _ = play(after, (1, STOP))
    while buying.phase != Phase.BUY:  # the players stay the same as buying starts
        check_views(buying, {v: GAME.view(buying, v) for v in (0, 1, None)})
        seat = min(GAME.to_act(buying))
        buying, _ = play(buying, (seat, GAME.legal_actions(buying, seat)[0]))
    views = {v: GAME.view(buying, v) for v in (1, 0, None)}
    check_views(buying, views)
    assert all("cash_left" in e for v in views.values() for e in v["players"])


def test_the_omniscient_view_changes_nothing_the_spectators_view_shares() -> None:
    s, _ = play(stack(stack(fresh(2), 0, ["c91a"]), 1, ["c91b"]), (0, D), (1, D), (0, STOP),
                (1, STOP))
    s, _ = play(s, (0, {"type": "throw", "hand": "rock"}))
    spectator = GAME.view(s, None)
    omni = GAME.omniscient_view(s)
    assert omni["rps"]["throws"] == ["rock", None] and "throws" not in spectator["rps"]
    assert "throws" not in GAME.view(s, 1)["rps"]
    assert GAME.view(s, 0)["rps"]["your_throw"] == "rock"
    assert "rock" not in text({k: x for k, x in GAME.view(s, 1).items() if k != "prompt"})
    check_views(s, {v: GAME.view(s, v) for v in (None, 1, 0)})


def test_the_prompt_at_the_end_names_who_won():
    """Once over, the prompt says who has the largest Herd (the end screen says the rule)."""
    g = play_one(GAME, 3, 2, first=True)
    over = g.states[-1]
    assert GAME.is_over(over)
    herds = [p.herd for p in over.players]
    top = [s for s, h in enumerate(herds) if h == max(herds)]
    prompt = GAME.view(over, 0)["prompt"]
    if len(top) == 1:
        assert prompt == f"The game is over: {{seat:{top[0]}}} has the largest Herd", prompt
    else:
        assert prompt.endswith("share the win with equal Herds"), prompt
    tied = over.clone()
    for p in tied.players:
        p.herd = 7
    assert GAME.view(tied, 0)["prompt"] == ("The game is over: {seat:0}, {seat:1} and "
                                            "{seat:2} share the win with equal Herds")


def test_the_draw_prompt_says_the_danger_and_leaves_the_sums_to_the_row():
    """The row's heading under the prompt says the $, Cows and Bandits drawn: the prompt
    says only how near a bust is (a Jail cancelling a Bandit)."""
    state = fresh(2, 1)
    assert GAME.view(state, 0)["prompt"] == "Draw a card or stop (3 Bandits bust you)"
    two, _ = play(stack(state, 0, ["c34a", "c34b"]), (0, D), (0, D))
    assert GAME.view(two, 0)["prompt"] == "Draw a card or stop: one more Bandit busts you"
    jailed, _ = play(stack(fresh(2, 1), 0, ["c34a", "c34b", "c84"]), (0, D), (0, D), (0, D))
    assert GAME.view(jailed, 0)["prompt"] == "Draw a card or stop (3 Bandits bust you)"


def test_a_seats_dollars_say_what_no_card_of_its_row_shows() -> None:
    """The $ of the others' gift cards and of cards trashed for $2 are in ``cash`` and said
    apart, ``gift`` and ``trashed_cash``: a sum above the row's faces read as a mistake."""
    s = stack(stack(fresh(2), 0, ["c77", "c91a"]), 1, ["c24"])
    s, _ = play(s, (0, D), (1, D), (0, {"type": "trash", "card": "c77"}), (0, D))
    for viewer in (0, 1, None):
        mine = GAME.view(s, viewer)["players"][0]
        assert (mine["cash"], mine["gift"], mine["trashed_cash"]) == (1 + 1 + 2, 1, 2), mine
        theirs = GAME.view(s, viewer)["players"][1]
        assert (theirs["cash"], theirs["gift"], theirs["trashed_cash"]) == (3, 0, 0), theirs


def test_a_buyer_who_can_afford_nothing_is_asked_to_burn_or_pass():
    """"Buy a face-up Store card (you have $0), burn one, or pass" asked for a buy none
    of the cards allowed."""
    seen = {"buy": False, "burn": False}
    for seed in range(40):
        state, rng = GAME.new_game(GAME.parse_options({}), 2, seed), Rng(seed)
        while not GAME.is_over(state) and not all(seen.values()):
            seat = rng.choice(sorted(GAME.to_act(state)))
            legal = GAME.legal_actions(state, seat)
            if state.phase.value == "buy":
                prompt = GAME.view(state, seat)["prompt"]
                buys = any(a["type"] == "buy" for a in legal)
                if buys:
                    assert prompt.startswith("Buy a face-up Store card"), prompt
                else:
                    assert prompt.startswith("Burn a face-up Store card, or pass: you have $")
                seen["buy" if buys else "burn"] = True
            state, _ = GAME.apply(state, seat, rng.choice(legal))
        if all(seen.values()):
            break
    assert all(seen.values()), seen
