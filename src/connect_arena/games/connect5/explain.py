"""Why an action is illegal, in words a player understands (quoting the rulebook).

Legality itself is decided by membership in the generated legal actions (``moves.py``); these
explanations are only asked for actions that are not legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.games.connect5 import moves
from connect_arena.games.connect5.notation import (
    Connect5Action,
    Jump,
    Pass,
    Place,
    Split,
    Stack,
    Starter,
    Step,
)

if TYPE_CHECKING:
    from connect_arena.games.connect5.rules import Connect5State


def explain(state: Connect5State, action: Connect5Action, player: int) -> str | None:
    """One sentence saying why ``action`` is illegal for ``player`` now, or ``None`` if no
    specific reason is found."""
    if isinstance(action, Starter):
        return "who starts is drawn by chance, not chosen"
    if isinstance(action, Pass):
        return "you can still place or move: pass only when no other action is possible"
    if state.turns_taken[player] == 0 and not isinstance(action, Place):
        return "your first turn of a round places a token ('posizionano ... una delle loro pedine')"
    if (
        state.cfg.capture_compulsory
        and not isinstance(action, Jump)
        and moves.capture_actions(state, player)
    ):
        return "you can capture, and captures are compulsory (capture_compulsory=true)"
    if isinstance(action, Place | Stack):
        return _explain_place(state, action, player)
    if isinstance(action, Step | Split):
        return _explain_move(state, action, player)
    return _explain_jump(state, action, player)


def _holder(state: Connect5State, dot: int, player: int) -> str:
    seat = state.owner[dot]
    if seat < 0:
        return "nothing"
    kind = "double" if state.height[dot] == 2 else "token"
    return f"your {kind}" if seat == player else f"{state.game.seat_name(seat)}'s {kind}"


def _explain_place(state: Connect5State, action: Place | Stack, player: int) -> str | None:
    name = action.dot
    dot = state.cfg.board.dot_index(name)
    if state.supply[player] == 0:
        return f"{state.game.seat_name(player)} has no tokens left to place"
    if isinstance(action, Place):
        if state.owner[dot] == player:
            return _place_on_own(state, name, dot)
        if state.owner[dot] >= 0:
            return f"{name} holds {_holder(state, dot, player)}: place only on a free dot"
        return None
    if state.owner[dot] != player:
        return f"there is no token of yours on {name} to stack on ({name} holds " + (
            f"{_holder(state, dot, player)})"
        )
    if state.height[dot] == 2:
        return f"{name} already holds a double: a stack has at most two tokens"
    if not state.cfg.circled[dot]:
        return (
            f"{name} is a single dot: stacking only on a circled dot "
            "('purché questa si trovi su pallino nero cerchiato')"
        )
    return None


def _place_on_own(state: Connect5State, name: str, dot: int) -> str:
    """Placing on your own token: ``stack`` is suggested only where it is legal."""
    if state.height[dot] == 2:
        return f"{name} already holds your double: place only on a free dot"
    if state.cfg.circled[dot]:
        return f"{name} already holds your token; to stack on it write 'stack {name}'"
    return (
        f"{name} already holds your token: place only on a free dot (and {name} is a single "
        "dot, where no double may stand)"
    )


def _not_adjacent(state: Connect5State, action: Step | Split, src: int, dst: int) -> str:
    """Why a step or split cannot go from ``src`` to ``dst``, which are not adjacent."""
    cfg = state.cfg
    if src == dst:
        return f"a step goes from one dot to another: {action.src} to {action.dst} moves nothing"
    if cfg.topo.adjacent(dst, src):  # only t_turns=from_stem makes adjacency one-way
        return (
            f"{action.dst} is reached from {action.src} only by turning from the bar of a T "
            "without a dot into its stem (t_turns=from_stem: from the stem into the bar only)"
        )
    if dst in _reached_turning_anywhere(state, src):
        stem = ", or from the bar of a T into its stem" if cfg.topo.t_turns != "any" else ""
        return (
            f"{action.dst} is reached from {action.src} only by turning where lines cross "
            f"without a dot{stem} ('Quando due linee si incrociano, non è possibile svoltare "
            "in un'altra direzione')"
        )
    return f"{action.dst} is not next to {action.src}: a step goes to the next dot along a line"


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


def _onto_own(state: Connect5State, action: Step, src: int, dst: int) -> str | None:
    """Under ``stack_by_step``: why a step onto your own token makes no double."""
    if state.height[dst] == 2:
        return f"{action.dst} already holds your double: a stack has at most two tokens"
    if state.height[src] == 2:
        return f"your double on {action.src} cannot step onto a token: a stack has at most two"
    if not state.cfg.circled[dst]:
        return (
            f"{action.dst} is a single dot: a double stands only on a circled dot "
            "('purché questa si trovi su pallino nero cerchiato')"
        )
    return None


def _explain_move(state: Connect5State, action: Step | Split, player: int) -> str | None:
    cfg = state.cfg
    src, dst = cfg.board.dot_index(action.src), cfg.board.dot_index(action.dst)
    if state.owner[src] != player:
        return f"there is no token of yours on {action.src}"
    if isinstance(action, Split) and state.height[src] != 2:
        return f"{action.src} holds a single token: only a double can split"
    if not cfg.topo.adjacent(src, dst):
        return _not_adjacent(state, action, src, dst)
    onto_own = isinstance(action, Step) and cfg.stack_by_step and state.owner[dst] == player
    if state.owner[dst] >= 0 and not onto_own:
        return f"{action.dst} is not free (it holds {_holder(state, dst, player)})"
    if (
        isinstance(action, Step)
        and state.height[src] == 2
        and not (cfg.circled[src] and cfg.circled[dst])
    ):
        return (
            "a double moves only between circled dots ('Le pedine doppie si possono spostare "
            f"solo tra i punti adiacenti cerchiati'); {action.dst} is a single dot — "
            f"'split {action.src} {action.dst}' moves one token there"
        )
    if onto_own and isinstance(action, Step) and (reason := _onto_own(state, action, src, dst)):
        return reason
    if moves.retraces_into_run(state, player, action):
        return (
            "this token may not make a Connect 5 by going back along the line it used last "
            "turn (retrace_rule=previous_turn)"
        )
    return None


def _explain_jump(state: Connect5State, action: Jump, player: int) -> str | None:
    cfg = state.cfg
    index = cfg.board.dot_index
    pos = index(action.start)
    if state.owner[pos] != player:
        return f"there is no token of yours on {action.start}"
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
            return (
                "this token may not capture by going back along the line it used last turn "
                "(retrace_rule=previous_turn)"
            )
        if over in jumped or used & jump.segset:
            return (
                "a capture may not use a stretch of line twice or jump a dot twice "
                "('ripercorrendo a ritroso un tratto appena usato')"
            )
        if cfg.no_revisit and to_id in action.path[: 2 * number + 2]:
            return f"a capture may not come back to {to_id} (retrace_rule=no_revisit)"
        used, jumped = used | jump.segset, jumped | {over}
        size, _ = moves.hop(cfg, owner, height, pos, size, over, to)
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
) -> str | None:
    cfg = state.cfg
    ids, player = cfg.ids, owner[pos]
    if cfg.topo.jump(pos, over, to) is None:
        return (
            f"there is no jump from {ids[pos]} over {ids[over]} to {ids[to]}: a jump goes over "
            "the next dot to the one after it, straight on through a T or crossing dot"
        )
    if owner[over] < 0 or owner[over] == player:
        return f"{ids[over]} holds no opponent's token to eat"
    if size == 1 and height[over] == 2:
        return (
            "a single token cannot eat a double ('Le pedine doppie non possono essere "
            "mangiate dalle pedine singole')"
        )
    if action.sandwich and last:
        return _sandwich_reason(state, pos, size, over, to, owner, height, number)
    if owner[to] >= 0:
        hint = " (for the sandwich capture write 'sandwich …')" if owner[to] == player else ""
        return (
            f"the landing dot {ids[to]} is not free ('purché il punto successivo a questa "
            f"sia libero'){hint}"
        )
    if size == 2 and height[over] == 2 and not cfg.circled[to]:
        return "a double eats a double only onto a free circled dot"
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
) -> str | None:
    cfg = state.cfg
    if number > 0 and not cfg.sandwich_in_chain:
        return "a sandwich is a capture of its own, not the end of a multiple capture"
    if owner[to] != owner[pos] or height[to] != 1:
        return f"a sandwich lands on your single token, and {cfg.ids[to]} does not hold one"
    if height[over] == 2:
        return "no sandwich when the middle token is a double ('questa manovra non sarà possibile')"
    if not (cfg.circled[pos] and cfg.circled[to]):
        return "a sandwich needs your tokens on circled dots on both sides"
    if cfg.sandwich_strict and size != 2:
        return "with sandwich_mode=strict_only_double_start a sandwich starts from a double"
    return None
