"""Observations (what a player may see) and the sheet's geometry, as JSON-serialisable data.

:func:`geometry` is the static, public layout of the sheet, cards and objectives of the
components in use (the built-in data or a variant file), which interfaces draw from; the
observations hold only what changes during a game.

Everything on the table is public (the dice, the cards, every sheet), except what the other
players do during a simultaneous phase: until the phase resolves, a player sees the others'
sheets as they were when it began (commit and reveal, CN-36). His own sheet, numbers still to
write, Number Dice, zone and task are always current. A spectator sees every sheet as the
players see each other's, and nobody's private block.

Every observation is built afresh (the phase-start snapshots are deep-copied), so editing one
changes neither the state nor its clones.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from connect_arena.core.game import CHANCE
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.components import Components, Objective, Shape
from connect_arena.games.connnect.events import result_events
from connect_arena.games.connnect.notation import Roll
from connect_arena.games.connnect.player import ClaimRecord, PlayerSheet
from connect_arena.games.connnect.scoring import score

if TYPE_CHECKING:
    from connect_arena.games.connnect.rules import ConnnectState

MARKER_NAMES = {0: "empty", 1: "filled", 2: "crossed"}


def shape_rows(shape: Shape) -> list[str]:
    """A shape drawn as rows of ``X`` and ``.``."""
    height = 1 + max(r for r, _ in shape.points)
    width = 1 + max(c for _, c in shape.points)
    return [
        "".join("X" if (r, c) in shape.points else "." for c in range(width)) for r in range(height)
    ]


def geometry(comps: Components) -> dict[str, Any]:
    """The static layout of the sheet and the cards of ``comps`` (public, the same for every
    state of a game), for drawing them.

    Spaces are in notation (``"a1"`` top-left .. ``"f6"``); shapes are rows of ``X`` and ``.``
    (:func:`shape_rows`). Keys: ``size`` (6: rows and columns), ``columns`` (their letters);
    ``zones`` (one per die face, ``{die, axis: "columns"|"rows", lines: 1-based, cells}``);
    ``circles`` (``{id, cells}``); ``lines`` (Connected Lines, three circle ids each);
    ``setup_spaces``, ``setup_groups``; ``arrow_lines`` (``{axis: "row"|"column", index:
    1-based, cells}``); ``rounds``; ``connect3``/``connect4`` (``{id, rows, path}``: ``path``,
    whether ordered numbers can fill it); ``connect4_points`` (first and later marker);
    ``bonus_sections`` (two lists of ``{slot, kind, value, stars, lightning}``);
    ``free_action_penalties`` (minus points after 0, 1, ... Free Actions); ``connect5_boxes``;
    ``cards`` (every Connect-5 card, ``{letter, name, rows}``); ``face_up``; ``score_cards``;
    ``decks`` and ``objectives`` (``{id, deck, points, kind, text, builtin}``: ``builtin``, the
    card is the built-in one of that id, so interfaces may show its translation).
    """
    names = geo.cell_name
    return {
        "size": geo.SIZE,
        "columns": geo.COLUMN_LETTERS,
        "zones": [
            {
                "die": zone.die,
                "axis": zone.axis,
                "lines": list(zone.lines),
                "cells": [names(c) for c in geo.cells_of(zone.mask)],
            }
            for zone in comps.zones
        ],
        "circles": [{"id": c.id, "cells": [names(x) for x in c.cells]} for c in comps.circles],
        "lines": [[comps.circles[i].id for i in line] for line in comps.lines],
        "setup_spaces": [names(c) for c in comps.setup_spaces],
        "setup_groups": [[names(c) for c in group] for group in comps.setup_groups],
        "arrow_lines": [_arrow(label, cells) for label, cells in comps.arrow_lines],
        "rounds": comps.rounds,
        "connect3": [_shape(s) for s in comps.connect3],
        "connect4": [_shape(s) for s in comps.connect4],
        "connect4_points": [comps.first_points, comps.later_points],
        "bonus_sections": [
            [
                {
                    "slot": slot + 1,
                    "kind": b.kind,
                    "value": b.value,
                    "stars": b.stars,
                    "lightning": b.lightning,
                }
                for slot, b in enumerate(section)
            ]
            for section in comps.sections
        ],
        "free_action_penalties": list(comps.penalties),
        "connect5_boxes": comps.c5_boxes,
        "cards": [_card(card) for card in comps.cards],
        "face_up": comps.face_up,
        "score_cards": list(comps.score_cards),
        "decks": list(comps.decks),
        "objectives": [_objective_card(card) for card in comps.objectives],
    }


def _arrow(label: str, cells: tuple[int, ...]) -> dict[str, Any]:
    axis, _, which = label.partition(" ")  # "row 6" / "column f"
    index = int(which) if axis == "row" else geo.COLUMN_LETTERS.index(which) + 1
    return {"axis": axis, "index": index, "cells": [geo.cell_name(c) for c in cells]}


def _shape(shape: Shape) -> dict[str, Any]:
    return {"id": shape.id, "rows": shape_rows(shape), "path": shape.path}


def _objective_card(card: Objective) -> dict[str, Any]:
    from connect_arena.games.connnect.data import load_components

    builtin = next((o for o in load_components().objectives if o.id == card.id), None)
    return {
        "id": card.id,
        "deck": card.deck,
        "points": card.points,
        "kind": card.kind,
        "text": card.text,
        "builtin": builtin == card,
    }


def sheet_view(state: ConnnectState, p: int, sheet: PlayerSheet | None = None) -> dict[str, Any]:
    """The public content of seat ``p``'s sheet now (or of ``sheet``, a copy of it taken
    earlier: a phase-start snapshot), with its running score."""
    comps = state.comps
    sheet = state.sheets[p] if sheet is None else sheet
    return {
        "seat": p,
        "values": list(sheet.values),
        "crossed": [geo.cell_name(c) for c in geo.cells_of(sheet.crossed)],
        "claims": [_claim(claim) for claim in sheet.claims],
        "bonuses": _bonuses(state, sheet),
        "markers": {k: [MARKER_NAMES[m] for m in pair] for k, pair in sheet.markers.items()},
        "connect5": [[letter, points] for letter, points in sheet.connect5],
        "free_actions": sheet.free_actions,
        "objectives": dict(sheet.objectives),
        "filled_circles": [
            c.id for i, c in enumerate(comps.circles) if sheet.filled_circles >> i & 1
        ],
        "tracker": [list(row) for row in sheet.tracker],
        "out": sheet.out,
        "score": _score(state, sheet),
    }


def _claim(claim: ClaimRecord) -> dict[str, Any]:
    return {
        "shape": claim.shape,
        "cells": [geo.cell_name(c) for c in claim.cells],
        "kind": claim.kind,
        "reused": geo.cell_name(claim.reused) if claim.reused >= 0 else None,
        "round": claim.round,
    }


def _bonuses(state: ConnnectState, sheet: PlayerSheet) -> list[list[dict[str, Any]]]:
    return [
        [
            {
                "slot": slot + 1,
                "kind": bonus.kind,
                "value": bonus.value,
                "stars": bonus.stars,
                "circled": sheet.circled[s][slot],
                "used": sheet.used[s][slot],
            }
            for slot, bonus in enumerate(section)
        ]
        for s, section in enumerate(state.comps.sections)
    ]


def _score(state: ConnnectState, sheet: PlayerSheet) -> dict[str, int | list[int]]:
    cfg = state.cfg
    return score(sheet, state.comps, cfg.permanent_circles, cfg.crossed_counts).as_dict()


def observation(state: ConnnectState, player: int) -> dict[str, Any]:
    """Everything seat ``player`` may see now (see the module docstring)."""
    view = _table(state, player)
    task = state.task[player]
    view["you"] = {
        "seat": player,
        "pending": list(state.pending[player]),
        "number_dice": list(state.number_dice[player]),
        "zone": state.zone[player],
        "task": None if task is None else {"kind": task.kind, "value": task.value},
    }
    return view


def public_observation(state: ConnnectState) -> dict[str, Any]:
    """What a spectator may see now: the table, every sheet as the players see the others'."""
    return _table(state, None)


