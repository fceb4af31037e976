"""Guided first games (``service.tutorials``): thin routes, nothing stored.

``GET /api/tutorials`` lists the games with a tutorial; ``GET /api/tutorials/{game}`` gives the
game's static information, the intro and the starting position; ``GET
/api/tutorials/{game}/steps?played=…&played=…&attempt=…`` replays the player's accepted actions
and checks a new one with the engine. A replay is a few dozen engine actions (0.3-10 ms,
``benchmarks/bench_tutorials.py``): the routes are plain functions, which FastAPI runs in its
thread pool, off the event loop. GET: nothing changes, anyone may ask, no session needed.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from connect_arena.service.protocol import TutorialInfo, TutorialProgress
from connect_arena.service.tutorials import (
    MAX_NOTATION,
    MAX_PLAYED,
    run,
    tutorial_games,
    tutorial_info,
)

router = APIRouter(prefix="/api/tutorials")


@router.get("")
def tutorials() -> dict[str, Any]:
    """The games that have a tutorial."""
    return {"games": list(tutorial_games())}


@router.get("/{game}", response_model=None)
def tutorial(game: str) -> TutorialInfo:
    """A game's tutorial: ``{game, intro, info: {geometry, options, …}, progress}``."""
    return tutorial_info(game)


@router.get("/{game}/steps", response_model=None)
def steps(
    game: str,
    played: Annotated[list[str] | None, Query(max_length=MAX_PLAYED)] = None,
    attempt: Annotated[str | None, Query(max_length=MAX_NOTATION)] = None,
) -> TutorialProgress:
    """Replay ``played`` (the accepted actions, in order) and check ``attempt``: the progress
    (``service.tutorials.Progress.to_json``); a refused attempt changes nothing and says why."""
    return run(game, played or (), attempt).to_json()
