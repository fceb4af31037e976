"""Playing puzzles: the shipped puzzles, the next one for a player, an attempt checked action by
action against the proof, puzzle ratings (player and puzzle), the daily puzzle and streaks.

Puzzles are read from the files the miner writes (``agents/puzzles/data/<game>.json``,
``docs/puzzles.md``): a game whose file exists has puzzles, any other has none yet. An attempt
is stateless like a tutorial: the page sends the mover's accepted actions (``played``) and a new
one (``attempt``); :func:`play` replays the position through the engine and answers.

How an action is checked (``docs/puzzles.md``, "Playing"):

* in the **first turn**, the action must be the next one of the proven answer (the only
  winning or saving first turn: any other is wrong);
* in a **later turn** of a "win in N", any action after which the solver still proves the win
  within the turns left is right (the proof only makes the first turn unique);
* between the mover's turns the server plays the opponent's turn: of the replies the proof
  covers (after each the mover still wins), the one leaving the mover the fewest winning
  first turns (the most testing), the engine's order breaking ties.

Ratings: one OpenSkill Plackett-Luce game between the player and the puzzle on each **first**
attempt of a signed-in account (solved: the player ranks first). The displayed puzzle ratings
are means, ``1500 + 20 (μ - 25)``, as Lichess shows its puzzles' Glicko means; a puzzle starts
at ``μ = 25 + 5 (difficulty - 3)``. Guests play unrated and nothing of theirs is stored.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Protocol

import connect_arena.agents.puzzles as puzzle_package
from connect_arena.agents.puzzles import best_roll
from connect_arena.agents.puzzles.solver import Solver, UnknownResultError, mover_wins
from connect_arena.core import Action, Event, State, game_names, load
from connect_arena.core.errors import GameError, IllegalActionError
from connect_arena.core.records import replay
from connect_arena.service import protocol
from connect_arena.service.messages import game_info, state_json
from connect_arena.service.model import ErrorCode, ServiceError
from connect_arena.service.ratings import DISPLAY_BASE, DISPLAY_SCALE, MODEL, Skill, rate

MAX_PLAYED = 12
"""The mover's actions a request may replay at most (a win in 3 Quinque turns is 6)."""
MAX_NOTATION = 200
"""Characters of one action's notation at most."""
MAX_SKIP = 50
"""Puzzle ids a guest's page may ask to pass over."""
REPLY_BUDGET = 200_000
"""Nodes the search for the opponent's reply (or a later turn's check) may visit."""


def data_dir() -> Path:
    """Where the miner's files live: ``agents/puzzles/data``."""
    return Path(puzzle_package.__file__).parent / "data"


