"""Issue 15, defect 12: the terminal for a newcomer. Connect Pairs' ``?`` groups the 720 key
orders instead of printing them all (``? key`` still lists them); Quinque's first prompt names
only the legal kinds of action; the ``hint`` table says it is ranked by the search share."""

from __future__ import annotations

from rich.console import Console

from connect_arena.agents.mcts import Line
from connect_arena.cli.analyse import analysis_table
from connect_arena.cli.display import actions_view
from connect_arena.core import load
from tests.cli.clihelpers import Invoke


def _feed(*commands: str) -> str:
    return "".join(f"{command}\n" for command in commands)


def test_pairs_question_mark_groups_the_key_orders(cli: Invoke) -> None:
    result = cli("play", "pairs", "--players", "human,random", "--seed", "1", input=_feed("?"))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "720 legal actions:" in out
    assert "key (720): every order of the six letters A B C D E F, e.g. key ABCDEF" in out
    assert "ABCDFE" not in out  # not the 720 orders one by one
    assert len(out.splitlines()) < 60


def test_a_question_mark_with_a_word_lists_that_group_in_full(cli: Invoke) -> None:
    result = cli("play", "pairs", "-p", "human,random", "--seed", "1", input=_feed("? key"))
    out = result.stdout
    assert "720 legal actions (key):" in out
    assert "ABCDEF" in out and "FEDCBA" in out and "ABCDFE" in out
    missing = cli("play", "pairs", "-p", "human,random", "--seed", "1", input=_feed("? mark"))
    assert "no legal action starts with 'mark' (the kinds now: key)" in missing.stdout


def test_long_groups_that_are_not_orders_are_cut_with_a_way_to_see_them() -> None:
    actions = [f"write {n} {c}{r}" for n in range(1, 7) for c in "abcdef" for r in range(1, 7)]
    console = Console(width=100, record=True)
    console.print(actions_view(actions))
    text = console.export_text()
    assert "write (216): the first 40 shown; type ? write for all of them" in text
    assert "1 a1" in text and "6 f6" not in text


def test_quinques_first_prompt_names_only_legal_actions(cli: Invoke) -> None:
    result = cli("play", "quinque", "--players", "human,random", "--seed", "1", input=_feed())
    out = result.stdout
    assert "Red to play: add a tile" in out
    assert "mark a skydiver" not in out and "move a tile" not in out


def test_the_hint_table_says_how_it_is_ranked() -> None:
    state = load("toy-tictactoe").new_initial_state()
    action = state.legal_actions()[0]
    other = state.legal_actions()[1]
    lines = [
        Line(action=action, value=0.1, visits=90, solved=False, principal=(action,)),
        Line(action=other, value=0.5, visits=10, solved=False, principal=(other,)),
    ]
    console = Console(width=120, record=True)
    console.print(analysis_table(lines, 3, "hint for X"))
    text = console.export_text()
    header = next(line for line in text.splitlines() if "action" in line)
    assert header.index("search") < header.index("value")  # the ranking column first
    assert "ranked by the share of the search" in text
