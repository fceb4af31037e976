"""Playing puzzles (issue 29): checking attempts against the proof, the server's replies,
ratings of players and puzzles, the daily puzzle, streaks, and the /api/puzzles routes."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, date, datetime

from fastapi.testclient import TestClient

from connect_arena.agents.puzzles.solver import Solver
from connect_arena.core import game_names
from connect_arena.server.dependencies import PUZZLE_LIMIT
from connect_arena.service.puzzles import (
    PLAYABLE_KINDS,
    MemoryPuzzleStore,
    Puzzle,
    PuzzleService,
    daily,
    data_dir,
    game_puzzles,
    play,
    progress_json,
    puzzle_rating,
    solution,
)
from tests.server.serverhelpers import Player

NOON = datetime(2026, 11, 29, 12, tzinfo=UTC)


def _first(game: str, kind: str, turns: int, length: int = 1) -> Puzzle:
    return next(
        p
        for p in game_puzzles(game)
        if p.kind == kind and p.turns == turns and len(p.answer) == length
    )


def _wrong(puzzle: Puzzle) -> str:
    """A legal first action that is not the answer's."""
    state = puzzle.start()
    return next(str(a) for a in state.legal_actions(puzzle.mover) if str(a) != puzzle.answer[0])


def test_the_answer_solves_a_win_in_one() -> None:
    puzzle = _first("connect5", "win", 1)
    progress = play(puzzle, (), puzzle.answer[0])
    assert progress.status == "solved" and progress.refusal is None
    assert progress.state.is_terminal()


def test_a_legal_action_that_is_not_the_answer_fails_the_puzzle() -> None:
    puzzle = _first("connect5", "defence", 1)
    wrong = _wrong(puzzle)
    progress = play(puzzle, (), wrong)
    assert progress.status == "failed"
    assert progress.refusal is not None and progress.refusal["kind"] == "wrong"
    assert progress.refusal["event"] is not None  # the engine's description of the action


def test_an_illegal_action_is_refused_with_the_engines_reason_and_changes_nothing() -> None:
    puzzle = _first("connect5", "win", 1)
    progress = play(puzzle, (), "place zz99")
    assert progress.status == "playing"
    assert progress.refusal is not None and progress.refusal["kind"] == "illegal"
    assert progress.refusal["message"]
    assert len(progress.state.history) == len(puzzle.position["actions"])


def test_win_in_two_the_server_replies_with_a_reply_the_proof_covers() -> None:
    puzzle = _first("connect5", "win", 2)
    progress = play(puzzle, (), puzzle.answer[0])
    assert progress.status == "playing"
    reply = progress.moves[-1]
    assert reply.seat != puzzle.mover  # the opponent's turn, played by the server
    wins = Solver().winning_first_turns(progress.state, 1)
    assert wins  # covered: the mover still wins in one after it
    done = play(puzzle, puzzle.answer, wins[0][0])
    assert done.status == "solved"


def test_quinques_two_action_turn_is_checked_action_by_action() -> None:
    puzzle = _first("quinque", "win", 1, length=2)
    half = play(puzzle, (), puzzle.answer[0])
    assert half.status == "playing" and half.accepted == puzzle.answer[0]
    assert half.state.current_player == puzzle.mover  # no reply in the middle of a turn
    assert play(puzzle, puzzle.answer[:1], puzzle.answer[1]).status == "solved"


def test_every_shipped_puzzle_is_solved_by_its_solution_line() -> None:
    for game in ("connect5", "quinque"):
        for puzzle in game_puzzles(game)[:20]:
            line = solution(puzzle)
            assert line.status == "solution"
            assert line.state.is_terminal() or puzzle.kind == "defence"
            mine = [m.action for m in line.moves[1:] if m.seat == puzzle.mover]
            assert play(puzzle, mine[:-1], mine[-1]).status == "solved"


def test_the_daily_puzzle_is_the_same_for_everyone_on_a_day() -> None:
    today = daily(date(2026, 11, 29))
    assert today is not None and today == daily(date(2026, 11, 29))
    days = {p.id for d in range(1, 29) if (p := daily(date(2026, 2, d))) is not None}
    assert len(days) > 10  # it changes with the day


def test_games_without_a_data_file_have_no_puzzles() -> None:
    for game in game_names():
        path = data_dir() / f"{game}.json"
        shipped = json.loads(path.read_text("utf-8"))["puzzles"] if path.is_file() else []
        playable = [p for p in shipped if p["kind"] in PLAYABLE_KINDS]
        assert [p.id for p in game_puzzles(game)] == [p["id"] for p in playable]


