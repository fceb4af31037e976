"""Game options: typed, documented, validated, with defaults.

An option is declared once per game with an :class:`OptionSpec`; values given by code
(``load("quinque", advanced=True)``), by the command line (``--option advanced=true``) or by a
record are coerced and checked here, and any error names the option and the bad value.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from connect_arena.core.errors import InvalidOptionError

OptionValue = bool | int | str

_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One configurable rule or parameter of a game.

    Attributes:
        name: the key, e.g. ``"advanced"``.
        default: the default value; its type (bool, int or str) is the option's type.
        description: one line for ``connect-arena games`` and the docs.
        choices: for string options, the allowed values.
        minimum: for integer options, the smallest allowed value.
        maximum: for integer options, the largest allowed value.
        register: the ambiguity-register entries the option settles, e.g. ``"Q-3"``.
        suggestions: for open string options (any value the game accepts, e.g. a file path),
            the well-known values interfaces offer (e.g. the shipped boards). The web server
            accepts only these for such an option.
        test_values: choices or suggestions meant for tests (e.g. a test board): valid, but
            not offered to players (the web form leaves them out).
    """

    name: str
    default: OptionValue
    description: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    register: str = ""
    suggestions: tuple[str, ...] | None = None
    test_values: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        """``"bool"``, ``"int"`` or ``"str"``."""
        return type(self.default).__name__

    def describe_values(self) -> str:
        """Human-readable set of accepted values, e.g. ``"1..4"`` or ``"a | b"``."""
        if isinstance(self.default, bool):
            return "true | false"
        if isinstance(self.default, int):
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            return f"integer {low}..{high}"
        if self.suggestions:
            return " | ".join(self.suggestions) + " | …"
        return " | ".join(self.choices or ()) or "text"

    def coerce(self, value: object, game: str) -> OptionValue:
        """Return ``value`` converted to this option's type, or raise.

        Strings such as ``"true"``/``"3"`` are accepted so that command-line values work.

        Raises:
            InvalidOptionError: the value has the wrong type or is out of range.
        """
        shown = repr(value).replace("{", "{{").replace("}", "}}")  # a value is not a format
        bad = f"option {self.name!r} of {game}: {shown} is not valid (expected {{}})"
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            raise InvalidOptionError(bad.format("true or false"), self.name)
        if isinstance(self.default, int):
            number: int
            if isinstance(value, int) and not isinstance(value, bool):
                number = value
            elif isinstance(value, str) and re.fullmatch(r"[+-]?[0-9]+", value.strip()):
                number = int(value.strip())
            else:
                raise InvalidOptionError(bad.format(self.describe_values()), self.name)
            if (self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum
            ):
                raise InvalidOptionError(bad.format(self.describe_values()), self.name)
            return number
        if not isinstance(value, str) or (self.choices is not None and value not in self.choices):
            raise InvalidOptionError(bad.format(self.describe_values()), self.name)
        return value


def resolve_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, object], game: str
) -> dict[str, OptionValue]:
    """Validate ``given`` against ``specs`` and fill in defaults.

    Returns:
        A dict with exactly one entry per spec, in declaration order.

    Raises:
        InvalidOptionError: an unknown key (the message lists the known ones) or a bad value.
    """
    known = {spec.name: spec for spec in specs}
    for key in given:
        if key not in known:
            names = ", ".join(known) or "none"
            raise InvalidOptionError(
                f"{game} has no option {key!r} (its options are: {names})", key
            )
    return {
        spec.name: spec.coerce(given[spec.name], game) if spec.name in given else spec.default
        for spec in specs
    }


def parse_option_pairs(pairs: list[str]) -> dict[str, str]:
    """Parse command-line ``key=value`` strings into a dict (values stay strings).

    Raises:
        InvalidOptionError: an item has no ``=`` or an empty key.
    """
    result: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InvalidOptionError(f"option {pair!r} is not of the form key=value")
        result[key.strip()] = value.strip()
    return result
