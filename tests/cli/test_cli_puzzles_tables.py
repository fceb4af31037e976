"""``connect-arena puzzles mine --from-tables`` (issue 29): puzzles mined from the finished
games of a server's database — people's games here — with the table as their source."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from typer.testing import CliRunner

from connect_arena.agents.puzzles.miner import position_of, verify
from connect_arena.cli.app import app
from connect_arena.server.db import SqlStorage, make_engine, run_migrations
from connect_arena.service import LogEntry, Seat, SeatKind
from connect_arena.service.settings import ResultReason
from tests.agents.puzzles.test_miner import shipped


def _log_of_a_won_game() -> tuple[dict[str, object], list[tuple[int, str]], str]:
    """A shipped Connect 5 "win in 1" played to its end: options, log, puzzle id."""
    puzzle = next(p for p in shipped("connect5") if p["kind"] == "win" and p["turns"] == 1)
    state = position_of(puzzle)
    mover = state.current_player
    for notation in puzzle["answer"]:
        state.apply_action(state.parse_action(notation, mover), mover)
    assert state.is_terminal()
    log = [(entry.player, str(entry.action)) for entry in state.history]
    return dict(puzzle["options"]), log, puzzle["id"]


def _store(
    directory: Path, tables: list[tuple[int, dict[str, object], list[tuple[int, str]]]]
) -> list[int]:
    """Finished Connect 5 tables of two people (or ``players`` seats) with these logs."""
    engine = make_engine(f"sqlite:///{directory / 'arena.sqlite3'}")
    run_migrations(engine)

    async def work() -> list[int]:
        db = SqlStorage(engine)
        alice = await db.create_user("alice", None)
        bob = await db.create_user("bob", None)
        ids = []
        for players, options, log in tables:
            seats = [
                Seat(0, SeatKind.HUMAN, alice.id, "alice"),
                Seat(1, SeatKind.HUMAN, bob.id, "bob"),
            ]
            seats += [Seat(i, SeatKind.COMPUTER) for i in range(2, players)]
            table = await db.create_table("connect5", dict(options), seats, alice.id, 1)
            for seq, (seat, action) in enumerate(log, 1):
                await db.append_action(table.id, LogEntry(seq, seat, action))
            await db.end_table(table.id, [1.0, -1.0], ResultReason.RESIGNATION, table.created_at)
            ids.append(table.id)
        db.close()
        return ids

    return asyncio.run(work())


def test_mining_the_finished_tables_finds_a_people_game_puzzle(tmp_path: Path) -> None:
    options, log, puzzle_id = _log_of_a_won_game()
    broken = [*log[:3], (log[3][0], "place nowhere")]
    won, corrupt, _four = _store(tmp_path, [(2, options, log), (2, options, broken), (4, {}, [])])
    out = tmp_path / "mined.json"
    result = CliRunner().invoke(
        app,
        [
            "puzzles",
            "mine",
            "connect5",
            "--from-tables",
            "--data-dir",
            str(tmp_path),
            "--games",
            "10",
            "--scan",
            "2",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert f"table {corrupt} left out" in result.output
    document = json.loads(out.read_text())
    assert document["mined"]["from_tables"] is True
    found = {p["id"]: p for p in document["puzzles"]}
    assert puzzle_id in found
    puzzle = found[puzzle_id]
    assert puzzle["source"] == {"table": won, "ply": puzzle["source"]["ply"]}
    assert (
        position_of(puzzle).history
        == position_of(next(p for p in shipped("connect5") if p["id"] == puzzle_id)).history
    )
    assert verify(puzzle) is None
    assert all(p["source"]["table"] == won for p in document["puzzles"])  # not the 4-seat one


def test_mining_without_a_database_says_so(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "puzzles",
            "mine",
            "connect5",
            "--from-tables",
            "--data-dir",
            str(tmp_path),
            "--out",
            str(tmp_path / "x.json"),
        ],
    )
    assert result.exit_code != 0
    assert "no arena database" in result.output
    assert not (tmp_path / "x.json").exists()
