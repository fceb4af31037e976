"""The board format, its validator, and the tables derived from T1 (``connect5.md`` §2, §7.1).

Each validator test writes a small faulty board and checks that the error names the element
(and its line where it can be found) and says what is wrong.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from connect_arena.games.connect5.board import BoardError
from connect_arena.games.connect5.boardfile import parse_board
from connect_arena.games.connect5.boards import (
    board_stats,
    check,
    load_board,
    read_board_file,
)
from connect_arena.games.connect5.rules import Connect5State
from connect_arena.games.connect5.topology import RunRules, topology
from tests.games.connect5.helpers import position, stacks

T1_ADJACENT = """a0-a1 a1-a2 a2-a3 a3-a4 a4-a5 a5-a6 b0-b1 b1-b2 b2-b4 b4-b5 b5-b6 cm2-cm1
cm1-a3 a3-c1 c1-c3 c3-c4 a1-d1 d1-d2 a5-e1 e1-b5 a6-b6 a6-f1 b6-f1 f1-f2"""
T1_JUMPS = """a0,a1,a2 a1,a2,a3 a2,a3,a4 a3,a4,a5 a4,a5,a6 a5,a6,b6 a5,a6,f1 b0,b1,b2 b1,b2,b4
b2,b4,b5 b4,b5,b6 b5,b6,a6 b5,b6,f1 cm2,cm1,a3 cm1,a3,c1 a3,c1,c3 c1,c3,c4 a1,d1,d2 a5,e1,b5
f2,f1,a6 f2,f1,b6"""


def pairs(text: str) -> set[frozenset[str]]:
    return {frozenset(item.split("-")) for item in text.split()}


def triples(text: str) -> set[tuple[str, ...]]:
    """Both directions of each listed triple."""
    listed = [tuple(item.split(",")) for item in text.split()]
    return set(listed) | {t[::-1] for t in listed}


def derived_pairs(t_turns: str = "any") -> set[frozenset[str]]:
    board = load_board("t1")
    ids = [node.id for node in board.dots]
    return {frozenset((ids[lk.src], ids[lk.dst])) for lk in topology(board, t_turns).links}


def derived_triples(**kwargs: bool) -> set[tuple[str, ...]]:
    board = load_board("t1")
    topo = topology(board, "any", kwargs.get("turn", False))
    ids = [node.id for node in board.dots]
    return {(ids[a], ids[j.over], ids[j.to]) for a in range(board.num_dots) for j in topo.jumps[a]}


# ----- T1: the derived tables against lists made by hand -----------------------------
def test_t1_has_23_dots_of_which_9_circled() -> None:
    board = load_board("t1")
    assert board.num_dots == 23
    assert sum(node.circled for node in board.dots) == 9
    assert [node.id for node in board.nodes[23:]] == ["J1", "J2"]


def test_t1_adjacency_is_the_complete_list() -> None:
    """§7.1 "Derived adjacency (complete list)", both directions (AMB-8 (a))."""
    assert derived_pairs() == pairs(T1_ADJACENT)
    topo = topology(load_board("t1"))
    assert all(topo.adjacent(lk.dst, lk.src) for lk in topo.links)  # symmetric


def test_t1_no_turn_at_the_dotless_crossing() -> None:
    """ "Quando due linee si incrociano, non è possibile 'svoltare'": b2/b4 and c1/c3 meet
    at J1 without a dot."""
    assert not derived_pairs() & pairs("b2-c1 b2-c3 b4-c1 b4-c3")


def test_t1_node_shapes() -> None:
    board = load_board("t1")
    shape = {node.id: board.shape(i) for i, node in enumerate(board.nodes)}
    expected = {"a1": "T", "a5": "T", "b5": "T", "a3": "X", "a6": "bend", "b6": "bend"}
    assert {k: shape[k] for k in expected} == expected
    assert (shape["J1"], shape["J2"]) == ("X", "T")
    assert shape["a2"] == "line" and shape["a0"] == "end"


def test_t1_jump_triples_are_the_complete_list() -> None:
    """§7.1 "Legal jump triples" (both directions): straight through T- and X-dots, following
    the line at bends (§9: a5 over a6 to b6)."""
    assert derived_triples() == triples(T1_JUMPS)


def test_t1_jumps_turning_at_a_t_dot_with_the_option() -> None:
    """AMB-9 alternative ``jump_turn_at_T_dot``: d1 over a1 to a0, e1 over a5 to a4, ..."""
    extra = derived_triples(turn=True) - derived_triples()
    assert extra == triples("d1,a1,a0 d1,a1,a2 e1,a5,a4 e1,a5,a6 e1,b5,b4 e1,b5,b6")


def test_t1_t_turns_from_stem_is_one_way_at_j2() -> None:
    """AMB-8 (b): at the dot-less T J2 (stem east to f1) a walk may leave the stem into the
    bar, or go along the bar, but not turn from the bar into the stem."""
    topo = topology(load_board("t1"), "from_stem")
    index = load_board("t1").dot_index
    f1, a6, b6 = index("f1"), index("a6"), index("b6")
    assert topo.adjacent(f1, a6) and topo.adjacent(f1, b6)
    assert not topo.adjacent(a6, f1) and not topo.adjacent(b6, f1)
    assert topo.adjacent(a6, b6) and topo.adjacent(b6, a6)


def test_t1_connect5_paths() -> None:
    """The paths along which a Connect 5 may run: turning at dots and at the dot-less T J2 is
    allowed, at the dot-less crossing J1 not; a4-a5-a6-b6-f1 walks J2-b6 twice (§9)."""
    board = load_board("t1")
    ids = [node.id for node in board.dots]
    runs = {frozenset(ids[d] for d in run) for run in topology(board).runs(RunRules())}
    assert frozenset(["a0", "a1", "a2", "a3", "a4"]) in runs
    assert frozenset(["cm2", "cm1", "a3", "a4", "a5"]) in runs
    assert frozenset(["b0", "b1", "b2", "b4", "b5"]) in runs
    assert frozenset(["a4", "a5", "a6", "f1", "f2"]) in runs
    assert frozenset(["b0", "b1", "b2", "c3", "c4"]) not in runs
    assert frozenset(["a4", "a5", "a6", "b6", "f1"]) not in runs
    # a5-a6-b6-b5-e1 is a loop of five dots: five paths over the same dots.
    assert (len(runs), board_stats(board)["connect5_paths"]) == (43, 47)


# ----- the validator -------------------------------------------------------------------------
HEADER = 'format = "connect-arena/connect5-board@1"\nid = "x"\nname = "X"\n'
ROW = (
    'dots = [\n  { id = "a", x = 0, y = 0 },\n  { id = "b", x = 1, y = 0 },\n'
    '  { id = "c", x = 2, y = 0 },\n  { id = "d", x = 3, y = 0 },\n'
    '  { id = "e", x = 4, y = 0, kind = "circled" },\n]\n'
)


def problems(text: str) -> list[str]:
    with pytest.raises(BoardError) as caught:
        check(parse_board(text, "test.toml"))
    assert str(caught.value).startswith("test.toml: ")
    return [str(problem) for problem in caught.value.problems]


def test_a_minimal_board_is_valid() -> None:
    board = check(parse_board(HEADER + ROW + 'lines = [["a", "b", "c", "d", "e"]]\n', "ok"))
    assert board.num_dots == 5 and board.nodes[4].circled


def test_not_toml() -> None:
    assert "not valid TOML" in problems("id = \n")[0]


def test_unknown_keys_and_bad_format() -> None:
    found = problems(
        'format = "other"\nid = "x"\nname = "X"\ncolour = "red"\n'
        + ROW.replace("x = 4, y = 0, kind", "x = 4, y = 0, size = 3, kind")
        + 'lines = [["a", "b"]]\n'
    )
    assert any("colour: unknown key" in p and p.startswith("line 4") for p in found)
    assert any(p.startswith("line 1, format: must be") for p in found)
    assert any("dots[4] 'e': unknown key 'size'" in p for p in found)


def test_duplicate_ids_and_bad_ids() -> None:
    text = HEADER + ROW.replace('id = "c"', 'id = "A"').replace('id = "d"', 'id = "9d"')
    found = problems(text + 'lines = [["a", "b"]]\n')
    assert any(
        "line 7, dots[2] 'A': duplicate id (already used by dots[0] 'a')" in p for p in found
    )
    assert any("dots[3] '9d': id must be a letter" in p for p in found)


@pytest.mark.parametrize("word", ["over", "To", "pass", "first", "starter"])
def test_reserved_words_are_not_ids(word: str) -> None:
    """Words the parser reads specially: ``over`` and ``to`` inside a capture, and a bare
    ``pass`` (``first`` too, the chance action's verb, and its old form ``starter``)."""
    found = problems(HEADER + ROW.replace('id = "b"', f'id = "{word}"') + 'lines = [["a", "c"]]\n')
    assert any(f"{word!r} is a word of the notation" in p for p in found)


def test_x_is_a_dot_id_like_any_other(tmp_path: Path) -> None:
    """``x`` is no word of the notation (captures are written ``jump a over b to c``), so a
    dot may be called ``x`` and every action can name it."""
    from connect_arena.core import load

    names = ["a", "x", "c", "d", "e", "f", "g", "h", "i", "j"]  # ten dots for two players
    dots = ",\n".join(f'  {{ id = "{n}", x = {i}, y = 0 }}' for i, n in enumerate(names))
    path = tmp_path / "x.toml"
    path.write_text(HEADER + f"dots = [\n{dots}\n]\nlines = [{names!r}]\n".replace("'", '"'))
    state = load("connect5", 2, board=str(path), first_player="0").new_initial_state()
    for text in ("place a", "x", "place e"):
        state.apply_action(text)
    assert [str(entry.action) for entry in state.history] == ["place a", "place x", "place e"]
    assert str(state._parse("jump x-d")) == "jump x over c to d"


def test_non_finite_and_non_numeric_coordinates() -> None:
    text = HEADER + ROW.replace("x = 1,", "x = inf,").replace(
        'y = 0 },\n  { id = "c"', 'y = "0" },\n  { id = "c"'
    )
    found = problems(text + 'lines = [["a", "b"]]\n')
    assert any("dots[1] 'b': x = inf is not a finite number" in p for p in found)
    assert any("y must be a number" in p for p in found)


def test_two_nodes_at_one_place_and_a_bad_kind() -> None:
    text = HEADER + ROW.replace("x = 1, y = 0 }", "x = 0, y = 0 }").replace('"circled"', '"big"')
    found = problems(text + 'lines = [["a", "c"]]\n')
    assert any("dot 'b': stands at (0, 0) like 'a'" in p for p in found)
    assert any('kind must be "single" or "circled"' in p for p in found)


def test_unknown_id_in_a_line() -> None:
    found = problems(HEADER + ROW + 'lines = [\n  ["a", "b", "zz"],\n]\n')
    assert found == ["line 12, lines[0]: unknown node id 'zz'"]


def test_isolated_dot() -> None:
    found = problems(HEADER + ROW + 'lines = [["a", "b", "c", "d"]]\n')
    assert found == ["line 9, dot 'e': is isolated: no line reaches it"]


def test_lines_crossing_without_a_junction() -> None:
    text = (HEADER + ROW + "junctions = []\ndots2 = 1\n").replace("dots2 = 1\n", "")
    text = text.replace(
        "]\njunctions",
        '  { id = "n", x = 2, y = 1 },\n  { id = "s", x = 2, y = -1 },\n]\njunctions',
    )
    text = text.replace('{ id = "c", x = 2, y = 0 },\n', "")
    found = problems(text + 'lines = [["a", "b", "d", "e"], ["n", "s"]]\n')
    assert len(found) == 1
    assert "cross or touch at (2, 0) where there is no node" in found[0]


def test_a_line_running_over_a_dot() -> None:
    found = problems(HEADER + ROW + 'lines = [["a", "c", "d", "e"], ["a", "b"]]\n')
    assert any("runs over 'b' without stopping there" in p for p in found)


def test_overlapping_lines() -> None:
    found = problems(HEADER + ROW + 'lines = [["a", "b", "c", "d", "e"], ["b", "c"]]\n')
    assert any("overlap" in p for p in found)


def test_junction_shapes() -> None:
    text = HEADER + ROW + 'junctions = [{ id = "J", x = 5, y = 0 }]\n'
    found = problems(text + 'lines = [["a", "b", "c", "d", "e", "J"]]\n')
    assert any(
        "junction 'J': has 1 arm; a junction is a T (3) or a crossing (4)" in p for p in found
    )
    y_shape = (
        HEADER
        + ROW.replace(
            "]\n", '  { id = "f", x = 6, y = 1 },\n  { id = "g", x = 6, y = -1 },\n]\n', 1
        )
        + 'junctions = [{ id = "J", x = 5, y = 0 }]\n'
        + 'lines = [["a", "b", "c", "d", "e"], ["J", "f"], ["J", "g"], '
        + '["e", [4, 1], [5, 1], "J"]]\n'
    )
    assert any("no two in line: not a T-connection" in p for p in problems(y_shape))


def test_two_stretches_joining_the_same_dots() -> None:
    found = problems(
        HEADER + ROW + 'lines = [["a", "b", "c", "d", "e"], ["a", [0, 1], [1, 1], "b"]]\n'
    )
    assert any("dots 'a' and 'b': are joined by two different stretches" in p for p in found)


def test_circuit_in_two_pieces() -> None:
    text = HEADER + ROW.replace(
        "]\n", '  { id = "f", x = 0, y = 5 },\n  { id = "g", x = 1, y = 5 },\n]\n', 1
    )
    found = problems(text + 'lines = [["a", "b", "c", "d", "e"], ["f", "g"]]\n')
    assert found == ["board: the circuit falls apart into 2 pieces (not reached from 'a': f, g)"]


def test_no_room_for_a_connect5() -> None:
    found = problems(HEADER + ROW + 'lines = [["a", "b", "c", "d"], ["c", [2, 1], [4, 1], "e"]]\n')
    assert found == ["board: no five dots in a row anywhere: no Connect 5"]


def test_declared_symmetry_is_checked() -> None:
    text = HEADER + 'symmetry = "half-turn"\n' + ROW + 'lines = [["a", "b", "c", "d", "e"]]\n'
    found = problems(text)
    assert any("'a': its half-turn image is 'e', a different kind of node" in p for p in found)


def test_unknown_board_and_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="no such board"):
        load_board("chess")
    with pytest.raises(BoardError, match="cannot read it"):
        read_board_file(tmp_path / "missing.toml")
    path = tmp_path / "mine.toml"
    path.write_text(HEADER + ROW + 'lines = [["a", "b", "c", "d", "e"]]\n')
    assert load_board(str(path)).num_dots == 5


