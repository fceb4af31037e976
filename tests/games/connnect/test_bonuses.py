"""The Switch, Adjust and Move Number bonuses and elimination (review findings 1, 3, 4, 9, 10,
11): what a bonus may change, when it may be used, and when a player "cannot play on".

Quotations are from the English rulebook (seed 003) unless marked [DE] (seed 001).
"""

from __future__ import annotations

import random

import pytest

from connect_arena.core import CHANCE, IllegalActionError
from connect_arena.games.connnect import legal
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.notation import Write
from connect_arena.games.connnect.rules import ConnnectState
from tests.games.connnect.helpers import (
    LISA,
    LUCAS,
    at_claim,
    at_fill,
    at_roll,
    cell,
    grant,
    play,
    put,
    texts,
)

MOVE, SWITCH, ADJUST = (0, 1), (0, 3), (0, 5)
"""Connect-3 bonus spaces (section, slot) of the built-in data."""
WRITE2 = (1, 4)
"""The Connect-4 "write any 2 numbers" ⚡ bonus."""
ZONE4 = [geo.cell_name(c) for c in range(12)]  # rows 1-2


def switches(state: ConnnectState, seat: int) -> list[str]:
    return [t for t in texts(state, seat) if t.startswith("switch")]


def about_to_fill(
    numbers: dict[str, int],
    bonuses: list[tuple[int, int]],
    dice: str = "2 4 5",
    claimed: tuple[str, ...] = (),
    **options: object,
) -> ConnnectState:
    """Lucas at the start of a Fill Phase (zone 4) with all 7 Free Actions used, not yet
    judged: the caller asks :func:`legal.stuck` or plays on."""
    state = at_roll(2, sheets={LUCAS: numbers}, **options)
    put(state, LUCAS, {}, claimed=claimed)
    for section, slot in bonuses:
        grant(state, LUCAS, section, slot)
    state.apply_action(f"roll {dice}", CHANCE)
    state.apply_action("zone 4", LISA)
    state.sheets[LUCAS].free_actions = 7
    state.cache = [None, None]
    return state


# ----- finding 3: Switch takes the die, not a changed number -------------------------------------


def test_switch_takes_the_number_on_the_die_not_a_free_action_number() -> None:
    """ "Switch the Zone Die with 1 Number Die. The number on that Number Die becomes zone";
    a Free Action is for a player who "wants to write a different number from that on a
    Number Die" — the die keeps its number, and a Free Action "may not change the zone"
    (CN-23). Before the fix, ``change 2 6`` then ``switch 6`` made zone 6 active."""
    state = at_fill(players=2)
    grant(state, LISA, *SWITCH)
    state.apply_action("change 2 6", LISA)
    assert state.pending[LISA] == [6, 5]
    assert switches(state, LISA) == ["switch 2", "switch 5"]
    with pytest.raises(IllegalActionError, match="no Number Die shows 6"):
        state.apply_action("switch 6", LISA)
    state.apply_action("switch 2", LISA)  # "and vice versa": the Zone Die's 4 is written
    assert state.zone[LISA] == 2 and state.pending[LISA] == [4, 5]
    assert state.number_dice[LISA] == [4, 5]


def test_adjust_changes_the_number_written_not_the_die() -> None:
    """Adjust: "Plus or minus a number" ([DE] "Addiere oder subtrahiere eine Zahl") changes
    the player's number, not the shared die ("All bonuses only apply to the player who uses
    them"), so ``adjust 2 +1`` then ``switch 3`` is refused (finding 1's engine line)."""
    state = at_fill(players=2)
    grant(state, LISA, *SWITCH)
    grant(state, LISA, *ADJUST)
    state.apply_action("adjust 2 +1", LISA)
    assert state.pending[LISA] == [3, 5] and switches(state, LISA) == ["switch 2", "switch 5"]
    with pytest.raises(IllegalActionError, match="changes the number you write, not the die"):
        state.apply_action("switch 3", LISA)


