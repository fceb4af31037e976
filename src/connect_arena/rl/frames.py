"""Frames of a position for viewers outside the interfaces: the terminal diagram as text or
printed, and the server's board picture as RGB pixels (PettingZoo's render modes).

It reuses the presentation the other interfaces have (the games' Rich diagrams, the service's
SVG pictures) for the research adapters (:mod:`connect_arena.rl.pettingzoo`); ``rl`` is an
interface layer, beside the server and the command line.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import numpy.typing as npt

from connect_arena.core.game import Game, State

PICTURE_WIDTH = 480
"""Width in pixels of a picture (the height follows the picture's proportions)."""


def terminal_text(state: State[Any], viewer: int | None = None) -> str:
    """The terminal diagram of ``state`` as plain text (markup removed); ``viewer``: the seat
    whose private information may show (``None``: the shared screen)."""
    from rich.text import Text

    return Text.from_markup(state.render(viewer)).plain


def print_terminal(state: State[Any], viewer: int | None = None) -> None:
    """Print the terminal diagram of ``state``, in colour where the terminal has it."""
    from rich.console import Console

    Console(highlight=False).print(state.render(viewer))


def picture_rgb(game: Game, state: State[Any], width: int = PICTURE_WIDTH) -> npt.NDArray[np.uint8]:
    """The server's picture of ``state`` (public information only, ``service/pictures.py``)
    as RGB pixels, shape ``(height, width, 3)``, uint8."""
    import resvg_py
    from PIL import Image

    from connect_arena.service import pictures

    png = bytes(resvg_py.svg_to_bytes(svg_string=pictures.draw(game, state), width=width))
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)
