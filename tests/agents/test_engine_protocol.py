"""The engine protocol (issue 18, part 6): external programs at a seat through ``engine:<cmd>``.

The reference engine (``python -m connect_arena.engine``) wraps a built-in agent; seeded alike,
it must play exactly the games that agent plays in-process. Scripted fake engines break the
protocol in every way a program can, and each must give a clear error, never a hang.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from connect_arena.agents import make_agent
from connect_arena.agents.engine_agent import EngineAgent, EngineError, decision_lines
from connect_arena.cli.app import app
from connect_arena.core import SIMULTANEOUS, load, read_record, sample_chance_outcome
from connect_arena.engine import ReferenceEngine
from tests.cli.clihelpers import Invoke
from tests.cli.conftest import ENV

PYTHON = shlex.quote(sys.executable)


def reference(agent: str = "random") -> str:
    """The spec of the reference engine wrapping ``agent``."""
    return f"engine:{PYTHON} -m connect_arena.engine --agent {agent}"


FAKE = """\
#!{python}
import sys, time
mode = sys.argv[1]
if mode == "garbage":
    print("hello, I am a chess engine", flush=True)
for line in sys.stdin:
    word = line.split()[0] if line.strip() else ""
    if word == "protocol":
        if mode == "version":
            print("id name fake\\nprotocolok 7", flush=True)
        elif mode == "noname":
            print("protocolok 1", flush=True)
        else:
            print("id name fake\\nid author tests\\nprotocolok 1", flush=True)
    elif word == "isready":
        print("readyok", flush=True)
    elif word == "go":
        if mode == "exit":
            print("out of ideas", file=sys.stderr, flush=True)
            sys.exit(3)
        if mode == "slow":
            time.sleep(60)
        while mode == "chatty":
            print("info still thinking", flush=True)
        if mode == "illegal":
            print("info thinking hard\\naction mark 99,99", flush=True)
        elif mode == "refuse":
            print("error no opening book for this position", flush=True)
        elif mode == "wrongword":
            print("bestmove e2e4", flush=True)
        else:
            print("action pass", flush=True)
    elif word == "quit":
        break
