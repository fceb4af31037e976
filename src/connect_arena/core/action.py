"""``Action``, the base of every game's actions, as a class mypyc compiles (a native class).

It lives apart from :mod:`connect_arena.core.game` (interpreted; it re-exports it) so that the
four games' action classes (``games/*/notation.py``, compiled too) are native classes: the
compiled engines, the search's knowledge and the research adapters read an action's fields as
C struct fields instead of through Python's generic attribute look-up (about 32 against
48-52 ns a read, ``benchmarks/results/rl/s46/read_costs/``). mypyc cannot build a native class
under ``abc.ABCMeta``, so ``Action`` is no ``abc.ABC``: a subclass that does not define
``__str__`` is refused when it is defined (:meth:`Action.__init_subclass__`), where the ABC
refused it when it was instantiated. Plug-in games subclass it from interpreted code
(``allow_interpreted_subclasses``), as before.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

__all__ = ["Action"]


@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """Base of every game's actions: small frozen dataclasses.

    ``str(action)`` is the canonical notation, and ``state.parse_action(str(action))`` gives
    back an equal action (parse ∘ format = id). A subclass must define ``__str__``.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Refuse a subclass without its own notation (what ``abc.abstractmethod`` did).

        Raises:
            TypeError: ``cls`` inherits ``__str__`` from ``Action``.
        """
        super().__init_subclass__(**kwargs)
        if cls.__str__ is Action.__str__:
            raise TypeError(f"{cls.__name__} must define __str__ (its canonical notation)")

    def __str__(self) -> str:
        """The canonical notation of the action."""
        raise NotImplementedError

    def __reduce_ex__(self, protocol: Any) -> str | tuple[Any, ...]:
        """Pickle a dataclass action as a call of its class with its fields (records,
        ``--computer-workers``' processes, ``copy``): a compiled class's own state restore
        assigns fields one by one, which a frozen dataclass refuses. Any other subclass
        pickles as ``object`` does."""
        if dataclasses.is_dataclass(self):
            fields = dataclasses.fields(self)
            return (type(self), tuple([getattr(self, field.name) for field in fields]))
        return object.__reduce_ex__(self, protocol)

    def parts(self) -> dict[str, Any]:
        """The action as data for a page that must not parse notation (``docs/server.md``).

        Returns:
            ``{"kind": <the class name in snake_case>, <field>: <value>...}``: every dataclass
            field of the action, tuples as lists (a cell ``(3, -1)`` → ``[3, -1]``), enums as
            their values, nested dataclasses as dicts. A game may override it to add derived
            parts (a chain's hops, a shape's cells).
        """
        parts: dict[str, Any] = {"kind": _snake(type(self).__name__)}
        if dataclasses.is_dataclass(self):
            for field in dataclasses.fields(self):
                parts[field.name] = _json_part(getattr(self, field.name))
        return parts

    def legal_json(self) -> dict[str, Any]:
        """The action as a page receives it: ``{"notation": str(self), "parts": self.parts()}``
        (one entry of a ``state`` message's ``legal``, an observation's ``last``)."""
        return {"notation": str(self), "parts": self.parts()}


def _snake(name: str) -> str:
    """``"FirstPlayer"`` → ``"first_player"``."""
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


def _json_part(value: Any) -> Any:
    """``value`` as JSON data: tuples, lists, sets as lists, enums as values, dataclasses as
    dicts, mappings with string keys; numbers, strings, booleans and ``None`` unchanged."""
    if isinstance(value, enum.Enum):
        return _json_part(value.value)
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, tuple | list):
        return [_json_part(item) for item in value]
    if isinstance(value, set | frozenset):
        return sorted((_json_part(item) for item in value), key=repr)
    if isinstance(value, Mapping):
        return {str(key): _json_part(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _json_part(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return str(value)
