"""Research adapters: fixed action encodings, the stepping layer, OpenSpiel (optional extra).

``connect_arena.rl.encoding`` maps every game's actions to integer ids;
:class:`~connect_arena.rl.stepper.Stepper` drives an engine state with them; the OpenSpiel
adapter (:mod:`connect_arena.rl.openspiel`, needs the ``rl`` extra) registers every game with
``pyspiel``. See ``docs/research.md``.
"""

from connect_arena.rl.encoding import Encoding, encoding_for
from connect_arena.rl.stepper import Stepper

__all__ = ["Encoding", "Stepper", "encoding_for", "new_stepper"]


def new_stepper(name: str, num_players: int | None = None, **options: object) -> Stepper:
    """A :class:`Stepper` at the start of a new game of ``name`` with these options.

    Raises:
        UnknownGameError: no game is registered as ``name``.
        InvalidOptionError: bad player count or option.
    """
    from connect_arena.core.registry import load

    game = load(name, num_players=num_players, **options)
    return Stepper(encoding_for(game), game.new_initial_state())
