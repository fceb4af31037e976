"""The miner: self-play records from a seed, scanned for proven, unique puzzles.

Game ``i`` of a run with seed ``s`` is played by ``make_agent(spec, s * 1000 + i + 1 + seat,
uncapped=True)`` (an MCTS level by its simulation count, never its time cap) with chance
outcomes from ``random.Random(s * 1000 + i)``, so a run is reproducible from its seed, game and
agents on any machine. The last ``scan`` turn starts of each game are tried (the end of a
game is where forced wins are found); each is proven by :mod:`.solver` or dropped.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from typing import Any

from connect_arena.agents.base import close_agents
from connect_arena.agents.levels import make_agent
from connect_arena.agents.playout import play_game
from connect_arena.agents.puzzles import best_roll
from connect_arena.agents.puzzles.best_claim import (
    ClaimProof,
    claim_phase_starts,
    prove_best_claim,
)
from connect_arena.agents.puzzles.solver import DEFAULT_BUDGET, Proof, prove_defence, prove_win
from connect_arena.core.game import Action, Game, State
from connect_arena.core.records import record_of, replay
from connect_arena.core.registry import load

PUZZLE_FORMAT = "connect-arena/puzzles@1"
"""The ``format`` field of a puzzle file."""

PUZZLE_GAMES = ("quinque", "connect5", "connnect", "pairs")
"""Games with puzzle kinds: win in N turns and defence (Quinque, Connect 5), best claim
(CO'NNN'ECT), best roll (Connect Pairs)."""

DEFAULT_AGENTS = ("greedy", "mcts:easy")
"""The self-play agents of the shipped puzzles (seat 0, seat 1)."""


def turn_starts(state: State[Action]) -> list[int]:
    """Indexes ``k`` of ``state.history`` where a seat's turn starts (after ``k`` actions)."""
    starts: list[int] = []
    previous = None
    for index, entry in enumerate(state.history):
        if entry.player >= 0 and entry.player != previous:
            starts.append(index)
        previous = entry.player
    return starts


def prefix_state(state: State[Action], length: int) -> State[Action]:
    """A fresh state after the first ``length`` actions of ``state``'s history."""
    current = state.game.new_initial_state()
    for entry in state.history[:length]:
        current.apply_legal_action(entry.action, entry.player)
    return current


def themes_of(state: State[Action], answer: Sequence[str], kind: str) -> list[str]:
    """Themes of an answer: the engine's event kinds of its actions (``capture``,
    ``jump``, ``move``...), plus ``defence`` for a defence, sorted and unique."""
    current = state.clone()
    found = {"defence"} if kind == "defence" else set()
    for text in answer:
        player = current.current_player
        action = current.parse_action(text, player)
        found.add(current.describe_action(action, player).key.rsplit(".", 1)[-1])
        current.apply_legal_action(action, player)
    return sorted(found)


def difficulty(proof: Proof) -> int:
    """1 (easiest) to 5: N, the answer's length and the proof's size (log10 of nodes)."""
    score = proof.turns + (len(proof.answer) > 1) + math.log10(max(proof.nodes, 1)) / 2
    return max(1, min(5, round(score) - 1))


def _common(state: State[Action], *key: object) -> dict[str, Any]:
    """The fields every puzzle kind shares: ``id`` (the game and 12 hex digits of the sha-1 of
    its name, options, actions so far and ``key``), ``game``, ``options`` and ``position``
    (the record up to ``state``)."""
    record = record_of(state, [f"seat {seat}" for seat in range(state.game.num_players)])
    actions = record.model_dump()["actions"]
    digest = hashlib.sha1(
        repr((state.game.name, sorted(state.game.options.items()), actions, *key)).encode()
    ).hexdigest()[:12]
    return {
        "id": f"{state.game.name}-{digest}",
        "game": state.game.name,
        "options": dict(state.game.options),
        "position": record.model_dump(exclude={"meta"}),
    }


def puzzle_of(state: State[Action], proof: Proof, source: dict[str, Any]) -> dict[str, Any]:
    """The JSON object of one puzzle at ``state`` (see ``docs/puzzles.md``)."""
    return {
        **_common(state),
        "mover": state.current_player,
        "kind": proof.kind,
        "turns": proof.turns,
        "answer": list(proof.answer),
        "nodes": proof.nodes,
        "source": source,
        "themes": themes_of(state, proof.answer, proof.kind),
        "difficulty": difficulty(proof),
    }


