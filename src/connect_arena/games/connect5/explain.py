"""Why an action is illegal, as an event a player understands (quoting the rulebook).

Legality itself is decided by membership in the generated legal actions (``legal.py``); these
explanations are only asked for actions that are not legal. Each reason is a
:class:`~connect_arena.core.events.Event` with a ``connect5.*`` key; its English template is
in ``events.py`` (``ENGLISH``), its translations in ``static/i18n/connect5.<lang>.json``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.core.events import Event
from connect_arena.games.connect5 import legal
from connect_arena.games.connect5.events import holder_event
from connect_arena.games.connect5.notation import (
    Connect5Action,
    FirstPlayer,
    Jump,
    Pass,
    Place,
    Split,
    Stack,
    Step,
)

if TYPE_CHECKING:
    from connect_arena.games.connect5.rules import Connect5State


def explain(state: Connect5State, action: Connect5Action, player: int) -> Event | None:
    """Why ``action`` is illegal for ``player`` now, or ``None`` if no specific reason is
    found."""
    if isinstance(action, FirstPlayer):
        return Event.of("connect5.drawn_by_chance")
    if isinstance(action, Pass):
        return Event.of("connect5.pass_refused")
    if state.turns_taken[player] == 0 and not isinstance(action, Place):
        return Event.of("connect5.first_turn_places")
    if (
        state.cfg.capture_compulsory
        and not isinstance(action, Jump)
        and legal.capture_actions(state, player)
    ):
        return Event.of("connect5.capture_compulsory")
    if isinstance(action, Place | Stack):
        return _explain_place(state, action, player)
    if isinstance(action, Step | Split):
        return _explain_move(state, action, player)
    return _explain_jump(state, action, player)


def _explain_place(state: Connect5State, action: Place | Stack, player: int) -> Event | None:
    name = action.dot
    dot = state.cfg.board.dot_index(name)
    if state.supply[player] == 0:
        return Event.of("connect5.no_supply", seat=player)
    if isinstance(action, Place):
        if state.owner[dot] == player:
            return _place_on_own(state, name, dot)
        if state.owner[dot] >= 0:
            return holder_event(state, dot, player, "connect5.place_taken", dot=name)
        return None
    if state.owner[dot] < 0:
        return Event.of("connect5.stack_on_nothing", dot=name)
    if state.owner[dot] != player:
        kind = "double" if state.height[dot] == 2 else "token"
        return Event.of(f"connect5.stack_on_{kind}", dot=name, holder_seat=state.owner[dot])
    if state.height[dot] == 2:
        return Event.of("connect5.stack_full", dot=name)
    if not state.cfg.circled[dot]:
        return Event.of("connect5.stack_single_dot", dot=name)
    return None


def _place_on_own(state: Connect5State, name: str, dot: int) -> Event:
    """Placing on your own token: ``stack`` is suggested only where it is legal."""
    if state.height[dot] == 2:
        return Event.of("connect5.place_own_double", dot=name)
    if state.cfg.circled[dot]:
        return Event.of("connect5.place_own_circled", dot=name)
    return Event.of("connect5.place_own_single", dot=name)


def _not_adjacent(state: Connect5State, action: Step | Split, src: int, dst: int) -> Event:
    """Why a step or split cannot go from ``src`` to ``dst``, which are not adjacent."""
    cfg = state.cfg
    if src == dst:
        key = "step_nowhere"
    elif cfg.topo.adjacent(dst, src):  # only t_turns=from_stem makes adjacency one-way
        key = "step_from_stem"
    elif dst in _reached_turning_anywhere(state, src):
        key = "step_turning_t" if cfg.topo.t_turns != "any" else "step_turning"
    else:
        key = "step_not_next"
    return Event.of(f"connect5.{key}", src=action.src, dst=action.dst)


def _reached_turning_anywhere(state: Connect5State, src: int) -> set[int]:
    """The dots a walk from ``src`` reaches through dot-less junctions, turning anywhere."""
    board = state.cfg.board
    found: set[int] = set()
    walked: set[int] = set()
    todo = [(arm.segment, arm.other) for arm in board.arms[src]]
    while todo:
        segment, node = todo.pop()
        if segment in walked:
            continue
        walked.add(segment)
        if node < board.num_dots:
            found.add(node)
        else:
            todo += [(arm.segment, arm.other) for arm in board.arms[node]]
    return found


def _onto_own(state: Connect5State, action: Step, src: int, dst: int) -> Event | None:
    """Under ``stack_by_step``: why a step onto your own token makes no double."""
    if state.height[dst] == 2:
        return Event.of("connect5.step_onto_double", dst=action.dst)
    if state.height[src] == 2:
        return Event.of("connect5.step_double_onto", src=action.src)
    if not state.cfg.circled[dst]:
        return Event.of("connect5.step_onto_single_dot", dst=action.dst)
    return None


def _explain_move(state: Connect5State, action: Step | Split, player: int) -> Event | None:
    cfg = state.cfg
    src, dst = cfg.board.dot_index(action.src), cfg.board.dot_index(action.dst)
    if state.owner[src] != player:
        return Event.of("connect5.not_yours", dot=action.src)
    if isinstance(action, Split) and state.height[src] != 2:
        return Event.of("connect5.split_single", src=action.src)
    if not cfg.topo.adjacent(src, dst):
        return _not_adjacent(state, action, src, dst)
    onto_own = isinstance(action, Step) and cfg.stack_by_step and state.owner[dst] == player
    if state.owner[dst] >= 0 and not onto_own:
        return holder_event(state, dst, player, "connect5.dst_taken", dst=action.dst)
    if (
        isinstance(action, Step)
        and state.height[src] == 2
        and not (cfg.circled[src] and cfg.circled[dst])
    ):
        return Event.of("connect5.double_single_dot", src=action.src, dst=action.dst)
    if onto_own and isinstance(action, Step) and (reason := _onto_own(state, action, src, dst)):
        return reason
    if legal.retraces_into_run(state, player, action):
        return Event.of("connect5.retrace_run")
    return None


def _explain_jump(state: Connect5State, action: Jump, player: int) -> Event | None:
    cfg = state.cfg
    index = cfg.board.dot_index
    pos = index(action.start)
    if state.owner[pos] != player:
        return Event.of("connect5.not_yours", dot=action.start)
    owner, height = list(state.owner), list(state.height)
    size, used, jumped = height[pos], frozenset[int](), set[int]()
    hops = action.hops
    for number, (over_id, to_id) in enumerate(hops):
        over, to = index(over_id), index(to_id)
        last = number == len(hops) - 1
        reason = _hop_reason(state, action, pos, size, over, to, owner, height, number, last)
        if reason is not None:
            return reason
        jump = cfg.topo.jump(pos, over, to)
        assert jump is not None
        if number == 0 and _blocked_by_last_turn(state, player, pos, jump.segset):
            return Event.of("connect5.retrace_capture")
        if over in jumped or used & jump.segset:
            return Event.of("connect5.chain_twice")
        if cfg.no_revisit and to_id in action.path[: 2 * number + 2]:
            return Event.of("connect5.chain_revisit", dot=to_id)
        used, jumped = used | jump.segset, jumped | {over}
        size, _ = legal.hop(cfg, owner, height, pos, size, over, to)
        pos = to
    return None


def _blocked_by_last_turn(
    state: Connect5State, player: int, start: int, segments: frozenset[int]
) -> bool:
    """Under ``retrace_rule=previous_turn``: whether a capture from ``start`` walks back along
    a stretch the token on ``start`` used in its owner's previous turn."""
    route = state.last_route[player] if state.cfg.retrace_previous_turn else None
    return route is not None and route[0] == start and bool(route[1] & segments)


