"""Text view of a CO'NNN'ECT table in Rich console markup (plain text once the markup is
stripped: every state also has a non-colour glyph).

The sheet is drawn as the 6 × 6 play area cut into its 2 × 2 zone blocks, with each block's
circle between its two rows (``○`` empty, ``●`` filled). A number is bold when free, in
parentheses and coloured by claim when claimed, ``✗`` when crossed out; ``·`` is an empty
space and ``◦`` an empty setup space. Arrow lines end in ``◀`` (rows) or ``▲`` (columns).
Beside the grid: the bonus sections, Connect-4 markers, Connect-5 boxes, Free Action track,
round tracker and the running score.

Other players' sheets are drawn as the viewer may see them: during a simultaneous phase, as
they were when it began (CN-36). ``viewer=None`` is the shared-screen view: every sheet live.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.components import Components
from connect_arena.games.connnect.events import result_events
from connect_arena.games.connnect.flow import objective_value
from connect_arena.games.connnect.view import shape_rows, sheet_view, visible_sheet

if TYPE_CHECKING:
    from connect_arena.games.connnect.rules import ConnnectState

CLAIM_COLOURS = ("cyan", "magenta", "green", "yellow", "blue", "red", "bright_cyan")
SEAT_COLOURS = ("blue", "red", "green", "yellow")
MARKERS = {"empty": "○", "filled": "●", "crossed": "✗"}
PHASES = {
    "objectives": "setup: revealing the objectives",
    "cards": "setup: dealing the Connect-5 cards",
    "first": "setup: drawing the first player",
    "setup_roll": "setup numbers: rolling",
    "setup_write": "setup numbers: write them in the setup spaces",
    "roll": "Roll Phase",
    "zone": "Roll Phase: choose the Zone Die",
    "fill": "Fill Phase (simultaneous)",
    "claim": "Claim Phase (simultaneous)",
    "over": "game over",
}
GRID_WIDTH = 31


def render(state: ConnnectState, viewer: int | None) -> str:
    """The table header, the viewer's sheet (every sheet if ``viewer`` is ``None``) and one
    summary line per other player."""
    lines = header(state)
    seats = range(state.num_players) if viewer is None else (viewer,)
    for seat in seats:
        lines += ["", *sheet_lines(state, seat, viewer)]
    if viewer is not None and state.num_players > 1:
        lines += ["", "[bold]Other players[/]:"]
        for seat in range(state.num_players):
            if seat != viewer:
                lines.append("  " + summary(state, seat, viewer))
    return "\n".join(lines)


def visible_view(state: ConnnectState, seat: int, viewer: int | None) -> dict[str, Any]:
    """``seat``'s sheet as ``viewer`` may see it now (``None``: the shared screen, live)."""
    if viewer is None:
        return sheet_view(state, seat)
    return visible_sheet(state, seat, viewer)


def seat_label(state: ConnnectState, seat: int, viewer: int | None = None) -> str:
    """``"[blue]Blue[/] (you)"``."""
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    you = " (you)" if seat == viewer else ""
    return f"[bold {colour}]{state.game.seat_name(seat)}[/]{you}"


# ----- the table --------------------------------------------------------------------------------


def header(state: ConnnectState) -> list[str]:
    """Round, phase, dice, cards and objectives."""
    comps = state.comps
    title = "[bold]CO'NNN'ECT[/]"
    if state.num_players == 1:
        title += " [reverse] SOLO score attack (a Connect Arena addition, not in the rulebook) [/]"
    phase = PHASES[state.phase]
    if state.num_players == 1:
        phase = phase.replace(" (simultaneous)", "")
    lines = [f"{title}   round {state.round}/{comps.rounds} — {phase}"]
    if state.round:
        lines.append(f"Active player: {seat_label(state, state.active)}   " + dice_text(state))
    lines += cards_lines(state)
    for ident in state.objective_ids:
        card = comps.objective(ident)
        now = objective_value(state, ident)
        points = f"{card.points} pts" if now == card.points else f"{card.points} pts, now {now}"
        lines.append(f"Objective {card.id} ({points}): {card.text}")
    if state.phase == "over":
        lines.append(result_text(state))
    return lines


