"""The commands a room accepts: each checks everything it needs and returns its events.

A command is a pure function of the room as it is now. The service calls it inside
the retried write step, so when another process wrote first and the room was
reloaded, every check runs again on the fresh room. A refusal raises a
``SaloonError`` (or the game's ``GameError``) and nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import pydantic

from app.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized, first_error
from app.models import MadeBy
from app.rooms.clock import ClockSetting, resolve
from app.rooms.data import RoomData, RoomStatus, SeatInfo, SeatKind
from app.rooms.events import (
    Configured,
    GameAbandoned,
    GameOpened,
    GameStarted,
    Noticed,
    Played,
    RoomEvent,
    Said,
    SeatHandedToBot,
    SeatLeft,
    SeatTaken,
    Timed,
)
from app.text import clean_chat, clean_name, name_keys
from games.base import Action, Game, option_said
from games.plural import listed
from games.registry import UnknownGame, get_game

JSON = Any


def game_named(game_id: str) -> Game:
    """Returns the registered game ``game_id``; raises ``BadRequest`` naming the known ones."""
    try:
        return get_game(game_id)
    except UnknownGame as e:
        raise BadRequest(str(e)) from None


def parse_options(game: Game, raw: dict[str, JSON] | None) -> dict[str, JSON]:
    """Returns the game's options, validated and complete; raises ``BadRequest``."""
    try:
        return game.parse_options(raw).model_dump(mode="json")
    except pydantic.ValidationError as e:
        raise BadRequest(f"Options for {game.id} are not valid: "
                         f"{first_error(e.errors())}") from None


def seat_of(room: RoomData, token: str | None) -> int:
    """Returns the seat of ``token``; raises ``Unauthorized`` when it has none."""
    seat = room.seat_for_token(token) if token else None
    if seat is None:
        raise Unauthorized("Expected the token of a seat in this room"
                           + ("" if token else ", got none"))
    return seat


def require_host(room: RoomData, token: str | None) -> int:
    """Returns the host's seat; raises unless ``token`` is the host's."""
    seat = seat_of(room, token)
    if seat != room.host_seat:
        raise Forbidden("Only the host may do that")
    return seat


def _require_lobby(room: RoomData, refusal: str) -> None:
    if room.status != RoomStatus.LOBBY:
        raise Conflict(refusal)


def _require_free_seat(room: RoomData) -> None:
    if len(room.seats) >= room.game.max_seats:
        raise Conflict(f"The room is full ({room.game.max_seats} seats)")


def join(room: RoomData, name: str, token_hash: str) -> list[RoomEvent]:
    """A person takes the next seat, in the lobby, while one is free."""
    name = clean_name(name)
    _require_lobby(room, "The game has started; watch as a spectator or wait for a rematch")
    _require_free_seat(room)
    # Two seats of one name (or of names that look the same) would read as one in every
    # line of the log.
    keys = name_keys(name)
    alike = next((s.name for s in room.seats if not keys.isdisjoint(name_keys(s.name))), None)
    if alike is not None:
        said = name if alike.casefold() == name.casefold() else f"{alike}, which looks like {name}"
        raise Conflict(f"Another seat here is called {said}; choose another name")
    seat = SeatInfo(len(room.seats), name, SeatKind.HUMAN, None, token_hash)
    return [SeatTaken(seat), Noticed(f"{name} sat down")]


def add_bot(room: RoomData, token: str | None, bot: str) -> list[RoomEvent]:
    """The host seats a bot of a kind the game offers in the next free seat, in the lobby."""
    require_host(room, token)
    if bot not in room.game.bots:
        raise BadRequest(f"Expected a bot among {', '.join(room.game.bots)}, got {bot!r}")
    _require_lobby(room, "Bots can be added only before the game starts")
    _require_free_seat(room)
    taken = frozenset().union(*(name_keys(s.name) for s in room.seats))
    name = next(f"{bot.capitalize()} Bot {i}" for i in range(1, 100)
                if name_keys(f"{bot.capitalize()} Bot {i}").isdisjoint(taken))
    seat = SeatInfo(len(room.seats), name, SeatKind.BOT, bot)
    return [SeatTaken(seat), Noticed(f"{name} joined the table")]


