"""The document each connection mirrors (the patches between two of them: ``patches``).

A document is ``{room, game, legal, teach, log}`` for one viewer (a seat, or ``None``
for a spectator): the room's public summary, the game's view for that viewer, the
viewer's legal actions when the game waits for them, what the game tells that seat in
words (``teach``), and the log entries they may see.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from app.rooms.clock import Presence
from app.rooms.data import RoomData, RoomStatus, SeatInfo, SeatKind
from app.rooms.patches import Whole
from app.rooms.timing import clock_view
from games.base import Rule
from games.leaks import visible_to

JSON = Any


def summary(room: RoomData, viewer: int | None = None) -> dict[str, JSON]:
    """Returns the room part of a document (and the answer of ``GET /api/rooms/{code}``)."""
    game = room.game
    return {
        "code": room.code,
        "game": game.id,
        "title": game.title,
        "status": str(room.status),
        "options": room.options,
        "allow_spectators": room.allow_spectators,
        "hints": room.hints,
        "host": room.host_seat,
        "you": viewer,
        "seats": _seats(tuple([(s.position, s.name, s.kind, s.bot, room.presence(s.position))
                               for s in room.seats])),
        "min_seats": game.min_seats,
        "max_seats": game.max_seats,
        "match": room.matches,
        "to_act": room.to_act(),
        "result": room.result,
        "clock": clock_view(room),
        "gone_after": room.gone_after,
    }


@lru_cache(maxsize=4096)
def _seats(seats: tuple[tuple[int, str, SeatKind, str | None, Presence | None], ...]
           ) -> list[dict[str, JSON]]:
    """Returns the seats of a room's summary: each seat's ``SeatInfo.public`` and presence.

    Kept on what it shows, so that versions whose seats did not change (nearly all of
    them: a move changes none) hold the very list, which a patch passes over without a
    look; read, never changed, as every part of a document is."""
    return [SeatInfo(position, name, kind, bot).public() | {"presence": presence}
            for position, name, kind, bot, presence in seats]


# ``why_not`` when no card waits: one object, read and never changed as every part of a
# document is, so that two documents without a waiting card compare at once.
NOTHING_WAITS: dict[str, JSON] = {"rules": [], "cards": Whole()}
# ``teach`` when the game tells the viewer nothing (a spectator; in a game without words
# for it, a seat whose turn it is not): one object too, which a patch passes over.
NOTHING_TAUGHT: dict[str, JSON] = {"moves": [], "why_not": NOTHING_WAITS, "score": None,
                                   "hints": {}}


def teach(room: RoomData, viewer: int | None, legal: list[JSON]) -> dict[str, JSON]:
    """Returns what the game tells ``viewer`` in words: a sentence per legal action
    (``moves``, in the order of ``legal``), why a card it sees cannot be used now
    (``why_not``, each rule once: see ``why_not``), its score if the hand ended now
    (``score``, while the game is on: once it has ended, the result gives every line)
    and, in first-game mode, the situations it is in with their hints (``hints``). A
    spectator is told nothing."""
    game, state = room.game, room.state
    if viewer is None or state is None or viewer >= len(room.seats):
        return NOTHING_TAUGHT
    waiting = game.why_not(state, viewer)
    hints = game.situations(state, viewer) if room.hints else None
    score = game.score_so_far(state, viewer) if room.status is RoomStatus.PLAYING else None
    if not (legal or waiting or hints or score is not None):
        return NOTHING_TAUGHT
    return {
        "moves": [game.describe(state, viewer, a) for a in legal] if legal else [],
        # Often empty (a game without cards, a seat that may use them all): no call then.
        "why_not": why_not(waiting) if waiting else NOTHING_WAITS,
        "score": score,
        "hints": {k: r.to_json() for k, r in hints.items()} if hints else {},
    }


def why_not(rules: Mapping[str, Rule]) -> dict[str, JSON]:
    """Returns a game's ``why_not`` as the document holds it: each rule once, in the order
    first met (``rules``), and each card's index into them (``cards``).

    Most cards wait for one reason, which changes for all of them at once (whose turn it
    is): kept once, that is one operation of a patch, not one per card in the hand. And
    a hand's cards start waiting, or stop, together (its seat's turn ends, or begins):
    the map is replaced whole (``patches.Whole``), one operation, not one per card."""
    if not rules:
        return NOTHING_WAITS
    listed: list[JSON] = []
    cards = Whole()
    index: dict[tuple[str, str], int] = {}  # by its fields: a rule's hash is Python's
    for card, rule in rules.items():
        key = (rule.anchor, rule.text)
        i = index.get(key)
        if i is None:
            i = index[key] = len(listed)
            listed.append(rule.to_json())
        cards[card] = i
    return {"rules": listed, "cards": cards}


def document(room: RoomData, viewer: int | None, log_limit: int,
             log: VisibleLog | None = None,
             room_part: dict[str, JSON] | None = None) -> dict[str, JSON]:
    """Returns the whole document a connection of ``viewer`` mirrors (``log``, kept for
    this viewer and limit, saves filtering the whole log again; ``room_part``, the
    room's ``summary`` at this version for any viewer, saves building it again)."""
    game_view = room.game.view(room.state, viewer) if room.state is not None else None
    part = summary(room, viewer) if room_part is None else room_part | {"you": viewer}
    legal: list[JSON] = []
    if viewer is not None and viewer in part["to_act"]:  # the room's ``to_act()``
        legal = room.game.known_legal(room.state, viewer)
    taught = teach(room, viewer, legal)
    # The log last: a kept log moves on when read, so nothing may fail after it.
    entries = (log.entries(room.log) if log is not None
               else [e for e in room.log if visible_to(e, viewer)][-log_limit:])
    return {"room": part, "game": game_view, "legal": legal, "teach": taught, "log": entries}


class VisibleLog:
    """The last ``limit`` entries of a room's log that ``viewer`` may see, kept in step.

    The room's log only grows at its end and loses entries at its start (or is
    replaced by a new list): so each call filters only the entries added since the
    last, found after the last entry it saw, and drops those gone from the start.
    Anything else reads the whole log again.

    After each call, ``kept`` says how the list returned follows the one returned the
    call before: its first ``kept`` entries are that list's last ``kept``, and the rest
    were added since (``None``: the log was read again). A patch between the two lists
    then needs no comparing of entries.
    """

    def __init__(self, viewer: int | None, limit: int) -> None:
        self.viewer = viewer
        self.limit = limit
        self._log: list[JSON] | None = None  # the room's log list last read
        self._last: JSON = None  # its last entry then
        self._length = 0  # its length then
        self._first = 0  # the number of entries it had lost from its start then
        # Each entry kept, in order: its number in the log, and the entry. Lists, not
        # deques: the list returned is a copy of ``_entries``, and a list's slice copies
        # its items at once where a deque's are taken one by one (a long game keeps its
        # last 400 entries for each viewer, copied at every change); those dropped from
        # the start go a few at a time, in one ``del``.
        self._numbers: list[int] = []
        self._entries: list[JSON] = []
        self.kept: int | None = None

    def entries(self, log: list[JSON]) -> list[JSON]:
        """Returns the entries of ``log`` the viewer may see, the last ``limit`` of them."""
        at = -1  # where the last entry seen now is in ``log``
        if log is self._log and self._length:
            for i in range(len(log) - 1, -1, -1):
                if log[i] is self._last:
                    at = i
                    break
        followed = True
        if at < 0 or at > self._length - 1:  # a new log, or not one we can follow
            self._numbers.clear()
            self._entries.clear()
            self._first = 0
            at = -1
            followed = False
        elif at < self._length - 1:  # entries were lost from the log's start
            self._first += self._length - 1 - at
            gone = bisect_left(self._numbers, self._first)
            del self._numbers[:gone], self._entries[:gone]
        viewer, added = self.viewer, 0
        for i in range(at + 1, len(log)):
            entry = log[i]
            if visible_to(entry, viewer):
                self._numbers.append(self._first + i)
                self._entries.append(entry)
                added += 1
        over = len(self._entries) - self.limit
        if over > 0:
            del self._numbers[:over], self._entries[:over]
        # Entries leave from the front only, so whatever is not one just added is the tail
        # of the list returned last time.
        self.kept = max(0, len(self._entries) - added) if followed else None
        self._log, self._length = log, len(log)
        self._last = log[-1] if log else None
        return self._entries[:]
