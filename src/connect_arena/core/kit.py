"""The game kit: one object per game naming every part the platform may ask it for.

A :class:`GameKit` is what a game's entry point (group ``connect_arena.games``) points at,
e.g. ``quinque = "connect_arena.games.quinque.kit:KIT"``. It holds the game class and, for each
optional part, a *lazy reference* (a string), so that declaring a kit imports nothing: the
layer that uses a part resolves it (the research adapters the encoding, the agents the
knowledge, the service the picture and the tutorial, the web server the browser assets), and
``games/`` never imports ``agents/``, ``service/``, ``server/`` or ``rl/``.

Two kinds of reference:

* an **object** ``"package.module:attribute"`` (the attribute may be dotted), imported on first
  use by :func:`resolve`;
* a **resource** ``"package:relative/path"``, a file or folder shipped inside a package, found
  with :mod:`importlib.resources` by :func:`resource` (it must lie on the file system: the
  web server sends it as a file).

Every part but the game is optional; what the platform does without one is documented on each
attribute of :class:`GameKit` and in ``docs/adding-a-game.md``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from pathlib import Path

from connect_arena.core.game import Game

PARTS = ("encoding", "picture", "knowledge", "tutorial", "ui_module", "i18n", "rules")
"""The optional parts of a kit, in the order of :class:`GameKit`'s attributes."""
_OBJECT_PARTS = ("encoding", "picture", "knowledge")


@dataclass(frozen=True)
class GameKit:
    """Everything a game offers the platform. Only :attr:`game` is required.

    Attributes:
        game: the :class:`~connect_arena.core.game.Game` class, or its lazy
            ``"module:ClassName"`` path.
        encoding: object reference to the game's fixed action/observation encoding, a subclass
            of ``connect_arena.rl.encoding.Encoding`` built as ``cls(game)``. Without one the
            research adapters refuse the game (``encoding_for`` raises ``KeyError``; OpenSpiel
            does not register it).
        picture: object reference to ``(game, state) -> str``, a standalone SVG document of a
            position (public information only), for the landing page. Without one: a title
            card in the seats' colours.
        knowledge: object reference to a ``connect_arena.agents.knowledge.Knowledge`` (position
            evaluation, rollout policy, levels). Without one: uniform rollouts, the returns as
            evaluation and the default levels.
        tutorial: resource reference to the tutorial script, a JSON file (format:
            ``connect_arena.service.tutorials``). Without one: the game offers no tutorial and
            ``GET /api/tutorials/<name>`` answers 404 ``not_found``.
        ui_module: resource reference to the table page's ES module for the game, served as
            ``/static/games/<name>.js``. Without one: 404 there, and the page falls back to the
            generic UI (``static/games/generic.js``: legal actions as buttons).
        i18n: resource reference to a folder holding ``<name>.<lang>.json`` (the game's
            translation namespace, served as ``/static/i18n/<name>.<lang>.json``). Without
            one (or without a language's file): the texts fall back to English, then to the
            keys, and events to their notation.
        rules: resource reference to a folder holding ``<name>.<lang>.html`` (the rules pages,
            served as ``/static/rules/<name>.<lang>.html``). Without one: no rules link.
    """

    game: type[Game] | str
    encoding: str | None = None
    picture: str | None = None
    knowledge: str | None = None
    tutorial: str | None = None
    ui_module: str | None = None
    i18n: str | None = None
    rules: str | None = None

    def __post_init__(self) -> None:
        for spec in fields(self):
            value = getattr(self, spec.name)
            if isinstance(value, str):
                package, colon, rest = value.partition(":")
                if not (package and colon and rest):
                    raise ValueError(f"kit part {spec.name}={value!r} is not 'package:name'")

    def game_class(self) -> type[Game]:
        """The game class (imported on first use).

        Raises:
            TypeError: :attr:`game` does not name a Game class.
        """
        if not isinstance(self.game, str):
            return self.game
        cls = resolve(self.game)
        if not (isinstance(cls, type) and issubclass(cls, Game)):
            raise TypeError(f"{self.game} is not a Game class")
        return cls

    def has(self, part: str) -> bool:
        """Whether the kit names ``part`` (one of :data:`PARTS`)."""
        if part not in PARTS:
            raise ValueError(f"unknown kit part {part!r} (parts: {', '.join(PARTS)})")
        return getattr(self, part) is not None

    def load(self, part: str) -> object | None:
        """The object that ``part`` (``encoding``, ``picture`` or ``knowledge``) names,
        imported on first use, or ``None`` when the kit has no such part.

        Raises:
            ValueError: ``part`` is not an object part.
            ImportError, AttributeError: the reference names nothing (a bug of the kit).
        """
        if part not in _OBJECT_PARTS:
            raise ValueError(f"{part!r} is not an object part ({', '.join(_OBJECT_PARTS)})")
        reference: str | None = getattr(self, part)
        return None if reference is None else resolve(reference)

    def file(self, part: str, name: str | None = None) -> Path | None:
        """The file of a resource part: the part itself (``tutorial``, ``ui_module``), or the
        file ``name`` inside it (``i18n``, ``rules``: e.g. ``"quinque.en.json"``). ``None``
        when the kit has no such part or the file does not exist.

        Raises:
            ValueError: ``part`` is not a resource part, or ``name`` is not a plain file name.
        """
        if part not in PARTS or part in _OBJECT_PARTS:
            raise ValueError(f"{part!r} is not a resource part")
        if name is not None and (not name or "/" in name or "\\" in name or name[0] == "."):
            raise ValueError(f"{name!r} is not a file name")
        reference: str | None = getattr(self, part)
        if reference is None:
            return None
        path = resource(reference)
        if name is not None:
            path = path / name
        return path if path.is_file() else None


@cache
def resolve(reference: str) -> object:
    """The object named by ``"package.module:attribute"`` (dotted attributes allowed), imported
    on first use and cached.

    Raises:
        ImportError: no such module. AttributeError: no such attribute.
    """
    module_name, _, attribute = reference.partition(":")
    found: object = importlib.import_module(module_name)
    for name in attribute.split("."):
        found = getattr(found, name)
    return found


def resource(reference: str) -> Path:
    """The path of ``"package:relative/path"`` (the package is imported to find it).

    Raises:
        ImportError: no such package. ValueError: the resource is not on the file system
            (a zipped package).
    """
    package, _, relative = reference.partition(":")
    found = resources.files(package).joinpath(*relative.split("/"))
    if not isinstance(found, Path):
        raise ValueError(f"{reference}: kit resources must be files on disk")
    return found
