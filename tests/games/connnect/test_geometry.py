"""``ConnnectGame.geometry()``: the sheet layout the page draws comes from the components in use
(built in or a variant file), is public and static, and holds no seat's writing."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from connect_arena.core import load, sample_chance_outcome
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.components import Components
from connect_arena.games.connnect.options import OPTIONS

VARIANT = """
[zones]
list = [
    { die = 1, rows = [1, 2] }, { die = 2, rows = [3, 4] }, { die = 3, rows = [5, 6] },
    { die = 4, columns = [1, 2] }, { die = 5, columns = [3, 4] }, { die = 6, columns = [5, 6] },
]
[arrow_lines]
list = [{ row = 1 }, { column = 1 }, { column = 3 }]
[free_action_track]
penalties = [0, 2, 4, 6, 8]
[connect4]
first_points = 5
later_points = 2
shapes = [{ id = "I4", rows = ["XXXX"] }, { id = "L4", rows = ["X.", "X.", "XX"] }]
[connect5_boxes]
count = 2
[round_tracker]
rounds = 10
"""


def names(cells: Any) -> list[str]:
    return [geo.cell_name(c) for c in cells]


def expected(comps: Components) -> dict[str, Any]:
    """The geometry, derived here from the components independently of ``view.geometry``."""
    return {
        "zones": [(z.die, z.axis, list(z.lines), names(geo.cells_of(z.mask))) for z in comps.zones],
        "circles": [(c.id, names(c.cells)) for c in comps.circles],
        "lines": [[comps.circles[i].id for i in line] for line in comps.lines],
        "setup_spaces": names(comps.setup_spaces),
        "arrow_lines": [names(cells) for _, cells in comps.arrow_lines],
        "shapes": [(s.id, sorted(s.points)) for s in (*comps.connect3, *comps.connect4)],
        "cards": [(c.id, sorted(c.points)) for c in comps.cards],
        "penalties": list(comps.penalties),
        "boxes": comps.c5_boxes,
        "points": [comps.first_points, comps.later_points],
        "rounds": comps.rounds,
        "objectives": [(o.id, o.deck, o.points, o.text) for o in comps.objectives],
        "sections": [[(b.kind, b.value, b.stars) for b in section] for section in comps.sections],
    }


def points(rows: list[str]) -> list[tuple[int, int]]:
    return sorted((r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "X")


def drawn(geometry: dict[str, Any]) -> dict[str, Any]:
    """The same facts, read back from the geometry JSON."""
    return {
        "zones": [(z["die"], z["axis"], z["lines"], z["cells"]) for z in geometry["zones"]],
        "circles": [(c["id"], c["cells"]) for c in geometry["circles"]],
        "lines": geometry["lines"],
        "setup_spaces": geometry["setup_spaces"],
        "arrow_lines": [a["cells"] for a in geometry["arrow_lines"]],
        "shapes": [
            (s["id"], points(s["rows"])) for s in geometry["connect3"] + geometry["connect4"]
        ],
        "cards": [(c["letter"], points(c["rows"])) for c in geometry["cards"]],
        "penalties": geometry["free_action_penalties"],
        "boxes": geometry["connect5_boxes"],
        "points": geometry["connect4_points"],
        "rounds": geometry["rounds"],
        "objectives": [
            (o["id"], o["deck"], o["points"], o["text"]) for o in geometry["objectives"]
        ],
        "sections": [
            [(b["kind"], b["value"], b["stars"]) for b in section]
            for section in geometry["bonus_sections"]
        ],
    }


def shipped_option_sets() -> list[dict[str, Any]]:
    """The defaults, then each choice of every option with choices (one at a time)."""
    sets: list[dict[str, Any]] = [{}]
    for spec in OPTIONS:
        for choice in spec.choices or (
            (not spec.default,) if spec.default in (True, False) else ()
        ):
            if choice != spec.default:
                sets.append({spec.name: choice})
    return sets


@pytest.mark.parametrize("options", shipped_option_sets(), ids=str)
def test_geometry_matches_the_engine_data_for_every_shipped_option_set(
    options: dict[str, Any],
) -> None:
    game = load("connnect", 2, **options)
    geometry = game.geometry()
    json.dumps(geometry)  # JSON-able
    assert drawn(geometry) == expected(game.comps)  # type: ignore[attr-defined]
    assert geometry == load("connnect", 4).geometry()  # options and seats change no layout


def test_a_variant_file_is_drawn_from_its_own_data(tmp_path: Path) -> None:
    variant = tmp_path / "variant.toml"
    variant.write_text(VARIANT, encoding="utf-8")
    game = load("connnect", 3, data=str(variant))
    geometry = game.geometry()
    assert drawn(geometry) == expected(game.comps)  # type: ignore[attr-defined]
    assert geometry != load("connnect", 3).geometry()
    assert [(a["axis"], a["index"]) for a in geometry["arrow_lines"]] == [
        ("row", 1),
        ("column", 1),
        ("column", 3),
    ]
    assert geometry["zones"][0]["axis"] == "rows" and geometry["zones"][0]["lines"] == [1, 2]
    assert [s["id"] for s in geometry["connect4"]] == ["I4", "L4"]
    assert all(o["builtin"] for o in geometry["objectives"])  # untouched cards stay built in


def test_a_changed_objective_card_is_not_shown_as_the_builtin_one(tmp_path: Path) -> None:
    variant = tmp_path / "objectives.toml"
    variant.write_text(
        "[objectives]\ndecks = ['A']\ncards = [\n"
        " { id = 'A1', deck = 'A', points = 5, kind = 'circles', count = 4,"
        " text = 'Fill 4 circles' },\n]\n",
        encoding="utf-8",
    )
    geometry = load("connnect", 2, data=str(variant)).geometry()
    assert geometry["objectives"] == [
        {"id": "A1", "deck": "A", "points": 5, "kind": "circles", "text": "Fill 4 circles",
         "builtin": False}
    ]  # fmt: skip


def test_geometry_is_static_public_and_holds_no_writing() -> None:
    """Hidden information: the geometry never changes during a game, so it cannot carry any
    seat's (hidden) writing; it is the same for the game of every seat."""
    game = load("connnect", 2)
    before = json.dumps(game.geometry(), sort_keys=True)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        seat = min(state.active_players())
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    assert state.history  # the game went on
    assert json.dumps(state.game.geometry(), sort_keys=True) == before
    for view in (state.observation(0), state.observation(1), state.public_observation()):
        assert "layout" not in view and "geometry" not in view  # one source: the geometry
