"""The engine's fast paths against plain reference versions (``tables.py``, ``legal.py``,
``Topology.find_run``, ``Connect5State._dead`` and the protocol queries).

The reference move generator below is the straightforward reading of the rules (fresh action
objects, position copies, sets of segments): on positions of random games, under every
option set of ``test_properties.py``, the engine must produce the same actions **in the same
order** (the order fixes what seeded agents do)."""

from __future__ import annotations

import random

import pytest

from connect_arena.core import CHANCE, State, load, sample_chance_outcome
from connect_arena.games.connect5 import legal
from connect_arena.games.connect5.boards import load_board
from connect_arena.games.connect5.notation import (
    Connect5Action,
    Jump,
    Pass,
    Place,
    Split,
    Stack,
    Step,
)
from connect_arena.games.connect5.rules import Connect5State
from connect_arena.games.connect5.tables import segment_mask, tables
from connect_arena.games.connect5.topology import RunRules, run_through, topology
from tests.games.connect5.helpers import position
from tests.games.connect5.test_properties import OPTION_SETS, playout

BOARDS = ("t1", "basic", "advanced")


# ----- the reference generator ----------------------------------------------------------------
def reference_actions(state: Connect5State, player: int) -> list[Connect5Action]:
    """Place, stack, step, split, captures (``[Pass()]`` if none), built from scratch."""
    cfg, owner, height = state.cfg, state.owner, state.height
    ids, dots = cfg.ids, range(len(owner))
    places: list[Connect5Action] = [Place(ids[d]) for d in dots if owner[d] < 0]
    supply = state.supply[player] > 0
    if state.turns_taken[player] == 0:
        return (places if supply else []) or [Pass()]
    captures = [c for d in dots if owner[d] == player for c in reference_chains(state, d)]
    if cfg.capture_compulsory and captures:
        return captures
    actions: list[Connect5Action] = []
    if supply:
        actions += places
        actions += [
            Stack(ids[d]) for d in dots if owner[d] == player and height[d] == 1 and cfg.circled[d]
        ]
    steps: list[Connect5Action] = []
    splits: list[Connect5Action] = []
    for src in (d for d in dots if owner[d] == player):
        for link in cfg.topo.out[src]:
            dst, double = link.dst, height[src] == 2
            both_circled = cfg.circled[src] and cfg.circled[dst]
            onto_own = owner[dst] == player and height[dst] == 1 and cfg.circled[dst]
            if (owner[dst] < 0 and (not double or both_circled)) or (
                cfg.stack_by_step and not double and onto_own
            ):
                steps.append(Step(ids[src], ids[dst]))
            if owner[dst] < 0 and double:
                splits.append(Split(ids[src], ids[dst]))
    moved = steps + splits
    if cfg.retrace_previous_turn:
        moved = [a for a in moved if not legal.retraces_into_run(state, player, a)]
    return actions + moved + captures or [Pass()]


def reference_chains(state: Connect5State, start: int) -> list[Connect5Action]:
    """Every capture chain (and prefix) and sandwich of the unit on ``start``."""
    cfg, player, found = state.cfg, state.owner[start], []
    route = state.last_route[player] if cfg.retrace_previous_turn else None
    blocked = route[1] if route is not None and route[0] == start else frozenset()

    def search(
        pos: int, size: int, owner: list[int], height: list[int], path: list[int], used: set[int]
    ) -> None:
        for jump in cfg.topo.jumps[pos]:
            over, to = jump.over, jump.to
            if owner[over] in (-1, player) or over in path[1::2] or used & jump.segset:
                continue
            if (len(path) == 1 and blocked & jump.segset) or (size == 1 and height[over] == 2):
                continue
            if cfg.no_revisit and to in path:
                continue
            names = tuple(cfg.ids[d] for d in [*path, over, to])
            if owner[to] < 0:
                if not (size == 2 and height[over] == 2 and not cfg.circled[to]):
                    found.append(Jump(names))
                    owner2, height2 = list(owner), list(height)
                    size2, _ = legal.hop(cfg, owner2, height2, pos, size, over, to)
                    search(to, size2, owner2, height2, [*path, over, to], used | jump.segset)
            elif (
                (len(path) == 1 or cfg.sandwich_in_chain)
                and owner[to] == player
                and height[to] == 1
                and height[over] == 1
                and cfg.circled[pos]
                and cfg.circled[to]
                and (size == 2 or not cfg.sandwich_strict)
            ):
                found.append(Jump(names, sandwich=True))

    search(start, state.height[start], list(state.owner), list(state.height), [start], set())
    return found


