"""Secrets and ids: invite codes, tokens and their hashes, game ids in the order they were made."""

from __future__ import annotations

import time
import uuid

import pytest

from app import tokens


def test_a_game_id_is_a_uuid7_in_32_hex_digits_stamped_with_the_time_it_was_made() -> None:
    before = time.time_ns() // 1_000_000
    game_id = tokens.new_game_id()
    after = time.time_ns() // 1_000_000
    assert len(game_id) == 32 and game_id == game_id.lower()
    parsed = uuid.UUID(game_id)
    assert parsed.hex == game_id
    assert (parsed.version, parsed.variant) == (7, uuid.RFC_4122)
    assert before <= int(game_id[:12], 16) <= after


def test_game_ids_sort_in_the_order_they_were_made(monkeypatch: pytest.MonkeyPatch) -> None:
    # Rows keyed by these ids are appended at the end of their indexes, not spread over them.
    now = [1_800_000_000_000_000_000]

    def clock() -> int:
        now[0] += 1_000_000  # a millisecond between ids
        return now[0]

    monkeypatch.setattr(time, "time_ns", clock)
    made = [tokens.new_game_id() for _ in range(200)]
    assert made == sorted(made)


def test_game_ids_made_in_the_same_millisecond_differ_in_their_random_bits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "time_ns", lambda: 1_800_000_000_000_000_000)
    made = {tokens.new_game_id() for _ in range(1000)}
    assert len(made) == 1000
    assert len({m[:12] for m in made}) == 1  # one timestamp; the rest is chance
    assert len({m[13:16] + m[17:] for m in made}) == 1000


def test_tokens_and_codes_are_url_safe_and_their_hashes_compare_in_constant_time() -> None:
    token, code = tokens.new_token(), tokens.new_code()
    assert len(token) == 32 and len(code) == 12
    assert all(c.isalnum() or c in "-_" for c in token + code)
    digest = tokens.hash_token(token)
    assert tokens.same_hash(token, digest)
    assert not tokens.same_hash(tokens.new_token(), digest)
    assert not tokens.same_hash(token, None)
