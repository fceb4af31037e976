"""Connect Pairs components: subjects, zones, top slots, dice and the score track.

Conventions used throughout the package (``docs/rules/pairs.md`` §Components):

* **subjects** are ints ``0..5`` shown as the letters ``A``..``F`` (PG-1: the pictures of the
  "sei diversi soggetti" are unknown);
* **zones** are named by the die face ``1..6`` that identifies them ("la zona identificata dal
  valore ottenuto"); a zone holds at most three tokens and the order inside it is irrelevant,
  so it is stored as a sorted tuple of subjects;
* **top slots** are numbered ``1..4`` from left to right; an empty slot holds ``EMPTY``;
* **seats** are 0-based; pair ``p`` is seats ``2p`` and ``2p + 1``, partners of each other.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, permutations

SUBJECTS = "ABCDEF"
"""The letter of each subject, by subject index."""
NUM_SUBJECTS = 6
FACES = (1, 2, 3, 4, 5, 6)
"""Die faces, which are also the zone numbers and the key positions."""
SLOTS = (1, 2, 3, 4)
"""Top-row slot numbers, left to right ("tutti e 4 gli spazi presenti")."""
ZONE_SIZE = 3
"""Spaces per zone ("sei zone composte ciascuna da tre spazi")."""
EMPTY = -1
"""An empty top slot."""
PAIR_NAMES = ("X", "Y", "Z", "W")
"""Pair names, by pair index (our names: the rulebook names none)."""
SEAT_NAMES = tuple(f"{pair}{partner}" for pair in PAIR_NAMES for partner in (1, 2))
"""Seat names: ``X1``, ``X2`` (pair X), ``Y1``, ``Y2`` (pair Y), …"""

Zone = tuple[int, ...]
"""The subjects in one zone, sorted (0 to 3 of them)."""


def letter(subject: int) -> str:
    """``2`` → ``"C"``."""
    return SUBJECTS[subject]


def subject_of(text: str) -> int:
    """``"c"`` → ``2``.

    Raises:
        ValueError: ``text`` is not one of the letters A-F.
    """
    index = SUBJECTS.find(text.upper()) if len(text) == 1 else -1
    if index < 0:
        raise ValueError(f"{text!r} is not a subject (subjects are A to F)")
    return index


def zone_text(zone: Zone) -> str:
    """``(0, 2, 2)`` → ``"ACC"``; ``()`` → ``"-"``."""
    return "".join(SUBJECTS[s] for s in zone) or "-"


def partner(seat: int) -> int:
    """The partner of ``seat`` (``0`` ↔ ``1``, ``2`` ↔ ``3``, …)."""
    return seat ^ 1


def pair_of(seat: int) -> int:
    """The pair index of ``seat`` (seats ``2p`` and ``2p + 1`` form pair ``p``)."""
    return seat >> 1


def add_token(zone: Zone, subject: int) -> Zone:
    """``zone`` with one more ``subject`` token (the caller checks the capacity)."""
    return tuple(sorted((*zone, subject)))


def remove_token(zone: Zone, subject: int) -> Zone:
    """``zone`` with one ``subject`` token fewer.

    Raises:
        ValueError: there is no such token in the zone.
    """
    tokens = list(zone)
    tokens.remove(subject)
    return tuple(tokens)


def distinct(zone: Zone) -> Zone:
    """The different subjects of ``zone``, sorted: ``(0, 2, 2)`` → ``(0, 2)``. A look-up for
    every zone that can arise (the playouts ask at every decision; no set is built)."""
    found = _DISTINCT.get(zone)
    if found is None:
        found = tuple(sorted(set(zone)))
    return found


_DISTINCT: dict[Zone, Zone] = {
    zone: tuple(sorted(set(zone)))
    for size in range(ZONE_SIZE + 1)
    for zone in combinations_with_replacement(range(NUM_SUBJECTS), size)
}
"""Every zone (a sorted tuple of up to ``ZONE_SIZE`` subjects) → its different subjects."""


def triple_subject(zone: Zone) -> int | None:
    """The subject if the zone holds three tokens of one subject, else ``None``."""
    if len(zone) == ZONE_SIZE and zone[0] == zone[-1]:
        return zone[0]
    return None


def roll_kind(dice: tuple[int, int, int]) -> str:
    """``"triple"``, ``"double"`` or ``"different"`` for sorted dice."""
    a, b, c = dice
    if a == b == c:
        return "triple"
    return "double" if a in (b, c) or b == c else "different"


def double_faces(dice: tuple[int, int, int]) -> tuple[int, int]:
    """For sorted dice showing a double, ``(d, e)``: the doubled face and the third one."""
    a, b, c = dice
    return (a, c) if a == b else (b, a)


ROLL_OUTCOMES: tuple[tuple[tuple[int, int, int], float], ...] = tuple(
    sorted(
        (
            ((a, b, c), {3: 6, 2: 3, 1: 1}[len({a, b, c})] / 216)
            for a in FACES
            for b in FACES
            if b >= a
            for c in FACES
            if c >= b
        ),
        key=lambda outcome: -outcome[1],
    )
)
"""Three dice as 56 sorted outcomes with their probabilities (the order of the dice does not
matter: the player assigns the roles); the likelier kinds first (all different, doubles,
triples), each in increasing order."""

KEY_PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(permutations(range(NUM_SUBJECTS)))
"""Every arrangement of one token of each subject on the key spaces 1-6 (720)."""


def track_values(start: int, step: int, floor: int) -> tuple[int, ...]:
    """The score-track boxes in pawn order: ``start``, ``start - step``, … down to ``floor``.

    Args:
        start: the first box (100, "posizione 100").
        step: points lost per round (PG-4).
        floor: the last box; ``floor <= start``.

    Returns:
        At least one value; the last is the lowest box that is ``>= floor``.
    """
    return tuple(range(start, floor - 1, -step))
