"""Game options that come from clients (a new table, an uploaded record): no request may make
the server read a file of its choosing.

Free-text options (a string without choices or suggestions, e.g. a data file) keep their
defaults (a record written by the server names the default: that is accepted), and open
options (a file path or a shipped name) take only their suggested values.
The command line and Python callers load games directly and are not limited.
"""

from __future__ import annotations

from collections.abc import Mapping

from connect_arena.core import Game, OptionSpec
from connect_arena.service.model import ErrorCode, ServiceError


def free_text(spec: OptionSpec) -> bool:
    """Whether ``spec`` is a string option without a list of choices or suggestions (e.g. a
    data file): clients cannot set it (and are not offered it)."""
    return isinstance(spec.default, str) and not spec.choices and not spec.suggestions


def check_client_options(cls: type[Game], options: Mapping[str, object]) -> None:
    """Refuse client options that could make the server read a file.

    Args:
        cls: the game class.
        options: the options as sent (only those given are checked).

    Raises:
        ServiceError: ``bad_request`` naming the option.
    """
    for spec in cls.option_specs:
        if spec.name not in options:
            continue
        if free_text(spec):
            if options[spec.name] == spec.default:  # e.g. CO'NNN'ECT's data=reconstructed
                continue
            raise ServiceError(ErrorCode.BAD_REQUEST, f"option {spec.name!r} cannot be set here")
        suggested = spec.suggestions
        if suggested and options[spec.name] not in suggested:
            choices = ", ".join(suggested)
            raise ServiceError(
                ErrorCode.BAD_REQUEST, f"option {spec.name!r} must be one of: {choices}"
            )