def remove_seat(room: RoomData, token: str | None, position: int) -> list[RoomEvent]:
    """The host frees another seat in the lobby, or hands a player's seat to a bot in a game."""
    require_host(room, token)
    if not 0 <= position < len(room.seats):
        raise NotFound(f"Expected a seat from 0 to {len(room.seats) - 1}, got {position}")
    if position == room.host_seat:
        raise Conflict("The host cannot remove their own seat")
    target = room.seats[position]
    if room.status == RoomStatus.LOBBY:
        # The seats after it move up one, and their presence with them.
        timing = room.timing.without_seat(position)
        moved: list[RoomEvent] = [] if timing == room.timing else [Timed(timing, room.due)]
        return [SeatLeft(position), *moved, Noticed(f"{target.name} left the table")]
    if target.kind == SeatKind.BOT:
        raise Conflict("A bot's seat cannot be emptied during a game")
    bot = "smart" if "smart" in room.game.bots else "random"
    return [SeatHandedToBot(position, bot),
            Noticed(f"{target.name} was removed; a {bot} bot plays the seat")]


KEEP = object()  # a setting left out of a request keeps its value


def configure(room: RoomData, token: str | None, *, options: dict[str, JSON] | None = None,
              allow_spectators: bool | None = None, turn_clock: Any = KEEP,
              gone_after: Any = KEEP, hints: bool | None = None) -> list[RoomEvent]:
    """The host, outside a game, replaces the options, the spectator setting, the clocks and
    first-game hints."""
    require_host(room, token)
    if room.status == RoomStatus.PLAYING:
        raise Conflict("Options cannot change during a game")
    opts = parse_options(room.game, options) if options is not None else room.options
    spectators = room.allow_spectators if allow_spectators is None else allow_spectators
    clock = room.turn_clock if turn_clock is KEEP else resolve(turn_clock)
    gone = room.gone_after if gone_after is KEEP else gone_after
    shown = room.hints if hints is None else hints
    changed = _settings_changed(room, opts, spectators, clock, gone, shown)
    said = ([Noticed(f"{room.seats[room.host_seat].name} changed the settings for the next "
                     f"game: {'; '.join(changed)}")] if changed else [])
    return [Configured(opts, spectators, clock, gone, shown), *said]


def _settings_changed(room: RoomData, options: dict[str, JSON], spectators: bool,
                      clock: ClockSetting | None, gone: float | None, hints: bool) -> list[str]:
    """Returns, in words for everyone at the table, what a change of the settings changes
    (the options are complete on both sides: ``parse_options`` fills in the defaults)."""
    out = [option_said(room.game.Options, key, value) for key, value in options.items()
           if room.options.get(key) != value]
    if spectators != room.allow_spectators:
        out.append("spectators " + ("allowed" if spectators else "not allowed"))
    if clock != room.turn_clock:
        out.append("no turn clock" if clock is None else
                   f"a turn clock of {clock.per_move:g} s a decision"
                   + (f" and a {clock.bank:g} s bank" if clock.bank else ", no bank"))
    if gone != room.gone_after:
        out.append("no bot for a player who leaves" if gone is None else
                   f"a bot for a player gone {gone / 60:g} min")
    if hints != room.hints:
        out.append("first-game hints " + ("on" if hints else "off"))
    return out


