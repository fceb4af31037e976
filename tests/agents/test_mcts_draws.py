"""The search's compiled draws (``agents.draws``) make exactly the draws of ``random.Random``:
the same item, the same order and the same generator state afterwards, so a seeded search
chooses as before; other sources of draws are asked through their own methods."""

from __future__ import annotations

import random

import pytest

from connect_arena.agents import draws


@pytest.mark.parametrize("seed", range(40))
def test_choice_and_shuffle_equal_random_random(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    sizes = random.Random(1000 + seed)
    for _ in range(60):
        items = list(range(sizes.choice([1, 2, 3, 7, 8, 9, 64, 65, 100, 257, 1000])))
        assert draws.choice(ours, items) == theirs.choice(items)
        mine, reference = list(items), list(items)
        draws.shuffle(ours, mine)
        theirs.shuffle(reference)
        assert mine == reference
        assert ours.getstate() == theirs.getstate()


def test_empty_and_single_lists_behave_as_random_random() -> None:
    rng = random.Random(3)
    with pytest.raises(IndexError):
        draws.choice(rng, [])
    empty: list[int] = []
    draws.shuffle(rng, empty)
    single = [5]
    draws.shuffle(rng, single)
    assert empty == [] and single == [5]
    assert rng.getstate() == random.Random(3).getstate()  # no draw was made


class _Counting(random.Random):
    """A subclass: its own methods are used."""

    calls = 0

    def choice(self, seq):  # type: ignore[no-untyped-def]
        self.calls += 1
        return seq[0]

    def shuffle(self, x):  # type: ignore[no-untyped-def]
        self.calls += 1
        x.reverse()


def test_other_sources_are_asked_through_their_methods() -> None:
    rng = _Counting(1)
    items = [1, 2, 3]
    assert draws.choice(rng, items) == 1
    draws.shuffle(rng, items)
    assert items == [3, 2, 1] and rng.calls == 2
