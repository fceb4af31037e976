"""Simultaneous phases seen by one seat: the choices the other seats made in the current
phase are hidden from it until the phase resolves, so a seat must decide without them.

In a simultaneous phase every active seat chooses independently, in any order; the engine
applies each choice at once but shows it to the others only when the phase resolves
(:func:`phase_resolved`). An
agent that searched the authoritative state would see the choices made before it: it must
decide from :func:`decision_state` instead.
"""

from __future__ import annotations

from connect_arena.core.errors import GameError
from connect_arena.core.game import SIMULTANEOUS, A, State


def phase_resolved(before: State[A], active_before: frozenset[int], phase_before: object) -> bool:
    """Whether the action just applied to ``before`` (now the state after it) ended the
    simultaneous phase that had seats ``active_before`` and id ``phase_before``
    (:meth:`State.simultaneous_phase`): the phase id changed or new seats became active; for a
    game that names no phases (``None``), also when no seat is simultaneous any more (a game
    that names them keeps a phase going when one seat is left acting alone in it)."""
    if not before.active_players() <= active_before:
        return True
    if phase_before is not None:
        return before.simultaneous_phase() != phase_before
    return before.current_player != SIMULTANEOUS or before.simultaneous_phase() is not None


def pending_choices(state: State[A]) -> list[int]:
    """Indices in ``state.history`` of the choices made in the current simultaneous phase
    (empty when the state is not in one, or nobody has chosen yet). Replays the history to
    find where the phase began; a state whose history does not replay from the start to the
    same turn (a position set up by hand) has none.

    A game that names its phases (:meth:`State.simultaneous_phase` not ``None``) is cut by
    the phase, not by who acts now: a phase goes on when a seat dropping out of it leaves one
    seat acting alone (CO'NNN'ECT: a Fill that eliminates a seat), and the choices made in it
    stay hidden until it resolves (rule CN-36).
    """
    history = state.history
    if not history:
        return []
    phase = state.simultaneous_phase()
    if phase is not None:
        return _pending_in_named_phase(state, phase)
    if state.current_player != SIMULTANEOUS or not history[-1].simultaneous:
        return []
    tail = len(history)
    while tail > 0 and history[tail - 1].simultaneous:
        tail -= 1
    replayed = state.game.new_initial_state()
    try:
        for entry in history[:tail]:
            replayed.apply_action(entry.action, entry.player)
        start = tail
        for index in range(tail, len(history)):
            active, before = replayed.active_players(), replayed.simultaneous_phase()
            entry = history[index]
            replayed.apply_action(entry.action, entry.player)
            if phase_resolved(replayed, active, before):
                start = index + 1  # that phase resolved: its choices are public
    except GameError:
        return []  # the history does not start at the beginning (a position set up by hand)
    if not _same_turn(replayed, state):
        return []
    return list(range(start, len(history)))


def _pending_in_named_phase(state: State[A], phase: object) -> list[int]:
    """:func:`pending_choices` for a game naming its phases: every choice since the current
    phase began, when one of them was made while several seats could act."""
    history = state.history
    replayed = state.game.new_initial_state()
    start: int | None = None
    try:
        for index, entry in enumerate(history):
            if replayed.simultaneous_phase() != phase:
                start = None
            elif start is None:
                start = index
            replayed.apply_action(entry.action, entry.player)
    except GameError:
        return []  # the history does not start at the beginning (a position set up by hand)
    if start is None or not _same_turn(replayed, state):
        return []
    if not any(entry.simultaneous for entry in history[start:]):
        return []  # a phase played in turn: nothing hidden
    return list(range(start, len(history)))


def _same_turn(replayed: State[A], state: State[A]) -> bool:
    """Whether the replay reached the same turn as ``state`` (who acts, with what)."""
    if replayed.active_players() != state.active_players():
        return False
    return all(
        replayed.legal_actions(seat) == state.legal_actions(seat) for seat in state.active_players()
    )


def decision_state(state: State[A], seat: int) -> State[A]:
    """The state ``seat`` may decide from: ``state`` itself, or, in a simultaneous phase in
    which other seats have already chosen, a copy with those choices taken back (replayed
    from the start without them; the seat's own choices stay).

    The copy is what ``seat`` would face had it chosen first, which the rules allow (each
    seat's choice is independent). Never modifies ``state``.
    """
    pending = pending_choices(state)
    hidden = {index for index in pending if state.history[index].player != seat}
    if not hidden:
        return state
    replayed = state.game.new_initial_state()
    for index, entry in enumerate(state.history):
        if index not in hidden:
            replayed.apply_legal_action(entry.action, entry.player)
    if replayed.legal_actions(seat) != state.legal_actions(seat):
        return state  # not the independent choices the protocol promises: search the state
    return replayed
