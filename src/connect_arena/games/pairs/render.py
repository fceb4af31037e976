"""Text diagram of a Connect Pairs position, in Rich console markup (plain text once stripped).

For each pair: its shared board (the key 1-6 with the subjects, the supply per subject and,
on the first pair's board only, the score pawn: PG-26) and the two partners' boards side by
side, each with its top row of four slots above six zones of three spaces, laid out 2 × 3 and
labelled with their die faces (PG-29, the project's own layout). Then the dice, what
happened lately, and who acts. Subjects are letters A-F, each in its own colour, so the
diagram reads without colour too.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from connect_arena.core.events import Event
from connect_arena.games.pairs.components import (
    EMPTY,
    PAIR_NAMES,
    SUBJECTS,
    ZONE_SIZE,
    pair_of,
    partner,
    roll_kind,
)
from connect_arena.games.pairs.events import outcome_event
from connect_arena.games.pairs.turn import rows_match

if TYPE_CHECKING:
    from connect_arena.games.pairs.rules import PairsState

COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")
"""Colour of each subject A-F."""
FREE = "[dim]·[/]"
BOARD_WIDTH = 34
"""Visible width of one player board, so that two fit side by side in 80 columns."""
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
_TAG = re.compile(r"\[(?:/|[a-z#@][^\[\]]*)\]")


def token(subject: int) -> str:
    """A subject as a coloured bold letter, e.g. ``"[bold red]A[/]"``; ``·`` when empty."""
    if subject == EMPTY:
        return FREE
    return f"[bold {COLOURS[subject]}]{SUBJECTS[subject]}[/]"


def render(state: PairsState, viewer: int | None = None) -> str:
    """The whole table, the viewer's pair first (``viewer``: a seat, or ``None``)."""
    pairs = list(range(state.cfg.num_pairs))
    if viewer is not None and 0 <= viewer < state.cfg.num_players:
        pairs.sort(key=lambda pair: pair != pair_of(viewer))
    lines = [_header(state)]
    for pair in pairs:
        lines += ["", *_shared_board(state, pair), *_player_boards(state, pair, viewer)]
    return "\n".join([*lines, "", *_dice(state), *_log(state), _status(state)])


def _header(state: PairsState) -> str:
    manche = f"manche {state.manche}/{state.cfg.manches}   " if state.cfg.manches > 1 else ""
    totals = "   ".join(
        f"pair {PAIR_NAMES[pair]}: {total}" for pair, total in enumerate(state.totals())
    )
    return f"[bold]Connect Pairs[/]   {manche}round {state.round}   {totals}"


def _shared_board(state: PairsState, pair: int) -> list[str]:
    """Key row, supply row and (first pair only) the pawn on the score track."""
    key = state.keys[pair]
    name = f"[bold]pair {PAIR_NAMES[pair]}[/] ({state.seat(2 * pair)} + {state.seat(2 * pair + 1)})"
    if state.complete[pair]:
        name += " [bold green]sequence complete[/]"
    elif rows_match(state, pair):  # several pairs, PG-30: decided when the round ends
        name += " [green]rows match (checked at the end of the round)[/]"
    if key is None:
        keys = "[dim]not set yet[/]"
    else:
        keys = "  ".join(f"{face}:{token(subject)}" for face, subject in enumerate(key, start=1))
    supply = "  ".join(
        f"{token(subject)}×{count:<2}" for subject, count in enumerate(state.supply[pair])
    )
    lines = [name, f"  key     {keys}", f"  supply  {supply}"]
    if pair == 0:
        track = state.cfg.track
        where = f"{track[0]} → {track[-1]}"
        lines.append(f"  pawn    [bold]{state.pawn()}[/] on the score track ({where})")
    return lines


def _player_boards(state: PairsState, pair: int, viewer: int | None) -> list[str]:
    """The two partners' boards side by side."""
    left = _board(state, 2 * pair, viewer)
    right = _board(state, 2 * pair + 1, viewer)
    return [
        f"  {a}{' ' * (BOARD_WIDTH - _width(a))}   {b}" for a, b in zip(left, right, strict=True)
    ]


