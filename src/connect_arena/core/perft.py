"""Perft: count the positions reachable in exactly ``depth`` actions (a move-generator check).

Conventions, for every game:

* Only nodes at exactly ``depth`` are counted. A terminal state reached earlier is a dead end
  and contributes 0 (as in chess perft, where mate at ply 3 adds nothing to perft 5).
  ``perft(state, 0)`` is 1, even for a terminal state.
* A chance node branches on each of its outcomes, unweighted: every outcome is one action.
* At a simultaneous node only the lowest active seat's actions are expanded; the other active
  seats act at the next plies. The order in which simultaneous decisions are applied does not
  change the resulting position, so expanding every active seat at each ply would count each
  joint decision once per ordering. With one seat per ply, a phase in which ``k`` seats choose
  among ``n`` actions each spans ``k`` plies and yields ``n ** k`` leaves.

Each child is made with :meth:`State.clone` and :meth:`State.apply_legal_action`, so perft
also exercises cloning.
"""

from __future__ import annotations

from connect_arena.core.game import CHANCE, Action, State


def _mover(state: State[Action]) -> int | None:
    """The seat expanded at ``state``: ``CHANCE``, the lowest active seat, or ``None``."""
    if state.is_terminal():
        return None
    if state.is_chance_node():
        return CHANCE
    active = state.active_players()
    return min(active) if active else None


def _children(state: State[Action]) -> list[tuple[Action, State[Action]]]:
    """Every action expanded at ``state`` with the state it leads to."""
    player = _mover(state)
    if player is None:
        return []
    children = []
    for action in state.legal_actions(player):
        child = state.clone()
        child.apply_legal_action(action, player)
        children.append((action, child))
    return children


def perft(state: State[Action], depth: int) -> int:
    """Count the leaves at exactly ``depth`` actions from ``state``.

    Args:
        state: the root position; it is not modified.
        depth: number of actions (plies, chance outcomes included), ``>= 0``.

    Returns:
        The number of action sequences of length ``depth`` from ``state`` (see the module
        docstring for terminal, chance and simultaneous nodes).

    Raises:
        ValueError: ``depth`` is negative.
    """
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, not {depth}")
    if depth == 0:
        return 1
    if depth == 1:
        player = _mover(state)
        return 0 if player is None else len(state.legal_actions(player))
    return sum(perft(child, depth - 1) for _, child in _children(state))


def perft_divide(state: State[Action], depth: int) -> list[tuple[str, int]]:
    """Perft split by first action.

    Args:
        state: the root position; it is not modified.
        depth: number of actions, ``>= 1``.

    Returns:
        ``(notation of the first action, perft of the child at depth - 1)`` for every action
        expanded at the root, in ``legal_actions`` order; the counts sum to ``perft(state,
        depth)``.

    Raises:
        ValueError: ``depth`` is less than 1.
    """
    if depth < 1:
        raise ValueError(f"perft divide depth must be >= 1, not {depth}")
    return [(str(action), perft(child, depth - 1)) for action, child in _children(state)]
