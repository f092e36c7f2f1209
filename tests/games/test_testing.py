"""check_game: a plugin author's conformance run passes a sound game and names each fault."""

from __future__ import annotations

from typing import Any

import pytest
from saloon_high_card import HighCard, State

from games.base import Event, Rule, Viewer
from games.leaks import leaked
from games.testing import (
    CHECKS,
    Played,
    check_descriptions,
    check_game,
    check_hidden_shuffle,
    check_invariants,
    check_refusals_name_rules,
    check_rules_page,
    check_states_stay_put,
    check_teaching_does_not_leak,
    check_when_asked,
    first_difference,
    moved_values,
    play_games,
    shown,
)


class PeekingView(HighCard):
    """Shows how many aces the other seats hold: no card named, yet a leak."""

    def view(self, state: State, viewer: Viewer) -> Any:
        v = super().view(state, viewer)
        v["aces_elsewhere"] = sum(c[0] == "A" for s, h in enumerate(state.hands)
                                  if s != viewer for c in h)
        return v


class HastySpades(HighCard):
    """A seat holding a spade plays it at once when another seat plays: who waits tells."""

    def apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        s, events = super().apply(state, seat, action)
        for other in sorted(self.to_act(s)):
            spades = [c for c in s.hands[other] if c[1] == "S"]
            if spades and len(self.to_act(s)) > 1:
                s, more = super().apply(s, other, {"type": "play", "card": spades[0]})
                events += more
        return s, events


class LosesCards(HighCard):
    """Forgets the stock's top card on every play."""

    def apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        s, events = super().apply(state, seat, action)
        s.stock = s.stock[1:]
        return s, events


def test_a_sound_game_passes_every_check() -> None:
    check_game(HighCard(), games=3)


def test_each_check_is_named_after_its_function_and_says_what_it_holds() -> None:
    for name, check in CHECKS.items():
        assert check.__name__ == f"check_{name}" and check.__doc__


def test_a_view_that_counts_hidden_cards_fails_the_shuffle_check() -> None:
    game = PeekingView()
    with pytest.raises(AssertionError, match=r"view changed .* \.aces_elsewhere"):
        check_hidden_shuffle(game, play_games(game, games=1))


def test_asking_according_to_hidden_cards_fails_the_when_asked_check() -> None:
    game = HastySpades()
    played = play_games(game, games=2)
    check_hidden_shuffle(game, played)
    with pytest.raises(AssertionError, match=r"who is asked next depends on cards nobody"):
        check_when_asked(game, played)


def test_a_broken_invariant_is_named_with_its_seed_and_step() -> None:
    game = LosesCards()
    with pytest.raises(AssertionError, match=r"highcard \(2 seats, seed 2000, step 1\): "
                                             r"invariants broken: \['51 cards'\]"):
        check_invariants(game, play_games(game, games=1))


def test_first_difference_names_the_path() -> None:
    assert first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == ".a[1].b: 2 became 3"
    assert first_difference({"a": 1}, {"a": 1}) is None
    assert first_difference({"a": 1}, {}) == ".a is in only one of them"


def test_moved_values_and_where_they_show() -> None:
    before = {"hands": [["KH", "2C"], ["7S"]], "pile": ["9D"]}
    after = {"hands": [["KH", "7S"], ["2C"]], "pile": ["9D"]}
    moved = moved_values(before, after)
    assert moved == {"2C", "7S"}
    assert shown({"top": "7S", "left": "9D", "n": 2}, moved) == {(".top", "7S")}


class Wordless(HighCard):
    """Brings neither a rules page nor words for its moves."""

    def rules_markdown(self) -> None:  # type: ignore[override]
        return None

    def describe(self, state: State, seat: int, action: Any) -> str:
        return self.describe_action(action)


class TellsTooMuch(HighCard):
    """Says in its hints which card the next seat holds."""

    def situations(self, state: State, seat: int) -> dict[str, Rule]:
        other = (seat + 1) % state.seats
        if not state.hands[other]:
            return {}
        return {"peek": Rule("a-trick", f"Your neighbour holds {state.hands[other][0]}")}


