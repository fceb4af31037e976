"""Guided first games: a scripted position per game, and a runner that checks the player's
actions with the engine.

A tutorial *script* is a JSON file that the ``tutorial`` part of the game's kit names
(``core/kit.py``; the built-in games' are ``service/tutorial_scripts/<game>.json``):

* ``players``, ``options``, ``seat`` (the seat the player holds, 0-based);
* ``setup``: a prefix of actions in the game's notation, chance outcomes included, that builds
  the starting position through the engine (so every scripted position is legal);
* ``steps``: each a ``message`` (a key of the ``tutorial`` translation namespace saying what to
  do and why), the expected action(s) — ``expect`` (exact notations, which the page highlights)
  and/or ``any`` (prefixes: any legal action starting with one of them, e.g. ``"write "``) —,
  ``wrong`` (the key explaining a legal but unexpected action) and ``reply`` (the scripted
  actions that follow: the computer's answer, chance outcomes included) and ``optional`` (the
  engine may make the step unnecessary: it is then passed over);
* ``finish``: the key of the closing message.

The runner is stateless: the page sends the player's accepted actions so far (``played``) and
optionally a new ``attempt``; :func:`run` replays the setup and the steps through the engine
and answers where the player is. An illegal attempt is refused with the engine's own reason (a
structured event), a legal but unexpected one with the step's explanation; either changes
nothing. Nothing is stored: a tutorial is not a table.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from connect_arena.core import CHANCE, Action, Event, Game, State, game_names, kit_of, load
from connect_arena.core.errors import GameError, IllegalActionError, UnknownGameError
from connect_arena.service import protocol
from connect_arena.service.messages import game_info, state_json
from connect_arena.service.model import ErrorCode, ServiceError

MAX_PLAYED = 40
"""Actions a request may replay at most (every script is far shorter)."""
MAX_NOTATION = 200
"""Characters of one action's notation at most."""


@dataclass(frozen=True)
class Step:
    """One step of a tutorial.

    Attributes:
        message: translation key (namespace ``tutorial``) of what to do and why.
        expect: the exact actions accepted, in canonical notation (the page highlights the
            first one).
        any: prefixes: any legal action whose notation starts with one of them is accepted.
        wrong: translation key explaining why a legal but unexpected action is not the lesson.
        reply: the scripted actions applied after the player's (chance outcomes included).
        optional: the engine may make the step unnecessary (a phase that ends by itself when
            nothing is left to do): when no action it accepts is legal, it is passed over and
            its reply applied.
    """

    message: str
    expect: tuple[str, ...] = ()
    any: tuple[str, ...] = ()
    wrong: str = ""
    reply: tuple[str, ...] = ()
    optional: bool = False

    def accepts(self, action: str) -> bool:
        """Whether the legal action ``action`` (canonical notation) is what this step asks."""
        return action in self.expect or any(action.startswith(prefix) for prefix in self.any)


@dataclass(frozen=True)
class Script:
    """A game's tutorial (see the module's docstring for the file format)."""

    game: str
    players: int
    seat: int
    options: Mapping[str, Any]
    setup: tuple[str, ...]
    steps: tuple[Step, ...]
    intro: str
    finish: str

    def new_game(self) -> Game:
        """The game of the tutorial (its options checked by the engine)."""
        return load(self.game, self.players, **self.options)


@dataclass
class Move:
    """One applied action, for the moves list: seat (``-1``: chance), notation, event."""

    seat: int
    action: str
    event: Event

    def to_json(self, seq: int) -> protocol.TutorialMove:
        """``{seq, seat, action, event}``."""
        return {"seq": seq, "seat": self.seat, "action": self.action, "event": self.event.to_json()}


@dataclass
class Refusal:
    """Why an attempt was not accepted; nothing changed.

    Attributes:
        kind: ``"illegal"`` (the rules forbid it, or it is not in the notation: ``event`` and
            ``message`` say why) or ``"unexpected"`` (legal, but not this step's lesson:
            ``explanation`` is the step's key).
        action: the attempt as sent.
    """

    kind: str
    action: str
    explanation: str = ""
    message: str = ""
    event: Event | None = None

    def to_json(self) -> protocol.TutorialRefusal:
        """``{kind, action, explanation, message, event}``."""
        return {
            "kind": self.kind,
            "action": self.action,
            "explanation": self.explanation,
            "message": self.message,
            "event": None if self.event is None else self.event.to_json(),
        }