# ----- tests ----------------------------------------------------------------------------------
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@pytest.mark.parametrize(("board", "players"), [("t1", 3), ("basic", 2), ("advanced", 5)])
def test_legal_actions_equal_the_reference_in_order(
    board: str, players: int, options: dict[str, object]
) -> None:
    for state in playout(board, players, options, 7, 500):
        player = state.current_player
        assert legal.legal_actions(state, player) == reference_actions(state, player)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@pytest.mark.parametrize(("board", "players"), [("t1", 3), ("basic", 2), ("advanced", 5)])
def test_keyed_actions_are_the_legal_list_with_ascending_indices(
    board: str, players: int, options: dict[str, object]
) -> None:
    """``keyed_actions`` (what the research adapters read) lists the same actions as
    ``legal_actions`` in the same order, captures apart, each with its index."""
    for state in playout(board, players, options, 7, 300):
        player = state.current_player
        pairs, captures = legal.keyed_actions(state, player)
        actions = [action for _, action in pairs] + captures
        assert (actions or [Pass()]) == legal.legal_actions(state, player)
        indices = [index for index, _ in pairs]
        assert indices == sorted(set(indices))
        assert all(type(action) is Jump for action in captures)
        assert all(index == documented_index(state, action) for index, action in pairs)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@pytest.mark.parametrize(("board", "players"), [("t1", 3), ("basic", 2), ("advanced", 5)])
def test_indices_with_the_placements_apart_are_the_legal_indices(
    board: str, players: int, options: dict[str, object]
) -> None:
    """``placements_apart`` (the rollout policy's reading) says whether a placement on every
    free dot is legal and lists the other items and the captures: with the placements put
    back (their indices are their dots), exactly ``legal_indices``."""
    seen = set()
    for state in playout(board, players, options, 7, 300):
        player = state.current_player
        places, others, captures = legal.placements_apart(state, player)
        free = [dot for dot, seat in enumerate(state.owner) if seat < 0] if places else []
        assert (free + others, captures) == legal.legal_indices(state, player)
        seen.add((bool(free), bool(others)))
    assert (True, True) in seen  # placements and other items together


def documented_index(state: Connect5State, action: Connect5Action) -> int:
    """An action's index as ``Tables``' docstring numbers them."""
    tab = state.cfg.tables
    dots = len(tab.ids)
    if isinstance(action, Place | Stack):
        return tab.index[action.dot] + (dots if isinstance(action, Stack) else 0)
    assert isinstance(action, Step | Split)
    src, dst = tab.index[action.src], tab.index[action.dst]
    k = [entry[0] for entry in tab.steps[src]].index(dst)
    base = 2 * dots if isinstance(action, Step) else 2 * dots + dots * tab.links
    return base + src * tab.links + k


@pytest.mark.parametrize("board", BOARDS)
def test_tables_follow_the_topology(board: str) -> None:
    """Interned actions name the right dots; links and jumps are the topology's, in order."""
    topo = topology(load_board(board))
    tab = tables(topo)
    ids = tab.ids
    assert [a.dot for a in tab.place] == [a.dot for a in tab.stack] == list(ids)
    for dot in range(len(ids)):
        assert [(e[0], e[1], e[2]) for e in tab.steps[dot]] == [
            (lk.dst, Step(ids[dot], ids[lk.dst]), Split(ids[dot], ids[lk.dst]))
            for lk in topo.out[dot]
        ]
        assert tab.neighbours[dot] == tuple(lk.dst for lk in topo.out[dot])
        expected = [
            (j.over, j.to, segment_mask(j.segset), Jump((ids[dot], ids[j.over], ids[j.to])))
            for j in topo.jumps[dot]
        ]
        assert [e[:4] for e in tab.jumps[dot]] == expected
        assert all(e[4] == Jump(e[3].path, sandwich=True) for e in tab.jumps[dot])
        assert tab.pairs[dot] == tuple((j.over, j.to) for j in topo.jumps[dot])
        assert set(tab.overs[dot]) == {j.over for j in topo.jumps[dot]}
        assert tab.dot(ids[dot]) == tab.dot(ids[dot].upper()) == dot


def test_dot_lookup_refuses_junctions_and_unknown_names() -> None:
    tab = tables(topology(load_board("t1")))
    for name in ("J1", "z9"):
        with pytest.raises(KeyError):
            tab.dot(name)


@pytest.mark.parametrize("board", BOARDS)
def test_run_through_agrees_with_checking_every_run(board: str) -> None:
    """On random boards of tokens: the first run through a dot held by the player, as the
    plain search over ``Topology.runs`` finds it (same run, same orientation)."""
    topo = topology(load_board(board))
    rules = RunRules()
    index, runs = topo.run_index(rules), topo.runs(rules)
    rng = random.Random(3)
    n = topo.board.num_dots
    for _ in range(150):
        owner = [rng.choice((-1, 0, 0, 0, 1)) for _ in range(n)]
        for dot in range(n):
            held = [run for run in runs if dot in run and all(owner[d] == 0 for d in run)]
            expected = held[0] if held else None
            assert topo.find_run(owner, 0, rules, (dot,)) == expected
            if owner[dot] == 0:  # (run_through looks at the four other dots only)
                assert run_through(owner, 0, index[dot]) == expected
        first = topo.find_run(owner, 0, rules)
        assert first is None or all(owner[d] == 0 for d in first)