RANK_WORDS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "Ten"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def in_words(card: str) -> str:
    return f"{RANK_WORDS.get(card[0], card[0])} of {SUIT_WORDS[card[1]]}"


class TellsTooMuchInWords(HighCard):
    """Says in words ("the King of hearts") which card the next seat holds: no card id
    in sight, which the game's ``card_words`` let the checks find all the same."""

    def card_words(self, card: str) -> tuple[str, ...]:
        return (in_words(card),)

    def situations(self, state: State, seat: int) -> dict[str, Rule]:
        other = (seat + 1) % state.seats
        if not state.hands[other]:
            return {}
        return {"peek": Rule("a-trick", f"Your neighbour holds the "
                                        f"{in_words(state.hands[other][0])}")}


class NamesNoSection(HighCard):
    """Refuses moves with a rule its rules page does not have."""

    def refusal(self, state: State, seat: int, action: Any) -> Rule:
        return Rule("no-such-section", "Not now.")


def test_a_game_without_a_rules_page_or_words_fails_the_teaching_checks() -> None:
    game = Wordless()
    played = play_games(game, games=1)
    with pytest.raises(AssertionError, match="has no rules page"):
        check_rules_page(game, played)
    with pytest.raises(AssertionError, match="no description in words"):
        check_descriptions(game, played)


def test_a_hint_that_names_a_hidden_card_fails_the_leak_check() -> None:
    game = TellsTooMuch()
    with pytest.raises(AssertionError, match=r"seat \d is told \['"):
        check_teaching_does_not_leak(game, play_games(game, games=1))


def test_a_hint_that_names_a_hidden_card_in_words_fails_the_leak_check() -> None:
    game = TellsTooMuchInWords()
    with pytest.raises(AssertionError, match=r"seat \d is told \['"):
        check_teaching_does_not_leak(game, play_games(game, games=1))
    # The words of a card the seat may see are no leak: its own hand's, say.
    assert leaked("You hold the Ten of clubs", {"TC"}, {"Ten of clubs": "TC"}) == {"TC"}
    assert leaked("You hold the Ten of clubs", {"TD"}, {"Ten of diamonds": "TD"}) == set()
    assert leaked("Tens of clubsmen", {"TC"}, {"Ten of clubs": "TC"}) == set()


def test_a_refusal_naming_a_section_the_page_lacks_fails() -> None:
    game = NamesNoSection()
    with pytest.raises(AssertionError, match="no-such-section"):
        check_refusals_name_rules(game, play_games(game, games=1))


class SharedHands(HighCard):
    """Copies share the hands, and a play takes its card from the shared list."""

    def apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        hands = state.hands
        s, events = super().apply(state, seat, action)
        hands[seat].remove(action["card"])  # the list the state played on holds too
        s.hands = hands
        return s, events


def test_a_copy_that_changes_what_it_shares_fails_the_states_check() -> None:
    game = SharedHands()
    with pytest.raises(AssertionError,
                       match=r"step 0\): the state changed after it was made: \.hands\[\d\]"):
        check_states_stay_put(game, play_games(game, games=1))


class Dealt(HighCard):
    """A stand-in whose every state is the set of cards hidden from every viewer."""

    def secrets(self, state: Any, viewer: Viewer) -> set[str]:
        return set(state)

    def card_words(self, card: str) -> tuple[str, ...]:
        return (in_words(card),)


def test_a_card_once_seen_may_be_named_in_words_but_one_never_seen_may_not() -> None:
    played = Played(Dealt(), 2, 0, None, True)  # type: ignore[arg-type]
    # The King of hearts is hidden, then seen (played, say), then hidden again (taken up).
    played.states = [{"KH", "TC"}, {"TC"}, {"KH", "TC"}]
    assert played.named(0, 0) == {"King of hearts": "KH", "Ten of clubs": "TC"}
    assert played.named(2, 0) == {"Ten of clubs": "TC"}
    assert played.secrets(2, 0) == {"KH", "TC"}  # by id it is still hidden where it lies
