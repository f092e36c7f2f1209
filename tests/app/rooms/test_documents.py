"""The log a viewer sees, kept in step: always what filtering the whole log gives, and
how it follows the list given before; why cards wait, each rule kept once."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from saloon_high_card import GAME as HIGH_CARD

from app.rooms.clock import Timing
from app.rooms.data import RoomData, RoomStatus, SeatInfo, SeatKind
from app.rooms.documents import NOTHING_TAUGHT, VisibleLog, summary, teach, why_not
from app.rooms.patches import apply, diff
from games.base import Rule
from games.leaks import visible_to
from games.registry import get_game
from games.testing import play_one

audiences = st.none() | st.lists(st.integers(0, 2), max_size=2)
# What a room does to its log: appends entries, drops its start, or starts a new one.
changes = st.lists(st.one_of(
    st.tuples(st.just("append"), st.lists(audiences, max_size=4)),
    st.tuples(st.just("keep"), st.integers(0, 8)),
    st.tuples(st.just("new"), st.lists(audiences, max_size=4)),
), max_size=12)


def entry(n: int, only: list[int] | None) -> dict[str, object]:
    return {"v": n, "type": "note"} if only is None else {"v": n, "type": "note", "only": only}


def logs(steps: list[tuple[str, Any]]) -> Iterator[list[dict[str, object]]]:
    """Yields the room's log after each of ``steps``; every entry made has a number of its own."""
    log: list[dict[str, object]] = []
    n = 0
    for what, arg in steps:
        if what == "append":
            for only in arg:
                log.append(entry(n, only))
                n += 1
        elif what == "keep":  # the last ``arg`` entries stay
            del log[:len(log) - arg]
        else:
            log = [entry(n + i, only) for i, only in enumerate(arg)]
            n += len(arg)
        yield log


@settings(max_examples=300, deadline=None)
@given(changes, st.sampled_from([None, 0, 1, 2]), st.integers(1, 5))
def test_the_kept_log_is_the_filtered_log(steps, viewer, limit) -> None:
    kept = VisibleLog(viewer, limit)
    for log in logs(steps):
        assert kept.entries(log) == [e for e in log if visible_to(e, viewer)][-limit:]


@settings(max_examples=300, deadline=None)
@given(changes, st.sampled_from([None, 0, 1, 2]), st.integers(1, 5))
def test_kept_says_how_the_new_entries_follow_the_last(steps, viewer, limit) -> None:
    visible = VisibleLog(viewer, limit)
    before: list[dict[str, object]] = []
    for log in logs(steps):
        now = visible.entries(log)
        if visible.kept is not None:
            kept = visible.kept
            assert kept <= len(before) and now[:kept] == before[len(before) - kept:]
            # What is not kept was added: no entry of the list before comes back.
            assert not {e["v"] for e in now[kept:]} & {e["v"] for e in before}
        before = now


cards = st.text("AKQJT98765SHDC", min_size=1, max_size=3)
rules = st.builds(Rule, st.sampled_from(["", "a-turn", "sixes"]),
                  st.sampled_from(["It is not your turn.", "A 6 waits.", "{seat:2} is to act."]))


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(cards, rules, max_size=12))
def test_each_rule_is_kept_once_and_each_card_points_at_its_own(waiting) -> None:
    doc = why_not(waiting)
    assert {card: doc["rules"][i] for card, i in doc["cards"].items()} == {
        card: rule.to_json() for card, rule in waiting.items()}
    assert list(doc["cards"]) == list(waiting)
    # Once each, in the order first met.
    assert doc["rules"] == [r.to_json() for r in dict.fromkeys(waiting.values())]


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(cards, rules, min_size=1, max_size=12), rules)
def test_a_reason_every_card_shares_changes_in_one_place(waiting, now) -> None:
    """The turn passes: every card of a waiting hand waits for a new reason. The patch
    names the rule, not each card (its anchor and text, at most)."""
    one = dict.fromkeys(waiting, next(iter(waiting.values())))
    before, after = {"why_not": why_not(one)}, {"why_not": why_not(dict.fromkeys(one, now))}
    ops = diff(before, after)
    assert len(ops) <= 2 and all(op["path"].startswith("/why_not/rules/0/") for op in ops)
    assert apply(before, ops) == after


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(cards, rules, min_size=1, max_size=12),
       st.dictionaries(cards, rules, max_size=12))