def test_a_best_claim_is_solved_by_its_actions_in_any_legal_order() -> None:
    """CO'NNN'ECT (issue 29): the one best set of claims of a Claim Phase; nobody replies;
    each answer action in any legal order; the total and margin are shown once over."""
    shipped = [p for p in game_puzzles("connnect") if p.kind == "best-claim"]
    assert len(shipped) >= 200
    first = shipped[0]
    progress = play(first)
    assert progress.status == "playing"
    assert progress_json(progress, None)["total"] is None  # not told before the end
    for index, action in enumerate(first.answer):
        progress = play(first, first.answer[:index], action)
    assert progress.status == "solved"
    sent = progress_json(progress, None)
    assert sent["total"] == first.total and sent["margin"] == first.margin
    swapped = 0
    for puzzle in shipped:
        groups: list[list[str]] = []  # each claim with the bonus and writes that follow it
        for action in puzzle.answer:
            if action.startswith("claim") or not groups:
                groups.append([])
            groups[-1].append(action)
        if len(groups) < 2:
            continue
        order = [action for group in reversed(groups) for action in group]
        progress = play(puzzle)
        for index, action in enumerate(order):
            progress = play(puzzle, order[:index], action)
            if progress.refusal is not None:  # not legal in that order
                break
        if progress.refusal is None:
            assert progress.status == "solved", puzzle.id
            swapped += 1
    assert swapped > 0


def test_a_best_claim_fails_on_a_legal_action_outside_the_answer() -> None:
    for puzzle in game_puzzles("connnect"):
        state = puzzle.start()
        others = [a for a in state.legal_actions(puzzle.mover) if str(a) not in puzzle.answer]
        if others:
            progress = play(puzzle, (), str(others[0]))
            assert progress.status == "failed"
            assert progress.refusal is not None and progress.refusal["kind"] == "wrong"
            return
    raise AssertionError("no best-claim puzzle with a legal action outside its answer")


def test_solving_easy_puzzles_raises_the_player_and_lowers_the_puzzles() -> None:
    """Scripted solvers (issue 29, done when): one account solves the ten easiest puzzles,
    another fails ten others; ratings move both sides, as Lichess rates both."""
    store = MemoryPuzzleStore()
    service = PuzzleService(store, lambda: NOON)
    by_difficulty = sorted(game_puzzles("connect5"), key=lambda p: p.difficulty)
    solved = by_difficulty[:10]
    failed = [p for p in by_difficulty[10:] if len(p.start().legal_actions(p.mover)) > 1][:10]

    async def script() -> None:
        for puzzle in solved:
            await service.attempt(1, puzzle, (), puzzle.answer[0])  # the solver: right
        for puzzle in failed:
            await service.attempt(2, puzzle, (), _wrong(puzzle))  # the other: wrong

    asyncio.run(script())
    solver, failer = store.players[(1, "connect5")], store.players[(2, "connect5")]
    assert puzzle_rating(solver.mu) > 1500 > puzzle_rating(failer.mu)
    assert solver.games == failer.games == 10
    for puzzle in solved:
        assert store.puzzles[puzzle.id].mu < puzzle.initial.mu
    for puzzle in failed:
        assert store.puzzles[puzzle.id].mu > puzzle.initial.mu


def test_only_the_first_attempt_is_rated_and_the_streak_counts_solved_first_attempts() -> None:
    store = MemoryPuzzleStore()
    service = PuzzleService(store, lambda: NOON)
    a, b, c = game_puzzles("connect5")[:3]

    async def script() -> tuple[int, int, int]:
        first = await service.attempt(1, a, (), a.answer[0])
        again = await service.attempt(1, a, (), a.answer[0])
        assert first["change"] is not None and again["change"] is None
        await service.attempt(1, b, (), _wrong(b))
        after_fail = await store.streak(1)
        await service.attempt(1, c, (), c.answer[0])
        return after_fail, await store.streak(1), store.players[(1, "connect5")].games

    after_fail, streak, games = asyncio.run(script())
    assert (after_fail, streak, games) == (0, 1, 3)


def test_a_guest_plays_unrated_and_nothing_is_stored() -> None:
    store = MemoryPuzzleStore()
    service = PuzzleService(store, lambda: NOON)
    puzzle = game_puzzles("connect5")[0]
    answer = asyncio.run(service.attempt(None, puzzle, (), puzzle.answer[0]))
    assert answer["status"] == "solved" and answer["change"] is None
    assert store.attempts == [] and store.players == {}