def dice_text(state: ConnnectState) -> str:
    """The dice on the Dice Card."""
    if not state.dice:
        return "Dice: not rolled yet"
    if not state.zone_die:
        return "Dice: " + " ".join(map(str, state.dice)) + " (the active player picks the zone)"
    numbers = list(state.dice)
    numbers.remove(state.zone_die)
    zone = state.comps.zones[state.zone_die - 1]
    return f"Zone Die {state.zone_die} ({zone.label})   Number Dice {numbers[0]} {numbers[1]}"


def cards_lines(state: ConnnectState) -> list[str]:
    """The face-up Connect-5 cards drawn side by side, and the score cards."""
    comps = state.comps
    scores = " ".join(map(str, state.score_cards)) or "none"
    down = " ".join(state.face_down) or "none"
    lines = [f"Connect-5 cards — score cards {scores} (top first) — face down: {down}"]
    if not state.face_up:
        return lines
    drawings = [shape_rows(comps.card(letter)) for letter in state.face_up]
    height = max(len(rows) for rows in drawings)
    width = 7
    lines.append("  " + "".join(f"{letter:<{width}}" for letter in state.face_up))
    for r in range(height):
        row = ""
        for rows in drawings:
            text = rows[r].replace("X", "█").replace(".", " ") if r < len(rows) else ""
            row += f"{text:<{width}}"
        lines.append("  " + row.rstrip())
    return lines


def result_text(state: ConnnectState) -> str:
    """Who won, with the scores."""
    totals = ", ".join(
        f"{state.game.seat_name(s)} {score.total}" for s, score in enumerate(state.scores())
    )
    best = state.winners()
    if state.num_players == 1:
        return f"[bold]Final score: {totals}[/]"
    names = " and ".join(state.game.seat_name(s) for s in best) or "nobody"
    verb = "shares the victory" if len(best) > 1 else "wins"
    verb = "share the victory" if len(best) > 1 else verb
    # Why the game ended and why the winners won (a player out of the game cannot win).
    why = "; ".join(state.game.render_event(event) for event in result_events(state))
    why = why.replace("[", "\\[")  # shown as it is inside Rich markup
    return f"[bold]{names} {verb}[/] ({totals})" + (f": {why}." if why else "")


# ----- one sheet --------------------------------------------------------------------------------


def sheet_lines(state: ConnnectState, seat: int, viewer: int | None) -> list[str]:
    """A full sheet: title, grid with the side panel, claims."""
    view = visible_view(state, seat, viewer)
    lines = [f"{seat_label(state, seat, viewer)} — {status(state, seat, viewer, view)}"]
    grid = grid_lines(state.comps, view, state)
    panel = panel_lines(state.comps, view)
    for i in range(max(len(grid), len(panel))):
        left, width = grid[i] if i < len(grid) else ("", 0)
        right = panel[i] if i < len(panel) else ""
        lines.append(left + " " * (GRID_WIDTH + 3 - width) + right)
    claims = [
        f"[{CLAIM_COLOURS[i % len(CLAIM_COLOURS)]}]{c['shape']}[/] " + " ".join(c["cells"])
        for i, c in enumerate(view["claims"])
    ]
    lines.append("Claims: " + ("; ".join(claims) or "none"))
    return lines


def status(state: ConnnectState, seat: int, viewer: int | None, view: dict[str, Any]) -> str:
    """What the player is doing now (his own pending numbers and task only for himself)."""
    if view["out"]:
        return f"[red]out of the game since round {view['out']}[/]"
    phase = state.phase
    if phase not in ("setup_write", "fill", "claim"):
        return f"score {view['score']['total']}"
    if state.done[seat]:
        return "done for this phase"
    if viewer is not None and seat != viewer:
        return "still playing this phase"
    task = state.task[seat]
    if task is not None:
        return task_text(state, seat, task.kind, task.value)
    pending = " ".join(map(str, state.pending[seat]))
    if phase == "setup_write":
        return f"write {pending} in the setup spaces (◦)"
    if phase == "fill":
        zone = state.comps.zones[state.zone[seat] - 1]
        return f"write {pending} in zone {zone.die} ({zone.label})"
    return "claim Connects, use bonuses, or say done"