def test_cards_that_start_or_stop_waiting_are_one_operation(waiting, later) -> None:
    """A seat's turn begins or ends: the cards waiting change all at once, and the patch
    replaces their map whole (one operation, not one per card), still to the new one."""
    before, after = {"why_not": why_not(waiting)}, {"why_not": why_not(later)}
    ops = diff(before, after)
    on_cards = [op for op in ops if op["path"].startswith("/why_not/cards")]
    if before["why_not"]["cards"] != after["why_not"]["cards"]:
        assert on_cards == [{"op": "replace", "path": "/why_not/cards",
                             "value": after["why_not"]["cards"]}]
    else:
        assert on_cards == []
    assert apply(before, ops) == after


def test_no_card_waiting_is_two_empty_tables() -> None:
    assert why_not({}) == {"rules": [], "cards": {}}


def test_the_rooms_seats_are_the_very_list_while_nothing_they_show_changes() -> None:
    """A move changes no seat: the summary holds the list it held, which a patch passes
    over; what a seat shows changed (its presence, a bot taking it), a new list says so."""
    room = RoomData(id=1, code="abc", game=get_game("wyoming_cowboy"), options={},
                    status=RoomStatus.PLAYING, host_seat=0, allow_spectators=True, version=3,
                    matches=1, seats=[SeatInfo(0, "Ana", SeatKind.HUMAN),
                                      SeatInfo(1, "Bo", SeatKind.HUMAN)])

    def shown() -> list[dict[str, object]]:
        return [s.public() | {"presence": room.presence(s.position)} for s in room.seats]

    first = summary(room)["seats"]
    assert first == shown()
    as_first = copy.deepcopy(first)
    room.version += 1
    assert summary(room)["seats"] is first
    room.timing = Timing(away=frozenset({1}))
    away = summary(room)["seats"]
    assert away == shown() and away[1]["presence"] == "away"
    seat = room.seats[1]  # handed to a bot as the room's events do it: in place
    seat.kind, seat.bot = SeatKind.BOT, "smart"
    bot = summary(room)["seats"]
    assert bot == shown() and bot[1] == {"seat": 1, "name": "Bo", "kind": "bot",
                                         "bot": "smart", "presence": None}
    assert first == as_first  # read, never changed


def test_a_viewer_told_nothing_gets_the_one_empty_teaching_part() -> None:
    """A spectator, or a seat the game has no words for now, holds the very object the
    last version held, which a patch passes over; a seat with moves is told them."""
    room = RoomData(id=1, code="abc", game=HIGH_CARD, options={}, status=RoomStatus.PLAYING,
                    host_seat=0, allow_spectators=True, version=3, matches=1,
                    seats=[SeatInfo(0, "Ana", SeatKind.HUMAN), SeatInfo(1, "Bo", SeatKind.HUMAN)])
    room.state = HIGH_CARD.new_game(HIGH_CARD.parse_options({}), 2, 0)
    legal = HIGH_CARD.legal_actions(room.state, 0)
    assert teach(room, None, []) is NOTHING_TAUGHT
    told = teach(room, 0, legal)
    assert len(told["moves"]) == len(legal) > 0 and told is not NOTHING_TAUGHT
    room.state, _ = HIGH_CARD.apply(room.state, 0, legal[0])
    assert HIGH_CARD.legal_actions(room.state, 0) == []  # it waits for seat 1 now
    assert teach(room, 0, []) is NOTHING_TAUGHT
    assert NOTHING_TAUGHT == {"moves": [], "why_not": {"rules": [], "cards": {}}, "score": None,
                              "hints": {}}


def test_the_score_so_far_is_offered_while_the_game_is_on_and_not_once_it_has_ended() -> None:
    """Once the game has ended the result gives every line: a "score so far" then would
    name a hand or a round that is no longer going on."""
    game = get_game("wyoming_cowboy")
    room = RoomData(id=1, code="abc", game=game, options={}, status=RoomStatus.PLAYING,
                    host_seat=0, allow_spectators=True, version=3, matches=1,
                    seats=[SeatInfo(i, name, SeatKind.HUMAN) for i, name in enumerate("ABC")])
    played = play_one(game, 3, seed=5)
    assert not played.stuck and played.broken is None
    room.state = game.new_game(played.options, 3, 5)
    assert teach(room, 0, [])["score"]["title"] == "Hand 1 if it ended now"
    room.state, room.status = played.final, RoomStatus.FINISHED
    assert game.result(room.state) is not None
    assert [teach(room, seat, [])["score"] for seat in range(3)] == [None] * 3
