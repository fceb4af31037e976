"""One test (at least) per decision of the ambiguity register AMB-1…AMB-30 and §9 of
``docs/rules/connect5.md``, pinning the default and each alternative offered as an option.
Quotations name the language whose wording decides.
"""

from __future__ import annotations

import pytest

from connect_arena.core import CHANCE, IllegalActionError, InvalidOptionError, load
from connect_arena.games.connect5.rules import Connect5State
from tests.games.connect5.helpers import P1, P2, P3, legal, position, stacks, texts


def test_amb1_the_first_turn_of_a_round_is_a_placement() -> None:
    """IT "posizionano in senso orario uno dopo l'altro una delle loro pedine"."""
    state = position("P1:a0, P2:a1", first_turn=True)  # even with a token already there
    assert {a.split()[0] for a in texts(state)} == {"place"}
    with pytest.raises(IllegalActionError, match="first turn of a round places a token"):
        state.apply_action("jump a0 over a1 to a2")


def test_amb2_place_only_on_a_free_dot() -> None:
    """IT "purché sia libero da pedine avversarie"; placing on an own token is STACK."""
    state = position("P1²:b1, P2:a0")
    assert not legal(state, "place b1") and not legal(state, "place a0")
    with pytest.raises(IllegalActionError, match="b1 already holds your double"):
        state.apply_action("place b1")


@pytest.mark.parametrize("option", [False, True])
def test_amb3_amb4_stack_from_the_supply_or_also_by_a_step(option: bool) -> None:
    """IT "Mettere una pedina sopra ad un'altra sua pedina" = a token from the supply
    (AMB-3 (a)); stepping onto an own single is no listed move (AMB-4 (a)). Option
    ``stack_by_step`` allows it, onto a circled dot only."""
    state = position("P1:a1, P1:a2, P1:a3", stack_by_step=option)
    assert legal(state, "stack a2")
    assert legal(state, "step a1 a2") is option
    assert not legal(state, "step a2 a1") and not legal(state, "step a2 a3")  # single dots
    if option:
        state.apply_action("step a1 a2")
        assert stacks(state) == "P1²:a2, P1:a3"
    else:
        with pytest.raises(IllegalActionError, match="a2 is not free"):
            state.apply_action("step a1 a2")


def test_amb5_no_stack_of_three() -> None:
    """Only "pedina doppia" is ever mentioned: at most two tokens."""
    state = position("P1²:a2, P1:a4, P1²:b1, P1:b2", stack_by_step=True)
    assert not legal(state, "stack a2")
    assert not legal(state, "step b2 b1")


def test_amb6_doubles_never_leave_the_circled_dots() -> None:
    """FR "Les doubles pions ne peuvent être déplacés que sur des cases représentant un point
    entouré d'un cercle"; every way a double could reach a single dot splits it."""
    state = position("P1²:a4, P2:f2")  # a3 and a5: free single dots next to a4
    assert not legal(state, "step a4 a5") and not legal(state, "step a4 a3")
    assert legal(state, "split a4 a5") and legal(state, "split a4 a3")
    with pytest.raises(IllegalActionError, match="a double moves only between circled dots"):
        state.apply_action("step a4 a5")


def test_amb7_steps_and_splits_land_on_free_dots() -> None:
    """EN "moving the other one on an adjacent dot, if free"."""
    state = position("P1²:b1, P2:b2, P2:b0")
    assert not any(a.startswith(("step", "split")) for a in texts(state))


def test_amb8_t_turns() -> None:
    """IT "Questo è lecito solo nelle connessioni a 'T', svoltando a destra o a sinistra":
    default every pair of arms of a T (a); ``t_turns=from_stem`` only stem → bar (b)."""
    assert legal(position("P1:a6"), "step a6 f1")
    one_way = position("P1:a6", t_turns="from_stem")
    assert not legal(one_way, "step a6 f1") and legal(one_way, "step a6 b6")
    assert legal(position("P1:f1", t_turns="from_stem"), "step f1 a6")