def task_text(state: ConnnectState, seat: int, kind: str, value: int) -> str:
    """A pending obligation in words."""
    if kind == "take":
        return f"circle a bonus of your Connect-{3 + value} section: take SLOT"
    if kind == "place":
        return f"write {value} in any empty space"
    zone = state.comps.zones[state.zone[seat] - 1]
    return f"write {value} number(s) of your choice in zone {zone.die} ({zone.label})"


def grid_lines(
    comps: Components, view: dict[str, Any], state: ConnnectState
) -> list[tuple[str, int]]:
    """The play area as ``(markup, visible width)`` lines."""
    owner = {c: i for i, claim in enumerate(view["claims"]) for c in claim["cells"]}
    crossed = set(view["crossed"])
    filled = set(view["filled_circles"])
    circle_at = {min(c.cells): c.id for c in comps.circles}
    arrows = {label for label, _ in comps.arrow_lines}
    setup = {geo.cell_name(c) for c in comps.setup_spaces} if state.round == 0 else set()
    zone_of_row = {z.lines[0]: z.die for z in comps.zones if z.axis == "rows"}
    lines = _grid_top(comps)
    for r in range(geo.SIZE):
        label = f"Z{zone_of_row[r + 1]}" if r + 1 in zone_of_row else "  "
        row = f"{label} {r + 1} │"
        for c in range(geo.SIZE):
            name = geo.cell_name(geo.cell_of(r, c))
            row += _cell(view, name, owner, crossed, setup) + (" " if c % 2 == 0 else "│")
        arrow = " ◀" if f"row {r + 1}" in arrows else ""
        lines.append((row + arrow, 30 + len(arrow)))
        if r % 2 == 0:
            mid = "     │"
            for c in (0, 2, 4):
                ident = circle_at.get(geo.cell_of(r, c))
                glyph = " " if ident is None else ("[bold]●[/]" if ident in filled else "○")
                mid += f"   {glyph}   │"
            lines.append((mid, 30))
        elif r < geo.SIZE - 1:
            lines.append(("     ├" + "───────┼" * 2 + "───────┤", 30))
    return lines + _grid_foot(arrows)


def _grid_top(comps: Components) -> list[tuple[str, int]]:
    columns = sorted((z for z in comps.zones if z.axis == "columns"), key=lambda z: z.lines)
    tops = "".join(f"{'Z' + str(z.die):^7} " for z in columns)
    letters = "".join(
        f" {geo.COLUMN_LETTERS[2 * b]}   {geo.COLUMN_LETTERS[2 * b + 1]}  " for b in range(3)
    )
    border = "     ┌" + "───────┬" * 2 + "───────┐"
    return [("      " + tops, 6 + len(tops)), ("      " + letters, 6 + len(letters)), (border, 30)]


def _grid_foot(arrows: set[str]) -> list[tuple[str, int]]:
    lines = [("     └" + "───────┴" * 2 + "───────┘", 30)]
    foot = "".join("▲" if f"column {geo.COLUMN_LETTERS[c]}" in arrows else " " for c in range(6))
    if foot.strip():
        text = ("      " + "".join(f" {g}  " for g in foot)).rstrip()
        lines.append((text, len(text)))
    return lines


def _cell(
    view: dict[str, Any], name: str, owner: dict[str, int], crossed: set[str], setup: set[str]
) -> str:
    value = view["values"][geo.parse_cell(name) or 0]
    if name in crossed:
        return "[dim] ✗ [/]"
    if not value:
        return " ◦ " if name in setup else "[dim] · [/]"
    if name in owner:
        colour = CLAIM_COLOURS[owner[name] % len(CLAIM_COLOURS)]
        return f"[bold {colour}]({value})[/]"
    return f" [bold]{value}[/] "


