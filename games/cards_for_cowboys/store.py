"""The Store: a solitaire pyramid of one Act's cards, bottom row face up.

Row ``r`` (0 = the top row, one card) has ``r + 1`` slots; slot ``(r, i)`` is covered
by ``(r + 1, i)`` and ``(r + 1, i + 1)``. A card is face up once nothing covers it.
"""

from __future__ import annotations

from games.rng import Rng

ROWS = {2: 5, 3: 6, 4: 7}


def size(rows: int) -> int:
    """Returns how many cards a pyramid of ``rows`` rows holds."""
    return rows * (rows + 1) // 2


def deal(pool: list[str], seats: int, rng: Rng) -> tuple[list[list[str | None]], list[str]]:
    """Shuffles ``pool`` and deals the pyramid for ``seats``; returns it and the cards left out."""
    rows = ROWS[seats]
    cards = rng.shuffled(pool)
    need = size(rows)
    used, left = cards[:need], cards[need:]
    pyramid: list[list[str | None]] = []
    k = 0
    for r in range(rows):
        pyramid.append(list(used[k : k + r + 1]))
        k += r + 1
    return pyramid, left


def is_face_up(store: list[list[str | None]], r: int, i: int) -> bool:
    """Returns whether slot ``(r, i)`` holds a card that nothing covers."""
    if store[r][i] is None:
        return False
    if r == len(store) - 1:
        return True
    return store[r + 1][i] is None and store[r + 1][i + 1] is None


def face_up(store: list[list[str | None]]) -> list[str]:
    """Returns the face-up cards, bottom row first, left to right."""
    out: list[str] = []
    below: list[str | None] | None = None
    for row in reversed(store):
        if below is None:  # the bottom row: nothing covers it
            out += [c for c in row if c is not None]
        elif None in below:  # else every card of ``row`` is covered: one test in C
            for i, c in enumerate(row):
                if c is not None and below[i] is None and below[i + 1] is None:
                    out.append(c)
        below = row
    return out


def face_down(store: list[list[str | None]]) -> list[str]:
    """Returns the cards still covered."""
    return [c for r, row in enumerate(store) for i, c in enumerate(row)
            if c is not None and not is_face_up(store, r, i)]


def cards(store: list[list[str | None]]) -> list[str]:
    """Returns every card in the pyramid."""
    return [c for row in store for c in row if c is not None]


def remove(store: list[list[str | None]], card: str) -> list[str]:
    """Takes a face-up ``card`` out (replacing its row in ``store``); returns the cards this
    turns face up."""
    for r in range(len(store) - 1, -1, -1):  # bottom up: most face-up cards lie low
        row = store[r]
        if card in row:
            i = row.index(card)
            if not is_face_up(store, r, i):
                raise ValueError(f"Expected a face-up Store card, got a covered one at {r},{i}")
            # The row is replaced, not changed: a state's copies share the pyramid's rows.
            row = store[r] = row[:]
            row[i] = None
            # It covered (r - 1, i - 1) and (r - 1, i) only: no other card can turn face up
            # (and those two were covered until now), so the whole pyramid is not scanned.
            shown = []
            for j in (i - 1, i):
                above = store[r - 1][j] if 0 <= j < r else None
                if above is not None and is_face_up(store, r - 1, j):
                    shown.append(above)
            return shown
    raise ValueError(f"Expected a card in the Store, got {card!r}")


def is_empty(store: list[list[str | None]]) -> bool:
    """Returns whether the last card has been bought or burned."""
    return not any(map(any, store))  # a card's name is never empty, so a card is true