# ----- the shipped boards ----------------------------------------------------------------------
@pytest.mark.parametrize(("name", "dots"), [("basic", range(60, 91)), ("advanced", range(90, 131))])
def test_shipped_boards_follow_the_project_decision(name: str, dots: range) -> None:
    """rules/README.md "Decisions": B about 60-90 dots, A about 90-130; single and circled
    dots (roughly a quarter circled); T-connections and crossings with and without dots;
    bends; A with many more dot-less crossings and T-connections than B."""
    board = load_board(name)
    stats = board_stats(board)
    assert stats["dots"] in dots
    assert 0.2 <= stats["circled"] / stats["dots"] <= 0.3
    assert min(stats["t_dots"], stats["t_junctions"], stats["x_dots"], stats["x_junctions"]) > 0
    assert stats["bend_dots"] > 0 and stats["bent_segments"] > 0
    assert stats["connect5_paths"] > 2 * stats["dots"]
    assert "not the printed board" in board.origin
    # "all game rules applies to both game boards" (AMB-26): doubles step, eat doubles and
    # sandwiches happen (test_register.py plays each of them)
    assert stats["circled_pairs"] > 0 and stats["circled_jumps"] > 0


def test_advanced_is_more_intricate_than_basic() -> None:
    basic, advanced = board_stats(load_board("basic")), board_stats(load_board("advanced"))
    assert advanced["x_junctions"] >= 4 * basic["x_junctions"]
    assert advanced["t_dots"] + advanced["t_junctions"] > basic["t_dots"] + basic["t_junctions"]