@dataclass
class Progress:
    """Where a player stands in a tutorial.

    Attributes:
        script: the tutorial.
        state: the position now.
        step: 0-based index of the current step; ``len(script.steps)`` once finished.
        moves: every action applied since the start (setup included).
        accepted: the canonical notation of the accepted attempt, if any.
        refusal: why the attempt was refused, if it was.
    """

    script: Script
    state: State[Action]
    step: int
    moves: list[Move] = field(default_factory=list)
    accepted: str | None = None
    refusal: Refusal | None = None

    @property
    def finished(self) -> bool:
        """Whether every step is done."""
        return self.step >= len(self.script.steps)

    def to_json(self) -> protocol.TutorialProgress:
        """The answer for the page: ``step``, ``steps``, ``message`` (key), ``expect`` (the
        actions to highlight), ``finished``, ``accepted``, ``refusal``, ``state`` (as a
        table's ``state`` message for the player's seat) and ``moves``."""
        script = self.script
        current = None if self.finished else script.steps[self.step]
        seat = script.seat
        state: dict[str, Any] = dict(state_json(0, self.state, len(self.state.history), (seat,)))
        del state["table_id"]  # a tutorial is no table
        return {
            "game": script.game,
            "seat": seat,
            "step": self.step,
            "steps": len(script.steps),
            "message": script.finish if current is None else current.message,
            "expect": [] if current is None else list(current.expect),
            "finished": current is None,
            "accepted": self.accepted,
            "refusal": None if self.refusal is None else self.refusal.to_json(),
            "state": state,
            "moves": [move.to_json(seq) for seq, move in enumerate(self.moves, start=1)],
        }


def _step_of(data: Mapping[str, Any]) -> Step:
    return Step(
        message=str(data["message"]),
        expect=tuple(data.get("expect", ())),
        any=tuple(data.get("any", ())),
        wrong=str(data.get("wrong", "")),
        reply=tuple(data.get("reply", ())),
        optional=bool(data.get("optional", False)),
    )


def tutorial_games() -> tuple[str, ...]:
    """The registered games whose kit names a tutorial, sorted."""
    return tuple(name for name in game_names() if _script_file(name) is not None)


def _script_file(game: str) -> Path | None:
    try:
        return kit_of(game).file("tutorial")
    except UnknownGameError:
        return None


@cache
def load_script(game: str) -> Script:
    """The tutorial of ``game`` (the file its kit's ``tutorial`` part names).

    Raises:
        ServiceError: ``not_found`` when the game is not registered or has no tutorial.
    """
    path = _script_file(game)
    if path is None:
        raise ServiceError(ErrorCode.NOT_FOUND, f"there is no tutorial for {game!r}")
    data = json.loads(path.read_text("utf-8"))
    return Script(
        game=game,
        players=int(data["players"]),
        seat=int(data["seat"]),
        options=dict(data.get("options", {})),
        setup=tuple(data.get("setup", ())),
        steps=tuple(_step_of(step) for step in data["steps"]),
        intro=str(data["intro"]),
        finish=str(data["finish"]),
    )


def _actor(state: State[Action], seat: int) -> int:
    """Who plays a scripted action: chance, else the only active seat, else the first active
    seat that is not the player's."""
    if state.is_chance_node():
        return CHANCE
    active = sorted(state.active_players())
    others = [s for s in active if s != seat]
    return active[0] if len(active) == 1 else others[0]


def _apply(state: State[Action], text: str, player: int, moves: list[Move]) -> None:
    action = state.parse_action(text, player)
    moves.append(
        Move(player if player != CHANCE else -1, str(action), state.describe_action(action, player))
    )
    state.apply_action(action, player)