# ----- finding 4: both numbers of a round go in one zone -----------------------------------------


def test_switch_only_before_a_number_of_the_round_is_written() -> None:
    """ "Each player ... MUST simultaneously write each number from each Number Die in the
    selected zone": after writing 2 in zone 4, a Switch would put the 4 in zone 5."""
    state = at_fill(players=2)
    grant(state, LISA, *SWITCH)
    state.apply_action("write 2 a1", LISA)
    assert switches(state, LISA) == []
    with pytest.raises(IllegalActionError, match="both numbers of a round go in one zone"):
        state.apply_action("switch 5", LISA)


def test_switch_on_the_zone_itself_says_why() -> None:
    state = at_fill(dice="4 4 5", zone=4)
    grant(state, LISA, *SWITCH)
    assert switches(state, LISA) == ["switch 5"]
    with pytest.raises(IllegalActionError, match="4 is already your zone"):
        state.apply_action("switch 4", LISA)


# ----- finding 1: "cannot play on" --------------------------------------------------------------


def test_adjust_then_switch_does_not_save_a_player() -> None:
    """ "If you use up all of your Free Action and cannot play on, you are out of the game."
    Zones 4, 2 and 5 are full, zone 3 has space: the dice show 2 and 5, and an Adjust cannot
    turn a die into a 3 (finding 3), so Lucas is out (probe4)."""
    full = {geo.cell_name(c) for c in range(24)} | {f"{c}{r}" for c in "cd" for r in (5, 6)}
    state = at_roll(2, sheets={LUCAS: dict.fromkeys(full, 1)})
    state.sheets[LUCAS].free_actions = 7
    grant(state, LUCAS, *SWITCH)
    grant(state, LUCAS, *ADJUST)
    state.apply_action("roll 2 4 5", CHANCE)
    state.apply_action("zone 4", LISA)
    assert state.sheets[LUCAS].out == 1


def test_a_switch_to_a_die_zone_with_space_keeps_him_in() -> None:
    state = about_to_fill(dict.fromkeys(ZONE4, 1), [SWITCH, ADJUST])
    assert not legal.stuck(state, LUCAS)
    assert switches(state, LUCAS) == ["switch 2", "switch 5"]


def _can_write_a_number(state: ConnnectState, seat: int, depth: int, seen: set[object]) -> bool:
    """Whether some sequence of at most ``depth`` legal actions lets ``seat`` write one of his
    Number Dice (a ``write`` with no task pending), without his going out on the way."""
    actions = state.legal_actions(seat)
    if state.task[seat] is None and any(isinstance(a, Write) for a in actions):
        return True
    if depth == 0:
        return False
    for action in actions:
        child = state.clone()
        child.apply_action(action, seat)
        sheet = child.sheets[seat]
        key = (sheet.written, tuple(child.pending[seat]), child.zone[seat], child.task[seat])
        key += (tuple(map(tuple, sheet.used)), sheet.adjust_steps)
        if sheet.out or key in seen:
            continue
        seen.add(key)
        if _can_write_a_number(child, seat, depth - 1, seen):
            return True
    return False


def _random_position(seed: int) -> ConnnectState:
    """Lucas with zone 4 full, 1-2 empty spaces elsewhere, two unclaimed numbers, some of
    Move/Switch/Adjust, random dice and ``move_source``."""
    rng = random.Random(seed)
    empties = set(rng.sample(range(12, 36), rng.randint(1, 2)))
    numbers = {geo.cell_name(c): rng.randint(1, 6) for c in range(36) if c not in empties}
    free = rng.sample(sorted(numbers), 2)
    claimed = tuple(name for name in numbers if name not in free)
    bonuses = [b for b in (MOVE, SWITCH, ADJUST) if rng.random() < 0.6]
    dice = " ".join(map(str, sorted([4, rng.choice([1, 2, 3, 5, 6]), rng.randint(1, 6)])))
    source = rng.choice(["crossed", "empty"])
    return about_to_fill(numbers, bonuses, dice, claimed, move_source=source)


