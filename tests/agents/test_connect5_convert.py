"""Issue 14, part 4: an agent left alone with five tokens or more completes a Connect 5.

The reported game: at a 2-player Connect 5 table the person lost every token (then could only
pass) and ``mcts:easy`` slid its tokens for 260 moves without making a Connect 5. Here the
positions are on the Basic board with 2 players: the other seat has no token left (all 25
eaten by the agent, so it can only pass) and the agent holds ``N`` tokens scattered on the
board, with an empty supply unless said (it can only step, split and jump: the hardest case,
and the reported one). Most are set up through the state's fields, as
``tests/games/connect5/helpers.py`` does, with every token accounted for (the engine's own
invariant check passes); :func:`fed_position` reaches one by legal play (five tokens a
player, the other seat feeding its tokens to the agent's jumps).

**Bound.** A round without clock ends at ``idle_limit`` = 200 turns with neither a placement
nor a capture (``GameType.anti_endless_default``); the other seat's passes count, so the agent
has 100 of its own actions. Every agent must finish within :data:`BOUND` = 40 of its own
actions (80 turns, well under half the limit). A tighter bound would reject positions that
honestly need more: five tokens scattered over the 85-dot Basic board stand up to ten steps
apart, and gathering them into a path took up to 28 actions in the placements measured
(the least the walks allow, as estimated by the knowledge: each action makes progress); a
looser one would let an agent that wanders half the time pass. Measured figures (median and
maximum per agent and token count) are printed by ``benchmarks/convert_connect5.py``.

The agents play the game's *solo* rule there (``Knowledge.solo``: the action leaving the
fewest actions to a Connect 5), which is why every level converts alike: the search would add
nothing but time, and its evaluation cannot tell moves apart when a seat is far ahead.
"""

from __future__ import annotations

import random

import pytest

from connect_arena.agents.base import Budget
from connect_arena.agents.knowledge import level_settings
from connect_arena.agents.levels import AGENT_KINDS, make_agent
from connect_arena.agents.mcts import MCTSAgent
from connect_arena.games import load
from connect_arena.games.connect5.notation import Jump, Pass, Place, Step
from connect_arena.games.connect5.rules import Connect5State, RoundResult

AGENT, OTHER = 0, 1
BOUND = 40
"""Own actions within which every agent must complete its Connect 5 (see the module doc)."""
LIMIT = 200
"""The ``idle_limit`` of the games here: the default of drivers and web tables."""


def lone_position(
    tokens: int,
    seed: int,
    supply: int = 0,
    idle_limit: int = LIMIT,
    banked: tuple[int, int] | None = None,
) -> Connect5State:
    """Basic board, 2 players: ``AGENT`` (to move) holds ``tokens`` singles on dots drawn
    with ``seed`` (redrawn while a Connect 5 would stand) and ``supply`` in its supply;
    ``OTHER`` has no token left: the agent ate all 25; the other ate the agent's missing ones.
    A quick game, or with ``banked`` the second round of a full game whose first round
    scored ``banked`` (no Connect 5 in it).

    Raises:
        ValueError: more tokens than a player has.
    """
    mode = "quick" if banked is None else "full"
    state = load(
        "connect5", 2, board="basic", mode=mode, first_player="0", idle_limit=idle_limit
    ).new_initial_state()
    assert isinstance(state, Connect5State)
    cfg = state.cfg
    if banked is not None:
        state.round = 1
        state.results = [RoundResult(0, 0, banked, None, (), "idle_limit")]
        state.banked = list(banked)
    if tokens + supply > cfg.tokens:
        raise ValueError(f"{tokens} + {supply} tokens: a player has {cfg.tokens}")
    rng = random.Random(seed)
    while True:
        dots = rng.sample(range(cfg.board.num_dots), tokens)
        owner = [-1] * cfg.board.num_dots
        for dot in dots:
            owner[dot] = AGENT
        if cfg.topo.find_run(owner, AGENT, cfg.run_rules) is None:
            break
    state.owner = owner
    state.height = [1 if seat == AGENT else 0 for seat in owner]
    state.supply = [supply, 0]
    state.captured = [cfg.tokens, cfg.tokens - tokens - supply]
    state.lost = [cfg.tokens - tokens - supply, cfg.tokens]
    state.turns_taken = [40, 40]
    state.to_move = AGENT
    state._legal = None
    return state