def test_the_api_records_attempts_rates_the_first_and_picks_untried_puzzles(
    client: TestClient,
) -> None:
    alice = Player(client).signup("alice")
    start = alice.get("/api/puzzles/connect5/next?theme=defence").json()
    puzzle = start["progress"]["puzzle"]
    assert start["rated"] and "answer" not in puzzle and "defence" in puzzle["themes"]
    assert start["progress"]["state"]["legal"]  # the page's clickable actions
    answer = next(p for p in game_puzzles("connect5") if p.id == puzzle["id"]).answer
    solved = alice.post(f"/api/puzzles/id/{puzzle['id']}/attempt", {"attempt": answer[0]})
    assert solved.status_code == 200, solved.text
    body = solved.json()
    assert body["status"] == "solved" and body["change"]["after"] > body["change"]["before"]
    assert body["change"]["puzzle_after"] < body["change"]["puzzle_before"]
    following = alice.get("/api/puzzles/connect5/next").json()["progress"]["puzzle"]["id"]
    assert following != puzzle["id"]
    overview = alice.get("/api/puzzles").json()
    connect5 = next(g for g in overview["games"] if g["game"] == "connect5")
    assert connect5["count"] == len(game_puzzles("connect5")) and connect5["rating"] > 1500
    assert overview["streak"] == 1 and overview["history"][0]["puzzle"] == puzzle["id"]
    assert overview["daily"]["id"] and overview["signed_in"]
    profile = alice.get("/api/users/alice/puzzles").json()
    assert profile["ratings"]["connect5"] == connect5["rating"]


def test_viewing_the_solution_first_counts_as_a_failed_attempt(client: TestClient) -> None:
    bob = Player(client).signup("bob")
    puzzle = game_puzzles("connect5")[5]
    shown = bob.post(f"/api/puzzles/id/{puzzle.id}/solution").json()
    assert shown["status"] == "solution" and shown["change"]["after"] < shown["change"]["before"]
    assert shown["moves"][1]["action"] == puzzle.answer[0]
    assert bob.get("/api/puzzles").json()["history"][0]["solved"] is False


def test_bad_requests_change_nothing(client: TestClient) -> None:
    carol = Player(client).signup("carol")
    puzzle = game_puzzles("connect5")[0]
    wrong_line = carol.post(
        f"/api/puzzles/id/{puzzle.id}/attempt", {"played": ["place zz1"], "attempt": "x"}
    )
    assert wrong_line.status_code == 400
    assert carol.get("/api/puzzles/id/nope").status_code == 404
    assert carol.get("/api/puzzles/nogame/next").status_code == 404
    assert carol.get("/api/puzzles").json()["history"] == []


def test_a_visitor_without_an_account_plays_unrated(client: TestClient) -> None:
    visitor = Player(client)
    overview = visitor.get("/api/puzzles").json()
    assert overview["signed_in"] is False and overview["streak"] == 0
    puzzle = game_puzzles("connect5")[0]
    start = visitor.get(f"/api/puzzles/id/{puzzle.id}").json()
    assert start["rated"] is False
    body = visitor.post(f"/api/puzzles/id/{puzzle.id}/attempt", {"attempt": puzzle.answer[0]})
    assert body.json()["status"] == "solved" and body.json()["change"] is None


def test_win_in_two_a_second_turn_that_does_not_win_fails() -> None:
    puzzle = _first("connect5", "win", 2)
    after = play(puzzle, (), puzzle.answer[0]).state
    wins = {line[0] for line in Solver().winning_first_turns(after, 1)}
    other = next(str(a) for a in after.legal_actions(puzzle.mover) if str(a) not in wins)
    progress = play(puzzle, puzzle.answer, other)
    assert progress.status == "failed"
    assert progress.refusal is not None and progress.refusal["kind"] == "wrong"


def test_attempts_and_solutions_are_rate_limited_per_user_with_retry_after(
    client: TestClient,
) -> None:
    """An uncached attempt may search for the reply: at most PUZZLE_LIMIT a minute."""
    carol = Player(client).signup("carol")
    count, _ = PUZZLE_LIMIT
    puzzles = game_puzzles("connect5")
    answers = [
        carol.post(f"/api/puzzles/id/{puzzles[i % len(puzzles)].id}/solution")
        for i in range(count + 1)
    ]
    assert [a.status_code for a in answers] == [200] * count + [429]
    assert answers[-1].json()["error"]["code"] == "rate_limited"
    assert int(answers[-1].headers["Retry-After"]) >= 1
    tried = carol.post(f"/api/puzzles/id/{puzzles[0].id}/attempt", {"attempt": "place a1"})
    assert tried.status_code == 429  # the same budget
