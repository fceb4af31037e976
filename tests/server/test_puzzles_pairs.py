"""Connect Pairs best-roll puzzles on the service and the API (issue 29): the pair's whole
turn, the partner's choices included, checked against the proven best resulting state."""

from __future__ import annotations

from fastapi.testclient import TestClient

from connect_arena.service.puzzles import game_puzzles, play, progress_json, solution
from tests.server.serverhelpers import Player


def test_two_hundred_pairs_puzzles_are_playable() -> None:
    shipped = game_puzzles("pairs")
    assert len(shipped) >= 200
    assert {p.kind for p in shipped} == {"best-roll"}


def test_the_answer_solves_and_the_measure_is_shown_once_over() -> None:
    puzzle = next(p for p in game_puzzles("pairs") if len(set(p.seats)) > 1)
    progress = play(puzzle)
    assert progress.status == "playing"
    sent = progress_json(progress, None)
    assert sent["measure"] is None and sent["runner_up"] is None
    assert sorted(sent["state"]["you"]) == [puzzle.mover, puzzle.mover ^ 1]
    for index, action in enumerate(puzzle.answer):
        progress = play(puzzle, puzzle.answer[:index], action)
        assert progress.refusal is None, (puzzle.id, action)
    assert progress.status == "solved"
    sent = progress_json(progress, None)
    assert sent["measure"] == list(puzzle.value or ())
    assert sent["runner_up"] == list(puzzle.runner_up or ())
    assert sent["measure"] > sent["runner_up"]
    # the partner's choice was played by the player (the pair cooperates)
    assert {m.seat for m in progress.moves[1:]} == {puzzle.mover, puzzle.mover ^ 1}


def test_a_legal_first_action_off_the_best_line_fails_with_the_engines_event() -> None:
    for puzzle in game_puzzles("pairs"):
        state = puzzle.start()
        others = [str(a) for a in state.legal_actions(puzzle.mover) if str(a) != puzzle.answer[0]]
        for other in others:
            progress = play(puzzle, (), other)
            if progress.status == "failed":
                assert progress.refusal is not None and progress.refusal["kind"] == "wrong"
                assert progress.refusal["event"] is not None
                return
    raise AssertionError("no pairs puzzle with a wrong legal first action")


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    puzzle = game_puzzles("pairs")[0]
    legal = {str(a) for a in puzzle.start().legal_actions(puzzle.mover)}
    illegal = next(
        f"move {s} {a}>{b}"
        for s in "ABCDEF"
        for a in range(1, 7)
        for b in range(1, 7)
        if a != b and f"move {s} {a}>{b}" not in legal
    )
    progress = play(puzzle, (), illegal)
    assert progress.refusal is not None and progress.refusal["kind"] == "illegal"
    assert progress.status == "playing" and progress.accepted is None
    assert len(progress.state.history) == len(puzzle.start().history)


def test_the_solution_line_is_the_answer_for_every_shipped_puzzle() -> None:
    for puzzle in game_puzzles("pairs")[:40]:
        line = solution(puzzle)
        assert line.status == "solution"
        assert [m.action for m in line.moves[1:]] == list(puzzle.answer)
        assert [m.seat for m in line.moves[1:]] == list(puzzle.seats)


def test_the_api_plays_a_pairs_puzzle_with_the_partners_seat(client: TestClient) -> None:
    dana = Player(client).signup("dana")
    start = dana.get("/api/puzzles/pairs/next").json()
    summary = start["progress"]["puzzle"]
    assert summary["kind"] == "best-roll" and "answer" not in summary
    puzzle = next(p for p in game_puzzles("pairs") if p.id == summary["id"])
    played: list[str] = []
    body: dict[str, object] = {}
    for action in puzzle.answer:
        reply = dana.post(
            f"/api/puzzles/id/{puzzle.id}/attempt", {"played": played, "attempt": action}
        )
        assert reply.status_code == 200, reply.text
        body = reply.json()
        played.append(action)
    assert body["status"] == "solved" and body["measure"] == list(puzzle.value or ())