def fed_position(seed: int) -> Connect5State:
    """A position reached by legal play, five tokens a player (option ``tokens``): the agent
    places its five on dots drawn with ``seed``, the other seat places and steps its tokens
    where the agent can jump them, and the agent eats them (its longest capture) until the
    other seat has none left, within 200 actions (each choice seeded, else the first)."""
    rng = random.Random(seed)
    state = load(
        "connect5", 2, board="basic", mode="quick", first_player="0", idle_limit=LIMIT, tokens=5
    ).new_initial_state()
    assert isinstance(state, Connect5State)
    while state.tokens_left()[OTHER] and not state.is_terminal() and len(state.history) < 200:
        player = state.current_player
        actions = sorted(state.legal_actions(player), key=str)
        jumps = [action for action in actions if type(action) is Jump]
        moves = [action for action in actions if type(action) in (Place, Step)]
        if player == AGENT and state.supply[AGENT]:
            action = rng.choice([action for action in actions if type(action) is Place])
        elif player == AGENT:
            action = max(jumps, key=lambda jump: len(jump.path)) if jumps else rng.choice(actions)
        else:
            feeding = [action for action in moves if _feeds(state, action)]
            action = rng.choice(feeding or moves or actions)
        state.apply_action(action, player)
    return state


def _feeds(state: Connect5State, action: Place | Step) -> bool:
    """Whether the agent can jump after ``OTHER`` plays ``action``."""
    child = state.clone()
    child.apply_action(action, OTHER)
    return not child.is_terminal() and any(type(a) is Jump for a in child.legal_actions(AGENT))


def actions_to_connect5(state: Connect5State, spec: str, seed: int) -> int | None:
    """Play ``state`` on with the agent ``spec`` for ``AGENT`` (the other seat passes) and
    return the agent's own actions up to its Connect 5, or ``None`` if the round ended
    otherwise (the ``idle_limit``). A level searches its number of simulations with no
    time cap (what defines a level), so that the moves do not depend on the machine."""
    agent = make_agent(spec, seed)
    budget = None
    if isinstance(agent, MCTSAgent) and agent.level is not None:
        budget = Budget(iterations=level_settings("connect5", agent.level).iterations)
    own = 0
    while not state.is_terminal():
        player = state.current_player
        if player == OTHER:
            assert state.legal_actions(OTHER) == [Pass()]
            state.apply_action(Pass(), OTHER)
            continue
        state.apply_action(agent.act(state, player, budget), player)
        own += 1
    result = state.results[-1]
    assert state.is_terminal()
    return own if result.reason == "connect5" and result.connect5 == AGENT else None


def test_lone_positions_are_consistent_and_the_other_seat_must_pass() -> None:
    for tokens, seed in ((5, 0), (8, 1)):
        state = lone_position(tokens, seed)
        assert state.invariant_violations() == []
        assert state.tokens_left() == [tokens, 0]
        assert not state.is_terminal()
        child = state.clone()
        child.apply_action(child.legal_actions(AGENT)[0], AGENT)
        assert child.legal_actions(OTHER) == [Pass()]


def test_fed_positions_are_reached_with_the_other_seat_empty() -> None:
    for seed in (1, 4):
        state = fed_position(seed)
        assert state.tokens_left() == [5, 0] and state.supply == [0, 0]
        assert state.current_player == OTHER and state.legal_actions(OTHER) == [Pass()]
        assert state.invariant_violations() == []


def test_uniform_play_does_not_convert_so_the_check_can_fail() -> None:
    """A random mover rarely gathers five: the positions are not trivially won."""
    missed = [actions_to_connect5(lone_position(5, seed), "random", seed) for seed in range(3)]
    assert None in missed


SPECS = [kind for kind in AGENT_KINDS if kind != "random"]


@pytest.mark.parametrize("spec", SPECS)
def test_agent_completes_a_connect_5_alone(spec: str) -> None:
    for tokens, seed in ((5, 0), (5, 7), (6, 1), (8, 2)):
        needed = actions_to_connect5(lone_position(tokens, seed), spec, seed)
        assert needed is not None and needed <= BOUND, (tokens, seed, needed)


@pytest.mark.parametrize("spec", SPECS)
def test_agent_completes_a_connect_5_reached_by_legal_play(spec: str) -> None:
    for seed in (1, 4):
        needed = actions_to_connect5(fed_position(seed), spec, seed)
        assert needed is not None and needed <= BOUND, (seed, needed)


@pytest.mark.parametrize("spec", SPECS)
def test_agent_completes_a_connect_5_alone_with_a_supply(spec: str) -> None:
    """Three tokens on the board and two in the supply: placements and steps mixed."""
    needed = actions_to_connect5(lone_position(3, 5, supply=2), spec, 5)
    assert needed is not None and needed <= BOUND, needed


@pytest.mark.parametrize(
    ("spec", "banked"), [(spec, (40, 0)) for spec in SPECS] + [(spec, (0, 40)) for spec in SPECS]
)
def test_agent_completes_a_connect_5_alone_whatever_the_score(
    spec: str, banked: tuple[int, int]
) -> None:
    """The last round of a full game, the agent far ahead or far behind: the Connect 5 then
    decides nothing (the game is won, or lost, either way), and the agent must still end the
    round rather than play on until the limit."""
    needed = actions_to_connect5(lone_position(6, 3, banked=banked), spec, 3)
    assert needed is not None and needed <= BOUND, needed