def start(room: RoomData, token: str | None, *, rematch: bool, game_id: str,
          seed: int) -> list[RoomEvent]:
    """The host starts the first game from the lobby, or (``rematch``) the next one after a game."""
    require_host(room, token)
    expected = (RoomStatus.FINISHED, RoomStatus.ABANDONED) if rematch else (RoomStatus.LOBBY,)
    if room.status not in expected:
        raise Conflict(f"Expected the room to be {' or '.join(expected)} to "
                       f"{'rematch' if rematch else 'start'}, but it is {room.status}")
    game, n = room.game, len(room.seats)
    if not game.min_seats <= n <= game.max_seats:
        raise Conflict(f"{game.title} needs {game.min_seats} to {game.max_seats} seats; "
                       f"{n} are taken")
    match = room.matches + (1 if rematch else 0)
    # What the last game hands on (Cowpoker: who led, so the lead passes to the left).
    carried = game.carry_over(room.state) if rematch and room.state is not None else None
    state, opening = game.begin(game.parse_options(room.options), n, seed, match=match,
                                carried=carried)
    # A new game clears the log of the last one's events: its outcome stays, as a notice.
    ended = [Noticed(outcome(room))] if rematch and room.result is not None else []
    return [GameStarted(game_id, seed, match, state, carried), *ended,
            Noticed(f"Game {match + 1} of {game.title} begins"), GameOpened(opening)]


def outcome(room: RoomData) -> str:
    """Returns the notice of how the room's finished game ended: who won, every score."""
    result, names = room.result, [s.name for s in room.seats]
    winners = [names[s] for s in result["winners"]]
    won = ("nobody won" if not winners else f"{winners[0]} won" if len(winners) == 1
           else f"{listed(winners)} shared the win")
    scores = ", ".join(f"{name} {score:g}" for name, score
                       in zip(names, result["scores"], strict=True))
    return f"Game {room.matches + 1} ended: {won} ({scores})"


def play(room: RoomData, seat: int, raw: JSON, *, from_legal: bool = False,
         made_by: MadeBy | None = None) -> list[RoomEvent]:
    """A seat plays an action of the game being played; the game decides if it is legal.

    ``from_legal``: ``raw`` was taken from the game's own legal list (a bot's choice),
    already in the schema's form, so it is not validated again; ``apply`` still checks it.
    ``made_by``: who chose it, when not the person in the seat (kept with the action).
    """
    if room.status != RoomStatus.PLAYING or room.state is None:
        raise Conflict(f"No game is being played; the room is {room.status}")
    game = room.game
    action = raw if from_legal else _valid_action(game, raw)
    state, events = game.apply(room.state, seat, action)
    played: list[RoomEvent] = [Played(seat, action, room.seq + 1, state, events,
                                      game.result(state), made_by)]
    if seat in room.timing.away:  # acting takes the seat back
        played.append(Timed(room.timing.back(seat), None))
    return played


def _valid_action(game: Game, raw: JSON) -> Action:
    """Returns ``raw`` in the game's Action schema's form; raises ``BadRequest`` saying why not."""
    try:
        return game.normalize_action(raw)
    except pydantic.ValidationError as e:
        raise BadRequest(f"Expected a {game.title} action; {first_error(e.errors())}") from None
    except (TypeError, ValueError) as e:
        raise BadRequest(f"Expected a {game.title} action object; {e}") from None


def come_back(room: RoomData, seat: int | None) -> list[RoomEvent]:
    """A player the server was playing for takes the seat back."""
    if seat is None or seat not in room.timing.away:
        raise Conflict("You are not away: the seat is yours already")
    return [Timed(room.timing.back(seat), None), Noticed(f"{room.seats[seat].name} is back")]


