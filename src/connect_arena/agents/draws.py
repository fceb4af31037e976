"""``random.Random``'s ``choice`` and ``shuffle``, compiled, making the same draws.

A search shuffles the legal actions of every node it expands, and a rollout policy chooses
among equal moves at nearly every action; interpreted, ``random.py``'s ``_randbelow`` loop
behind both was 8% of a Connect 5 search (cProfile, 105k calls in 2,000 simulations). These
functions ask ``getrandbits`` exactly as ``Random`` does (``_randbelow_with_getrandbits``,
CPython 3.11), so a seeded search makes the same choices as before. Any other source of
draws (a subclass, ``SystemRandom``, a stub), or a ``random`` module whose ``Random`` draws
another way, is asked through its own methods. ``tests/agents/test_mcts_draws.py`` compares
both with ``random.Random`` over many seeds and lengths.
"""

from __future__ import annotations

import random
from typing import Any, Final, TypeVar

T = TypeVar("T")

_EXACT: Final = random.Random._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
"""Whether ``Random`` draws below ``n`` by ``getrandbits`` (as reproduced here)."""


def _below(rng: random.Random, n: int) -> int:
    """``rng._randbelow(n)`` for ``n > 0``: ``getrandbits`` of ``n``'s bit length until below."""
    bits = n.bit_length()
    drawn: int = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def choice(rng: Any, items: list[T]) -> T:
    """``rng.choice(items)``, the same item for the same state of ``rng``.

    Raises:
        IndexError: ``items`` is empty (from ``rng.choice``).
    """
    if not _EXACT or type(rng) is not random.Random or not items:
        return rng.choice(items)  # type: ignore[no-any-return]
    return items[_below(rng, len(items))]


def shuffle(rng: Any, items: list[T]) -> None:
    """``rng.shuffle(items)``: the same order for the same state of ``rng``."""
    if not _EXACT or type(rng) is not random.Random:
        rng.shuffle(items)
        return
    for i in range(len(items) - 1, 0, -1):
        j = _below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
