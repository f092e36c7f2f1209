"""Stored games as records: the format, verification by replay, the queries, the text replay.

- ``format``: the record (``RecordIn``), parsing it, writing one from stored rows;
- ``verify``: replaying a record through the engine and finding where it differs;
- ``repository``: the queries (list, export, import, view at a step, verify stored);
- ``text``: a record move by move in words (``saloon replay``).
"""

from app.records.format import FORMAT, RecordError, RecordIn, parse_record
from app.records.repository import (
    Viewer,
    export_record,
    import_record,
    list_games,
    opening,
    stored_record,
    verify_stored,
    view_at,
)
from app.records.text import replay_lines
from app.records.verify import Unplayable, Verification, playable, replay_steps, verify

__all__ = ["FORMAT", "RecordError", "RecordIn", "Unplayable", "Verification", "Viewer",
           "export_record", "import_record", "list_games", "opening", "parse_record", "playable",
           "replay_lines", "replay_steps", "stored_record", "verify", "verify_stored", "view_at"]
