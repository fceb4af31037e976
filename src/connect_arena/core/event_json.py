"""The JSON shape of a structured event (:meth:`connect_arena.core.events.Event.to_json`),
a wire type of the protocol, re-exported by :mod:`connect_arena.core.events`.

It lives in this interpreted module because ``core/events.py`` is compiled by mypyc, whose
``TypedDict`` classes are not the ``typing_extensions`` ones pydantic needs on Python 3.11
(nor have the attribute docstrings the schema shows).
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict


@with_config(ConfigDict(extra="forbid", use_attribute_docstrings=True))
class GameEvent(TypedDict):
    """A structured event as JSON (:meth:`Event.to_json`): what an action does, or why it was
    refused; pages translate it by ``key``. Part of the wire protocol
    (``connect_arena.service.protocol``)."""

    key: str
    """``<game>.<what>`` or ``core.<what>``."""
    params: dict[str, Any]
    """The template's parameters."""