# ----- the side panel --------------------------------------------------------------------------


def panel_lines(comps: Components, view: dict[str, Any]) -> list[str]:
    """Bonus sections, Connect-4 markers, Connect-5 boxes, Free Actions, tracker and score
    (at most 46 columns, so that grid and panel fit in 80)."""
    lines = ["[dim]bonus: ○ free  ◉ circled  ✗ used[/]"]
    for s, title in enumerate(("Connect-3 bonuses", "Connect-4 bonuses")):
        lines.append(f"[bold]{title}[/] (take SLOT):")
        tokens = [_bonus(b) for b in view["bonuses"][s]]
        lines += [" ".join(tokens[i : i + 3]) for i in range(0, len(tokens), 3)]
    lines.append(f"Connect-4 markers (first {comps.first_points}, later {comps.later_points}):")
    lines.append(
        " ".join(f"{k} {''.join(MARKERS[m] for m in pair)}" for k, pair in view["markers"].items())
    )
    boxes = [f"{letter} {points}" for letter, points in view["connect5"]]
    lines.append("Connect-5: " + " | ".join(boxes + ["—"] * (comps.c5_boxes - len(boxes))))
    lines.append("Free Actions: " + free_action_track(comps, view["free_actions"]))
    rows = [f"{r}:{z}|{a}{b}" for r, (z, a, b) in enumerate(view["tracker"], start=1)]
    lines.append("Tracker (zone|dice): " + (" ".join(rows[:3]) or "—"))
    lines += ["  " + " ".join(rows[i : i + 5]) for i in range(3, len(rows), 5)]
    return lines + score_text(view["score"])


def free_action_track(comps: Components, used: int) -> str:
    """The Free Action track: one box per penalty value, the used ones crossed, the leftmost
    available one in brackets — "the player gets minus points shown on the leftmost available
    box" (after ``k`` uses that box shows the penalty of ``k`` uses; the last box is never
    crossed: "Free Action can be used up to 7 times")."""
    boxes = []
    for k, penalty in enumerate(comps.penalties):
        label = f"-{penalty}" if penalty else "0"
        boxes.append("✗" if k < used else f"[bold]\\[{label}][/]" if k == used else label)
    return " ".join(boxes)


def _bonus(bonus: dict[str, Any]) -> str:
    name = f"write{bonus['value']}" if bonus["kind"] == "write" else bonus["kind"]
    lightning = "⚡" if bonus["kind"] in ("write", "write2") else ""
    text = f"{bonus['slot']}:{name}{lightning}★{bonus['stars']}"
    if bonus["used"]:
        return f"[dim strike]✗{text}[/]"
    if bonus["circled"]:
        return f"[bold green]◉{text}[/]"
    return f"○{text}"


def score_text(score: dict[str, Any]) -> list[str]:
    """The running score breakdown, as in the sheet's scoring section."""
    arrows = "+".join(map(str, score["arrows"])) or "0"
    objectives = "+".join(map(str, score["objectives"])) or "0"
    return [
        f"Score: Connect-3 {score['connect3']} + Connect-4 {score['connect4']}"
        f" + Connect-5 {score['connect5']}",
        f"  + arrow lines {arrows} + circles {score['circles']} + lines {score['lines']}×2",
        f"  + objectives {objectives} − {score['penalty']} = [bold]{score['total']}[/]",
    ]


def summary(state: ConnnectState, seat: int, viewer: int | None) -> str:
    """One line about another player's sheet."""
    view = visible_view(state, seat, viewer)
    out = f", [red]out since round {view['out']}[/]" if view["out"] else ""
    numbers = sum(1 for v in view["values"] if v)
    return (
        f"{seat_label(state, seat)}: {view['score']['total']} points, {numbers} numbers, "
        f"{len(view['claims'])} claims, {view['free_actions']} Free Actions{out}"
    )
