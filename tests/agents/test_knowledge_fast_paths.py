"""The rollout policies' fast paths give what the plain computation gives: Connect 5's open
paths kept from call to call equal a fresh count after any jump between positions, Quinque's
cells that complete a line (found once per position) are those where the engine
sees a line after placing the parachute."""

from __future__ import annotations

import random
from typing import Any

from connect_arena.agents.knowledge import connect5, connnect, quinque
from connect_arena.core import CHANCE, State, load, sample_chance_outcome
from connect_arena.games.connect5 import legal
from connect_arena.games.connect5.notation import Jump
from connect_arena.games.connect5.tables import PASS
from connect_arena.games.quinque.geometry import has_line


def _positions(game: str, count: int, seed: int, players: int | None = None) -> list[Any]:
    rng = random.Random(seed)
    found: list[tuple[State[Any], int]] = []
    while len(found) < count:
        state = load(game, players).new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply_legal_action(sample_chance_outcome(state, rng), CHANCE)
                continue
            player = min(state.active_players())
            found.append((state.clone(), player))
            state.apply_legal_action(rng.choice(state.legal_actions(player)), player)
    return found


def test_connect5_kept_paths_equal_a_fresh_count() -> None:
    for players in (2, 3):
        positions = _positions("connect5", 150, seed=players, players=players)
        order = list(range(len(positions)))
        random.Random(1).shuffle(order)
        for index in order + order[:20]:
            state, _ = positions[index]
            tab = connect5._tables(state.cfg)
            kept = connect5._paths_now(tab, state.owner, players)
            fresh = connect5._Paths(tab, state.owner, players)
            assert kept.occ == fresh.occ
            assert kept.seat == fresh.seat
            assert kept.attack == fresh.attack and kept.defend == fresh.defend
            assert kept.fours == fresh.fours
            occ = connect5._masks(state.owner, players)
            assert kept.occ == occ


def _open_paths_by_masks(
    runs: tuple[int, ...], owner: list[int], occ: list[int]
) -> tuple[list[int], list[int], list[tuple[int, ...]]]:
    """Per path, from the masks alone: the seat it is open for (``-1``: empty or contested),
    that seat's stacks on it and its empty dots (board order): the reference reading."""
    full = 0
    for mask in occ:
        full |= mask
    seats, counts, empties = [], [], []
    for run in runs:
        taken = run & full
        seat = owner[(taken & -taken).bit_length() - 1] if taken else -1
        if seat >= 0 and taken & occ[seat] != taken:
            seat = -1
        free = run & ~taken
        seats.append(seat)
        counts.append(taken.bit_count() if seat >= 0 else 0)
        empties.append(tuple(d for d in range(len(owner)) if free >> d & 1) if seat >= 0 else ())
    return seats, counts, empties


def test_connect5_counted_paths_equal_the_masks_reading() -> None:
    """The kept paths count stacks per path (no masks wider than 64 bits): every open path,
    its count and empty dots are those the dots' masks give, after any jump between
    positions of two- and three-player games."""
    opened = 0
    for players in (2, 3):
        positions = _positions("connect5", 120, seed=10 + players, players=players)
        order = list(range(len(positions)))
        random.Random(2).shuffle(order)
        for index in order:
            state, _ = positions[index]
            tab = connect5._tables(state.cfg)
            kept = connect5._paths_now(tab, state.owner, players)
            occ = connect5._masks(state.owner, players)
            seats, counts, empties = _open_paths_by_masks(tab.runs, state.owner, occ)
            assert kept.seat == seats
            for path, seat in enumerate(seats):
                if seat >= 0:
                    assert kept.count[path] == counts[path]
                    assert kept.empty_dots(path) == empties[path]
                    opened += 1
    assert opened > 1000


