"""Set up CO'NNN'ECT positions directly, for rule tests.

Cells are given in the engine's notation (``"c1"``) or the rulebook's ``"R1C3"`` (row, column).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from connect_arena.core import CHANCE
from connect_arena.games import load
from connect_arena.games.connnect import flow
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.player import CROSSED, FILLED
from connect_arena.games.connnect.rules import ConnnectState

BLUE, RED, GREEN, YELLOW = 0, 1, 2, 3
LISA, LUCAS, MIA = 0, 1, 2


def cell(name: str) -> int:
    """The cell called ``name`` (``"c1"`` or ``"R1C3"``)."""
    found = geo.parse_cell(name)
    assert found is not None, name
    return found


def dealt(
    players: int = 2,
    objective_cards: tuple[str, ...] = ("A1", "B1", "C1"),
    connect5_cards: tuple[str, ...] = ("B", "D", "F", "G"),
    first: int = 0,
    **options: object,
) -> ConnnectState:
    """A new game after the setup chance actions, at the first setup roll."""
    state = load("connnect", players, **options).new_initial_state()
    assert isinstance(state, ConnnectState)
    state.apply_action("objectives " + " ".join(objective_cards), CHANCE)
    state.apply_action("cards " + " ".join(connect5_cards), CHANCE)
    if players > 1:
        state.apply_action(f"first {first}", CHANCE)
    return state


def put(
    state: ConnnectState,
    seat: int,
    numbers: Mapping[str, int],
    claimed: Iterable[str] = (),
    crossed: Iterable[str] = (),
) -> None:
    """Write numbers on a sheet directly (circles are updated), and mark spaces claimed or
    crossed out."""
    sheet = state.sheets[seat]
    for name, value in numbers.items():
        sheet.write(value, cell(name))
    for name in claimed:
        sheet.claimed |= 1 << cell(name)
    for name in crossed:
        sheet.cross(cell(name))
    sheet.update_circles(state.comps, state.cfg.crossed_counts)
    state.cache = [None] * state.num_players


def grant(state: ConnnectState, seat: int, section: int, slot: int) -> None:
    """Circle bonus space ``slot`` (1-based) of ``section`` (0: Connect-3, 1: Connect-4)."""
    bonus = state.comps.sections[section][slot - 1]
    state.sheets[seat].circle(bonus, section, slot - 1)
    state.cache = [None] * state.num_players


def at_roll(
    players: int = 2,
    active: int = 0,
    round_number: int = 1,
    sheets: Mapping[int, Mapping[str, int]] | None = None,
    **options: object,
) -> ConnnectState:
    """A game at the Roll Phase of ``round_number``, setup numbers skipped, ``active`` to
    roll; ``sheets`` holds numbers written beforehand."""
    state = dealt(players, **options)  # type: ignore[arg-type]
    for seat, numbers in (sheets or {}).items():
        put(state, seat, numbers)
    state.setup_step = len(state.comps.setup_groups)
    state.first_player = active
    state.round = round_number - 1
    flow.start_round(state)
    state.active = active
    return state


def at_fill(dice: str = "2 4 5", zone: int = 4, active: int = 0, **kwargs: object) -> ConnnectState:
    """A game in the Fill Phase after ``roll dice`` and ``zone``."""
    state = at_roll(active=active, **kwargs)  # type: ignore[arg-type]
    state.apply_action(f"roll {dice}", CHANCE)
    if state.phase == "zone":
        state.apply_action(f"zone {zone}", active)
    return state


def at_claim(
    players: int = 2,
    sheets: Mapping[int, Mapping[str, int]] | None = None,
    round_number: int = 1,
    zone: int = 4,
    bonuses: Iterable[tuple[int, int, int]] = (),
    **options: object,
) -> ConnnectState:
    """A game at the start of a Claim Phase with the given sheets (zone ``zone`` active) and
    bonuses ``(seat, section, slot)`` circled beforehand."""
    state = at_roll(players, 0, round_number, **options)
    claim_phase(state, round_number, sheets, zone, bonuses)
    return state


def texts(state: ConnnectState, seat: int) -> list[str]:
    """The legal actions of ``seat``, as notation."""
    return [str(action) for action in state.legal_actions(seat)]


def play(state: ConnnectState, seat: int, *actions: str) -> None:
    """Apply several actions of one seat."""
    for action in actions:
        state.apply_action(action, seat)


def claim_phase(
    state: ConnnectState,
    round_number: int,
    sheets: Mapping[int, Mapping[str, int]] | None = None,
    zone: int = 4,
    bonuses: Iterable[tuple[int, int, int]] = (),
) -> None:
    """Jump ``state`` (between rounds) to the Claim Phase of ``round_number``, writing
    ``sheets`` numbers and circling ``bonuses`` ``(seat, section, slot)`` first."""
    for seat, numbers in (sheets or {}).items():
        put(state, seat, numbers)
    for seat, section, slot in bonuses:
        grant(state, seat, section, slot)
    state.round = round_number
    state.dice = (zone, zone, zone)
    state.zone_die = zone
    state.zone = [zone] * state.num_players
    state.number_dice = [[zone, zone] for _ in range(state.num_players)]
    flow.begin_phase(state, "claim")


def finish(state: ConnnectState, *seats: int) -> None:
    """Say ``done`` for each seat that has not finished the phase by itself."""
    for seat in seats:
        if seat in state.active_players():
            state.apply_action("done", seat)


GERMAN_ROWS = (7, 18, 16, 3, 6, 6, 4, 4)
"""[DE] end-of-game example: "7 + 18 + 16 / + 3 + 6 / + 6 + 4 / + 4 + – + – / – 3 / = 67"."""
GERMAN_PENALTY = 3


def german_example(state: ConnnectState, seat: int) -> None:
    """Give ``seat`` a sheet with the German example's components (not a reachable game, see
    docs/rules/connnect.md): Connect-3 ★7 (move, move, switch, switch, adjust, reuse), Connect-4
    18 (write-2 ★2, reuse ★3, score 6, two first markers ★3, one later marker 1), one
    Connect-5 of 16, row 6 full but unordered (3), column f 2 4 6 1 3 5 (6), rows 1-4 full
    (six circles, two connected lines), objective A1 (4), three Free Actions (3)."""
    for section, slot in ((0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 9), (1, 4), (1, 5), (1, 6)):
        grant(state, seat, section, slot)
    sheet = state.sheets[seat]
    sheet.markers |= {"O4": [FILLED, CROSSED], "I4": [FILLED, CROSSED], "L4": [CROSSED, FILLED]}
    sheet.connect5 = [("F", 16)]
    column_f = dict(zip([f"f{r}" for r in range(1, 7)], [2, 4, 6, 1, 3, 5], strict=True))
    rows = {geo.cell_name(c): 3 for c in range(24)} | {f"{c}6": 1 for c in "abcde"}
    put(state, seat, rows | column_f)
    sheet.objectives = {"A1": 4}
    sheet.free_actions = GERMAN_PENALTY
