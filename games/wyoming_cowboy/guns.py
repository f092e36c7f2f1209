"""The five guns: which cards make each, and what each can do."""

from __future__ import annotations

from itertools import combinations

from games.wyoming_cowboy.cards import sort_key

# kind -> (name, ranks it is made of)
GUNS: dict[str, tuple[str, str]] = {
    "22": (".22", "22"),
    "38": (".38", "38"),
    "357": (".357", "357"),
    "357q": (".357 quick draw", "357"),
    "45": (".45", "45"),
}
KINDS = tuple(GUNS)


def gun_name(kind: str) -> str:
    """Returns the gun's name as players say it, e.g. ``.45``."""
    return GUNS[kind][0]


def shoots_protected(kind: str) -> bool:
    """Only a .45 can shoot a protected cowboy."""
    return kind == "45"


def can_backfire(kind: str) -> bool:
    """Only a .22 can backfire: its victim may hand the shooter a 6 instead."""
    return kind == "22"


def quick_draws(hand: list[str]) -> list[list[str]]:
    """Returns every distinct same-suit 3-5-7 (a .357 quick draw) in ``hand``."""
    out = []
    for s in "CDHS":
        if f"3{s}" in hand and f"5{s}" in hand and f"7{s}" in hand:
            out.append([f"3{s}", f"5{s}", f"7{s}"])
    return out


def pullable(hand: list[str]) -> list[tuple[str, list[str]]]:
    """Returns every distinct gun (kind, cards sorted) that can be pulled from ``hand``.

    A 3-5-7 of one suit is offered only as the quick draw it is; a 3-5-7 of mixed suits
    as a .357. Cards are compared by face, so two copies of a face give one choice.
    """
    # Most hands hold no gun. The ranks every gun needs are looked for in the hand's text
    # in one go (no suit is written with a rank's character) before the scan below.
    text = "".join(hand)
    twos, five = text.count("2"), "5" in text
    if (twos < 2 and not (five and "4" in text)
            and not ("3" in text and ("8" in text or (five and "7" in text)))):
        return []
    out: list[tuple[str, list[str]]] = []
    if twos >= 2:
        pair = sorted([c for c in hand if c[0] == "2"], key=sort_key)
        if twos == 2:  # the commonest: one pair, the one choice
            out.append(("22", pair))
        else:  # the first of each pair of faces, in the order of ``combinations``
            out += [("22", [a, b]) for a, b in dict.fromkeys(combinations(pair, 2))]
    if "3" not in text and not (five and "4" in text):  # a .22 the only gun there
        return out
    by: dict[str, list[str]] = {}
    for c in hand:
        if c[0] in "34578":
            faces = by.setdefault(c[0], [])
            if c not in faces:
                faces.append(c)
    threes, fives, sevens = by.get("3", []), by.get("5", []), by.get("7", [])
    for t in threes:
        for e in by.get("8", []):
            # Sorted by suit (alphabetical, as ``sort_key``), then rank: the 3 first.
            out.append(("38", [t, e] if t[1] <= e[1] else [e, t]))
        for f in fives:
            for v in sevens:
                kind = "357q" if t[1] == f[1] == v[1] else "357"
                out.append((kind, sorted([t, f, v], key=sort_key)))
    for f in fives:
        if "4" + f[1] in by.get("4", ()):
            out.append(("45", ["4" + f[1], f]))
    return out