def claim_puzzle_of(
    state: State[Action], mover: int, proof: ClaimProof, source: dict[str, Any]
) -> dict[str, Any]:
    """The JSON object of one CO'NNN'ECT best-claim puzzle (see ``docs/puzzles.md``): the
    common fields plus ``total``, ``margin`` and ``score`` (the mover's breakdown)."""
    current = state.clone()
    found = {"combo"} if sum(text.startswith("claim ") for text in proof.answer) > 1 else set()
    for text in proof.answer:
        action = current.parse_action(text, mover)
        found.add(current.describe_action(action, mover).key.rsplit(".", 1)[-1])
        current.apply_legal_action(action, mover)
    score = len(proof.answer) / 2 + math.log10(max(proof.nodes, 1)) / 2 + (proof.margin == 1)
    return {
        **_common(state, mover),
        "mover": mover,
        "kind": "best-claim",
        "turns": 1,
        "answer": list(proof.answer),
        "nodes": proof.nodes,
        "total": proof.total,
        "margin": proof.margin,
        "score": proof.breakdown,
        "source": source,
        "themes": sorted(found),
        "difficulty": max(1, min(5, round(score) - 1)),
    }


def roll_puzzle_of(
    state: State[Action], proof: best_roll.RollProof, source: dict[str, Any]
) -> dict[str, Any]:
    """The JSON object of one Connect Pairs best-roll puzzle (see ``docs/puzzles.md``): the
    common fields plus ``seats`` (who plays each answer action: the active player or the
    partner), ``value``, ``runner_up`` and ``before`` (measures: won, matched, placed,
    pairs), ``outcomes`` and ``lines``."""
    return {
        **_common(state),
        "mover": state.current_player,
        "kind": "best-roll",
        "turns": 1,
        "answer": list(proof.answer),
        "seats": list(proof.seats),
        "nodes": proof.nodes,
        "value": list(proof.value),
        "runner_up": list(proof.runner_up),
        "before": list(proof.before),
        "outcomes": proof.outcomes,
        "lines": proof.lines,
        "source": source,
        "themes": best_roll.themes_of(proof),
        "difficulty": best_roll.difficulty_of(proof),
    }


def roll_starts(final: State[Action]) -> Iterator[tuple[int, State[Action]]]:
    """``(k, state)`` for each turn start of ``final``'s game with the dice rolled: the state
    after ``k`` actions (the last one the roll), a copy."""
    current = final.game.new_initial_state()
    for index, entry in enumerate(final.history):
        current.apply_legal_action(entry.action, entry.player)
        if best_roll.is_roll_start(current):
            yield index + 1, current.clone()


def prove(state: State[Action], max_turns: int, budget: int, defence: bool = True) -> Proof | None:
    """A win proof (minimal N up to ``max_turns``), else a defence proof, else ``None``."""
    proof = prove_win(state, max_turns, budget)
    if proof is None and defence:
        proof = prove_defence(state, budget)
    return proof