"""


@pytest.fixture
def cli() -> Invoke:
    """The command line, in-process (as in ``tests/cli``)."""
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input, env=ENV, catch_exceptions=False)

    return invoke


@pytest.fixture
def fake(tmp_path: Path) -> Path:
    """An executable fake engine: ``fake MODE``."""
    path = tmp_path / "fake_engine.py"
    path.write_text(FAKE.format(python=sys.executable), encoding="utf-8")
    path.chmod(0o755)
    return path


def _quinque_state():  # type: ignore[no-untyped-def]
    state = load("quinque").new_initial_state()
    state.apply_action("first 0")
    return state


# ----- the reference engine plays like the agent it wraps ---------------------------------------


@pytest.mark.parametrize(
    ("game", "agents"),
    [
        ("quinque", ["greedy", "random"]),
        ("connect5", ["random", "greedy", "random"]),
        ("connnect", ["random", "random"]),
        ("pairs", ["random", "greedy", "random", "random"]),
    ],
)
def test_reference_engine_plays_the_agents_games(
    cli: Invoke, tmp_path: Path, game: str, agents: list[str]
) -> None:
    # Engines at seats 0 and 1 (each game starts one process per engine seat).
    engines = [reference(agent) if seat < 2 else agent for seat, agent in enumerate(agents)]
    runs = {}
    for label, specs in (("engine", engines), ("builtin", agents)):
        out = tmp_path / label
        result = cli(
            "simulate",
            game,
            "-n",
            "2",
            "--seed",
            "7",
            "--agents",
            ",".join(specs),
            "--out",
            str(out),
            "--json",
        )
        assert result.exit_code == 0, result.output
        runs[label] = [read_record(path) for path in sorted(out.iterdir())]
    for engine_record, builtin_record in zip(runs["engine"], runs["builtin"], strict=True):
        assert engine_record.actions == builtin_record.actions
        assert engine_record.players == engines
    assert len(runs["engine"]) == 2


def test_tournament_with_an_external_engine(cli: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    result = cli(
        "tournament",
        "quinque",
        "--agents",
        f"{reference('greedy')},random",
        "--games",
        "2",
        "--seed",
        "3",
        "--out",
        str(out),
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    summary = {row["spec"]: row for row in data["summary"]}
    assert summary[reference("greedy")]["games"] == 4
    assert summary[reference("greedy")]["moves"] > 0
    assert (
        summary[reference("greedy")]["wins"]
        + summary["random"]["wins"]
        + summary["random"]["draws"]
        == 4
    )


def test_play_seats_an_engine(cli: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = cli(
        "play",
        "quinque",
        "--players",
        f"{reference('greedy')},random",
        "--seed",
        "4",
        "--save",
        str(save),
    )
    assert result.exit_code == 0, result.output
    record = read_record(save)
    assert record.players[0] == reference("greedy")
    assert record.actions


def test_the_command_keeps_its_case(tmp_path: Path) -> None:
    program = tmp_path / "MyBot"
    program.write_text(FAKE.format(python=sys.executable), encoding="utf-8")
    program.chmod(0o755)
    with make_agent(f"Engine:{program} pass") as agent:  # type: ignore[attr-defined]
        assert agent.name == f"engine:{program} pass"


# ----- what a seat may see ---------------------------------------------------------------------


def _simultaneous_connnect():  # type: ignore[no-untyped-def]
    """A 2-player CO'NNN'ECT state in a simultaneous phase where seat 0 has already chosen."""
    state = load("connnect", 2).new_initial_state()
    rng = random.Random(3)
    while True:
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        last = state.history[-1]
        waiting = state.current_player == SIMULTANEOUS and 1 in state.active_players()
        if waiting and last.simultaneous and last.player == 0:
            return state
        seat = min(state.active_players())
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)


def test_hidden_choices_are_not_sent_to_the_other_seat() -> None:
    state = _simultaneous_connnect()
    secret = f"@0 {state.history[-1].action}"
    to_other = decision_lines(state, 1, 1000)
    to_chooser = decision_lines(state, 0, 1000)
    count = int(to_other[0].split()[1])
    assert to_chooser[1 : len(state.history) + 1][-1] == secret
    assert count == len(state.history) - 1
    assert secret not in to_other[1 : count + 1]
    observation = next(line for line in to_other if line.startswith("observation "))
    assert json.loads(observation.removeprefix("observation ")) != state.observation(0)


def test_the_engine_answers_from_the_seats_view() -> None:
    state = _simultaneous_connnect()
    with EngineAgent(f"{PYTHON} -m connect_arena.engine --agent greedy", seed=2) as agent:
        action = agent.act(state, 1)
    assert action in state.legal_actions(1)


# ----- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("garbage", "broke the protocol while starting: expected 'protocolok ...', got 'hello"),
        ("version", "speaks protocol version '7'"),
        ("noname", "gave no 'id name'"),
        ("exit", "exited with status 3 while choosing an action (its stderr: out of ideas)"),
        ("illegal", "answered an illegal action 'mark 99,99'"),
        ("refuse", "reported an error while choosing an action: no opening book"),
        ("wrongword", "expected 'action ...', got 'bestmove e2e4'"),
    ],
)
def test_protocol_errors_are_clear(fake: Path, mode: str, message: str) -> None:
    agent = EngineAgent([str(fake), mode], timeout=20)
    with pytest.raises(EngineError, match="engine '.*fake_engine.py .*' ") as raised:
        agent.act(_quinque_state(), 0)
    assert message in str(raised.value)
    assert agent._process is None  # ended after the error


@pytest.mark.parametrize("mode", ["slow", "chatty"])
def test_a_silent_or_chatty_engine_times_out(fake: Path, mode: str) -> None:
    agent = EngineAgent([str(fake), mode], timeout=0.5)
    with agent, pytest.raises(EngineError, match=r"did not answer within 0.5 s while choosing"):
        agent.act(_quinque_state(), 0)


def test_a_well_behaved_fake_plays_and_is_closed(fake: Path) -> None:
    state = _quinque_state()
    state.apply_action("add T0,0 0,0")
    state.apply_action("add T1,0 2,0")
    with EngineAgent([str(fake), "pass"]) as agent:
        assert str(agent.act(state, 1)) == "pass"  # Blue's optional move
        process = agent._process
        assert agent.engine_name == "fake" and agent.engine_author == "tests"
    assert process is not None and process.poll() is not None


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("./no-such-bot", "engine program not found: ./no-such-bot"),
        ("no-such-bot-on-path", "engine program not found on PATH: no-such-bot-on-path"),
        ("", "the engine command is empty"),
        ("'unclosed", "cannot read the engine command"),
    ],
)
def test_bad_commands(command: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(f"engine:{command}")


def test_a_file_that_is_not_executable(tmp_path: Path) -> None:
    path = tmp_path / "bot"
    path.write_text("not a program")
    with pytest.raises(EngineError, match="not executable"):
        EngineAgent(str(path))


def test_cli_reports_a_broken_engine(cli: Invoke, fake: Path) -> None:
    result = cli("simulate", "quinque", "-n", "1", "--agents", f"engine:{fake} illegal,random")
    assert result.exit_code == 2
    assert "answered an illegal action 'mark 99,99'" in result.stderr


def test_cli_reports_a_missing_engine(cli: Invoke) -> None:
    result = cli("tournament", "quinque", "--agents", "engine:./nowhere/bot,random")
    assert result.exit_code == 2
    assert "engine program not found: ./nowhere/bot" in result.stderr


# ----- the reference engine's side --------------------------------------------------------------


def _talk(engine: ReferenceEngine, text: str) -> list[str]:
    import io

    sink = io.StringIO()
    engine.serve(io.StringIO(text), sink)
    return sink.getvalue().splitlines()


def test_reference_engine_errors_and_goes_on() -> None:
    engine = ReferenceEngine("random", seed=1)
    answers = _talk(
        engine,
        "protocol 2\nprotocol 1\nnewgame nosuchgame 2\nisready\nnewgame quinque 2\nseat 5\n"
        "isready\nseat 1\nisready\nposition 1\nmark 0,0\ngo time 10\nposition 1\nfirst 1\n"
        "go time 1000 inc 0\nfrobnicate\nquit\nisready\n",
    )
    assert answers[0].startswith("error protocol version '2' unsupported")
    assert answers[1:4] == [
        "id name connect-arena reference engine (random)",
        f"id author connect-arena {__import__('connect_arena').__version__}",
        "protocolok 1",
    ]
    assert answers[4].startswith("error unknown game 'nosuchgame' (registered games: ")
    assert answers[5] == "error seat 5 does not exist in a 2-player game"
    assert answers[6] == "readyok"
    assert answers[7].startswith("error position line 1 ('mark 0,0')")
    assert answers[8].startswith("action add T0,0 ")
    assert answers[9] == "error unknown message 'frobnicate'"
    assert len(answers) == 10  # nothing after quit


def test_engine_process_is_gone_after_close() -> None:
    agent = EngineAgent(f"{PYTHON} -m connect_arena.engine")
    agent.act(_quinque_state(), 0)
    process = agent._process
    assert process is not None and process.poll() is None
    agent.close()
    assert process.poll() is not None
    agent.close()  # idempotent
    assert os.path.exists(sys.executable)


def test_the_documented_minimal_engine_plays(cli: Invoke, tmp_path: Path) -> None:
    docs = Path(__file__).parents[2] / "docs" / "engine-protocol.md"
    source = docs.read_text(encoding="utf-8").split("```python\n")[-1].split("```")[0]
    program = tmp_path / "first_legal.py"
    program.write_text(source, encoding="utf-8")
    spec = f"engine:{PYTHON} {program}"
    result = cli("simulate", "connnect", "-n", "1", "--seed", "2", "--agents", f"{spec},random")
    assert result.exit_code == 0, result.output
    assert "1 games of connnect" in result.stdout


def test_a_program_that_exits_at_once() -> None:
    with pytest.raises(EngineError, match="'false' exited with status 1 while starting"):
        EngineAgent("false").act(_quinque_state(), 0)


def test_the_console_script_is_declared() -> None:
    from importlib.metadata import entry_points

    scripts = {script.name: script.value for script in entry_points(group="console_scripts")}
    assert scripts["connect-arena-engine"] == "connect_arena.engine:main"
