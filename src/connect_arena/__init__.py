"""Connect Arena: the "Connect" family of board games, with rules engines, agents and interfaces.

Layers (imports only go leftwards): ``core`` ← ``games`` ← ``agents`` ← ``cli``.
"""

__version__ = "0.1.0"

from connect_arena import _build

_build.activate()  # the compiled engine modules when built for these sources (see _build)
