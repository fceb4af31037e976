"""The words players read, in every language (issue 27, items 11 and polish): the new-table
forms' option texts and the games' messages carry no engine jargon (option values,
identifiers, ASCII arrows, "+-", "returns"), and the translation nits stay fixed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

I18N = Path(__file__).parents[2] / "src" / "connect_arena" / "server" / "static" / "i18n"
LANGUAGES = ("en", "it", "de", "fr", "es")
JARGON = [
    re.compile(r"\b[a-z]+_[a-z_]+\b"),  # an identifier (no_revisit, retrace_rule)
    re.compile(r"\((?:chain|strict|reconciled)\)|\bFR\b"),  # option values in brackets
    re.compile(r"->|\+-"),  # ASCII arrows and plus-minus
    re.compile(r"^(?:returns|esiti|Auszahlungen|gains|pagos)\b"),  # the engine's "returns"
]


def strings(namespace: str, language: str) -> dict[str, str]:
    texts: dict[str, str] = json.loads((I18N / f"{namespace}.{language}.json").read_text())
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("namespace", ["connect5", "connnect", "pairs", "quinque"])
def test_option_texts_and_messages_carry_no_jargon(namespace: str, language: str) -> None:
    texts = strings(namespace, language)
    shown = {k: v for k, v in texts.items() if k.startswith(("option_", "event."))}
    words = {k: re.sub(r"\{[a-z_]+\}", "{}", v) for k, v in shown.items()}  # placeholders
    bad = {k: v for k, v in words.items() if any(p.search(v) for p in JARGON)}
    assert bad == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_counted_points_have_a_singular(language: str) -> None:
    """No "1 points": every text counting points has a ``_one`` form beside ``_other``."""
    plural = re.compile(r"\{points\} (?:points|punti|Punkte|puntos)\b")
    for namespace in ("connect5", "pairs"):
        texts = strings(namespace, language)
        counted = {k for k, v in texts.items() if plural.search(v) and not k.startswith("event.")}
        assert {k for k in counted if not k.endswith("_other")} == set(), namespace
        assert {k.removesuffix("_other") + "_one" for k in counted} <= texts.keys()


def test_translation_nits() -> None:
    italian = strings("connnect", "it")
    assert "Usa il {value}" not in italian["useAsZone"]  # "Usa il 1" reads wrong: "il dado 1"
    assert not [v for v in italian.values() if "Dado Zona" in v or "Dadi Numero" in v]
    german = "\n".join(strings("connnect", "de").values())
    assert "Setup-" not in german
    assert strings("community", "es")["replay"] != "Repetir"  # "repeat", not a replay
    english = re.sub(r"\{\w+\}", "", "\n".join(strings("pairs", "en").values())).lower()
    assert "manche" not in english  # an Italian word: a "game" of a Connect Pairs match
