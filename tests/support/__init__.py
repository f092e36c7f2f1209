"""What the server and browser tests share, kept out of conftests and test modules.

- ``databases``: empty migrated databases (SQLite copies of one migrated file,
  PostgreSQL migrated once and emptied per test);
- ``server``: settings for tests, the app in-process over httpx, a real uvicorn;
- ``wire``: a protocol client written from docs/protocol.md alone;
- ``rooms``: opening, starting and playing rooms over HTTP, the websocket and the service;
- ``browser``: a player driving the browser client through Playwright.
"""
