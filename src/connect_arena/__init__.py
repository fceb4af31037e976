"""Connect Arena: the "Connect" family of board games, with rules engines, agents and interfaces.

Layers (imports only go leftwards): ``core`` ← ``games`` ← ``agents`` ← ``cli``.
"""

__version__ = "0.1.0"