def revealed_observation(state: ConnnectState) -> dict[str, Any]:
    """Everything, for a game whose secrets are over (a finished game's replay): the table with
    every sheet live, each seat's choices shown where they were made, and ``players``, each
    seat's private block (``you`` of :func:`observation`)."""
    view = _table(state, None, revealed=True)
    view["players"] = [observation(state, p)["you"] for p in range(state.num_players)]
    return view


def setup_rolls(state: ConnnectState) -> list[list[int]]:
    """The setup numbers rolled for each seat in the current setup step (public: every roll is
    a chance outcome on the table), ``[]`` for a seat with none yet or outside the setup.

    The rolls are the chance ``roll`` entries just before this step's writing: one shared roll
    for everybody, or one per player in seat order (``setup=individual``)."""
    rolls: list[list[int]] = [[] for _ in range(state.num_players)]
    if state.phase not in ("setup_roll", "setup_write"):
        return rolls
    found: list[list[int]] = []
    for entry in reversed(state.history):
        if entry.player != CHANCE:
            if found:
                break
            continue  # this step's writing, after its rolls
        if not isinstance(entry.action, Roll):
            break
        found.insert(0, list(entry.action.dice))
    if state.cfg.shared_setup:
        return [list(found[-1]) if found else [] for _ in rolls]
    for seat, dice in zip(state.participants(), found, strict=False):
        rolls[seat] = dice
    return rolls