def test_quinque_line_check_equals_the_engines() -> None:
    from connect_arena.games.quinque.notation import Add, Mark

    checked = lines = 0
    for state, _ in _positions("quinque", 600, seed=4):
        marks = dict(state.marks)
        for seat in (0, 1):
            completing = quinque.completing_cells(marks, seat)
            for action in state.legal_actions(min(state.active_players())):
                if not isinstance(action, Mark | Add):
                    continue
                placed = {**marks, action.skydiver: seat}
                expected = has_line(placed, seat, [action.skydiver])
                assert (action.skydiver in completing) == expected
                checked += 1
                lines += expected
    assert checked > 100 and lines > 0


def test_connect5_packed_scores_are_the_weights_summed_over_open_paths() -> None:
    """The kept per-dot scores (attack and defence packed in one int) unpack to the sums of
    the rollout weights over each seat's open paths of 1-3 stacks through the empty dot."""
    for players in (2, 3):
        positions = _positions("connect5", 100, seed=20 + players, players=players)
        for state, _ in positions[::3]:
            tab = connect5._tables(state.cfg)
            kept = connect5._paths_now(tab, state.owner, players)
            occ = connect5._masks(state.owner, players)
            seats, counts, empties = _open_paths_by_masks(tab.runs, state.owner, occ)
            attack = [[0] * len(state.owner) for _ in range(players)]
            defend = [[0] * len(state.owner) for _ in range(players)]
            for path, seat in enumerate(seats):
                if seat >= 0 and counts[path] < 4:
                    for dot in empties[path]:
                        attack[seat][dot] += connect5._ATTACK[counts[path]]
                        defend[seat][dot] += connect5._DEFEND[counts[path]]
            assert kept.attack == attack and kept.defend == defend


def _reference_rollout(state: Any, player: int, rng: random.Random) -> Any:
    """Connect 5's rollout choice computed plainly (session 43's reading: every legal item
    with its index, every dot's exposure, fresh path scores)."""
    pairs, captures = legal.keyed_actions(state, player)
    if len(pairs) + len(captures) <= 1:
        return pairs[0][1] if pairs else captures[0] if captures else PASS
    cfg = state.cfg
    tab = connect5._tables(cfg)
    owner, height, index = state.owner, state.height, cfg.tables.index
    paths = connect5._Paths(tab, owner, cfg.players)
    full = 0
    for mask in paths.occ:
        full |= mask
    hot_mine = hot_rival = 0
    hot_runs = []
    for seat, fours in enumerate(paths.fours):
        for run_index in fours:
            run = tab.runs[run_index]
            if seat == player:
                hot_mine |= run & ~full
            else:
                hot_rival |= run & ~full
                hot_runs.append(run & full)
    if hot_mine:
        for key, action in pairs:
            dst = tab.key_dst[key]
            if dst >= 0 and hot_mine >> dst & 1 and connect5._wins(state, action, player):
                return action
        for action in captures:
            filled, _ = connect5._target(action)
            if (
                filled is not None
                and hot_mine >> index[filled] & 1
                and connect5._wins(state, action, player)
            ):
                return action
    if hot_rival:
        blocks = [a for k, a in pairs if tab.key_dst[k] >= 0 and hot_rival >> tab.key_dst[k] & 1]
        for action in captures:
            filled, _ = connect5._target(action)
            if filled is not None and hot_rival >> index[filled] & 1:
                blocks.append(action)
            elif type(action) is Jump:
                eaten = connect5._eaten(action, index, height)[1]
                if any(eaten & run for run in hot_runs):
                    blocks.append(action)
        if blocks:
            return rng.choice(blocks)
    exposed = [False] * len(owner)
    for start, seat in enumerate(owner):
        if seat >= 0 and seat != player:
            for over, landing in tab.jumps[start]:
                if owner[landing] < 0:
                    exposed[over] = True
    attack, defend = paths.attack, paths.defend
    values = {}
    for key, action in pairs:
        dst = tab.key_dst[key]
        if dst >= 0:
            value = paths.centrality[dst] + attack[player][dst]
            value += sum(defend[seat][dst] for seat in range(cfg.players) if seat != player)
            value -= connect5._EXPOSED * exposed[dst] + connect5._MOVE_COST * (key >= len(owner))
            values[action] = value
    top = max(values.values(), default=-(10**9))
    jumps = [action for action in captures if type(action) is Jump]
    if top < connect5._FORK_SCORE and jumps and rng.random() < 0.9:
        return max(jumps, key=lambda a: connect5._eaten(a, index, height)[0])
    best = [action for action, value in values.items() if value == top]
    return rng.choice(best) if best else rng.choice([a for _, a in pairs] + captures)


