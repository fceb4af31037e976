"""The components of CO'NNN'ECT as data: loading, merging and validating ``data/*.toml``.

The built-in data (``data/sheet.toml`` and ``data/cards.toml``) is our reconstruction
(``docs/rules/connnect.md`` §Components): the rulebooks lost their pictures, so the sheet
layout, the bonus sections, the Free Action penalties, the Connect-5 shapes and the objectives
are partly invented, and every such table says ``reconstructed = true``. A **variant file**
(game option ``data``) is merged over the built-in data table by table (tables merge key by
key, any other value replaces the built-in one), so an owner of the physical game can enter
only what differs. Files are UTF-8 (TOML).

Every problem names the file and the key, e.g. ``connnect data (my.toml): circles.list[2]:
cells must form a 2x2 block``.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from connect_arena.games.connnect import validate as v
from connect_arena.games.connnect.components import Components, DataError

DATA_DIR = Path(__file__).parent / "data"
BUILTIN_FILES = ("sheet.toml", "cards.toml")
BUILTIN = "reconstructed"
"""Value of the ``data`` option that selects the built-in data."""

# ----- loading ---------------------------------------------------------------------------------


def load_components(data: str = BUILTIN) -> Components:
    """The components for the ``data`` option: the built-in set, or it merged with a file.

    Args:
        data: ``"reconstructed"`` (built-in) or the path of a variant ``.toml`` file.

    Raises:
        DataError: the file cannot be read, is not TOML, or describes invalid components.
    """
    if data == BUILTIN:
        return _builtin()
    path = Path(data)
    variant = _read(path)
    merged = _builtin_raw()
    unknown = sorted(set(variant) - set(merged))
    if unknown:
        raise DataError(
            f"connnect data ({path}): unknown table(s) {', '.join(unknown)}; "
            f"known: {', '.join(sorted(merged))}"
        )
    return build(merge(merged, variant), str(path))


@lru_cache(maxsize=1)
def _builtin() -> Components:
    return build(_builtin_raw(), BUILTIN)


def _builtin_raw() -> dict[str, Any]:
    raw: dict[str, Any] = {}
    for name in BUILTIN_FILES:
        raw.update(_read(DATA_DIR / name))
    return raw


def _read(path: Path) -> dict[str, Any]:
    """The TOML tables of ``path``; TOML files are UTF-8 (TOML 1.0 §Spec).

    Raises:
        DataError: unreadable, not UTF-8 (naming the 0-based offset of the first bad byte), or
            not TOML.
    """
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise DataError(f"connnect data: cannot read {path}: {error.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        bad = raw[error.start : error.start + 1].hex()
        raise DataError(
            f"connnect data ({path}): not UTF-8 (byte {error.start} is 0x{bad}); "
            "save the file as UTF-8"
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"connnect data ({path}): not valid TOML: {error}") from None
    except RecursionError:  # tomllib recurses once per level of nested arrays or tables
        raise DataError(f"connnect data ({path}): nested too deeply to be game data") from None


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``over`` merged into a copy of ``base``: tables recursively, other values replaced."""
    result = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = merge(result[key], value)
        else:
            result[key] = value
    return result


def build(raw: dict[str, Any], name: str) -> Components:
    """Validate raw TOML tables and build the components.

    Raises:
        DataError: the first problem found, naming the key.
    """
    r = v.Reader(raw, name)
    v.check_play_area(r.table("play_area", ("rows", "columns")))
    sections = r.table("bonus_sections", ("connect3", "connect4"))
    return Components(
        name=name,
        zones=v.zones(r.table("zones", ("list",))),
        circles=(circles := v.circles(r.table("circles", ("list",)))),
        lines=v.lines(r.table("connected_lines", ("list",)), circles),
        **v.setup(r.table("setup", ("spaces", "groups", "rolls"))),
        arrow_lines=v.arrow_lines(r.table("arrow_lines", ("list",))),
        rounds=r.table("round_tracker", ("rounds",)).integer("rounds", 1, 100),
        **v.sheet_shapes(r.table("connect3", ("shapes",)), r.table("connect4", _C4_KEYS)),
        sections=(v.section(sections, "connect3"), v.section(sections, "connect4")),
        penalties=v.penalties(r.table("free_action_track", ("penalties",))),
        c5_boxes=r.table("connect5_boxes", ("count",)).integer("count", 1, 20),
        **v.cards(
            r.table("connect5_cards", ("face_up", "cards")), r.table("score_cards", ("values",))
        ),
        **v.objectives(r.table("objectives", ("decks", "cards")), circles),
        reconstructed=tuple(
            key
            for key, table in raw.items()
            if isinstance(table, dict) and table.get("reconstructed")
        ),
    )


_C4_KEYS = ("first_points", "later_points", "shapes")