@pytest.mark.parametrize("option", [False, True])
def test_amb9_a_jump_goes_straight_through_a_t_dot(option: bool) -> None:
    """IT "scavalcandola" ... "il punto successivo": straight on (a); the option
    ``jump_turn_at_T_dot`` lets it turn at a T-dot (b)."""
    state = position("P1:d1, P2:a1", jump_turn_at_T_dot=option)
    assert legal(state, "jump d1 over a1 to a0") is option
    assert legal(state, "jump d1 over a1 to a2") is option


def test_amb10_amb29_split_in_a_chain_then_the_single_goes_on() -> None:
    """IT "dovrà essere divisa se il punto di arrivo della mossa non è cerchiato": the top
    token jumps, the other stays (AMB-10 (a)); the chain goes on with that single (AMB-29),
    which therefore cannot eat a double."""
    state = position("P1²:a6, P2:b6, P2:b4")
    state.apply_action("jump a6 over b6 to b5 over b4 to b2")
    assert stacks(state) == "P1:a6, P1:b2"
    assert state.captured == [2, 0]
    strong = position("P1²:a6, P2:b6, P2²:b4")
    assert legal(strong, "jump a6 over b6 to b5")
    with pytest.raises(IllegalActionError, match="single token cannot eat a double"):
        strong.apply_action("jump a6 over b6 to b5 over b4 to b2")


@pytest.mark.parametrize(("option", "left", "points"), [("both", "", 2), ("top", "P2:b2, ", 1)])
def test_amb11_amb30_capturing_a_double(option: str, left: str, points: int) -> None:
    """IT "1 punto per ciascuna pedina mangiata": both tokens, 2 points (a); option
    ``double_capture_removes=top``: the top one, 1 point, a single stays (b)."""
    state = position("P1²:b1, P2²:b2", double_capture_removes=option)
    state.apply_action("jump b1 over b2 to b4")
    assert stacks(state) == f"{left}P1²:b4"
    assert state.captured == [points, 0]


def _jumped_onto_c1(**options: object) -> Connect5State:
    """P1 jumps cm1 over a3 to c1; Blue passes the turn elsewhere; P1 to move, with a0 a1 a2
    a4 and c1: stepping back c1 → a3 retraces the jump and would complete a0…a4."""
    state = position("P1:a0, P1:a1, P1:a2, P1:a4, P1:cm1, P2:a3, P2:f2", **options)
    state.apply_action("jump cm1 over a3 to c1")
    state.apply_action("step f2 f1", P2)
    return state


def test_amb12_retrace_rule_chain_by_default() -> None:
    """IT "Non è possibile mangiare una pedina e ne fare Connect 5 ripercorrendo a ritroso un
    tratto appena usato": by default within one move (a capture chain, a Connect 5)."""
    state = _jumped_onto_c1()
    state.apply_action("step c1 a3")
    assert state.is_terminal() and state.results[0].connect5 == P1


def test_amb12_retrace_rule_previous_turn() -> None:
    """Option ``retrace_rule=previous_turn``: neither a Connect 5 nor a capture by going back
    along the stretch the token used in its previous turn."""
    state = _jumped_onto_c1(retrace_rule="previous_turn")
    with pytest.raises(IllegalActionError, match="by going back along the line it used last"):
        state.apply_action("step c1 a3")
    assert legal(state, "step c1 c3")  # other moves are fine
    state = position("P1:a0, P2:a1, P2:f2", retrace_rule="previous_turn")
    state.apply_action("jump a0 over a1 to a2")
    state.apply_action("place a1", P2)
    assert not legal(state, "jump a2 over a1 to a0")
    assert legal(position("P1:a2, P2:a1"), "jump a2 over a1 to a0")