def test_connect5_rollout_chooses_as_the_plain_reading() -> None:
    """The rollout policy (placements read from the free dots, exposure looked at only for
    dots that may be best, packed scores kept from call to call) makes the plain reading's
    choice for the same random source, in two- and three-player games, with and without
    supply."""
    moves = 0
    for players in (2, 3):
        positions = _positions("connect5", 400, seed=30 + players, players=players)
        for step, (state, player) in enumerate(positions):
            if state.is_terminal() or state.to_move != player:
                continue
            moves += state.supply[player] == 0
            chosen = connect5.rollout(state, player, random.Random(step))
            assert chosen == _reference_rollout(state, player, random.Random(step))
    assert moves > 20


def _plain_best_progress(shape: Any, free: int, empty: int, values: list[int], size: int) -> float:
    """The best share over every placement in ``shape.placements``, read one by one."""
    best = 0.0
    for cells, mask in zip(shape.placements, shape.masks, strict=True):
        if mask & ~(free | empty):
            continue
        missing = (mask & empty).bit_count()
        if missing < len(connnect.CONNECT_PROGRESS) and _plain_compatible(
            [values[c] for c in cells if free >> c & 1], size
        ):
            best = max(best, connnect.CONNECT_PROGRESS[missing])
    return best


def _plain_compatible(vals: list[int], size: int) -> bool:
    """All equal, or all different within a run of ``size`` consecutive numbers."""
    if not vals or min(vals) == max(vals):
        return True
    return len(set(vals)) == len(vals) and max(vals) - min(vals) < size


def test_connnect_best_progress_equals_a_placement_by_placement_reading() -> None:
    """The outlines' bit-plane count of empty spaces finds the share a scan of every
    placement finds, for every shape, on the sheets of random games and on random masks
    (claimed and crossed spaces, 0-5 empty spaces in a placement)."""
    rng = random.Random(12)
    cases: list[tuple[int, int, list[int]]] = []
    for state, player in _positions("connnect", 300, seed=11):
        sheet = state.sheets[player]
        cases.append((sheet.available, ~sheet.written & ((1 << 36) - 1), list(sheet.values)))
    for _ in range(300):
        written = rng.getrandbits(36) | rng.getrandbits(36)
        used = rng.getrandbits(36) & rng.getrandbits(36) & rng.getrandbits(36)
        values = [rng.randint(1, 6) if written >> c & 1 else 0 for c in range(36)]
        cases.append((written & ~used, ~written & ((1 << 36) - 1), values))
    comps = load("connnect").new_initial_state().comps
    shapes = [(s, 3) for s in comps.connect3] + [(s, 4) for s in comps.connect4]
    shapes += [(card, 5) for card in comps.cards]
    seen: set[float] = set()
    for free, empty, values in cases:
        for shape, size in shapes:
            found = connnect._best_progress(shape, free, empty, values, size)
            assert found == _plain_best_progress(shape, free, empty, values, size)
            seen.add(found)
    assert seen == {0.0, *connnect.CONNECT_PROGRESS}


def test_connnect_compatible_equals_the_plain_reading() -> None:
    """The bit-mask reading of a placement's free numbers agrees with the list reading for
    every numbers of 0-5 free spaces (repeats, gaps, runs) and each claim size."""
    rng = random.Random(13)
    cells = (0, 1, 2, 3, 4)
    for _ in range(5000):
        free = rng.getrandbits(5)
        values = [rng.randint(1, 6) for _ in range(5)] + [0] * 31
        for size in (3, 4, 5):
            vals = [values[c] for c in cells if free >> c & 1]
            assert connnect._compatible(cells, free, values, size) == _plain_compatible(vals, size)