@pytest.mark.parametrize("name", ["basic", "advanced"])
def test_shipped_boards_are_symmetric_under_a_quarter_turn(name: str) -> None:
    """ "Both symmetric under a half turn (better: a quarter turn) so that no seat is
    favoured": the validator checks the declared symmetry, and a quarter turn of the derived
    adjacency maps it onto itself."""
    from connect_arena.games.connect5 import geometry as geo
    from connect_arena.games.connect5.boards import symmetry_problems

    board = load_board(name)
    assert board.symmetry == "quarter-turn"
    assert symmetry_problems(board, "quarter-turn") == []
    pivot = geo.centre([node.point for node in board.nodes])
    at = {geo.key(node.point): index for index, node in enumerate(board.dots)}
    image = [at[geo.key(geo.rotate(node.point, pivot, 1))] for node in board.dots]
    topo = topology(board)
    pairs = {(lk.src, lk.dst) for lk in topo.links}
    assert {(image[a], image[b]) for a, b in pairs} == pairs
    jumps = {(a, j.over, j.to) for a in range(board.num_dots) for j in topo.jumps[a]}
    assert {(image[a], image[b], image[c]) for a, b, c in jumps} == jumps


def test_a_board_file_is_plain_data_and_dot_ids_name_the_lattice_point() -> None:
    """Dot ids of the shipped boards are file letter + rank number, like a chess board."""
    board = load_board("basic")
    for node in board.dots:
        assert node.id == f"{chr(ord('a') + int(node.x))}{int(node.y) + 1}"


