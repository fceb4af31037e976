"""Structured events: what happened (or why an action is refused) as data, not English.

An :class:`Event` is a key and its parameters, e.g.
``Event("pairs.take", {"seat": 1, "subject": "F", "zone": 2})``. Engines produce them; the
terminal renders them in English with the game's templates (``events.py`` of each game
package, :data:`ENGLISH`), and the browser translates them by key in every language
(``i18n/<game>.<lang>.json``, under ``event.<key>``), so no interface parses English.

The Python templates are the one source of the English texts: the ``event.*`` keys of the
English translation files (``common.en.json`` for ``core.*``, ``<game>.en.json`` in the
folder a game's kit names) are written from them by ``tools/english_events.py``, and a test
fails when they differ.

Keys are ``<game>.<what>`` (``core.<what>`` for events every game shares). Parameter values
are JSON scalars or lists of them; a parameter named ``seat`` (or ending in ``_seat``) is a
0-based seat index, which renderers show as the seat's name.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

# In an interpreted module: pydantic reads the wire type's class (a ``typing_extensions``
# TypedDict and its attribute docstrings), which this compiled module would not give it.
from connect_arena.core.event_json import GameEvent as GameEvent

ParamValue = str | int | float | bool | None | list[Any]
"""A parameter value: a JSON scalar or a list of them."""


ENGLISH: dict[str, str] = {
    "core.action": "{seat}: {action}",
    "core.chance": "chance: {action}",
    "core.game_over": "the game is over",
    "core.not_chance": "this is not a chance node",
    "core.not_an_outcome": "{action} is not a possible chance outcome here",
    "core.chance_next": "chance acts next (dice or shuffle), not a player",
    "core.not_your_turn": "it is not {seat}'s turn",
    "core.say_seat": "several players may act now: say which seat acts ({seats})",
}
"""English templates of the ``core.*`` events (``str.format`` fields are parameter names)."""


_NO_PARAMS: Mapping[str, ParamValue] = MappingProxyType({})


class Event:
    """One structured event, immutable (its attributes are read-only; equal when its key and
    parameters are; unhashable, like the parameters).

    The class is compiled by mypyc (``_build.COMPILED``): Connect Pairs writes about 1.5 log
    events per action, and building a frozen dataclass (``object.__setattr__`` per field) was
    a tenth of a playout.

    Attributes:
        key: ``<game>.<what>``, the translation key (without the ``event.`` prefix).
        params: the parameters, JSON-able; read-only.
    """

    __slots__ = ("_key", "_params")

    def __init__(self, key: str, params: Mapping[str, ParamValue] = _NO_PARAMS) -> None:
        self._key = key
        self._params = params

    @property
    def key(self) -> str:
        """``<game>.<what>``."""
        return self._key

    @property
    def params(self) -> Mapping[str, ParamValue]:
        """The parameters (a read-only mapping)."""
        return self._params

    @classmethod
    def of(cls, key: str, **params: ParamValue) -> Event:
        """``Event.of("pairs.take", seat=1, subject="F")`` (``params`` is a new dict: no copy)."""
        return cls(key, MappingProxyType(params))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._key == other._key and self._params == other._params

    __hash__ = None  # type: ignore[assignment]  # the parameters are a mutable dict's view

    def __repr__(self) -> str:
        return f"Event(key={self._key!r}, params={self._params!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the parameters as a dict (a read-only mapping does not pickle): states
        that keep events, e.g. Connect Pairs' log, cross to the search's worker processes."""
        return (_rebuild_event, (self._key, dict(self._params)))

    def to_json(self) -> GameEvent:
        """``{"key": key, "params": {...}}``."""
        return {"key": self.key, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        """The inverse of :meth:`to_json`.

        Raises:
            ValueError: ``data`` is not ``{"key": str, "params": dict}``.
        """
        key, params = data.get("key"), data.get("params", {})
        if not isinstance(key, str) or not isinstance(params, Mapping):
            raise ValueError("an event is {'key': str, 'params': {...}}")
        return cls(key, MappingProxyType(dict(params)))

    def render(
        self,
        templates: Mapping[str, str],
        seat_name: Callable[[int], str] = lambda seat: f"Player {seat + 1}",
    ) -> str:
        """English (or any language's) text of the event from ``templates``.

        Seat parameters are shown by ``seat_name``; lists are joined with ", ". A plural
        ``{points|point|points}`` takes its first word when the number ``points`` is 1 (English
        plural rules), its second otherwise. A key with no template renders as the key and its
        parameters, so nothing is lost.
        """
        values: dict[str, Any] = {}
        for name, value in self.params.items():
            if isinstance(value, int) and not isinstance(value, bool) and _is_seat(name):
                values[name] = seat_name(value)
            elif isinstance(value, list):
                values[name] = ", ".join(
                    seat_name(v) if _is_seat(name) and isinstance(v, int) else str(v) for v in value
                )
            else:
                values[name] = value
        template = templates.get(self.key) or ENGLISH.get(self.key)
        if template is None:
            shown = " ".join(f"{k}={v}" for k, v in values.items())
            return f"{self.key} {shown}".strip()
        text = string.Formatter().vformat(template, (), _Missing(values))
        return _PLURAL.sub(lambda m: m[2] if self.params.get(m[1]) == 1 else m[3], text)

    def __str__(self) -> str:
        return self.render({})


_PLURAL = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")
"""A plural in a template: ``{name|one|other}``."""


def _is_seat(name: str) -> bool:
    return name in ("seat", "seats") or name.endswith(("_seat", "_seats"))


class _Missing(dict[str, Any]):
    """Format fields missing from the parameters render as ``{name}`` instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _rebuild_event(key: str, params: dict[str, ParamValue]) -> Event:
    """Unpickle an :class:`Event` (see ``Event.__reduce__``)."""
    return Event(key, MappingProxyType(params))
