"""Saloon's web server: settings, storage, rooms, the wire protocol, bots, admin and CLI."""