@pytest.mark.parametrize("seed", range(24))
def test_stuck_agrees_with_a_search_of_the_legal_actions(seed: int) -> None:
    """Finding 1, in general: a player is out exactly when no sequence of his legal actions
    (Switch, Adjust, Move Number, in any order) leads to writing a number."""
    state = _random_position(seed)
    assert state.zone[LUCAS] == 4 and not state.zone_space(LUCAS)
    assert legal.stuck(state, LUCAS) is not _can_write_a_number(state, LUCAS, 3, set())


def test_the_search_sees_both_outcomes() -> None:
    """The parametrised search above meets stuck and rescued players (else it proves
    nothing)."""
    assert {legal.stuck(_random_position(seed), LUCAS) for seed in range(24)} == {True, False}


# ----- finding 9: where the Move Number's source goes ---------------------------------------------


def test_move_source_crossed_is_the_default_and_never_frees_a_space() -> None:
    """CN-17 default: "Cross out a number ... and write that number in anywhere"; the crossed
    space stays (the 8/6-point lines "May not have a crossed out space")."""
    state = about_to_fill(dict.fromkeys(ZONE4, 1), [MOVE])
    assert legal.stuck(state, LUCAS)


def test_move_source_empty_frees_a_space_of_a_full_zone() -> None:
    """Option ``move_source=empty``: "A player can use ... Move Number Bonus ... to make
    filling the numbers easier" — the source space becomes empty and can take a number."""
    state = about_to_fill(dict.fromkeys(ZONE4, 1), [MOVE, (0, 2)], move_source="empty")
    assert not legal.stuck(state, LUCAS)
    state.apply_action("move a1", LUCAS)
    assert "write 1 a1" not in texts(state, LUCAS)  # not back into its own space
    state.apply_action("write 1 f6", LUCAS)
    assert {"write 2 a1", "write 5 a1"} <= set(texts(state, LUCAS))
    play(state, LUCAS, "write 5 a1", "move b1", "write 1 e6", "write 2 b1")
    sheet = state.sheets[LUCAS]
    assert [sheet.values[cell(c)] for c in ("a1", "b1", "e6", "f6")] == [5, 2, 1, 1]
    assert sheet.crossed == 0 and not sheet.out and state.done[LUCAS]


def test_move_with_no_empty_space_says_why() -> None:
    full = {geo.cell_name(c): 1 for c in range(36)}
    state = at_claim(2, {LISA: full}, bonuses=[(LISA, *MOVE)])
    with pytest.raises(IllegalActionError, match="no empty space to write the moved number"):
        state.apply_action("move a1", LISA)


# ----- finding 10: Switch in the Claim Phase ------------------------------------------------------


def _claim_after_fill(**options: object) -> ConnnectState:
    """Round 1, dice 2 4 5, zone 4; Lisa (Switch bonus) has a square of 3s to claim as a
    Connect-4 and has written her 2 and 5; Claim Phase."""
    square = {"c5": 3, "d5": 3, "c6": 3, "d6": 3}
    state = at_fill(players=2, sheets={LISA: square}, **options)
    grant(state, LISA, *SWITCH)
    play(state, LISA, "write 2 a1", "write 5 a2")
    play(state, LUCAS, "write 2 a1", "write 5 a2")
    assert state.phase == "claim"
    return state