def play_for(room: RoomData, seat: int, choose: Callable[[], JSON], *, now: datetime,
             away_delay: float) -> list[RoomEvent]:
    """The server plays for a seat whose time ran out, or that is away; it stays away.

    Refused unless the seat is still to act and its time is up: so when two processes
    both see a deadline pass, the second finds the first one's move and does nothing.
    """
    due = time_due(room, seat, away_delay=away_delay)
    if seat not in room.to_act() or due is None or due > now:
        raise Conflict(f"Seat {seat} has time left, or nothing to decide")
    name = room.seats[seat].name
    timed_out = seat not in room.timing.away
    action = choose()
    # In the game's own sentence for the seat, as its choices read ({seat:N} names a seat).
    played = room.game.describe(room.state, seat, action)
    events = play(room, seat, action, made_by="timeout" if timed_out else "away")
    events = [e for e in events if not isinstance(e, Timed)]
    events.append(Timed(room.timing.played_for(seat), None))
    mine = Noticed(f"The server played for you: {played}", only=(seat,))
    if not timed_out and room.timing.played.get(seat):
        # Everyone was told at the first move made for the absence, and the seat shows
        # it away: a line for each move after it doubled the log of a game played on.
        return [mine, *events]
    until = "and plays for them until they are back"
    said = (f"Time ran out for {name}: the server played for them, {until}" if timed_out
            else f"{name} is away: the server played for them, {until}")
    # Said before the move and what came of it, as a room rebuilt from its rows says it
    # too (a version's notices before its game's events).
    return [Noticed(said), mine, *events]


def time_due(room: RoomData, seat: int, *, away_delay: float) -> datetime | None:
    """Returns when the server may play for ``seat``'s current decision (none: never)."""
    began = room.timing.turns.get(seat)
    if began is None or room.seats[seat].kind == SeatKind.BOT:
        return None
    if seat in room.timing.away:
        return began + timedelta(seconds=away_delay)
    return room.timing.deadline(seat, room.turn_clock)


def arrived(room: RoomData, seat: int) -> list[RoomEvent]:
    """A socket of a person's seat that counted as gone is open again."""
    if seat not in room.timing.gone:
        raise Conflict(f"Seat {seat} is not gone")
    gone = {s: t for s, t in room.timing.gone.items() if s != seat}
    return [Timed(replace(room.timing, gone=gone), None)]


def left(room: RoomData, since: dict[int, datetime]) -> list[RoomEvent]:
    """People's seats have had no socket since when ``since`` gives for each: those still
    a person's and not gone already count as gone, in one change."""
    due = {seat: at for seat, at in since.items()
           if seat < len(room.seats) and room.seats[seat].kind == SeatKind.HUMAN
           and seat not in room.timing.gone}
    if not due:
        raise Conflict(f"Seats {sorted(since)} are no longer people's, or gone already")
    return [Timed(replace(room.timing, gone={**room.timing.gone, **due}), None)]


def hand_gone_seat_to_bot(room: RoomData, seat: int, *, now: datetime) -> list[RoomEvent]:
    """A seat gone for longer than the room allows is played by a bot for the rest of the game."""
    since = room.timing.gone.get(seat)
    if (room.status != RoomStatus.PLAYING or room.gone_after is None or since is None
            or room.seats[seat].kind != SeatKind.HUMAN
            or since + timedelta(seconds=room.gone_after) > now):
        raise Conflict(f"Seat {seat} is not gone long enough to be handed to a bot")
    bot = "smart" if "smart" in room.game.bots else "random"
    minutes = max(1, round(room.gone_after / 60))
    return [SeatHandedToBot(seat, bot),
            Noticed(f"{room.seats[seat].name} was gone for {minutes} min; a {bot} bot plays "
                    f"the seat for the rest of the game")]


def abandon(room: RoomData, *, idle_since: datetime, now: datetime,
            after: float) -> list[RoomEvent]:
    """A game nobody touched since ``idle_since`` for ``after`` seconds ends without a result."""
    if room.status != RoomStatus.PLAYING or idle_since + timedelta(seconds=after) > now:
        raise Conflict("The game is not idle long enough to be abandoned")
    days = after / 86400
    span = f"{days:g} days" if days >= 1 else f"{after / 3600:g} hours"
    reason = f"Nobody played for {span}: abandoned"
    return [GameAbandoned(reason), Noticed(reason)]


def say(room: RoomData, seat: int | None, text: str, *, max_length: int) -> list[RoomEvent]:
    """A seated player says a line of 1 to ``max_length`` characters in the chat."""
    text = clean_chat(text, max_length)
    if seat is None:
        raise Forbidden("Spectators cannot chat")
    return [Said(seat, room.seats[seat].name, text)]
