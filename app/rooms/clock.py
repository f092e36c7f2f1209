"""The turn clock: how long each seat may take over its decisions, and who is away or gone.

A clock is a per-decision allowance and a bank: when a seat must decide, it has
``per_move`` seconds free, then its bank runs; what it spends of the bank is gone
for the rest of the game. Simultaneous decisions run each seat's clock at once.
When a seat's time runs out the server plays that decision for it and marks it
*away*; it keeps playing for an away seat, after a short delay, until its player
acts or says they are back. A person's seat is *connected*, *away*, or *gone* (no
socket for a while); a seat gone for the room's ``gone_after`` during a game is
handed to a bot.

All of it is data of the room, stored with every version, in absolute times: a
restarted server, or another process, sees the same deadlines.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

JSON = Any
Presence = Literal["connected", "away", "gone"]


class ClockSetting(BaseModel):
    """A turn clock: seconds each decision may take freely, and a bank for the rest."""

    model_config = ConfigDict(extra="forbid")

    per_move: float = Field(ge=1, le=24 * 3600, description="Seconds free for each decision")
    bank: float = Field(0, ge=0, le=7 * 24 * 3600,
                        description="Seconds more, spent over the whole game once a "
                        "decision takes longer than per_move")


PRESETS: dict[str, ClockSetting | None] = {
    "off": None,
    "relaxed": ClockSetting(per_move=120, bank=600),
    "normal": ClockSetting(per_move=45, bank=300),
    "fast": ClockSetting(per_move=15, bank=60),
}
PresetName = Literal["off", "relaxed", "normal", "fast"]
TurnClock = PresetName | ClockSetting


def resolve(value: TurnClock | dict[str, JSON] | None) -> ClockSetting | None:
    """Returns the clock a room setting names (a preset's name, or its own numbers)."""
    if value is None or isinstance(value, ClockSetting):
        return value
    if isinstance(value, str):
        return PRESETS[value]
    return ClockSetting.model_validate(value)


def iso(t: datetime | None) -> str | None:
    """Returns an aware time as ISO 8601 (``None`` stays ``None``)."""
    return None if t is None else t.isoformat()


def parse(t: str | None) -> datetime | None:
    """Reads ``iso``'s output back."""
    return None if t is None else datetime.fromisoformat(t)


@dataclass(frozen=True)
class Timing:
    """Each seat's clock and presence in a room, as stored.

    ``banks``: what is left of each seat's bank this game; ``turns``: when each seat
    that must decide began to; ``away``: seats the server plays for; ``played``: how
    many moves the server has made for each away seat since it went away (a seat
    absent: none); ``gone``: since when each person's seat has had no socket, once that
    counts as gone.
    """

    banks: dict[int, float] = field(default_factory=dict)
    turns: dict[int, datetime] = field(default_factory=dict)
    away: frozenset[int] = frozenset()
    gone: dict[int, datetime] = field(default_factory=dict)
    played: dict[int, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        """Returns the stored form."""
        out = {"banks": {str(k): v for k, v in self.banks.items()},
               "turns": {str(k): iso(v) for k, v in self.turns.items()},
               "away": sorted(self.away),
               "gone": {str(k): iso(v) for k, v in self.gone.items()}}
        if self.played:  # stored only while the server is playing for someone
            out["played"] = {str(k): v for k, v in self.played.items()}
        return out

    @classmethod
    def from_json(cls, data: JSON) -> Timing:
        """Reads ``to_json``'s output (``None``: nothing yet)."""
        if not data:
            return cls()
        return cls(banks={int(k): float(v) for k, v in data.get("banks", {}).items()},
                   turns={int(k): _aware(v) for k, v in data.get("turns", {}).items()},
                   away=frozenset(int(s) for s in data.get("away", [])),
                   gone={int(k): _aware(v) for k, v in data.get("gone", {}).items()},
                   played={int(k): int(v) for k, v in data.get("played", {}).items()})

    def played_for(self, seat: int) -> Timing:
        """Returns the timing once the server has made a move for ``seat``: it is away (if
        it was not), one move more."""
        return replace(self, away=self.away | {seat},
                       played={**self.played, seat: self.played.get(seat, 0) + 1})

    def back(self, seat: int) -> Timing:
        """Returns the timing once ``seat``'s person takes it back: not away, nothing
        played for it since."""
        return replace(self, away=self.away - {seat},
                       played={s: n for s, n in self.played.items() if s != seat})

    def deadline(self, seat: int, clock: ClockSetting | None) -> datetime | None:
        """Returns when ``seat``'s time for its current decision runs out (none: no clock)."""
        began = self.turns.get(seat)
        if clock is None or began is None:
            return None
        return began + timedelta(seconds=clock.per_move + self.banks.get(seat, clock.bank))

    def turns_change(self, before: set[int], after: set[int], acted: int | None,
                     now: datetime, clock: ClockSetting | None) -> Timing:
        """Returns the timing once the seats to act went from ``before`` to ``after``.

        The seat that ``acted`` pays for the time it took beyond ``per_move``; a seat
        that must decide anew (it acted, or it was not deciding) starts from ``now``.
        """
        banks, turns = dict(self.banks), dict(self.turns)
        if clock is not None and acted is not None and acted in turns:
            spent = (now - turns[acted]).total_seconds() - clock.per_move
            banks[acted] = max(0.0, banks.get(acted, clock.bank) - max(0.0, spent))
        for seat in list(turns):
            if seat not in after or seat == acted:
                del turns[seat]
        for seat in after:
            turns.setdefault(seat, now)
        return replace(self, banks=banks, turns=turns)

    def without_seat(self, position: int) -> Timing:
        """Returns the timing once the seat at ``position`` is removed and the seats after
        it move up one (``events.SeatLeft``)."""
        def moved(seat: int) -> int:
            return seat - 1 if seat > position else seat

        return Timing(banks={moved(s): v for s, v in self.banks.items() if s != position},
                      turns={moved(s): v for s, v in self.turns.items() if s != position},
                      away=frozenset(moved(s) for s in self.away if s != position),
                      gone={moved(s): v for s, v in self.gone.items() if s != position},
                      played={moved(s): v for s, v in self.played.items() if s != position})

    def new_game(self) -> Timing:
        """Returns the timing at the start of a game: full banks, nobody away."""
        return Timing(gone=self.gone)


def _aware(text: str) -> datetime:
    value = parse(text)
    assert value is not None
    return value
