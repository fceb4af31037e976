"""The optimised move generator against a slow, literal reading of the rules.

The reference tries every free cell near the formation and applies each rule of the rulebook
directly (same line, distance, passing over tiles, connectivity of the final formation by BFS),
so a shortcut in ``geometry.destinations`` that drops or invents a destination shows up here.
Positions come from seeded random playouts under several option sets.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from connect_arena.core import sample_chance_outcome
from connect_arena.games import load
from connect_arena.games.quinque import Add, Mark, Move, Pass, explain
from connect_arena.games.quinque.notation import parse_action
from connect_arena.games.quinque.rules import QuinqueState

Cell = tuple[int, int]
EDGE = ((1, 0), (-1, 0), (0, 1), (0, -1))
CORNER = (*EDGE, (1, 1), (1, -1), (-1, 1), (-1, -1))


def _connected(tiles: set[Cell], nbrs: tuple[Cell, ...]) -> bool:
    if not tiles:
        return True
    start = next(iter(tiles))
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in nbrs:
            cell = (x + dx, y + dy)
            if cell in tiles and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return seen == tiles


def _allowed(state: QuinqueState, tile: Cell, to: Cell) -> bool:
    o = state.game.options
    dx, dy = to[0] - tile[0], to[1] - tile[1]
    straight = dx == 0 or dy == 0
    diagonal = abs(dx) == abs(dy)
    distance = max(abs(dx), abs(dy))
    between = [
        (tile[0] + k * (dx // distance), tile[1] + k * (dy // distance)) for k in range(1, distance)
    ]
    if o["advanced"]:
        count = state.parachutes_on(tile)
        if count <= 1:
            ok = straight if o["advanced_single_step"] == "orthogonal" else straight or diagonal
            return ok and distance == 1
        return {2: straight, 3: diagonal}.get(count, straight or diagonal)
    if o["basic_orthogonal_only"] and not straight:
        return False
    if not (straight or diagonal):
        return False
    return not (o["basic_move_blocked_by_tiles"] and any(c in state.tiles for c in between))


def reference_moves(state: QuinqueState) -> set[tuple[Cell, Cell]]:
    o = state.game.options
    nbrs = CORNER if o["connectivity"] == "corner" else EDGE
    result: set[tuple[Cell, Cell]] = set()
    if len(state.tiles) < 2:
        return result
    xs = [x for x, _ in state.tiles]
    ys = [y for _, y in state.tiles]
    for tile in state.tiles:
        if tile == state.marked_tile:
            continue
        if not o["move_same_tile_twice"] and tile in state.moved:
            continue
        if all((tile[0] + dx, tile[1] + dy) in state.tiles for dx, dy in EDGE):
            continue
        rest = state.tiles - {tile}
        if o["connectivity_check"] == "lifted" and not _connected(rest, nbrs):
            continue
        for x in range(min(xs) - 3, max(xs) + 4):
            for y in range(min(ys) - 3, max(ys) + 4):
                to = (x, y)
                if to in state.tiles or to == tile:
                    continue
                if _allowed(state, tile, to) and _connected(rest | {to}, nbrs):
                    result.add((tile, to))
    return result


OPTION_SETS = [
    {},
    {"advanced": True},
    {"advanced": True, "advanced_single_step": "any"},
    {"basic_move_blocked_by_tiles": True},
    {"basic_orthogonal_only": True},
    {"connectivity": "corner", "add_adjacency": "corner"},
    {"connectivity_check": "lifted"},
    {"move_same_tile_twice": False},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_generated_actions_match_the_reference(options: dict[str, object]) -> None:
    for state in positions(options, seed=7, games=6):
        actions = state.legal_actions()
        moves = {(a.tile, a.to) for a in actions if isinstance(a, Move)}
        assert moves == reference_moves(state)
        player = state.current_player
        marks = {a.skydiver for a in actions if isinstance(a, Mark)}
        free = {s for t in state.tiles for s in _skydivers(t) if s not in state.marks}
        assert marks == (free if state.supply[player] and not state.second else set())
        if state.second:
            assert actions[-1] == Pass() and all(isinstance(a, Move) for a in actions[:-1])
        adds = [a for a in actions if isinstance(a, Add)]
        assert all(a.tile not in state.tiles for a in adds)


def positions(options: dict[str, object], seed: int, games: int) -> Iterator[QuinqueState]:
    """Each position where a seat acts in ``games`` seeded random games (the action played
    after each is drawn once the caller is done with it; moves are preferred less often so
    that the games end and marks happen)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = load("quinque", **options).new_initial_state()
        assert isinstance(state, QuinqueState)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance_outcome(state, rng))
                continue
            yield state
            actions = state.legal_actions()
            pool = [a for a in actions if not isinstance(a, Move)] or actions
            state.apply_action(rng.choice(pool if rng.random() < 0.6 else actions))


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_grouped_legal_actions_are_the_list_in_groups(options: dict[str, object]) -> None:
    """``legal_grouped`` (what the research adapters read): its parachutes, then its move
    groups in order, then ``pass`` are exactly the legal list; each tile's run holds its own
    moves and no tile has two; ``pass`` alone means stuck; the origin is the formation's
    corner."""
    groups_seen = 0
    for state in positions(options, seed=3, games=4):
        player = state.current_player
        legal = state.legal_grouped(player)
        parachutes, groups = legal.parachutes, legal.moves
        flat = [*parachutes, *(m for _, group in groups for m in group)]
        if legal.passing:
            flat.append(Pass())
        assert flat == state.legal_actions() == legal.actions()
        assert legal.stuck == (state.legal_actions() == [Pass()])
        tiles = [tile for tile, _ in groups]
        assert len(set(tiles)) == len(tiles) and tiles == sorted(tiles)
        for tile, group in groups:
            assert group and all(move.tile == tile for move in group)
            groups_seen += 1
        assert all(isinstance(a, Mark | Add) for a in parachutes)
        xs, ys = {x for x, _ in state.tiles}, {y for _, y in state.tiles}
        assert legal.origin == ((min(xs), min(ys)) if state.tiles else None)
    assert groups_seen > 0


def _skydivers(tile: Cell) -> list[Cell]:
    return [(2 * tile[0] + i, 2 * tile[1] + j) for i in (0, 1) for j in (0, 1)]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_every_explanation_agrees_with_legality(options: dict[str, object]) -> None:
    """For candidate actions around the formation, ``parse_action`` accepts exactly the legal
    ones, and the rejections come with a specific reason (never the generic fallback)."""
    rng = random.Random(11)
    state = load("quinque", **options).new_initial_state()
    assert isinstance(state, QuinqueState)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        legal = {str(a) for a in state.legal_actions()}
        for text in _candidates(state):
            reason = explain.reason(state, parse_action(text, state.cfg.side), state.current_player)
            assert (reason is None) == (text in legal), (text, reason)
        state.apply_action(rng.choice(sorted(legal)))


def _candidates(state: QuinqueState) -> list[str]:
    xs = [x for x, _ in state.tiles] or [0]
    ys = [y for _, y in state.tiles] or [0]
    cells = [
        (x, y) for x in range(min(xs) - 2, max(xs) + 3) for y in range(min(ys) - 2, max(ys) + 3)
    ]
    out = ["pass"]
    for tx, ty in cells:
        out.append(f"add T{tx},{ty} {2 * tx},{2 * ty + 1}")
        out.append(f"mark {2 * tx + 1},{2 * ty}")
        out.extend(f"move T{fx},{fy} T{tx},{ty}" for fx, fy in state.tiles)
    return out