def _hop_reason(
    state: Connect5State,
    action: Jump,
    pos: int,
    size: int,
    over: int,
    to: int,
    owner: list[int],
    height: list[int],
    number: int,
    last: bool,
) -> Event | None:
    cfg = state.cfg
    ids, player = cfg.ids, owner[pos]
    if cfg.topo.jump(pos, over, to) is None:
        return Event.of("connect5.no_jump", src=ids[pos], over=ids[over], dst=ids[to])
    if owner[over] < 0 or owner[over] == player:
        return Event.of("connect5.nothing_to_eat", over=ids[over])
    if size == 1 and height[over] == 2:
        return Event.of("connect5.single_eats_double")
    if action.sandwich and last:
        return _sandwich_reason(state, pos, size, over, to, owner, height, number)
    if owner[to] >= 0:
        key = "landing_own" if owner[to] == player else "landing_taken"
        return Event.of(f"connect5.{key}", dst=ids[to])
    if size == 2 and height[over] == 2 and not cfg.circled[to]:
        return Event.of("connect5.double_eats_double")
    return None


def _sandwich_reason(
    state: Connect5State,
    pos: int,
    size: int,
    over: int,
    to: int,
    owner: list[int],
    height: list[int],
    number: int,
) -> Event | None:
    cfg = state.cfg
    if number > 0 and not cfg.sandwich_in_chain:
        return Event.of("connect5.sandwich_in_chain")
    if owner[to] != owner[pos] or height[to] != 1:
        return Event.of("connect5.sandwich_no_single", dst=cfg.ids[to])
    if height[over] == 2:
        return Event.of("connect5.sandwich_double")
    if not (cfg.circled[pos] and cfg.circled[to]):
        return Event.of("connect5.sandwich_circled")
    if cfg.sandwich_strict and size != 2:
        return Event.of("connect5.sandwich_strict")
    return None