def visible_sheet(
    state: ConnnectState, seat: int, viewer: int | None, fresh: bool = False
) -> dict[str, Any]:
    """``seat``'s sheet as ``viewer`` may see it (``None``: a spectator): the phase-start
    snapshot during a simultaneous phase (another seat's), else the live sheet. The snapshot
    is shared with the state (and its clones) unless ``fresh`` asks for a copy."""
    hidden = bool(state.views) and state.phase in ("setup_write", "fill", "claim")
    if hidden and seat != viewer:
        return copy.deepcopy(state.views[seat]) if fresh else state.views[seat]
    return sheet_view(state, seat)


def _table(state: ConnnectState, viewer: int | None, revealed: bool = False) -> dict[str, Any]:
    comps = state.comps
    sheets = [
        sheet_view(state, p) if revealed else visible_sheet(state, p, viewer, fresh=True)
        for p in range(state.num_players)
    ]
    return {
        "game": "connnect",
        "solo": state.num_players == 1,
        "round": state.round,
        "rounds": comps.rounds,
        "phase": state.phase,
        "active_player": state.active,
        "first_player": state.first_player,
        "dice": list(state.dice),
        "zone_die": state.zone_die,
        "active": sorted(state.active_players()),
        "done": [bool(d) for d in state.done],
        "objectives": [_objective(state, ident) for ident in state.objective_ids],
        "cards_face_up": [_card(comps.card(letter)) for letter in state.face_up],
        "cards_face_down": list(state.face_down),
        "score_cards": list(state.score_cards),
        "connect4_claimed": sorted(state.c4_claimed),
        "sheets": sheets,
        "terminal": state.phase == "over",
        "winners": state.winners() if state.phase == "over" else [],
        "setup_rolls": setup_rolls(state),
        "result": [event.to_json() for event in result_events(state)],
    }


def _objective(state: ConnnectState, ident: str) -> dict[str, Any]:
    from connect_arena.games.connnect.flow import objective_value

    card = state.comps.objective(ident)
    return {
        "id": card.id,
        "deck": card.deck,
        "points": card.points,
        "text": card.text,
        "closed": ident in state.objectives_closed,
        "points_now": objective_value(state, ident),
    }


def _card(shape: Shape) -> dict[str, Any]:
    return {"letter": shape.id, "name": shape.name, "rows": shape_rows(shape)}
