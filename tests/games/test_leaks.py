"""Finding hidden cards in JSON, by id and in words."""

from __future__ import annotations

from games.leaks import Phrases, leaked

SECRETS = {"KH", "QS", "c7"}
WORDS = {"King of hearts": "KH", "Queen of spades": "QS", "Agent": "c7"}


def test_a_secret_is_found_whole_as_a_word_and_in_words() -> None:
    assert leaked({"hand": ["KH", "2C"]}, SECRETS) == {"KH"}
    assert leaked(["you pass QS and 2C"], SECRETS) == {"QS"}
    assert leaked({"text": "Bo passes the King of hearts"}, SECRETS, WORDS) == {"KH"}
    assert leaked({"text": "Bo passes the King of heartsy"}, SECRETS, WORDS) == set()
    assert leaked("nothing hidden here", SECRETS, WORDS) == set()


def test_phrases_within_others_use_their_pattern_and_find_only_their_own() -> None:
    everything = Phrases([*WORDS.items(), ("Wells Fargo Agent", "c9")])
    fewer = Phrases([("Agent", "c7"), ("Queen of spades", "QS")], within=everything)
    assert fewer.pattern() is everything.pattern()
    said = {"text": "Bo plays the King of hearts, then the Agent and the Queen of spades"}
    assert leaked(said, SECRETS, fewer) == {"c7", "QS"}  # the King is seen by now
    # A longer phrase of the game names its own card, not the one it holds.
    assert leaked({"text": "Bo plays the Wells Fargo Agent"}, SECRETS, fewer) == set()
