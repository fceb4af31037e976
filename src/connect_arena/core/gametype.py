"""``GameType``: what a game declares once about itself, for everything that is not its rules.

In the spirit of OpenSpiel's ``pyspiel.GameType`` (``_GAME_TYPE`` in its Python games): a frozen
declaration reachable on the class as ``Game.game_type``, read without building a state. The
platform (agents, tables, clocks, ratings, tournaments, the research adapters, the web page)
asks it instead of guessing or keeping lists of game names.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


class Dynamics(enum.StrEnum):
    """How seats take turns (OpenSpiel's ``Dynamics``).

    ``SEQUENTIAL``: one seat acts at a time. ``SIMULTANEOUS_PHASES``: sequential, with phases in
    which several seats act in any order and their choices are revealed together (Board Game
    Arena's "multiple active players").
    """

    SEQUENTIAL = "sequential"
    SIMULTANEOUS_PHASES = "simultaneous_phases"


class ChanceMode(enum.StrEnum):
    """Whether the game has chance nodes (OpenSpiel's ``ChanceMode``).

    ``DETERMINISTIC``: never. ``EXPLICIT``: dice, shuffles or a drawn first player appear as
    chance nodes with their outcomes' probabilities (some options may remove them).
    """

    DETERMINISTIC = "deterministic"
    EXPLICIT = "explicit_stochastic"


class Information(enum.StrEnum):
    """Whether every seat sees everything (OpenSpiel's ``Information``)."""

    PERFECT = "perfect_information"
    IMPERFECT = "imperfect_information"


class Utility(enum.StrEnum):
    """How the seats' returns relate (OpenSpiel's ``Utility``, plus partners).

    ``ZERO_SUM``: the returns of every terminal state sum to 0. ``GENERAL_SUM``: no relation
    (scores). ``TEAMS``: partners share one return; teams compete (or play alone).
    """

    ZERO_SUM = "zero_sum"
    GENERAL_SUM = "general_sum"
    TEAMS = "teams"


class ResultKind(enum.StrEnum):
    """What a finished game's ``returns()`` mean to people: a ranking or points.

    ``RANKS``: higher return ranks higher, the values are not points (win/draw/loss).
    ``SCORES``: the returns are the players' final scores (ranked by score).
    """

    RANKS = "ranks"
    SCORES = "scores"


@dataclass(frozen=True, slots=True)
class GameType:
    """The declaration of one game.

    Attributes:
        short_name: the registry name, lowercase (``"quinque"``).
        long_name: the title shown to people (``"Quinque"``).
        summary: one English sentence about the game.
        player_counts: the allowed numbers of seats, ascending.
        default_players: the number of seats when none is given.
        seat_names: a name per seat (0-based), as the rulebook colours them.
        seat_colours: a CSS colour per seat, in the same order.
        dynamics: sequential, or with simultaneous phases.
        chance_mode: deterministic or explicit chance nodes.
        information: perfect, or imperfect (then ``hidden`` says what).
        hidden: what is hidden from whom, in one English sentence (``""`` when nothing).
        utility: zero-sum, general-sum, or shared by partners.
        min_utility: the smallest value ``returns()`` can give a seat at the end.
        max_utility: the largest.
        draw_possible: whether a game can end with no winner among several sides.
        result: whether returns rank the seats or are their scores.
        teams: whether seats play as partners (then ``Game.teams()`` gives them).
        anti_endless_option: the option that bounds a game that could go on for ever
            (``None`` when the rules end every game), and ``anti_endless_default`` its value for
            tables and drivers that set none (computers alone, web tables without a clock).
        rulebook: the source of the rules, for docs and the rules page.
        extra: further facts a game wants to declare (read with ``extra.get``).
    """

    short_name: str
    long_name: str
    player_counts: tuple[int, ...]
    default_players: int
    seat_names: tuple[str, ...]
    seat_colours: tuple[str, ...]
    summary: str = ""
    dynamics: Dynamics = Dynamics.SEQUENTIAL
    chance_mode: ChanceMode = ChanceMode.DETERMINISTIC
    information: Information = Information.PERFECT
    hidden: str = ""
    utility: Utility = Utility.ZERO_SUM
    min_utility: float = -1.0
    max_utility: float = 1.0
    draw_possible: bool = True
    result: ResultKind = ResultKind.RANKS
    teams: bool = False
    anti_endless_option: str | None = None
    anti_endless_default: int | None = None
    rulebook: str = ""
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        problems = []
        if not self.short_name or self.short_name != self.short_name.lower():
            problems.append("short_name must be a non-empty lowercase name")
        if not self.player_counts or list(self.player_counts) != sorted(set(self.player_counts)):
            problems.append("player_counts must be ascending and distinct")
        elif self.default_players not in self.player_counts:
            problems.append("default_players must be one of player_counts")
        elif min(self.player_counts) < 1:
            problems.append("player_counts must be positive")
        most = max(self.player_counts, default=0)
        if len(self.seat_names) < most or len(self.seat_colours) < most:
            problems.append(f"seat_names and seat_colours need {most} entries")
        if self.min_utility > self.max_utility:
            problems.append("min_utility must not exceed max_utility")
        if self.information is Information.IMPERFECT and not self.hidden:
            problems.append("an imperfect-information game must say what is hidden")
        if (self.anti_endless_option is None) != (self.anti_endless_default is None):
            problems.append("anti_endless_option and anti_endless_default go together")
        if problems:
            raise ValueError(f"GameType {self.short_name!r}: " + "; ".join(problems))

    @property
    def simultaneous(self) -> bool:
        """Whether the game has simultaneous phases."""
        return self.dynamics is Dynamics.SIMULTANEOUS_PHASES

    @property
    def has_chance(self) -> bool:
        """Whether chance nodes can occur (with some options at least)."""
        return self.chance_mode is ChanceMode.EXPLICIT

    @property
    def perfect_information(self) -> bool:
        """Whether every seat sees the whole state at every moment."""
        return self.information is Information.PERFECT

    @property
    def win_loss(self) -> bool:
        """Whether terminal returns are only win/draw/loss values in ``[-1, 1]`` for two sides
        (what MCTS-Solver proves)."""
        return (
            self.utility is Utility.ZERO_SUM
            and self.result is ResultKind.RANKS
            and self.min_utility == -1.0
            and self.max_utility == 1.0
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-able copy (enums as their values) for the web page and the research adapters."""
        return {
            "short_name": self.short_name,
            "long_name": self.long_name,
            "summary": self.summary,
            "player_counts": list(self.player_counts),
            "default_players": self.default_players,
            "seat_names": list(self.seat_names),
            "seat_colours": list(self.seat_colours),
            "dynamics": self.dynamics.value,
            "chance_mode": self.chance_mode.value,
            "information": self.information.value,
            "hidden": self.hidden,
            "utility": self.utility.value,
            "min_utility": self.min_utility,
            "max_utility": self.max_utility,
            "draw_possible": self.draw_possible,
            "result": self.result.value,
            "teams": self.teams,
            "anti_endless_option": self.anti_endless_option,
            "anti_endless_default": self.anti_endless_default,
            "rulebook": self.rulebook,
            "extra": dict(self.extra),
        }