@pytest.mark.parametrize("option", ["chain", "no_revisit"])
def test_amb12_a_chain_may_come_back_to_a_dot_unless_no_revisit(option: str) -> None:
    """By a loop (a4 → a6 → b5 → a5) a chain may land on a dot it jumped over, using no
    stretch twice; FR "en retournant sur une des cases déjà utilisées auparavant" forbids it
    (``retrace_rule=no_revisit``)."""
    state = position("P1:a4, P2:a5, P2:b6, P2:e1", retrace_rule=option)
    loop = "jump a4 over a5 to a6 over b6 to b5 over e1 to a5"
    assert legal(state, "jump a4 over a5 to a6 over b6 to b5")
    assert legal(state, loop) is (option == "chain")
    if option == "no_revisit":
        with pytest.raises(IllegalActionError, match="may not come back to a5"):
            state.apply_action(loop)


@pytest.mark.parametrize(("start", "allowed"), [("P1:a2", False), ("P1²:a2", True)])
def test_amb13_strict_sandwich_needs_a_double_at_the_start(start: str, allowed: bool) -> None:
    """IT/DE/ES "solo nel caso in cui nella casella di partenza si trovi una pedina doppia"
    read literally (option ``sandwich_mode=strict_only_double_start``); the default reconciles
    it with the first sentence, which describes two singles (see scenario 11a)."""
    state = position(f"{start}, P1:a4, P2:a3", sandwich_mode="strict_only_double_start")
    assert legal(state, "sandwich a2 over a3 to a4") is allowed


def test_amb14_connect5_may_turn_at_dots_by_default() -> None:
    """IT "una dopo l'altra su punti adiacenti" (a); FR "alignées" is option
    ``connect5_straight_only`` (scenario 13)."""
    state = position("P1:a2, P1:a3, P1:c1, P1:cm1")
    state.apply_action("place a1")  # a1 a2 a3 then turn at a3 (a dot) … only 4 in a line
    assert not state.is_terminal()
    state = position("P1:a1, P1:a2, P1:a3, P1:c1")
    state.apply_action("place c3")  # a1 a2 a3 c1 c3: a turn at the dot a3
    assert state.is_terminal()


@pytest.mark.parametrize("option", [True, False])
def test_amb15_turning_at_a_crossing_with_a_dot(option: bool) -> None:
    """Only the dot-less crossing is forbidden in the text: allowed by default; option
    ``connect5_turn_at_crossing_dot=false`` forbids it. Straight through a3 is always fine."""
    state = position("P1:cm2, P1:cm1, P1:a3, P1:a4", connect5_turn_at_crossing_dot=option)
    state.apply_action("place a5")
    assert state.is_terminal() is option
    state = position("P1:cm2, P1:cm1, P1:a3, P1:c1", connect5_turn_at_crossing_dot=option)
    state.apply_action("place c3")
    assert state.is_terminal()


def test_amb16_default_a_stuck_player_passes_and_the_round_goes_on() -> None:
    """IT "non ci sono più caselle disponibili e non è possibile fare altre mosse": the round
    ends when nobody can move (a); until then a stuck player's only action is ``pass``."""
    state = position("P1:a0", supply=[5, 0])
    state.apply_action("place c4")
    assert texts(state) == {"pass"}
    state.apply_action("pass")
    with pytest.raises(IllegalActionError, match="pass only when no other action"):
        state.apply_action("pass")


def test_amb16_mover_stuck_ends_the_round() -> None:
    """FR "ou s'il est impossible de faire d'autres déplacements" (option
    ``round_end=mover_stuck``)."""
    state = position("P1:a0", supply=[5, 0], round_end="mover_stuck")
    state.apply_action("place c4")
    assert state.is_terminal() and state.results[0].reason == "mover_stuck"


