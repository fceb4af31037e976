"""The agent protocol: something that chooses an action for a seat."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from connect_arena.core.game import Action, State


@dataclass(frozen=True, slots=True)
class Budget:
    """How much thinking an agent may do for one decision.

    Attributes:
        seconds: wall-clock limit in seconds, or ``None``.
        iterations: simulation/iteration limit, or ``None``.
    """

    seconds: float | None = None
    iterations: int | None = None


@runtime_checkable
class Agent(Protocol):
    """Chooses actions. Agents never mutate the state they are given.

    Attributes:
        name: a short label used in records and tables, e.g. ``"random"``.
    """

    name: str

    def act(self, state: State[Action], player: int, budget: Budget | None = None) -> Action:
        """Return a legal action for ``player`` (an active seat of ``state``)."""
        ...


def legal_actions_or_raise(state: State[Action], player: int) -> list[Action]:
    """The legal actions of ``player``, for agents.

    Raises:
        ValueError: ``player`` has no legal action (not active, or the game is over).
    """
    actions = state.legal_actions(player)
    if not actions:
        raise ValueError(f"{state.game.seat_name(player)} has no legal action")
    return actions


def close_agents(agents: Iterable[object]) -> None:
    """Call ``close()`` on every agent that has one (an external engine ends its program), even
    if one of them fails; the first error is raised at the end."""
    failure: BaseException | None = None
    for agent in agents:
        close = getattr(agent, "close", None)
        if callable(close):
            try:
                close()
            except Exception as error:  # close the others first
                failure = failure or error
    if failure is not None:
        raise failure
