"""Connect 5 (Back2Brain): 2-5 players place, stack, move and jump tokens on a circuit board.

Public API::

    from connect_arena.games.connect5 import load_board, board_to_svg, render_board
    board = load_board("basic")            # or a path to a .toml board file; BoardError if bad
    svg = board_to_svg(board)              # a standalone SVG document (str)
    text = render_board(board)             # the circuit in Rich markup, for a terminal

The rules engine is registered as ``connect5`` (``Connect5Game``); see
``docs/rules/connect5.md``.
"""

from connect_arena.games.connect5.board import Board, BoardError, Problem
from connect_arena.games.connect5.boards import (
    board_names,
    board_stats,
    load_board,
    read_board_file,
)
from connect_arena.games.connect5.notation import (
    FirstPlayer,
    Jump,
    Pass,
    Place,
    Split,
    Stack,
    Step,
)
from connect_arena.games.connect5.render import render_board
from connect_arena.games.connect5.rules import Connect5Game, Connect5State, RoundResult
from connect_arena.games.connect5.svg import board_to_svg

__all__ = [
    "Board",
    "BoardError",
    "Connect5Game",
    "Connect5State",
    "FirstPlayer",
    "Jump",
    "Pass",
    "Place",
    "Problem",
    "RoundResult",
    "Split",
    "Stack",
    "Step",
    "board_names",
    "board_stats",
    "board_to_svg",
    "load_board",
    "read_board_file",
    "render_board",
]