def _board(state: PairsState, seat: int, viewer: int | None) -> list[str]:
    """One player board: the name, the top row, then zones 1-3 and 4-6."""
    name = state.seat(seat) + (" (you)" if seat == viewer else "")
    if seat == state.turn_seat and state.stage != "over":
        name = f"[reverse]{name}[/]"
    top = " ".join(f"[{token(subject)}]" for subject in state.tops[seat])
    rows = [f"[bold]{name}[/]", f"top {top}"]
    for faces in ((1, 2, 3), (4, 5, 6)):
        rows.append("  ".join(_zone(state, seat, face) for face in faces))
    return rows


def _zone(state: PairsState, seat: int, face: int) -> str:
    """``3:A C ·`` — the zone's face, its tokens and its free spaces."""
    zone = state.zones[seat][face - 1]
    cells = [token(subject) for subject in zone] + [FREE] * (ZONE_SIZE - len(zone))
    label = f"{face}:"
    if face in state.pending[seat]:
        label = f"[bold reverse]{face}[/]:"
    return label + " ".join(cells)


def _width(markup: str) -> int:
    """Visible width of a markup string (Rich tags removed)."""
    return len(_TAG.sub("", markup))


def _dice(state: PairsState) -> list[str]:
    if state.dice is None:
        return []
    faces = " ".join(f"{DIE_FACES[d - 1]} {d}" for d in state.dice)
    kind = {"triple": "TRIPLE", "double": "DOUBLE", "different": "all different"}
    return [f"dice  [bold]{faces}[/]   ({kind[roll_kind(state.dice)]})"]


def _log(state: PairsState) -> list[str]:
    """The last events in English (the templates hold no markup brackets)."""
    return [f"[dim]· {_english(state, event)}[/]" for event in state.log[-6:]]


def _english(state: PairsState, event: Event) -> str:
    return state.game.render_event(event)


def _outcome(state: PairsState) -> str:
    return _english(state, outcome_event(state.outcome, state.cfg.max_rounds))


def _status(state: PairsState) -> str:
    """Who acts now and what is expected."""
    if state.stage == "over":
        totals = state.totals()
        best = max(totals)
        winners = [PAIR_NAMES[p] for p, total in enumerate(totals) if total == best]
        if best == 0:
            return f"[bold]Game over[/] ({_outcome(state)}): no pair scored."
        text = " and ".join(f"pair {name}" for name in winners)
        return f"[bold]Game over[/] ({_outcome(state)}): {text} wins with {best} points."
    if state.stage == "key":
        return f"{state.seat(state.actor)}: set your pair's key, e.g. 'key ABCDEF' (die 1 → A …)"
    if state.stage in ("first", "roll"):
        who = (
            "who begins" if state.stage == "first" else f"{state.seat(state.turn_seat or 0)}'s dice"
        )
        return f"Chance: {who}…"
    actor = state.actor
    choices = [str(action) for action in state.legal_actions(actor)]
    listed = " | ".join(choices) if len(choices) <= 8 else f"{len(choices)} choices, '?' lists them"
    return f"{_situation(state, actor)}   [dim]{listed}[/]"


def _situation(state: PairsState, actor: int) -> str:
    """What ``actor`` is asked to decide."""
    if any(state.pending):
        faces = ", ".join(map(str, state.pending[actor]))
        return f"{state.seat(actor)}: three of a subject in zone {faces}: 'top Z>S' or 'keep Z'"
    if state.stage == "reply":
        assert state.offer is not None
        face, given = state.offer
        mate = state.seat(partner(actor))
        return (
            f"{state.seat(actor)}: {mate} offers {SUBJECTS[given]} of zone {face}: 'give {face}X'"
        )
    if state.stage == "connect":
        return f"{state.seat(actor)}: connecting: give a token ('give ZS': zone, subject) or 'done'"
    return f"{state.seat(actor)} to play"
