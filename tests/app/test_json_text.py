"""The JSON text of socket messages and JSON columns: pydantic's text, quicker; and what
the quick encoder refuses, written all the same."""

from __future__ import annotations

import enum
import json

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic_core import to_json

from app.json_text import dumps
from app.rooms.patches import Whole

TEXT = st.text(st.characters(exclude_categories=["Cs"]))  # what UTF-8 can hold
JSON_TREES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2**63, max_value=2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False) | TEXT,
    lambda inner: st.lists(inner) | st.dictionaries(TEXT, inner), max_leaves=25)


@settings(max_examples=150, deadline=None)
@given(JSON_TREES)
def test_the_text_is_pydantics_byte_for_byte(value) -> None:
    # Clients and stored rows read what pydantic's encoder wrote before.
    assert dumps(value) == to_json(value).decode()
    assert json.loads(dumps(value)) == value


class Phase(enum.StrEnum):
    PLAY = "play"


def test_what_documents_hold_is_written_as_json() -> None:
    assert dumps({"phase": Phase.PLAY, "cards": Whole({"5H": 0}), "at": (1, 2.5),
                  "name": "Zoë", "tiny": 1e-7}) == (
        '{"phase":"play","cards":{"5H":0},"at":[1,2.5],"name":"Zoë","tiny":1e-7}')


def test_an_integer_beyond_64_bits_and_a_lone_surrogate_are_written_all_the_same() -> None:
    assert dumps({"ref": 2**70, "name": "Zoë"}) == (
        '{"ref":1180591620717411303424,"name":"Zo\\u00eb"}')
    assert dumps([-2**64]) == "[-18446744073709551616]"
    assert dumps({"text": "\udc00"}) == '{"text":"\\udc00"}'
    assert json.loads(dumps({"text": "\udc00"})) == {"text": "\udc00"}