def _scripted(
    script: Script, state: State[Action], texts: Sequence[str], moves: list[Move]
) -> None:
    """Apply scripted actions; a script that the engine refuses is a bug of the script."""
    for text in texts:
        _apply(state, text, _actor(state, script.seat), moves)


def _check(
    step: Step, state: State[Action], seat: int, text: str
) -> tuple[Action | None, Refusal | None]:
    """The engine's verdict on ``text`` for this step: the action, or why it is refused."""
    try:
        action = state.parse_action(text, seat)
    except IllegalActionError as error:
        event = error.event if isinstance(error.event, Event) else None
        return None, Refusal("illegal", text, message=str(error), event=event)
    except GameError as error:
        return None, Refusal("illegal", text, message=str(error))
    if not step.accepts(str(action)):
        return None, Refusal("unexpected", text, explanation=step.wrong)
    return action, None


def run(game: str, played: Sequence[str] = (), attempt: str | None = None) -> Progress:
    """Replay a tutorial: its setup, the player's accepted actions, then try ``attempt``.

    Args:
        game: the game's name.
        played: the player's actions accepted so far, one per step, in order.
        attempt: a new action of the player (notation), checked against the current step.

    Returns:
        The progress after ``played`` (and ``attempt`` when accepted; when refused, the
        position is unchanged and ``refusal`` says why).

    Raises:
        ServiceError: ``not_found`` (no tutorial), ``bad_request`` (``played`` is not a
            sequence of accepted actions, too long, or an attempt after the last step).
    """
    script = load_script(game)
    if len(played) > min(MAX_PLAYED, len(script.steps)):
        raise ServiceError(ErrorCode.BAD_REQUEST, "more actions than the tutorial has steps")
    if any(len(text) > MAX_NOTATION for text in (*played, attempt or "")):
        raise ServiceError(
            ErrorCode.BAD_REQUEST, f"an action is longer than {MAX_NOTATION} characters"
        )
    state = script.new_game().new_initial_state()
    moves: list[Move] = []
    _scripted(script, state, script.setup, moves)
    progress = Progress(script, state, 0, moves)
    _pass_over(progress)
    for index, text in enumerate(played):
        if not _advance(progress, text):
            raise ServiceError(
                ErrorCode.BAD_REQUEST, f"action {index + 1} ({text!r}) is not the tutorial's"
            )
    if attempt is not None:
        if progress.finished:
            raise ServiceError(ErrorCode.BAD_REQUEST, "the tutorial is over")
        _advance(progress, attempt)
    return progress


def _advance(progress: Progress, text: str) -> bool:
    """Try ``text`` at the current step: apply it and the replies (True) or refuse it."""
    script = progress.script
    if progress.finished:
        return False
    step = script.steps[progress.step]
    action, refusal = _check(step, progress.state, script.seat, text)
    progress.refusal = refusal
    progress.accepted = None
    if action is None:
        return False
    _apply(progress.state, str(action), script.seat, progress.moves)
    _scripted(script, progress.state, step.reply, progress.moves)
    progress.accepted = str(action)
    progress.step += 1
    _pass_over(progress)
    return True


def _pass_over(progress: Progress) -> None:
    """Pass over optional steps that the engine made unnecessary (see :class:`Step`)."""
    script = progress.script
    while not progress.finished:
        step = script.steps[progress.step]
        if not step.optional or _offers(step, progress.state, script.seat):
            return
        _scripted(script, progress.state, step.reply, progress.moves)
        progress.step += 1


def _offers(step: Step, state: State[Action], seat: int) -> bool:
    """Whether the player may now play an action that ``step`` accepts."""
    if state.is_chance_node() or seat not in state.active_players():
        return False
    return any(step.accepts(str(action)) for action in state.legal_actions(seat))


def tutorial_info(game: str) -> protocol.TutorialInfo:
    """What the tutorial page loads first: the game's static information (``game_info``:
    options and geometry), the player's seat, the intro key and the starting progress."""
    script = load_script(game)
    return {
        "game": game,
        "intro": script.intro,
        "info": game_info(script.new_game()),
        "progress": run(game).to_json(),
    }