def test_claim_phase_switch_sets_the_zone_of_write_two() -> None:
    """ "Bonuses can be used in the Fill Phase and the Claim Phase"; "If "write any 2
    numbers" bonus is used with the Switch Zone Die bonus, write the number in the new
    zone." The write-2 ⚡ is earned in the Claim Phase, so the Switch is offered there, right
    after the bonus is taken (the only time the zone matters in that phase)."""
    state = _claim_after_fill()
    assert switches(state, LISA) == []
    with pytest.raises(IllegalActionError, match="use it right after taking that bonus"):
        state.apply_action("switch 5", LISA)
    play(state, LISA, "claim O4 c5 c6 d5 d6", "take 4")  # write any 2 numbers ⚡
    assert {"switch 2", "switch 5", "write 6 b1"} <= set(texts(state, LISA))
    grant(state, LISA, 0, 4)  # a second Switch
    play(state, LISA, "switch 5", "write 6 a3")
    assert switches(state, LISA) == []  # one number of the bonus written: same zone
    with pytest.raises(IllegalActionError, match="the other goes there too"):
        state.apply_action("switch 4", LISA)
    assert all(t.split()[2][1] in "34" for t in texts(state, LISA))
    state.apply_action("write 1 f4", LISA)
    assert state.zone[LISA] == 5 and state.task[LISA] is None
    assert state.number_dice[LISA] == [2, 4]


def test_an_unused_switch_does_not_keep_a_player_in_the_claim_phase() -> None:
    """With nothing to claim, a player holding a Switch is done by himself ("Auto-done")."""
    state = at_fill(players=2)
    grant(state, LISA, *SWITCH)
    play(state, LISA, "write 2 a1", "write 5 a2")
    play(state, LUCAS, "write 2 a1", "write 5 a2")
    assert state.phase == "roll" and state.round == 2


def test_write_two_with_a_full_zone_can_still_switch() -> None:
    full4 = dict.fromkeys(ZONE4, 1)
    state = at_claim(2, {LISA: full4 | {"c5": 3, "d5": 3, "c6": 3, "d6": 3}})
    state.number_dice[LISA] = [2, 5]  # as if the dice were 2 4 5
    grant(state, LISA, *SWITCH)  # (also clears the cached legal actions)
    play(state, LISA, "claim O4 c5 c6 d5 d6", "take 4")
    assert texts(state, LISA) == ["switch 2", "switch 5"]


def test_cn26_write_two_goes_into_the_players_own_zone() -> None:
    """CN-26 (register): "Immediately write any 2 numbers in the active zone of the current
    round" — the player's own zone after his Switch ("write the number in the new zone"), not
    the Zone Die of the others."""
    state = at_fill(players=2, sheets={LISA: {"a6": 1, "b6": 1, "c6": 1, "d6": 1}})
    grant(state, LISA, 0, 3)
    play(state, LISA, "switch 5", "write 2 a3", "write 4 a4")
    play(state, LUCAS, "write 2 a1", "write 5 a2")
    play(state, LISA, "claim I4 a6 b6 c6 d6", "take 4")
    zone5 = {geo.cell_name(c) for c in range(12, 24)}
    writes = {t.split()[2] for t in texts(state, LISA) if t.startswith("write")}
    assert writes == zone5 - {"a3", "a4"}


# ----- finding 11: CN-16 (b), two numbers ±1 each -------------------------------------------------


def test_adjust_split_two_numbers_plus_or_minus_one_each() -> None:
    """CN-16 (b), option ``adjust=split``: "Plus or minus a number by 1 up to 2 times" read as
    two steps of ±1, each on any number (a Number Die or an unclaimed written number)."""
    state = at_fill(sheets={LISA: {"a3": 3}}, adjust="split")
    grant(state, LISA, *ADJUST)
    adjusts = [t for t in texts(state, LISA) if t.startswith("adjust")]
    assert "adjust 2 +1" in adjusts and not [t for t in adjusts if t.endswith("2")]
    with pytest.raises(IllegalActionError, match="adjust=split: one step of \\+1 or -1"):
        state.apply_action("adjust 2 +2", LISA)
    state.apply_action("adjust 2 +1", LISA)
    sheet = state.sheets[LISA]
    assert state.pending[LISA] == [3, 5] and sheet.adjust_steps == 1
    state.apply_action("adjust a3 -1", LISA)
    assert sheet.values[cell("a3")] == 2 and sheet.adjust_steps == 0
    assert not [t for t in texts(state, LISA) if t.startswith("adjust")]
    assert sheet.used_count() == 1