def test_amb16_board_full_ends_the_round() -> None:
    """Option ``round_end=board_full``: the round ends when no free dot is left."""
    free = ", ".join(
        f"P{1 + i % 2}:{dot}"
        for i, dot in enumerate(
            [
                "a0",
                "a1",
                "a2",
                "b0",
                "b1",
                "b2",
                "b4",
                "b5",
                "b6",
                "cm2",
                "cm1",
                "c1",
                "c3",
                "c4",
                "d1",
                "d2",
                "e1",
                "f1",
            ]
        )
    )
    state = position(free + ", P2:a3, P1:a4, P2:a5, P1:a6", round_end="board_full")
    state.apply_action("place f2")
    assert state.is_terminal() and state.results[0].reason == "board_full"


def test_amb17_idle_limit() -> None:
    """No rule ends an endless round: off by default; ``idle_limit=N`` ends it after N turns
    in a row without a placement, stack or capture."""
    state = position("P1:a0, P2:f2", idle_limit=3)
    for action in ("step a0 a1", "step f2 f1", "step a1 a0"):
        assert not state.is_terminal()
        state.apply_action(action)
    assert state.is_terminal() and state.results[0].reason == "idle_limit"
    endless = position("P1:a0, P2:f2")
    for _ in range(20):
        endless.apply_action("step a0 a1")
        endless.apply_action("step f2 f1")
        endless.apply_action("step a1 a0")
        endless.apply_action("step f1 f2")
    assert not endless.is_terminal()


def test_amb18_amb21_a_full_game_ends_after_the_last_round_only() -> None:
    """IT "Vince il giocatore che alla fine dei round ha accumulato più punti"."""
    state = position("P1:a0, P1:a1, P1:a2, P1:a3", mode="full")
    state.apply_action("place a4")
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0] and state.scores() == [5, 0]
    assert state.round == 1 and state.current_player == P2  # the next seat clockwise starts


def test_amb19_quick_game_is_one_round() -> None:
    state = position("P1:a0, P1:a1, P1:a2, P1:a3")
    state.apply_action("place a4")
    assert state.is_terminal() and len(state.results) == 1


@pytest.mark.parametrize(
    ("option", "winners", "returns"),
    [("shared", [P1, P2], [0.0, 0.0]), ("connect5_then_captures", [P2], [-1.0, 1.0])],
)
def test_amb20_ties(option: str, winners: list[int], returns: list[float]) -> None:
    """Not covered by the rulebook: shared victory (default), or a tie break. A victory
    shared by every player is a draw: returns 0 for all (zero-sum with two players, and
    MCTS-Solver reads +1 as a proven win)."""
    state = position("P2:a0, P2:a1, P2:a2, P2:a3", to_move=P2, tie_break=option)
    state.captured = [5, 0]
    state.apply_action("place a4")
    assert state.scores() == [5, 5]
    assert state.winners() == winners
    assert state.returns() == returns


@pytest.mark.parametrize(
    ("captured", "returns"),
    [([5, 5, 0], [1.0, 1.0, -1.0]), ([5, 5, 5], [0.0, 0.0, 0.0]), ([6, 5, 0], [1.0, -1.0, -1.0])],
)
def test_amb20_returns_with_three_players(captured: list[int], returns: list[float]) -> None:
    """+1 for each winner and -1 for the others, unless everyone shares the victory (all 0):
    two of three tied at the top both win."""
    state = position("P1:a0, P2:a1", players=3, supply=[0, 0, 0])
    state.captured = [captured[0] - 1, *captured[1:]]
    state.apply_action("jump a0 over a1 to a2")  # only Red has tokens left: no score can change
    assert state.is_terminal() and state.results[0].reason == "dead"
    assert state.scores() == captured
    assert state.returns() == returns


def test_amb22_who_starts_is_a_chance_action_unless_fixed() -> None:
    """IT "dopo aver deciso chi comincia": random by default, as a recorded chance action."""
    state = load("connect5", 3, board="t1").new_initial_state()
    assert state.current_player == CHANCE
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [
        ("first 0", pytest.approx(1 / 3)),
        ("first 1", pytest.approx(1 / 3)),
        ("first 2", pytest.approx(1 / 3)),
    ]
    state.apply_action("first 2")
    assert state.current_player == P3
    assert (
        load("connect5", 3, board="t1", first_player="1").new_initial_state().current_player == P2
    )
    with pytest.raises(InvalidOptionError, match="seat 4 does not exist"):
        load("connect5", 3, board="t1", first_player="4")