def puzzle_rating(mu: float) -> int:
    """A displayed puzzle rating: the mean, ``1500 + 20 (μ - 25)``, rounded."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - MODEL.mu))


@dataclass(frozen=True)
class Puzzle:
    """One shipped puzzle (the file format is in ``docs/puzzles.md``).

    Attributes:
        id: ``<game>-<12 hex>``.
        game: the game's name.
        position: the ``connect-arena/record@1`` record up to the position.
        mover: the seat to move (0-based), the player's seat.
        kind: ``"win"``, ``"defence"`` or ``"best-claim"`` (CO'NNN'ECT: the one best set of
            actions of the mover's Claim Phase, in any legal order).
        turns: N of "win in N" (1 for a defence).
        answer: the unique first turn, engine notation.
        source: where the position came from (``seed``, ``game``, ``agents``, ``ply``; a
            ``table`` id when mined from a table here).
        themes: theme names (event kinds of the answer, ``defence``).
        difficulty: 1-5.
        total: best-claim: the mover's total at the end of the round after the answer.
        margin: best-claim: ``total`` minus the best other line's (>= 1).
        seats: best-roll: the seat of each answer action (the mover or the partner).
        value: best-roll: the answer's measure ``(won, matched, placed, pairs)``.
        runner_up: best-roll: the best measure of any other resulting state.
    """

    id: str
    game: str
    position: Mapping[str, Any]
    mover: int
    kind: str
    turns: int
    answer: tuple[str, ...]
    source: Mapping[str, Any]
    themes: tuple[str, ...]
    difficulty: int
    total: int | None = None
    margin: int | None = None
    seats: tuple[int, ...] = ()
    value: tuple[int, ...] | None = None
    runner_up: tuple[int, ...] | None = None

    @property
    def seats_played(self) -> tuple[int, ...]:
        """The seats the player holds: the mover, and the partner in a best-roll puzzle (the
        pair cooperates, so the partner's choices are the player's too)."""
        if self.kind == "best-roll":
            return (self.mover, self.mover ^ 1)
        return (self.mover,)

    @property
    def initial(self) -> Skill:
        """The puzzle's rating before anyone tried it: ``μ = 25 + 5 (difficulty - 3)``."""
        return Skill(MODEL.mu + 5 * (self.difficulty - 3), MODEL.sigma, 0)

    def start(self) -> State[Action]:
        """A fresh state at the puzzle's position (replayed through the engine)."""
        return replay(self.position)


def _puzzle(data: Mapping[str, Any]) -> Puzzle:
    return Puzzle(
        id=str(data["id"]),
        game=str(data["game"]),
        position=data["position"],
        mover=int(data["mover"]),
        kind=str(data["kind"]),
        turns=int(data["turns"]),
        answer=tuple(str(a) for a in data["answer"]),
        source=dict(data.get("source", {})),
        themes=tuple(str(t) for t in data.get("themes", ())),
        difficulty=int(data.get("difficulty", 3)),
        total=None if data.get("total") is None else int(data["total"]),
        margin=None if data.get("margin") is None else int(data["margin"]),
        seats=tuple(int(seat) for seat in data.get("seats", ())),
        value=_ints(data.get("value")),
        runner_up=_ints(data.get("runner_up")),
    )


def _ints(values: Any) -> tuple[int, ...] | None:
    return None if values is None else tuple(int(v) for v in values)


PLAYABLE_KINDS = frozenset({"win", "defence", "best-claim", "best-roll"})
"""The puzzle kinds the pages can check action by action (``docs/puzzles.md``)."""


@cache
def game_puzzles(game: str) -> tuple[Puzzle, ...]:
    """The shipped puzzles of ``game`` that the pages can play (:data:`PLAYABLE_KINDS`), in
    file order (none when it has no file)."""
    path = data_dir() / f"{game}.json"
    if not path.is_file():
        return ()
    items = json.loads(path.read_text("utf-8"))["puzzles"]
    return tuple(_puzzle(item) for item in items if item.get("kind") in PLAYABLE_KINDS)


@cache
def puzzles_by_id() -> dict[str, Puzzle]:
    """Every shipped puzzle of every registered game, by id."""
    return {p.id: p for game in game_names() for p in game_puzzles(game)}


def find(puzzle_id: str) -> Puzzle:
    """The puzzle ``puzzle_id``. Raises :class:`ServiceError` ``not_found``."""
    found = puzzles_by_id().get(puzzle_id)
    if found is None:
        raise ServiceError(ErrorCode.NOT_FOUND, f"there is no puzzle {puzzle_id!r}")
    return found


def daily(day: date) -> Puzzle | None:
    """The daily puzzle of the UTC ``day``: the same for everyone, from the sha-256 of the
    date over every puzzle sorted by id (``None`` when none ship)."""
    ids = sorted(puzzles_by_id())
    if not ids:
        return None
    digest = int(hashlib.sha256(day.isoformat().encode()).hexdigest(), 16)
    return puzzles_by_id()[ids[digest % len(ids)]]


def themes(game: str) -> list[str]:
    """The themes of ``game``'s puzzles, sorted."""
    return sorted({theme for p in game_puzzles(game) for theme in p.themes})


# ----- checking an attempt ----------------------------------------------------------------------
@dataclass
class Move:
    """One applied action for the moves list: seat (0-based), notation, the engine's event."""

    seat: int
    action: str
    event: Event


@dataclass
class Progress:
    """Where a player stands in a puzzle.

    Attributes:
        puzzle: the puzzle.
        state: the position now.
        status: ``playing``, ``solved``, ``failed`` (a wrong action) or ``solution`` (the
            answer line shown).
        moves: the actions since the position (the last one before it first).
        accepted: the canonical notation of the accepted attempt.
        refusal: ``{"kind": "illegal" | "wrong", "action", "message", "event"}`` when the
            attempt was not accepted (an illegal one changes nothing and counts for nothing).
    """

    puzzle: Puzzle
    state: State[Action]
    status: str = "playing"
    moves: list[Move] = field(default_factory=list)
    accepted: str | None = None
    refusal: protocol.PuzzleRefusal | None = None
    answered: list[str] = field(default_factory=list)
    """The mover's actions applied since the position (canonical notation)."""


def _apply(state: State[Action], action: Action, seat: int, moves: list[Move]) -> None:
    moves.append(Move(seat, str(action), state.describe_action(action, seat)))
    state.apply_legal_action(action, seat)


def _turn_over(state: State[Action], mover: int) -> bool:
    return state.is_terminal() or state.current_player != mover


def _right(puzzle: Puzzle, state: State[Action], action: Action, turn: int, done: int) -> bool:
    """Whether the mover's ``action`` (its ``done``-th of turn ``turn``, 0-based) keeps to the
    proof: the answer's next action in the first turn, a still-proven win later."""
    if turn == 0:
        return done < len(puzzle.answer) and str(action) == puzzle.answer[done]
    child = state.clone()
    child.apply_legal_action(action, puzzle.mover)
    if child.is_terminal():
        return mover_wins(child, puzzle.mover)
    left = puzzle.turns - turn - (0 if child.current_player == puzzle.mover else 1)
    if left <= 0:
        return False
    try:
        return Solver(REPLY_BUDGET).wins(child, puzzle.mover, left)
    except UnknownResultError:
        return True  # past the budget: the player gets the benefit of the doubt


@lru_cache(maxsize=512)
def reply(puzzle_id: str, played: tuple[str, ...]) -> tuple[str, ...]:
    """The opponent's turn after the mover's ``played`` actions (a finished turn, the game
    going on): of the replies the proof covers, the one leaving the fewest winning first
    turns to the mover; the engine's order breaks ties. Cached (it is a search)."""
    puzzle = find(puzzle_id)
    state, turn = _replayed(puzzle, played)
    left = puzzle.turns - turn
    solver = Solver(REPLY_BUDGET)
    best: tuple[int, tuple[str, ...]] | None = None
    try:
        for line, after in solver.first_turns(state):
            if after.is_terminal():
                continue  # a reply that loses at once tests nothing
            wins = len(solver.winning_first_turns(after, left))
            if wins and (best is None or wins < best[0]):
                best = (wins, line)
    except UnknownResultError:
        pass  # the best found within the budget
    if best is None:
        raise ServiceError(ErrorCode.BAD_REQUEST, f"puzzle {puzzle.id} has no covered reply")
    return best[1]


def _replayed(
    puzzle: Puzzle, played: Sequence[str], *, respond: bool = False
) -> tuple[State[Action], int]:
    """The state after ``played`` (trusted: already checked) and the replies between (after
    the last too when ``respond``); the mover's finished turns."""
    progress = Progress(puzzle, puzzle.start())
    turn, done = 0, 0
    for index, text in enumerate(played):
        last = index == len(played) - 1
        turn, done = _play_one(
            progress,
            played[: index + 1],
            text,
            turn,
            done,
            check=False,
            respond=respond or not last,
        )
    return progress.state, turn


def _play_one(
    progress: Progress,
    played: Sequence[str],
    text: str,
    turn: int,
    done: int,
    *,
    check: bool,
    respond: bool = True,
) -> tuple[int, int]:
    """Apply the mover's ``text`` (the last of ``played``), then the reply when its turn is
    over; set ``status``/``refusal``. Returns the new (turn, actions done in the turn)."""
    puzzle, state = progress.puzzle, progress.state
    if puzzle.kind == "best-roll":
        return _play_roll(progress, text, check), 0
    action = state.parse_action(text, puzzle.mover)
    if puzzle.kind == "best-claim":
        return _play_claim(progress, action, check), 0
    if check and not _right(puzzle, state, action, turn, done):
        progress.status = "failed"
        progress.refusal = {
            "kind": "wrong",
            "action": str(action),
            "message": "",
            "event": state.describe_action(action, puzzle.mover).to_json(),
        }
        return turn, done
    _apply(state, action, puzzle.mover, progress.moves)
    progress.accepted = str(action)
    if not _turn_over(state, puzzle.mover):
        return turn, done + 1
    turn += 1
    if (puzzle.kind == "defence" and turn == 1) or state.is_terminal():
        progress.status = "solved"
        return turn, 0
    if not respond:
        return turn, 0
    opponent = state.current_player
    for line in reply(puzzle.id, tuple(played)):
        _apply(state, state.parse_action(line, opponent), opponent, progress.moves)
    return turn, 0


def _play_claim(progress: Progress, action: Action, check: bool) -> int:
    """A best-claim puzzle: the mover's actions of one simultaneous Claim Phase, nobody
    replies. Right while each action is one of the answer's not played yet (any legal order:
    the claims are checked against the phase's start, CN-13); solved once all are played.
    Returns the mover's finished turns (0: the phase is the whole puzzle)."""
    puzzle, state = progress.puzzle, progress.state
    left = Counter(puzzle.answer) - Counter(progress.answered)
    if check and left[str(action)] == 0:
        progress.status = "failed"
        progress.refusal = {
            "kind": "wrong",
            "action": str(action),
            "message": "",
            "event": state.describe_action(action, puzzle.mover).to_json(),
        }
        return 0
    _apply(state, action, puzzle.mover, progress.moves)
    progress.accepted = str(action)
    progress.answered.append(str(action))
    left[str(action)] -= 1
    if +left == Counter():
        progress.status = "solved"
    return 0


@lru_cache(maxsize=512)
def roll_target(puzzle_id: str) -> tuple[Any, ...]:
    """The key of the state a best-roll puzzle's answer reaches (``best_roll.outcome_key``)."""
    puzzle = find(puzzle_id)
    state = puzzle.start()
    for text, seat in zip(puzzle.answer, puzzle.seats, strict=True):
        state.apply_legal_action(state.parse_action(text, seat), seat)
    return best_roll.outcome_key(state, puzzle.mover >> 1)


def _play_roll(progress: Progress, text: str, check: bool) -> int:
    """A best-roll puzzle: the pair's actions of one turn, the partner's included (whoever
    the engine asks). Right while the answer's resulting state can still be reached (any
    order the engine allows, any line to the same state); solved when the turn is over.
    Returns the mover's finished turns (0: the turn is the whole puzzle)."""
    puzzle, state = progress.puzzle, progress.state
    seat = state.current_player
    if seat not in puzzle.seats_played:
        raise IllegalActionError(f"seat {seat} is not the pair's")
    action = state.parse_action(text, seat)
    child = state.clone()
    child.apply_legal_action(action, seat)
    if check:
        try:
            right = best_roll.reaches(child, roll_target(puzzle.id), REPLY_BUDGET)
        except UnknownResultError:
            right = True  # past the budget: the player gets the benefit of the doubt
        if not right:
            progress.status = "failed"
            progress.refusal = {
                "kind": "wrong",
                "action": str(action),
                "message": "",
                "event": state.describe_action(action, seat).to_json(),
            }
            return 0
    _apply(state, action, seat, progress.moves)
    progress.accepted = str(action)
    progress.answered.append(str(action))
    if state.is_terminal() or state.is_chance_node():
        progress.status = "solved"
    return 0


def _first_moves(puzzle: Puzzle, state: State[Action]) -> list[Move]:
    """The position's last action, to show where the opponent just played."""
    actions = puzzle.position.get("actions", [])
    if not actions:
        return []
    before = replay({**puzzle.position, "actions": actions[:-1]})
    last = actions[-1]
    seat = int(last["seat"]) if isinstance(last, Mapping) else before.current_player
    text = str(last["action"]) if isinstance(last, Mapping) else str(last)
    parsed = before.parse_action(text, seat)
    return [Move(seat, str(parsed), before.describe_action(parsed, seat))]


def play(puzzle: Puzzle, played: Sequence[str] = (), attempt: str | None = None) -> Progress:
    """Replay ``played`` (the mover's accepted actions) with the server's replies, then check
    ``attempt``.

    Returns:
        The progress: ``solved`` when the attempt completes the answer, ``failed`` when it
        leaves the proof (``refusal.kind == "wrong"``), ``playing`` otherwise (an illegal
        attempt: ``refusal.kind == "illegal"``, nothing changed).

    Raises:
        ServiceError: ``bad_request`` when ``played`` is too long, not the proof's, or goes on
            after the end, or an action is too long.
    """
    if len(played) > MAX_PLAYED:
        raise ServiceError(ErrorCode.BAD_REQUEST, f"more than {MAX_PLAYED} actions")
    if any(len(text) > MAX_NOTATION for text in (*played, attempt or "")):
        raise ServiceError(ErrorCode.BAD_REQUEST, f"an action is over {MAX_NOTATION} characters")
    progress = Progress(puzzle, puzzle.start())
    progress.moves = _first_moves(puzzle, progress.state)
    turn, done = 0, 0
    texts = list(played) + ([] if attempt is None else [attempt])
    for index, text in enumerate(texts):
        last = index == len(texts) - 1 and attempt is not None
        if progress.status != "playing":
            raise ServiceError(ErrorCode.BAD_REQUEST, "the puzzle is over")
        try:
            turn, done = _play_one(progress, texts[: index + 1], text, turn, done, check=True)
        except (IllegalActionError, GameError) as error:
            if not last:
                raise ServiceError(
                    ErrorCode.BAD_REQUEST, f"action {index + 1} is illegal"
                ) from None
            event = getattr(error, "event", None)
            progress.refusal = {
                "kind": "illegal",
                "action": text,
                "message": str(error),
                "event": event.to_json() if isinstance(event, Event) else None,
            }
            progress.accepted = None
            return progress
        if progress.status == "failed" and not last:
            raise ServiceError(ErrorCode.BAD_REQUEST, f"action {index + 1} is not the answer")
    return progress


def solution(puzzle: Puzzle) -> Progress:
    """The whole answer line from the position: the answer, the server's replies and a winning
    turn after each (the solver's first), status ``solution``."""
    played: list[str] = []
    progress = play(puzzle)
    while progress.status == "playing":
        state, turn = _replayed(puzzle, played, respond=True)
        line = (
            puzzle.answer
            if turn == 0
            else Solver(REPLY_BUDGET).winning_first_turns(state, puzzle.turns - turn)[0]
        )
        played.extend(line)
        progress = play(puzzle, played)
    progress.status = "solution"
    progress.accepted = None
    return progress


def summary(puzzle: Puzzle, skill: Skill | None) -> protocol.PuzzleSummary:
    """The puzzle as the page shows it (no answer): id, game, kind, turns, mover, themes,
    difficulty, rating (the puzzle's mean), source."""
    current = skill or puzzle.initial
    source: dict[str, Any] = dict(puzzle.source)
    return {
        "id": puzzle.id,
        "game": puzzle.game,
        "kind": puzzle.kind,
        "turns": puzzle.turns,
        "mover": puzzle.mover,
        "themes": list(puzzle.themes),
        "difficulty": puzzle.difficulty,
        "rating": puzzle_rating(current.mu),
        "attempts": current.games,
        "source": source,
    }


def progress_json(
    progress: Progress, skill: Skill | None, change: protocol.PuzzleRatingChange | None = None
) -> protocol.PuzzleProgress:
    """The answer for the page: the puzzle's summary, status, refusal, accepted, the ``state``
    (as a table's ``state`` message for the mover's seat, no ``table_id``), the moves and the
    rating change (a first attempt of an account)."""
    puzzle = progress.puzzle
    state: dict[str, Any] = dict(
        state_json(0, progress.state, len(progress.state.history), puzzle.seats_played)
    )
    del state["table_id"]  # a puzzle is no table
    if progress.status != "playing":  # over: nothing more to play
        state["legal_actions"], state["legal"] = {}, {}
    first = len(puzzle.position.get("actions", [])) - (1 if progress.moves else 0)
    return {
        "puzzle": summary(puzzle, skill),
        "status": progress.status,
        "accepted": progress.accepted,
        "refusal": progress.refusal,
        "state": state,
        "moves": [
            {"seq": first + i + 1, "seat": m.seat, "action": m.action, "event": m.event.to_json()}
            for i, m in enumerate(progress.moves)
        ],
        "change": change,
        # best-claim, once over: what the answer scores, and by how much it beats the rest
        "total": puzzle.total if progress.status != "playing" else None,
        "margin": puzzle.margin if progress.status != "playing" else None,
        # best-roll, once over: the answer's measure and the best of the other lines
        "measure": _listed(puzzle.value) if progress.status != "playing" else None,
        "runner_up": _listed(puzzle.runner_up) if progress.status != "playing" else None,
    }


def _listed(values: tuple[int, ...] | None) -> list[int] | None:
    return None if values is None else list(values)


# ----- ratings and storage ----------------------------------------------------------------------
def rate_attempt(player: Skill, puzzle: Skill, solved: bool) -> tuple[Skill, Skill]:
    """One OpenSkill game between the player and the puzzle: the winner ranks first.
    Returns (player after, puzzle after), ``games`` counted."""
    after = rate([[player], [puzzle]], [1, 2] if solved else [2, 1])
    return after[0][0], after[1][0]


@dataclass(frozen=True, slots=True)
class Recorded:
    """What recording an attempt did.

    Attributes:
        first: it was the account's first attempt at this puzzle (so it was rated).
        player_before, player_after: the account's puzzle rating on the game (first only).
        puzzle_before, puzzle_after: the puzzle's rating (first only).
    """

    first: bool
    player_before: Skill | None = None
    player_after: Skill | None = None
    puzzle_before: Skill | None = None
    puzzle_after: Skill | None = None

    def change(self) -> protocol.PuzzleRatingChange | None:
        """``{before, after, puzzle_before, puzzle_after}`` as displayed ratings."""
        if not (self.player_before and self.player_after):
            return None
        if not (self.puzzle_before and self.puzzle_after):
            return None
        return {
            "before": puzzle_rating(self.player_before.mu),
            "after": puzzle_rating(self.player_after.mu),
            "puzzle_before": puzzle_rating(self.puzzle_before.mu),
            "puzzle_after": puzzle_rating(self.puzzle_after.mu),
        }


@dataclass(frozen=True, slots=True)
class AttemptRow:
    """One stored attempt, for a history: puzzle, game, solved, when, rating after (first)."""

    puzzle_id: str
    game: str
    solved: bool
    at: datetime
    rating: int | None


Rater = Callable[[Skill, Skill, bool], tuple[Skill, Skill]]


class PuzzleStore(Protocol):
    """Where attempts and puzzle ratings live (SQL: ``server/db/puzzles.py``)."""

    async def player_skills(self, user_id: int) -> dict[str, Skill]:
        """The account's puzzle rating per game (games it tried)."""
        ...

    async def puzzle_skills(self, puzzle_ids: Iterable[str]) -> dict[str, Skill]:
        """The ratings of those puzzles that were tried."""
        ...

    async def attempted(self, user_id: int, game: str) -> set[str]:
        """The puzzles of ``game`` the account tried (solved or failed)."""
        ...

    async def record(
        self, user_id: int, puzzle: Puzzle, solved: bool, at: datetime, rater: Rater
    ) -> Recorded:
        """Store one attempt in one transaction; on the account's first attempt at the
        puzzle, rate both with ``rater`` (starting from ``puzzle.initial`` and a new
        :class:`Skill`). Returns what it did."""
        ...

    async def history(self, user_id: int, limit: int) -> list[AttemptRow]:
        """The account's latest attempts, newest first."""
        ...

    async def streak(self, user_id: int) -> int:
        """Solved first attempts in a row, counting back from the latest first attempt."""
        ...


class MemoryPuzzleStore:
    """A :class:`PuzzleStore` in memory (tests; one process)."""

    def __init__(self) -> None:
        self.players: dict[tuple[int, str], Skill] = {}
        self.puzzles: dict[str, Skill] = {}
        self.attempts: list[tuple[int, AttemptRow, bool]] = []

    async def player_skills(self, user_id: int) -> dict[str, Skill]:
        """See :meth:`PuzzleStore.player_skills`."""
        return {game: s for (user, game), s in self.players.items() if user == user_id}

    async def puzzle_skills(self, puzzle_ids: Iterable[str]) -> dict[str, Skill]:
        """See :meth:`PuzzleStore.puzzle_skills`."""
        return {i: self.puzzles[i] for i in puzzle_ids if i in self.puzzles}

    async def attempted(self, user_id: int, game: str) -> set[str]:
        """See :meth:`PuzzleStore.attempted`."""
        return {r.puzzle_id for u, r, _ in self.attempts if u == user_id and r.game == game}

    async def record(
        self, user_id: int, puzzle: Puzzle, solved: bool, at: datetime, rater: Rater
    ) -> Recorded:
        """See :meth:`PuzzleStore.record`."""
        first = puzzle.id not in await self.attempted(user_id, puzzle.game)
        result = Recorded(False)
        if first:
            player = self.players.get((user_id, puzzle.game), Skill())
            rated = self.puzzles.get(puzzle.id, puzzle.initial)
            player_after, puzzle_after = rater(player, rated, solved)
            self.players[(user_id, puzzle.game)] = player_after
            self.puzzles[puzzle.id] = puzzle_after
            result = Recorded(True, player, player_after, rated, puzzle_after)
        rating = puzzle_rating(result.player_after.mu) if result.player_after else None
        self.attempts.append(
            (user_id, AttemptRow(puzzle.id, puzzle.game, solved, at, rating), first)
        )
        return result

    async def history(self, user_id: int, limit: int) -> list[AttemptRow]:
        """See :meth:`PuzzleStore.history`."""
        return [r for u, r, _ in reversed(self.attempts) if u == user_id][:limit]

    async def streak(self, user_id: int) -> int:
        """See :meth:`PuzzleStore.streak`."""
        count = 0
        for user, row, first in reversed(self.attempts):
            if user != user_id or not first:
                continue
            if not row.solved:
                break
            count += 1
        return count


def pick(
    candidates: Sequence[Puzzle], skills: Mapping[str, Skill], player: Skill, salt: str
) -> Puzzle | None:
    """The candidate whose rating is nearest the player's (means), ties broken by the sha-1
    of ``salt`` and the id (so two players do not all get the same one)."""

    def key(p: Puzzle) -> tuple[float, str]:
        mu = skills.get(p.id, p.initial).mu
        return abs(mu - player.mu), hashlib.sha1(f"{salt}:{p.id}".encode()).hexdigest()

    return min(candidates, key=key, default=None)


def next_puzzle(
    game: str,
    theme: str | None,
    exclude: set[str],
    skills: Mapping[str, Skill],
    player: Skill,
    salt: str,
) -> Puzzle | None:
    """The next puzzle of ``game`` (of ``theme`` when given) not in ``exclude``, nearest the
    player's rating (:func:`pick`); ``None`` when none is left."""
    candidates = [
        p
        for p in game_puzzles(game)
        if p.id not in exclude and (theme is None or theme in p.themes)
    ]
    return pick(candidates, skills, player, salt)


HISTORY = 20
"""Latest attempts on ``/puzzles`` and a profile."""


def _attempt_json(row: AttemptRow) -> protocol.PuzzleAttempt:
    return {
        "puzzle": row.puzzle_id,
        "game": row.game,
        "solved": row.solved,
        "at": row.at.isoformat(),
        "rating": row.rating,
    }


class PuzzleService:
    """The puzzle verbs for the routes. ``account`` is the signed-in account's id, ``None``
    for a guest (who plays unrated: nothing is read or stored for them).

    Args:
        store: where attempts and ratings live.
        now: the clock (UTC), for the daily puzzle and the attempts' times.
    """

    def __init__(self, store: PuzzleStore, now: Callable[[], datetime]) -> None:
        self.store = store
        self.now = now

    async def overview(self, account: int | None) -> protocol.PuzzleOverview:
        """``/puzzles``: every registered game with its count, themes and the viewer's rating,
        today's puzzle, the viewer's streak and latest attempts."""
        skills = {} if account is None else await self.store.player_skills(account)
        today = self.now().date()
        puzzle = daily(today)
        daily_skill = None
        if puzzle is not None:
            daily_skill = (await self.store.puzzle_skills([puzzle.id])).get(puzzle.id)
        return {
            "games": [
                {
                    "game": game,
                    "count": len(game_puzzles(game)),
                    "themes": themes(game),
                    "rating": puzzle_rating(skills[game].mu) if game in skills else None,
                    "attempts": skills[game].games if game in skills else 0,
                }
                for game in game_names()
            ],
            "daily": None if puzzle is None else summary(puzzle, daily_skill),
            "day": today.isoformat(),
            "signed_in": account is not None,
            "streak": 0 if account is None else await self.store.streak(account),
            "history": []
            if account is None
            else [_attempt_json(row) for row in await self.store.history(account, HISTORY)],
        }

    async def profile(self, account: int) -> protocol.PuzzleHistory:
        """A profile's puzzle ratings per game, streak and latest attempts."""
        skills = await self.store.player_skills(account)
        return {
            "ratings": {game: puzzle_rating(skill.mu) for game, skill in skills.items()},
            "streak": await self.store.streak(account),
            "history": [_attempt_json(row) for row in await self.store.history(account, HISTORY)],
        }

    async def next(
        self, account: int | None, game: str, theme: str | None, skip: Iterable[str] = ()
    ) -> Puzzle | None:
        """The next puzzle of ``game`` for the viewer: near their rating, not tried before
        (a guest: not in ``skip``, the ids their page passed over).

        Raises:
            ServiceError: ``not_found`` for an unknown game.
        """
        if game not in game_names():
            raise ServiceError(ErrorCode.NOT_FOUND, f"there is no game {game!r}")
        player = Skill()
        exclude = set(list(skip)[:MAX_SKIP])
        if account is not None:
            player = (await self.store.player_skills(account)).get(game, player)
            exclude |= await self.store.attempted(account, game)
        candidates = [p.id for p in game_puzzles(game)]
        skills = await self.store.puzzle_skills(candidates)
        return next_puzzle(game, theme, exclude, skills, player, str(account))

    async def start(self, account: int | None, puzzle: Puzzle) -> protocol.PuzzleStart:
        """What the page loads for ``puzzle``: the game's information and the position."""
        skill = (await self.store.puzzle_skills([puzzle.id])).get(puzzle.id)
        rated = account is not None and puzzle.id not in await self.store.attempted(
            account, puzzle.game
        )
        return {
            "info": game_info_of(puzzle),
            "progress": progress_json(await asyncio.to_thread(play, puzzle), skill),
            "rated": rated,
        }

    async def attempt(
        self, account: int | None, puzzle: Puzzle, played: Sequence[str], attempt: str
    ) -> protocol.PuzzleProgress:
        """Check ``attempt`` after ``played`` (:func:`play`); once solved or failed, record the
        attempt for an account (one transaction, rated when it is the first)."""
        progress = await asyncio.to_thread(play, puzzle, played, attempt)  # a search: off the loop
        change = None
        if account is not None and progress.status in ("solved", "failed"):
            solved = progress.status == "solved"
            recorded = await self.store.record(account, puzzle, solved, self.now(), rate_attempt)
            change = recorded.change()
        skill = (await self.store.puzzle_skills([puzzle.id])).get(puzzle.id)
        return progress_json(progress, skill, change)

    async def solution(self, account: int | None, puzzle: Puzzle) -> protocol.PuzzleProgress:
        """The answer line (:func:`solution`); for an account that had not finished an attempt
        at this puzzle yet, viewing it records a failed (rated) attempt."""
        change = None
        if account is not None and puzzle.id not in await self.store.attempted(
            account, puzzle.game
        ):
            recorded = await self.store.record(account, puzzle, False, self.now(), rate_attempt)
            change = recorded.change()
        skill = (await self.store.puzzle_skills([puzzle.id])).get(puzzle.id)
        return progress_json(await asyncio.to_thread(solution, puzzle), skill, change)


def game_info_of(puzzle: Puzzle) -> protocol.TableGameInfo:
    """The puzzle's game (its options and geometry: ``game_info``)."""
    position = puzzle.position
    game = load(str(position["game"]), len(position["players"]), **dict(position["options"]))
    return game_info(game)
