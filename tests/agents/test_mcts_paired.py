"""Common random numbers in MCTS (``paired``, :mod:`connect_arena.agents.mcts`): the ``n``-th
simulation through each action of the root plays out the same future (chance outcomes, and
each seat's rollout choices), so a dice game's root actions are compared on equal luck. Small
budgets and fixed seeds: nothing is timed."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from connect_arena.agents.mcts import MCTSAgent
from connect_arena.core import CHANCE
from connect_arena.core.game import Action, State
from tests.games.connnect.helpers import at_fill


class _Recording(MCTSAgent):
    """Records, per simulation, the root action it went through and the chance outcomes and
    the opponent's choices of the whole future it played (tree part and rollout) until seat 0
    picks a Zone Die (round 3), which his sheet's game then depends on."""

    def __init__(self, root_length: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.root_length = root_length
        self.futures: list[tuple[str, list[str], list[str]]] = []

    def _rollout(self, state: State[Action]) -> list[float]:
        values = super()._rollout(state)
        entries = state.history[self.root_length :]
        dice = [str(e.action) for e in entries if e.player == CHANCE]
        rolls = [i for i, e in enumerate(entries) if e.player == CHANCE]
        # until round 3's roll: from then on seat 0 picks the Zone Die every other round
        opponent = [str(e.action) for e in entries[: rolls[1]] if e.player == 1]
        self.futures.append((str(entries[0].action), dice, opponent))
        return values


def _futures(paired: bool) -> dict[int, list[tuple[str, list[str], list[str]]]]:
    """The recorded futures by ``n`` (the simulation's index among its root action's)."""
    state = at_fill(players=2)
    agent = _Recording(
        len(state.history), seed=7, iterations=60, max_rollout=400, paired=paired, reuse=False
    )
    agent.search(state, 0)
    by_n: dict[int, list[tuple[str, list[str], list[str]]]] = defaultdict(list)
    seen: dict[str, int] = defaultdict(int)
    for future in agent.futures:
        by_n[seen[future[0]]].append(future)
        seen[future[0]] += 1
    return by_n


def test_paired_simulations_see_the_same_dice_through_every_root_action() -> None:
    by_n = _futures(paired=True)
    compared = 0
    for futures in by_n.values():
        if len({root for root, _, _ in futures}) < 2:
            continue
        first = futures[0][1]
        assert len(first) == 11  # the rolls of rounds 2-12
        assert all(dice == first for _, dice, _ in futures)
        compared += 1
    assert compared >= 3


def test_paired_rollouts_give_each_seat_its_own_stream() -> None:
    """The first simulation through each root action is a rollout from the action on: the
    opponent's sheet does not depend on seat 0's write, so with the same dice and his own
    stream he plays the same round 2 whatever seat 0 wrote (nearly always: the race for the
    first Connect-4 and Connect-5 claims links the sheets)."""
    firsts = _futures(paired=True)[0]
    assert len(firsts) >= 5
    same = sum(opponent == firsts[0][2] for _, _, opponent in firsts[1:])
    assert same >= 0.8 * (len(firsts) - 1)


def test_unpaired_simulations_draw_their_own_dice() -> None:
    by_n = _futures(paired=False)
    differ = sum(len({tuple(d) for _, d, _ in futures}) > 1 for futures in by_n.values())
    assert differ >= 3


def test_a_paired_search_is_reproducible_for_its_seed_and_differs_from_an_unpaired_one() -> None:
    """The paired streams come from the agent's seeded generator: the same seed searches the
    same tree (what the ladder's ``--uncapped`` runs rely on); the pairing changes the search
    (the unpaired one's digests are in ``test_engine_golden.py``)."""
    state = at_fill(players=2)

    def visits(paired: bool) -> list[tuple[str, int]]:
        agent = MCTSAgent(seed=3, iterations=40, max_rollout=400, paired=paired)
        return [(str(x.action), x.visits) for x in agent.analyse(state, 0)]

    assert visits(True) == visits(True)
    assert visits(True) != visits(False)