def mine(
    game_name: str,
    seed: int,
    games: int,
    agents: Sequence[str] = DEFAULT_AGENTS,
    max_turns: int = 2,
    budget: int = DEFAULT_BUDGET,
    scan: int = 12,
    limit: int | None = None,
    defence: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Mine puzzles from ``games`` self-play games of ``game_name`` (two players).

    Args:
        game_name: a registered game (``quinque``, ``connect5``...), default options.
        seed: the run's seed; the same arguments give the same puzzles in the same order.
        games: games to play.
        agents: agent specs of seats 0 and 1 (see ``make_agent``).
        max_turns: the largest N tried for "win in N turns".
        budget: nodes per proof; over it the position is dropped.
        scan: turn starts tried per game, counted back from its end (Connect Pairs: the
            puzzles kept per game at most, from its start, so a run draws on many games).
        limit: stop once this many puzzles are found.
        defence: also try "stop the opponent's win" where no win is proven.
        progress: called with ``(games played, puzzles found)`` after each game.

    Returns:
        Puzzle objects (see :func:`puzzle_of`), no two with the same id.

    Raises:
        ValueError: an unknown game or agent, or a game not in :data:`PUZZLE_GAMES`.
    """
    game = _puzzle_game(game_name)

    def played() -> Iterator[tuple[dict[str, Any], State[Action]]]:
        for index in range(games):
            game_seed = seed * 1000 + index
            # by simulation counts, not time caps: the same puzzles on a slow or busy machine
            seats = [
                make_agent(spec, game_seed + 1 + seat, uncapped=True)
                for seat, spec in enumerate(agents)
            ]
            try:
                final = play_game(game.new_initial_state(), seats, random.Random(game_seed))
            finally:
                close_agents(seats)
            yield {"seed": seed, "game": index, "agents": list(agents)}, final

    return mine_games(
        game.name, played(), max_turns, budget, scan, limit, defence, progress=progress
    )


def mine_games(
    game_name: str,
    finals: Iterable[tuple[dict[str, Any], State[Action]]],
    max_turns: int = 2,
    budget: int = DEFAULT_BUDGET,
    scan: int = 12,
    limit: int | None = None,
    defence: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Mine puzzles from games already played: people's and computers' games of a server
    (``connect-arena puzzles mine --from-tables``) or self-play (:func:`mine`).

    Args:
        game_name: the game (every state of ``finals`` is of it, two players).
        finals: ``(source, state)`` per game, in order: the game's last state (its history
            is scanned) and where it came from (each puzzle's ``source`` is this dict plus the
            position's ``ply``).
        max_turns, budget, scan, limit, defence, progress: as for :func:`mine`.

    Returns:
        Puzzle objects, no two with the same id (the first game that gives one keeps it).

    Raises:
        ValueError: a game not in :data:`PUZZLE_GAMES`, or a state of another game or
            player count.
    """
    game = _puzzle_game(game_name)
    found: dict[str, dict[str, Any]] = {}
    for count, (source, final) in enumerate(finals, start=1):
        if final.game.name != game.name or final.game.num_players != 2:
            raise ValueError(f"a game of {final.game.name} for {final.game.num_players} players")
        for ply, puzzle in _positions(final, found, max_turns, budget, scan, defence):
            puzzle["source"] = {**source, "ply": ply}
            found.setdefault(puzzle["id"], puzzle)
            if limit is not None and len(found) >= limit:
                return list(found.values())
        if progress is not None:
            progress(count, len(found))
    return list(found.values())


def _puzzle_game(game_name: str) -> Game:
    game = load(game_name, 2)
    if game.name not in PUZZLE_GAMES:
        raise ValueError(f"no puzzle kinds for {game.name} yet (only {', '.join(PUZZLE_GAMES)})")
    return game


def _positions(
    final: State[Action],
    found: Container[str],
    max_turns: int,
    budget: int,
    scan: int,
    defence: bool,
) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(ply, puzzle)`` for each proven position of ``final``'s game, in the order tried
    (each puzzle's ``source`` is left empty): Connect Pairs' rolls from the start (``scan``
    puzzles not in ``found`` at most), CO'NNN'ECT's Claim Phases (every active seat), else
    the last ``scan`` turn starts."""
    name = final.game.name
    if name == "pairs":
        kept = 0
        for start, state in roll_starts(final):
            roll = best_roll.prove_best_roll(state, budget)
            if roll is None:
                continue
            puzzle = roll_puzzle_of(state, roll, {})
            if puzzle["id"] in found:
                continue
            yield start, puzzle
            kept += 1
            if kept >= scan:
                return
        return
    if name == "connnect":
        for start, state in claim_phase_starts(final):
            for mover in sorted(state.active_players()):
                claim = prove_best_claim(state, mover, budget)
                if claim is not None:
                    yield start, claim_puzzle_of(state, mover, claim, {})
        return
    for start in turn_starts(final)[-scan:]:
        state = prefix_state(final, start)
        proof = prove(state, max_turns, budget, defence)
        if proof is not None:
            yield start, puzzle_of(state, proof, {})


def position_of(puzzle: dict[str, Any]) -> State[Action]:
    """The puzzle's position, replayed from its record prefix.

    Raises:
        InvalidRecordError: the record prefix does not replay.
    """
    return replay(puzzle["position"])


def verify(puzzle: dict[str, Any], budget: int | None = None) -> str | None:
    """Re-prove one puzzle; ``None`` when the proof gives the same kind, N and answer,
    else what differs."""
    state = position_of(puzzle)
    limit = budget if budget is not None else max(DEFAULT_BUDGET, 2 * int(puzzle["nodes"]))
    if puzzle["kind"] == "best-roll":
        roll = best_roll.prove_best_roll(state, limit)
        if roll is None:
            return "no unique best use of the roll"
        if (list(roll.answer), list(roll.value)) != (puzzle["answer"], puzzle["value"]):
            return f"proved {list(roll.answer)} for {list(roll.value)}"
        return None
    if puzzle["kind"] == "best-claim":
        claim = prove_best_claim(state, int(puzzle["mover"]), limit)
        if claim is None:
            return "no unique best claim"
        if (list(claim.answer), claim.total) != (puzzle["answer"], puzzle["total"]):
            return f"proved {list(claim.answer)} for {claim.total} points"
        return None
    if state.current_player != puzzle["mover"]:
        return f"seat {state.current_player} to move, not {puzzle['mover']}"
    if puzzle["kind"] == "win":
        proof = prove_win(state, int(puzzle["turns"]), limit)
    else:
        proof = prove_defence(state, limit)
    if proof is None:
        return "no unique proof"
    if (proof.kind, proof.turns, list(proof.answer)) != (
        puzzle["kind"],
        puzzle["turns"],
        puzzle["answer"],
    ):
        return f"proved {proof.kind} in {proof.turns} with {list(proof.answer)}"
    return None