def test_amb23_an_empty_supply_just_stops_placing() -> None:
    state = position("P1:a2", supply=[0, 25])
    assert not any(a.startswith(("place", "stack")) for a in texts(state))
    with pytest.raises(IllegalActionError, match="no tokens left"):
        state.apply_action("place a0")


def test_amb24_connect5_is_checked_after_the_whole_chain() -> None:
    """A chain that passes through the fifth dot and leaves it makes no Connect 5."""
    setup = "P1:a0, P1:a1, P1:a2, P1:a4, P1:c3, P2:c1, P2:cm1"
    state = position(setup)
    state.apply_action("jump c3 over c1 to a3 over cm1 to cm2")
    assert not state.is_terminal()
    stop = position(setup)
    stop.apply_action("jump c3 over c1 to a3")
    assert stop.is_terminal()
    assert stop.scores() == [6, 0]  # the capture of the same move scores too


@pytest.mark.parametrize("option", [False, True])
def test_amb25_capture_is_optional_unless_compulsory(option: bool) -> None:
    state = position("P1:a0, P2:a1", capture_compulsory=option)
    assert legal(state, "place c4") is not option
    if option:
        assert texts(state) == {"jump a0 over a1 to a2"}
        with pytest.raises(IllegalActionError, match="captures are compulsory"):
            state.apply_action("place c4")


def test_amb27_a_double_victim_stands_on_a_circled_dot() -> None:
    """A double eating a double lands on a circled dot; the victim's dot is circled anyway,
    because doubles only stand on circled dots (``test_properties.py`` checks the latter)."""
    state = position("P1²:b1, P2²:b2")
    assert legal(state, "jump b1 over b2 to b4")
    assert state.cfg.circled[state.cfg.board.dot_index("b2")]


def test_amb28_sandwich_tokens_are_in_line() -> None:
    """ "posizionato tra due altri punti cerchiati": a2 and cm1 are circled and both next to
    a3, but a2–a3–cm1 turns at the crossing, so no sandwich."""
    state = position("P1:a2, P1:cm1, P2:a3")
    assert not any(a.startswith("sandwich") for a in texts(state))
    assert legal(position("P1:cm1, P1:c1, P2:a3"), "sandwich cm1 over a3 to c1")


# ----- §9 further decisions ------------------------------------------------------------------
@pytest.mark.parametrize("option", [False, True])
def test_s9_a_sandwich_is_a_move_of_its_own(option: bool) -> None:
    """IT "Eseguire mangiate multiple, purché gli spazi di arrivo siano liberi": a sandwich
    lands on an own token, so it is no part of a chain (option ``sandwich_in_chain``)."""
    state = position("P1:a0, P2:a1, P2:a3, P1:a4", players=2, sandwich_in_chain=option)
    chain = "sandwich a0 over a1 to a2 over a3 to a4"
    assert legal(state, chain) is option
    if option:
        state.apply_action(chain)
        assert stacks(state) == "P1²:a4" and state.captured == [2, 0]
    else:
        with pytest.raises(IllegalActionError, match="capture of its own"):
            state.apply_action(chain)


@pytest.mark.parametrize("option", [False, True])
def test_s9_a_connect5_never_walks_a_stretch_twice(option: bool) -> None:
    """a4-a5-a6-b6-f1 walks J2–b6 twice (AMB-12 (a) for Connect 5); option
    ``connect5_may_retrace`` accepts it."""
    state = position("P1:a4, P1:a5, P1:a6, P1:b6", connect5_may_retrace=option)
    state.apply_action("place f1")
    assert state.is_terminal() is option


