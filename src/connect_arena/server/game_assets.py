"""The games' browser assets, found through their kits (``core/kit.py``).

Under ``/static``, three kinds of path belong to a game and are answered from its kit's
parts, whatever the ``static/`` folder holds:

* ``games/<name>.js``: the table page's module (``ui_module``); without one, 404, and the page
  falls back to ``static/games/generic.js``;
* ``i18n/<name>.<lang>.json``: the game's translations (``i18n`` folder); without one, 404, and
  the page falls back to English, then to the keys;
* ``rules/<name>.<lang>.html``: the rules pages (``rules`` folder); without one, 404 and no
  rules link (:func:`rules_languages`).

Every other path (and a ``<name>`` that is not a registered game: ``generic.js``,
``common.en.json``…) is an ordinary file of ``static/``. Caching, ``ETag`` and gzip are the
same for both (:class:`KitStaticFiles` only changes where a path is looked up).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from fastapi.staticfiles import StaticFiles

from connect_arena.core import game_names, kit_of

LANGUAGES = ("en", "it", "de", "fr", "es")
"""The languages of the site, in the order the pages offer them."""

_GAME_PATHS = (
    (re.compile(r"games/(?P<name>[A-Za-z0-9_-]+)\.js"), "ui_module"),
    (re.compile(r"i18n/(?P<name>[A-Za-z0-9_-]+)\.(?P<lang>[A-Za-z-]+)\.json"), "i18n"),
    (re.compile(r"rules/(?P<name>[A-Za-z0-9_-]+)\.(?P<lang>[A-Za-z-]+)\.html"), "rules"),
)


def game_asset(path: str) -> tuple[bool, Path | None]:
    """Whether ``path`` (relative to ``/static``) belongs to a registered game, and if so the
    file its kit offers for it (``None``: the kit has none)."""
    for pattern, part in _GAME_PATHS:
        match = pattern.fullmatch(path)
        if match is None or match["name"] not in game_names():
            continue
        kit = kit_of(match["name"])
        if part == "ui_module":
            return True, kit.file(part)
        return True, kit.file(part, path.partition("/")[2])
    return False, None


def rules_languages(game: str) -> list[str]:
    """The languages (of :data:`LANGUAGES`) in which the kit of ``game`` has a rules page
    (none for a game without one: a plug-in or a toy game; the pages then offer no link)."""
    kit = kit_of(game)
    return [lang for lang in LANGUAGES if kit.file("rules", f"{game}.{lang}.html") is not None]


class KitStaticFiles(StaticFiles):
    """Starlette's static files, with the games' paths looked up in their kits."""

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        """The file to send for ``path`` and its ``stat`` (``("", None)``: not found)."""
        owned, found = game_asset(path.replace(os.sep, "/"))
        if not owned:
            return super().lookup_path(path)
        if found is None:
            return "", None
        return str(found), os.stat(found)