def _circled_triple(state: Connect5State) -> tuple[str, str, str]:
    """The first jump triple A–B–C of the board with A and C circled."""
    cfg = state.cfg
    for start, row in enumerate(cfg.topo.jumps):
        for jump in row:
            if cfg.circled[start] and cfg.circled[jump.to]:
                return cfg.ids[start], cfg.ids[jump.over], cfg.ids[jump.to]
    raise AssertionError(f"board {cfg.board.id}: no jump between two circled dots")


def _circled_pair(state: Connect5State) -> tuple[str, str]:
    """The first two adjacent circled dots of the board."""
    cfg = state.cfg
    for link in cfg.topo.links:
        if cfg.circled[link.src] and cfg.circled[link.dst]:
            return cfg.ids[link.src], cfg.ids[link.dst]
    raise AssertionError(f"board {cfg.board.id}: no two adjacent circled dots")


@pytest.mark.parametrize("board", ["basic", "advanced", "t1"])
def test_amb26_every_rule_can_be_played_on_every_board(board: str) -> None:
    """IT "N.B. tutte le regole del gioco sono applicate su entrambi i tabelloni" (EN "all
    game rules applies to both game boards"): each shipped board has a jump between two
    circled dots and two adjacent circled dots, so that on each "Le pedine doppie possono
    mangiare ed essere mangiate da altre pedine doppie avversarie", a double eats a single
    without splitting, the sandwich happens, and a double moves without splitting."""
    probe = position(board=board)
    a, b, c = _circled_triple(probe)
    eat_double = position(f"P1²:{a}, P2²:{b}", board=board)
    eat_double.apply_action(f"jump {a} over {b} to {c}")
    assert stacks(eat_double) == f"P1²:{c}" and eat_double.captured == [2, 0]
    eat_single = position(f"P1²:{a}, P2:{b}", board=board)
    eat_single.apply_action(f"jump {a} over {b} to {c}")
    assert stacks(eat_single) == f"P1²:{c}"
    sandwich = position(f"P1:{a}, P2:{b}, P1:{c}", board=board)
    sandwich.apply_action(f"sandwich {a} over {b} to {c}")
    assert stacks(sandwich) == f"P1²:{c}"
    src, dst = _circled_pair(probe)
    walk = position(f"P1²:{src}", board=board)
    walk.apply_action(f"step {src} {dst}")
    assert stacks(walk) == f"P1²:{dst}"


def test_a_board_file_nested_too_deeply_is_a_board_error() -> None:
    """Found by the fuzzer: a bare RecursionError from tomllib before."""
    with pytest.raises(BoardError, match="nested too deeply"):
        parse_board("a = " + "[" * 5000 + "]" * 5000 + "\n", "deep.toml")
