"""Write the English event texts of the browser from the engines' templates.

The English templates of the structured events live in Python, beside the engines (the
``ENGLISH`` dicts of ``core/events.py`` and of each game's ``events.py``, which a game class
exposes as ``event_templates``): the terminal renders them, and this tool copies them into the
browser's English translation files, under ``event.<what>`` (``core.<what>`` into
``common.en.json``; ``<game>.<what>`` into ``<game>.en.json`` of the folder its kit's ``i18n``
part names). The other keys of those files, their order and their indentation are kept; an
``event.*`` key with no template is removed. The other languages are translated by hand.

Usage: ``python tools/english_events.py`` (write) or ``--check`` (exit 1 when a file is out of
date; ``tests/games/test_events.py`` runs the same check).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path

from connect_arena.core import game_class, game_names, kit_of
from connect_arena.core.events import ENGLISH as CORE_ENGLISH
from connect_arena.server.app import STATIC

PREFIX = "event."


def _templates() -> dict[Path, dict[str, str]]:
    """English file → its ``event.*`` entries, from the Python templates."""
    found = {STATIC / "i18n" / "common.en.json": _entries("core", CORE_ENGLISH)}
    for name in game_names():
        path = kit_of(name).file("i18n", f"{name}.en.json")
        if path is not None:
            found[path] = _entries(name, game_class(name).event_templates)
    return found


def _entries(namespace: str, templates: Mapping[str, str]) -> dict[str, str]:
    own = f"{namespace}."
    return {
        PREFIX + key[len(own) :]: text for key, text in templates.items() if key.startswith(own)
    }


def _updated(text: str, events: Mapping[str, str]) -> str:
    """``text`` (a translation file) with its ``event.*`` entries set to ``events``."""
    data: dict[str, str] = json.loads(text)
    kept = {k: v for k, v in data.items() if not k.startswith(PREFIX) or k in events}
    merged = {k: events.get(k, v) for k, v in kept.items()}
    merged.update({k: v for k, v in events.items() if k not in merged})
    second = text.splitlines()[1] if text.count("\n") > 1 else "  "
    indent = len(second) - len(second.lstrip(" ")) or 2
    return json.dumps(merged, indent=indent, ensure_ascii=False) + "\n"


def stale_files() -> dict[Path, str]:
    """Each English file whose ``event.*`` entries differ from the templates → its new text."""
    stale = {}
    for path, events in _templates().items():
        text = path.read_text("utf-8")
        new = _updated(text, events)
        if new != text:
            stale[path] = new
    return stale


def main(argv: list[str]) -> int:
    stale = stale_files()
    for path, text in stale.items():
        if "--check" in argv:
            print(f"{path}: out of date (run python tools/english_events.py)", file=sys.stderr)
        else:
            path.write_text(text, "utf-8")
            print(f"wrote {path}")
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
