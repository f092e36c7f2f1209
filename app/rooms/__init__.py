"""Rooms: the one writer per room, its data, its commands and events, its connections.

- ``data``: what a room is, as stored (``RoomData``, ``RoomStatus``, ``SeatInfo``);
- ``commands``: what a room accepts, each returning the events it causes;
- ``events``: those events, and ``apply``, the only code that changes a loaded room;
- ``persistence``: creating, loading and committing, one version at a time;
- ``documents``: what each connection mirrors, and the patches between versions;
- ``connections``: the sockets of a room and what is sent to them;
- ``bots``: what a bot plays, one task per bot seat;
- ``service``: ``RoomService``, which runs every command through the one write path.
"""

from app.rooms.connections import Connection
from app.rooms.data import RoomData, RoomStatus, SeatInfo, SeatKind
from app.rooms.service import LiveRoom, RoomService

__all__ = ["Connection", "LiveRoom", "RoomData", "RoomService", "RoomStatus", "SeatInfo",
           "SeatKind"]
