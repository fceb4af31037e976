"""The level ladder (issue 24): how much stronger each level is than the one below, per game.

Run: ``.venv/bin/python benchmarks/ladder.py GAME [--rounds N] [--players P] [--seed S]
[--openspiel SIMS] [--jobs J] [--uncapped] [--only SPEC|LOWER,UPPER] [--whole-teams]
[--out-dir benchmarks/results/ladder]``.

Each **step** of the ladder is a tournament of the project's tournament command
(:func:`connect_arena.agents.tournament.plan` and :func:`~connect_arena.agents.tournament.run`,
what ``connect-arena tournament`` runs: every seat order, paired seeds, the anti-endless
option of computer games) between two neighbours: ``random`` < ``greedy`` < ``mcts:easy`` <
``mcts:normal`` < ``mcts:hard``, and with ``--openspiel SIMS`` (Quinque, Connect 5)
``mcts:hard`` against OpenSpiel's Python ``MCTSBot`` with ``SIMS`` simulations per id through
the OpenSpiel adapter (:mod:`connect_arena.rl.openspiel_agent`).

* Two-player games: each step's **Elo difference** with its 95% interval (the tournament's own
  Bradley-Terry fit of the two agents, one virtual draw), the upper agent's wins / draws /
  losses and score; then one Elo fit over every game of every step (the ladder's scale, mean
  1500).
* Games of three or more seats (Connect Pairs: two pairs): each step's **mean rank** of both
  agents (1 = best) and the difference with a 95% normal interval over its seats.
* Both: each agent's thinking as **simulations per decision** (an MCTS level's simulation
  count; ``openspiel:N``: N per id, a multi-part action takes one id per part) and its
  wall-clock time per decision (mean and longest), with the machine's load average at the start
  and the end of the run (the time depends on the load, the simulations do not). A step with
  the bot prints the ratio of the bot's time per decision to ``mcts:hard``'s.

``--set LEVEL.FIELD=VALUE`` (repeatable) tries other settings of a level for this run only,
e.g. ``--set hard.iterations=4000 --set hard.exploration=0.7`` (fields of
:class:`~connect_arena.agents.knowledge.Level`): how a level's table is tuned before it is
edited. The settings played are in the report (``"levels"``).

``--uncapped`` measures the levels **by their simulation counts**: every decision of an MCTS
level gets the level's simulations as its budget and no time cap
(:class:`ByCount`), so a busy or slow machine makes a level slower, never weaker — what a level
is on a machine fast enough never to reach its cap. Without it the levels play as the server
plays them (simulations with the time cap), so a loaded machine weakens them.

``--whole-teams`` (Connect Pairs): every pair is played by one of the step's two agents, in
both assignments (:func:`whole_teams`), so the rank gain compares the two agents' pairs; by
default the tournament's rotations also seat mixed pairs (one partner of each agent), whose
games measure how two agents partner and dilute the step's gain. ``--only LOWER,UPPER`` plays
one step.

Writes ``GAME.json`` and ``GAME.md`` to ``--out-dir`` (the command and seed included) after
every game, so a run stopped early leaves the games played (a step not finished has
``"complete": false``).
Games per step: ``rounds × 2`` (two agents in two seats: both seat orders) and more with more
seats. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import itertools
import json
import math
import os
import shlex
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from connect_arena.agents.base import Agent
from connect_arena.agents.knowledge import DEFAULT_LEVELS, Level, knowledge_for, level_settings
from connect_arena.agents.levels import ByCount
from connect_arena.agents.playout import ai_only_options
from connect_arena.agents.tournament import (
    GameResult,
    Tournament,
    plan,
    run,
    standings,
    team_ranks,
    team_results,
)
from connect_arena.agents.tournament_ratings import fit_elo, pair_results, rate
from connect_arena.core import load
from connect_arena.core.game import Game
from connect_arena.rl.openspiel_agent import PREFIX, make_ladder_agent

LEVELS = ["random", "greedy", "mcts:easy", "mcts:normal", "mcts:hard"]
"""The ladder, weakest first."""
OUT_DIR = Path(__file__).resolve().parent / "results" / "ladder"


def ladder_agent(spec: str, seed: int | None = None, uncapped: bool = False) -> Agent:
    """The agent of a ladder spec (:func:`~connect_arena.rl.openspiel_agent.make_ladder_agent`);
    with ``uncapped`` an MCTS level (``mcts:easy|normal|hard``) is wrapped in :class:`ByCount`.

    Raises:
        ValueError: unknown spec.
    """
    agent = make_ladder_agent(spec, seed)
    kind, _, level = spec.partition(":")
    if uncapped and kind == "mcts" and level in DEFAULT_LEVELS:
        return ByCount(agent, level)
    return agent


FIELDS: dict[str, type] = {
    "iterations": int,
    "seconds": float,
    "max_rollout": int,
    "exploration": float,
    "widening": float,
    "margin": float,
    "paired": bool,
    "rollout": str,
}
"""The settings ``--set`` may change, with their types (``seconds``/``widening``/``margin``
also take ``none``, as ``rollout``, the name of one of the game's rollout policies;
``paired`` takes ``true``/``false``)."""


def set_levels(game_name: str, changes: list[str]) -> None:
    """Change the game's level table for this process (and the game processes it forks):
    each change is ``LEVEL.FIELD=VALUE``, e.g. ``"hard.iterations=4000"``.

    Raises:
        ValueError: a malformed change, unknown level or field, a bad value, or a game
            without its own level table; nothing is changed then.
    """
    known = knowledge_for(game_name)
    if known is None or not isinstance(known.levels, dict):
        raise ValueError(f"{game_name!r} has no level table of its own to change")
    table: dict[str, Level] = dict(known.levels)
    for change in changes:
        target, equals, value = change.partition("=")
        level, dot, name = target.partition(".")
        if not (equals and dot) or level not in DEFAULT_LEVELS or name not in FIELDS:
            raise ValueError(
                f"--set takes LEVEL.FIELD=VALUE with LEVEL in {', '.join(DEFAULT_LEVELS)} "
                f"and FIELD in {', '.join(FIELDS)}, not {change!r}"
            )
        parsed: Any
        if value.lower() == "none" and name in ("seconds", "widening", "margin", "rollout"):
            parsed = None
        elif FIELDS[name] is bool:  # bool("false") is True: the words, not the cast
            if value.lower() not in ("true", "false"):
                raise ValueError(f"{name} takes true or false, not {value!r}")
            parsed = value.lower() == "true"
        else:
            try:
                parsed = FIELDS[name](value)
            except ValueError:
                raise ValueError(f"{name} takes a {FIELDS[name].__name__}, not {value!r}") from None
        if name == "rollout" and parsed is not None and parsed not in known.rollouts:
            names = ", ".join(known.rollouts) or "none"
            raise ValueError(f"no rollout policy {parsed!r} in {game_name!r} (known: {names})")
        base = table.get(level) or level_settings(game_name, level)
        table[level] = dataclasses.replace(base, **{name: parsed})
    known.levels.update(table)


def simulations(game_name: str, spec: str) -> int | None:
    """Simulations per decision of ``spec`` in the game (per id for ``openspiel:N``; ``None``
    for agents that do not search)."""
    kind, _, level = spec.partition(":")
    if kind == "mcts" and level in DEFAULT_LEVELS:
        return level_settings(game_name, level).iterations
    if spec.startswith(PREFIX):
        return int(spec[len(PREFIX) :])
    return None


def ladder_game(name: str, players: int | None) -> Game:
    """The game as the tournament command plays it between computers: with the game's
    anti-endless limit (:func:`~connect_arena.agents.playout.ai_only_options`: Quinque's
    300 turns, Connect 5's idle limit, Connect Pairs' 500 rounds), a tie when reached.

    Raises:
        UnknownGameError: no such game.
        InvalidOptionError: a bad player count.
    """
    return load(name, players, **ai_only_options(name, {}))


def whole_teams(tournament: Tournament) -> Tournament:
    """``--whole-teams``: in a game of teams (Connect Pairs) every team is played by one of
    the two agents — each assignment of the agents to the teams that uses both (two pairs:
    A A B B and B B A A, on the same paired seed) — so a step compares two agents' pairs,
    not mixed pairs. A game without teams keeps its schedule."""
    teams = tournament.teams
    if all(len(team) == 1 for team in teams):
        return tournament
    schedule = []
    for assignment in itertools.product(range(len(tournament.specs)), repeat=len(teams)):
        if len(set(assignment)) < 2:
            continue
        lineup = [0] * tournament.game.num_players
        for team, entrant in zip(teams, assignment, strict=True):
            for seat in team:
                lineup[seat] = entrant
        schedule.append(tuple(lineup))
    return dataclasses.replace(tournament, schedule=tuple(schedule))


def selected(lower: str, upper: str, only: str | None) -> bool:
    """Whether ``--only`` plays the step ``lower`` → ``upper``: every step when ``None``, the
    steps with the agent ``SPEC``, or the one step ``LOWER,UPPER``."""
    if only is None:
        return True
    if "," in only:
        return only.split(",", 1) == [lower, upper]
    return only in (lower, upper)


def steps(openspiel: int) -> list[tuple[str, str]]:
    """The pairings played: neighbours of :data:`LEVELS`, then ``mcts:hard`` against the bot."""
    pairs = list(itertools.pairwise(LEVELS))
    if openspiel > 0:
        pairs.append((f"openspiel:{openspiel}", "mcts:hard"))
    return pairs


def step_figures(tournament: Tournament, results: list[GameResult]) -> dict[str, Any]:
    """The figures of one step (lower agent first, upper second in ``tournament.specs``)."""
    table = standings(tournament, results)
    lower, upper = table
    row: dict[str, Any] = {
        "lower": lower.spec,
        "upper": upper.spec,
        "games": len(results),
        "complete": len(results) == tournament.total_games,
        "think": {
            entry.spec: {
                "simulations": simulations(tournament.game.name, entry.spec),
                "mean": entry.seconds_per_move,
                "max": entry.slowest,
                "moves": entry.moves,
            }
            for entry in table
        },
        # How much longer the lower agent thinks per decision (the bot's ratio to hard's).
        "time_ratio": lower.seconds_per_move / upper.seconds_per_move
        if upper.seconds_per_move
        else None,
    }
    ratings = rate(tournament, results)
    if ratings.method == "elo":
        low, high = ratings.ratings
        row.update(
            method="elo",
            wins=upper.wins,
            draws=upper.draws,
            losses=upper.losses,
            score=(upper.wins + upper.draws / 2) / max(1, upper.games),
            # Two agents anchored at mean 1500: the difference is twice each one's distance
            # to 1500, and so is its interval.
            elo=high.value - low.value,
            elo_low=2 * (high.low - 1500),
            elo_high=2 * (high.high - 1500),
        )
        return row
    difference = []  # per game: the lower agent's mean seat rank minus the upper's
    for result in results:
        team_rank = team_ranks(team_results(tournament.teams, result.returns))
        seat_rank = {seat: team_rank[i] for i, team in enumerate(tournament.teams) for seat in team}
        mine: tuple[list[int], list[int]] = ([], [])
        for seat, entrant in enumerate(result.lineup):
            mine[entrant].append(seat_rank[seat])
        difference.append(statistics.fmean(mine[0]) - statistics.fmean(mine[1]))
    spread = statistics.stdev(difference) if len(difference) > 1 else 0.0
    half = 1.96 * spread / math.sqrt(len(difference)) if difference else 0.0
    mean = statistics.fmean(difference) if difference else 0.0
    row.update(
        method="mean rank",
        mean_rank={entry.spec: entry.mean_rank for entry in table},
        rank_gain=mean,
        rank_gain_low=mean - half,
        rank_gain_high=mean + half,
    )
    return row


def ladder_elo(specs: list[str], played: list[tuple[list[str], list[GameResult]]]) -> list[Any]:
    """One Elo fit over the games of every step (two-player games), agent by agent."""
    index = {spec: i for i, spec in enumerate(specs)}
    games = []
    for pair, results in played:
        for i, j, score in pair_results(results):
            games.append((index[pair[i]], index[pair[j]], score))
    fitted = fit_elo(len(specs), games)
    return [
        {"agent": spec, "elo": r.value, "low": r.low, "high": r.high}
        for spec, r in zip(specs, fitted, strict=True)
    ]


def _think(think: dict[str, Any]) -> str:
    """``simulations · mean / longest s`` of one agent in a step."""
    sims = think.get("simulations")
    count = f"{sims} sims · " if sims else ""
    return f"{count}{think['mean']:.3f} / {think['max']:.2f} s"


def markdown(report: dict[str, Any]) -> str:
    """The report as a markdown page."""
    load = report["load"]
    how = (
        "levels searched by their simulation counts (`--uncapped`: no time cap)"
        if report["uncapped"]
        else "levels with their time caps (as the server plays them)"
    )
    lines = [
        f"# Level ladder: {report['game']} ({report['players']} players)",
        "",
        f"`{report['command']}` — seed {report['seed']}, {report['rounds']} rounds per step, "
        f"{how}, {report['seconds']:.0f} s wall clock"
        + ("" if report["complete"] else " (stopped before its end: the games played)")
        + ".",
        "",
        "Thinking per decision: simulations (OpenSpiel's bot: per id) · mean / longest wall "
        f"clock, on the shared {load['cpus']}-core machine (niceness {load['nice']}; load "
        f"average {load['start']:.1f} at the start, {load['end']:.1f} at the end: other jobs "
        "running, so the times are longer than an idle core's).",
        "",
    ]
    if report["steps"] and report["steps"][0]["method"] == "elo":
        lines += [
            "| step (lower → upper) | games | upper W-D-L | score | Elo gain (95%) | "
            "think lower | think upper |",
            "|---|---|---|---|---|---|---|",
        ]
        for step in report["steps"]:
            think = step["think"]
            lines.append(
                f"| {step['lower']} → {step['upper']} | {step['games']} | "
                f"{step['wins']}-{step['draws']}-{step['losses']} | {step['score']:.0%} | "
                f"{step['elo']:+.0f} [{step['elo_low']:+.0f}, {step['elo_high']:+.0f}] | "
                f"{_think(think[step['lower']])} | {_think(think[step['upper']])} |"
            )
    else:
        lines += [
            "| step (lower → upper) | games | mean rank lower / upper | rank gain (95%) | "
            "think lower | think upper |",
            "|---|---|---|---|---|---|",
        ]
        for step in report["steps"]:
            think, rank = step["think"], step["mean_rank"]
            lines.append(
                f"| {step['lower']} → {step['upper']} | {step['games']} | "
                f"{rank[step['lower']]:.2f} / {rank[step['upper']]:.2f} | "
                f"{step['rank_gain']:+.2f} [{step['rank_gain_low']:+.2f}, "
                f"{step['rank_gain_high']:+.2f}] | "
                f"{_think(think[step['lower']])} | {_think(think[step['upper']])} |"
            )
    for step in report["steps"]:
        if step["lower"].startswith(PREFIX) and step["time_ratio"] is not None:
            lines += [
                "",
                f"{step['lower']} thinks {step['time_ratio']:.1f}× as long as {step['upper']} "
                "per decision (mean wall clock in the same games).",
            ]
    if report["ladder"]:
        lines += ["", "One Elo fit over every game (mean 1500, 95%):", ""]
        lines += ["| agent | Elo | 95% |", "|---|---|---|"]
        for entry in sorted(report["ladder"], key=lambda e: -e["elo"]):
            lines.append(
                f"| {entry['agent']} | {entry['elo']:.0f} | [{entry['low']:.0f}, "
                f"{entry['high']:.0f}] |"
            )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Play the ladder of one game; write its report after every game and print it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--rounds", type=int, default=10, help="rounds per step (default 10)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--openspiel", type=int, default=0, help="MCTSBot simulations per id")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--only",
        default=None,
        help="play only the steps with this agent (SPEC), or the one step LOWER,UPPER",
    )
    parser.add_argument(
        "--uncapped",
        action="store_true",
        help="search the MCTS levels by their simulation counts, without their time caps",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="LEVEL.FIELD=VALUE",
        help="try another setting of a level in this run, e.g. hard.iterations=4000",
    )
    parser.add_argument(
        "--whole-teams",
        action="store_true",
        help="games of teams: every team is played by one agent (no mixed pair)",
    )
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    game = ladder_game(args.game, args.players)
    if args.set:
        try:
            set_levels(game.name, args.set)
        except ValueError as error:
            parser.error(str(error))
    factory = functools.partial(ladder_agent, uncapped=args.uncapped)
    started = time.perf_counter()
    load_start = os.getloadavg()[0]
    args.out_dir.mkdir(parents=True, exist_ok=True)
    stem = (
        game.name
        if game.num_players == game.default_players
        else (f"{game.name}-{game.num_players}p")
    )
    played: list[tuple[list[str], list[GameResult]]] = []
    rows: list[dict[str, Any]] = []

    def report(extra: list[dict[str, Any]], complete: bool) -> dict[str, Any]:
        """The report of the finished steps plus ``extra`` (the step being played), written."""
        steps_rows = rows + extra
        specs = [
            spec
            for spec in [*LEVELS, f"openspiel:{args.openspiel}"]
            if any(spec in pair for pair, _ in played)
        ]
        two_player = bool(steps_rows) and steps_rows[0]["method"] == "elo"
        fitted = [(pair, results) for pair, results in played if results]
        result = {
            "game": game.name,
            "players": game.num_players,
            "options": dict(game.options),
            "seed": args.seed,
            "rounds": args.rounds,
            "uncapped": args.uncapped,
            "levels": {
                level: dataclasses.asdict(level_settings(game.name, level))
                for level in DEFAULT_LEVELS
            },
            "command": shlex.join(["benchmarks/ladder.py", *(argv or sys.argv[1:])]),
            "complete": complete,
            "steps": steps_rows,
            "ladder": ladder_elo(specs, fitted) if two_player and len(fitted) > 1 else [],
            "seconds": time.perf_counter() - started,
            "load": {
                "cpus": os.cpu_count(),
                "nice": os.nice(0),
                "start": load_start,
                "end": os.getloadavg()[0],
            },
        }
        (args.out_dir / f"{stem}.json").write_text(json.dumps(result, indent=1) + "\n")
        (args.out_dir / f"{stem}.md").write_text(markdown(result))
        return result

    for index, (lower, upper) in enumerate(steps(args.openspiel)):
        if not selected(lower, upper, args.only):
            continue
        tournament = plan(game, [lower, upper], args.rounds, args.seed + 1000 * index)
        if args.whole_teams:
            tournament = whole_teams(tournament)
        done: list[GameResult] = []
        played.append(([lower, upper], done))

        def on_game(
            result: GameResult,
            tournament: Tournament = tournament,
            done: list[GameResult] = done,
        ) -> None:
            done.append(result)
            report([step_figures(tournament, done)], complete=False)

        results = run(tournament, factory, on_game=on_game, jobs=args.jobs)
        done[:] = results  # schedule order
        rows.append(step_figures(tournament, results))
        print(json.dumps(rows[-1]), flush=True)
    final = report([], complete=True)
    print(markdown(final))
    return final


if __name__ == "__main__":
    main()
