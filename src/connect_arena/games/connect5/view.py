"""What interfaces see: the observation of a position and the geometry of the board.

Both are JSON-able dicts. The geometry is derived from the board file in use (a shipped board
or any valid file), so an interface draws whatever board the table plays on; coordinates are
board units, ``x`` east and ``y`` north (``docs/rules/connect5.md`` §Board files).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from connect_arena.core import last_action_json
from connect_arena.games.connect5.board import Board, lattice_ids
from connect_arena.games.connect5.events import result_events
from connect_arena.games.connect5.geometry import Point
from connect_arena.games.connect5.topology import Link

if TYPE_CHECKING:
    from connect_arena.games.connect5.options import Config
    from connect_arena.games.connect5.rules import Connect5State


def _number(value: float) -> float | int:
    """``2.0`` → ``2``, so that lattice boards stay compact and exact in JSON."""
    return int(value) if float(value).is_integer() else value


def _xy(point: Point) -> list[float | int]:
    return [_number(point[0]), _number(point[1])]


def geometry(cfg: Config) -> dict[str, Any]:
    """The board of ``cfg`` as the page draws it.

    Returns:
        ``board``, ``name``, ``origin``, ``description`` (text from the board file);
        ``dots``: ``[{"id", "x", "y", "circled"}]`` in board order (``circled``: a circled
        dot, where doubles may stand; else a single dot); ``junctions``: ``[{"id", "x",
        "y"}]``, dot-less crossings and T's, drawn without a dot; ``segments``: the lines'
        stretches, each a polyline ``[[x, y], ...]`` (waypoints included); ``links``:
        ``[{"a", "b", "points"}]``, for each pair of adjacent dots (a step, or one hop of a
        jump, under this game's ``t_turns``) the polyline from ``a`` to ``b``;
        ``coordinates``: ``{"files": [[x, "a"], ...], "ranks": [[y, "1"], ...]}`` when the
        dot ids name their lattice points (``c4`` at ``(2, 3)``), else ``None`` (then each
        dot is labelled with its id).
    """
    board = cfg.board
    return {
        "board": board.id,
        "name": board.name,
        "origin": board.origin,
        "description": board.description,
        "dots": [
            {"id": n.id, "x": _number(n.x), "y": _number(n.y), "circled": n.circled}
            for n in board.dots
        ],
        "junctions": [
            {"id": n.id, "x": _number(n.x), "y": _number(n.y)}
            for n in board.nodes[board.num_dots :]
        ],
        "segments": [[_xy(p) for p in seg.points] for seg in board.segments],
        "links": _links(board, cfg.topo.links),
        "coordinates": _coordinates(board) if lattice_ids(board) else None,
    }


def _links(board: Board, links: tuple[Link, ...]) -> list[dict[str, Any]]:
    """One polyline per pair of adjacent dots (a link may go one way only: t_turns)."""
    seen: set[frozenset[int]] = set()
    found = []
    for link in sorted(links, key=lambda lk: (lk.src, lk.dst)):
        pair = frozenset((link.src, link.dst))
        if pair in seen:
            continue
        seen.add(pair)
        found.append(
            {
                "a": board.nodes[link.src].id,
                "b": board.nodes[link.dst].id,
                "points": [_xy(p) for p in link_points(board, link)],
            }
        )
    return found


def link_points(board: Board, link: Link) -> list[Point]:
    """The polyline a link walks, from its ``src`` dot to its ``dst`` dot."""
    node = link.src
    points = [board.nodes[node].point]
    for index in link.segments:
        segment = board.segments[index]
        forward = segment.a == node
        stretch = segment.points if forward else tuple(reversed(segment.points))
        points += stretch[1:]
        node = segment.b if forward else segment.a
    return points


def _coordinates(board: Board) -> dict[str, list[list[Any]]]:
    """File letters and rank numbers for the edges of a lattice board's drawing."""
    xs = [p[0] for seg in board.segments for p in seg.points] + [n.x for n in board.nodes]
    ys = [p[1] for seg in board.segments for p in seg.points] + [n.y for n in board.nodes]
    files = range(max(0, math.ceil(min(xs))), min(25, math.floor(max(xs))) + 1)
    ranks = range(max(0, math.ceil(min(ys))), math.floor(max(ys)) + 1)
    return {
        "files": [[x, chr(ord("a") + x)] for x in files],
        "ranks": [[y, str(y + 1)] for y in ranks],
    }


def observation(state: Connect5State) -> dict[str, Any]:
    """The whole position (nothing is hidden), JSON-serialisable.

    Keys: ``board`` (id), ``stacks`` (``{dot id: [seat, height]}`` for occupied dots),
    ``supply``, ``captured`` and ``lost`` (tokens eaten by and from each seat this round),
    ``scores`` (all rounds so far), ``round`` (0-based), ``rounds``, ``starter`` (the seat
    that starts the round in play; ``None`` until drawn), ``to_move``, ``turns_taken``,
    ``idle``, ``last_route``, ``results`` (finished rounds), ``winners`` (once over),
    ``terminal``, ``result`` (why the game ended and who won: events, ``[]`` until the end),
    ``last`` (the last action as ``{"notation", "parts"}``, null before the first: the board
    draws it without parsing notation).
    """
    cfg = state.cfg
    return {
        "game": "connect5",
        "board": cfg.board.id,
        "stacks": {
            cfg.ids[d]: [state.owner[d], state.height[d]]
            for d in range(len(state.owner))
            if state.owner[d] >= 0
        },
        "supply": list(state.supply),
        "captured": list(state.captured),
        "lost": list(state.lost),
        "scores": state.scores(),
        "round": state.round,
        "rounds": cfg.rounds,
        "starter": None if state.first_starter is None else state.starter,
        "to_move": None if state.over else state.to_move,
        "turns_taken": list(state.turns_taken),
        "idle": state.idle,
        "last_route": [None if r is None else [r[0], sorted(r[1])] for r in state.last_route],
        "results": [result.as_dict() for result in state.results],
        "winners": state.winners() if state.over else None,
        "terminal": state.over,
        "result": [event.to_json() for event in result_events(state)],
        "last": last_action_json(state),
    }