def test_the_dead_round_check_agrees_with_counting_tokens() -> None:
    """``_dead`` decides most positions from supplies and dots held; it must answer as the
    count of :meth:`tokens_left` does, also on hand-made positions with odd supplies."""
    rng = random.Random(4)
    for end_without in (True, False):
        for _ in range(300):
            state = position(players=3, end_without_connect5=end_without)
            for dot in range(state.cfg.board.num_dots):
                if rng.random() < 0.15:
                    state.owner[dot] = rng.randrange(3)
                    state.height[dot] = 2 if state.cfg.circled[dot] and rng.random() < 0.4 else 1
            state.supply = [rng.choice((0, 0, 1, 2, 4, 6)) for _ in range(3)]
            left = state.tokens_left()
            if max(left) >= 5:
                expected = None
            elif end_without:
                expected = "no_connect5"
            else:
                expected = "dead" if sum(1 for n in left if n > 0) <= 1 else None
            assert state._dead() == expected
            dead = legal.dead_reason(state.owner, state.height, state.supply, end_without)
            assert dead == expected


def test_the_free_dot_check_agrees_with_looking_for_minus_one() -> None:
    """``legal.has_free`` (a compiled loop, instead of ``-1 in owner``'s rich comparison of
    every occupied dot) along random games of 2-5 seats."""
    for players in (2, 3, 5):
        state = load("connect5", players).new_initial_state()
        rng = random.Random(players)
        while not state.is_terminal():
            assert legal.has_free(state.owner) == (-1 in state.owner)
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
            else:
                player = state.current_player
                state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
        assert legal.has_free([0, 1, 1]) is False
        assert legal.has_free([0, -1, 1]) is True


def test_the_compiled_token_count_agrees_with_the_board() -> None:
    """``legal.tokens_left`` (the loop ``_dead`` runs late in a round, compiled) counts per
    seat its supply plus the tokens of its stacks, on hand-made positions of 2-4 seats."""
    rng = random.Random(7)
    for players in (2, 3, 4):
        for _ in range(100):
            state = position(players=players)
            for dot in range(state.cfg.board.num_dots):
                if rng.random() < 0.2:
                    state.owner[dot] = rng.randrange(players)
                    state.height[dot] = 2 if state.cfg.circled[dot] and rng.random() < 0.4 else 1
            state.supply = [rng.choice((0, 1, 3, 6)) for _ in range(players)]
            expected = list(state.supply)
            for seat, tokens in zip(state.owner, state.height, strict=True):
                if seat >= 0:
                    expected[seat] += tokens
            assert legal.tokens_left(state.owner, state.height, state.supply) == expected
            assert state.tokens_left() == expected


def test_legal_lists_are_fresh_and_equal_actions_are_accepted() -> None:
    """The shared action objects never leak a shared list; an equal action built anew is
    as legal as the generated one, whether the cache is warm or not."""
    state = position("P1:a0, P2:a1, P1:a4")
    first = state.legal_actions()
    first.clear()
    actions = state.legal_actions()
    assert actions and actions == state.legal_actions()
    assert Jump(("a0", "a1", "a2")) in actions and Step("a4", "a3") in actions
    for warm in (True, False):
        fresh = state.clone()
        fresh._legal = None
        if warm:
            fresh.legal_actions()
        fresh.apply_action(Jump(("a0", "a1", "a2")))
        assert fresh.captured == [1, 0]


@pytest.mark.parametrize("players", [2, 5])
def test_protocol_queries_answer_as_the_base_class(players: int) -> None:
    """``is_terminal``, ``is_chance_node`` and ``active_players`` are overridden for speed."""
    game = load("connect5", players, board="basic", tokens=6)
    rng = random.Random(players)
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            assert state.is_terminal() == State.is_terminal(state)
            assert state.is_chance_node() == State.is_chance_node(state)
            assert state.active_players() == State.active_players(state)
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            state.apply_legal_action(rng.choice(state.legal_actions()), state.current_player)


def test_find_run_reads_any_sequence_of_owners() -> None:
    """``run_through`` reads a list natively; ``find_run`` still takes any sequence."""
    topo = topology(load_board("basic"))
    rules = RunRules()
    rng = random.Random(5)
    n = topo.board.num_dots
    for _ in range(100):
        owner = [rng.choice((-1, 0, 0, 0, 1)) for _ in range(n)]
        assert topo.find_run(tuple(owner), 0, rules) == topo.find_run(owner, 0, rules)