def test_s9_a_jump_follows_the_line_at_a_bend_dot() -> None:
    state = position("P1:a5, P2:a6")
    state.apply_action("jump a5 over a6 to b6")
    assert stacks(state) == "P1:b6"


def test_s9_a_stuck_player_passes_and_the_pass_is_recorded() -> None:
    """§9: "A player who cannot act while another can has exactly one legal action, pass,
    recorded"; when nobody can act the round ends at once (scenario 15)."""
    state = position("P1:a0", supply=[5, 0])
    state.apply_action("place c4")
    assert texts(state) == {"pass"}
    state.apply_action("pass")
    assert [str(entry.action) for entry in state.history] == ["place c4", "pass"]
    assert state.current_player == P1


# Seat 0 has a3 c4 d2 left and seat 1 a0 b0 cm2 f2, supplies empty, five eaten each: once
# Blue jumps a1, nobody has five tokens left, but Red can still eat a2 back (1 point each).
FEW_TOKENS = "P2:a0, P1:a1, P1:a3, P1:c4, P1:d2, P2:f2, P2:b0, P2:cm2"


def test_amb16_the_round_goes_on_while_captures_can_still_score() -> None:
    """§9 (overriding): "after every turn, if no player can place or move, the round ends
    at once"; IT "non ci sono più caselle disponibili e non è possibile fare altre mosse,
    si procede al calcolo del punteggio delle pedine mangiate" (DE "und keine anderen Züge
    möglich sind", ES "y no hay posibilidad de movimiento"): with fewer than five tokens
    each no Connect 5 is possible, yet a capture still scores 1 point, so by default the
    round goes on."""
    state = position(FEW_TOKENS, to_move=P2, supply=[0, 0])
    state.captured = [5, 5]
    state.apply_action("jump a0 over a1 to a2")
    assert state.tokens_left() == [3, 4]
    assert not state.is_terminal()
    state.apply_action("jump a3 over a2 to a1")
    assert state.scores() == [6, 6]


def test_amb16_end_without_connect5_is_an_option() -> None:
    """The reading of IT "Se durante un round nessuno dei giocatori fa Connect 5 o ..." as
    a separate way to end a round (option ``end_without_connect5``, default off): the
    round ends as soon as nobody has five tokens left."""
    state = position(FEW_TOKENS, to_move=P2, supply=[0, 0], end_without_connect5=True)
    state.captured = [5, 5]
    state.apply_action("jump a0 over a1 to a2")
    assert state.is_terminal() and state.results[0].reason == "no_connect5"
    assert state.scores() == [5, 6]


def test_tokens_per_player_allow_a_connect5() -> None:
    """25 tokens per player ("125 pedine"); option ``tokens`` for tests, at least 5 so
    that a Connect 5 can be made and ``end_without_connect5`` does not end a round before
    it starts."""
    with pytest.raises(InvalidOptionError, match="tokens"):
        load("connect5", 2, tokens=4)
    state = load("connect5", 2, board="t1", first_player="0", tokens=5).new_initial_state()
    state.apply_action("place a0")
    assert not state.is_terminal()


def test_dead_positions_end_the_round() -> None:
    """A round ends when no score can change any more: at most one player has tokens,
    fewer than five (playing on would change nothing; always on)."""
    state = position("P1:a0, P2:a1", supply=[0, 0])
    state.apply_action("jump a0 over a1 to a2")
    assert state.is_terminal() and state.results[0].reason == "dead"
    assert state.scores() == [1, 0]


def test_players_and_board_size() -> None:
    """2 to 5 players ("2 > 5"); a board needs five dots per player."""
    with pytest.raises(InvalidOptionError, match="played by 2, 3, 4, 5 players, not 6"):
        load("connect5", 6)
    with pytest.raises(InvalidOptionError, match="has 23 dots; 5 players need at least 25"):
        load("connect5", 5, board="t1")
    with pytest.raises(InvalidOptionError, match="no such board"):
        load("connect5", 2, board="hexagon")
