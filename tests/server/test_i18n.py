"""The browser UI's translations (static/i18n/<namespace>.<lang>.json, read by static/js/i18n.js).

* every namespace exists in the five languages, with the same keys, no empty text, and the
  same ``{param}`` placeholders as English;
* every key the pages use literally — ``t("ns.key"``, ``tn("ns.key"`` (plural: ``_one`` and
  ``_other``), ``data-i18n*="ns.key"`` in HTML — exists in that namespace's English file.

Keys built at run time (a game's optional catalogue texts such as ``<game>.option_<name>``,
read through ``hasKey`` with an English fallback) are not literals and need no listing;
``DYNAMIC`` lists the literal-looking keys that are deliberately absent (none today).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "connect_arena" / "server" / "static"
I18N = STATIC / "i18n"
TEMPLATES = STATIC.parent / "templates"
LANGUAGES = ("en", "it", "de", "fr", "es")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
KEY = r"([a-z][a-z0-9_]*)\.([A-Za-z0-9_]+)"
USES = [
    (re.compile(r"\bt\(\s*[\"'`]" + KEY + r"[\"'`]"), ("",)),
    (re.compile(r"\btn\(\s*[\"'`]" + KEY + r"[\"'`]"), ("_one", "_other")),
    (re.compile(r"data-i18n(?:-[a-z-]+)?=\"" + KEY + r"\""), ("",)),
]
DYNAMIC: set[str] = set()
"""Keys used literally but deliberately missing (with a reason); none today."""


def namespaces() -> dict[str, dict[str, Path]]:
    """``{namespace: {lang: path}}`` of the translation files."""
    found: dict[str, dict[str, Path]] = defaultdict(dict)
    for path in sorted(I18N.glob("*.json")):
        namespace, _, lang = path.stem.rpartition(".")
        found[namespace][lang] = path
    return dict(found)


def strings(path: Path) -> dict[str, str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path.name}: not a flat object"
    for key, value in data.items():
        assert isinstance(value, str), f"{path.name}: {key} is not a string"
    return data


def sources() -> list[Path]:
    """The files that use keys: the scripts and static pages, and the pages' templates."""
    return sorted(
        [
            path
            for pattern in ("**/*.js", "**/*.html")
            for path in STATIC.glob(pattern)
            if "i18n" not in path.parts
        ]
        + list(TEMPLATES.glob("*.html"))
    )


def test_the_picker_offers_the_five_languages() -> None:
    script = (STATIC / "js" / "i18n.js").read_text(encoding="utf-8")
    codes = re.findall(r'\["(\w\w)", "[^"]+"\]', script)
    assert tuple(codes) == LANGUAGES


def test_common_and_quinque_exist() -> None:
    assert {"common", "quinque"} <= set(namespaces())


def test_the_community_namespace_exists_and_is_used() -> None:
    """The community pages' texts (profiles, leaderboards, quick pairing, chat, analysis) are
    a namespace of their own, checked like the others, and every chat preset has a text."""
    assert "community" in namespaces()
    english = strings(namespaces()["community"]["en"])
    chat = (STATIC.parents[1] / "service" / "chat.py").read_text(encoding="utf-8")
    presets = re.search(r"PRESETS = \(([^)]*)\)", chat)
    assert presets is not None
    for preset in re.findall(r'"(\w+)"', presets.group(1)):
        assert f"preset_{preset}" in english, preset


def test_the_tournament_pages_have_their_namespace() -> None:
    """The tournament pages (tournaments.js, tournament.js) load ``tournaments`` and use it:
    the checks above then cover its five files and every key the pages use."""
    assert "tournaments" in namespaces()
    used = set()
    for path in sources():
        for pattern, _ in USES:
            used.update(ns for ns, _key in pattern.findall(path.read_text(encoding="utf-8")))
    assert "tournaments" in used


@pytest.mark.parametrize("namespace", sorted(namespaces()))
def test_every_language_has_the_same_keys(namespace: str) -> None:
    files = namespaces()[namespace]
    missing_files = [lang for lang in LANGUAGES if lang not in files]
    assert not missing_files, f"{namespace}: no file for {missing_files}"
    assert set(files) == set(LANGUAGES), f"{namespace}: unexpected languages {set(files)}"
    english = strings(files["en"])
    problems = []
    for lang in LANGUAGES:
        texts = strings(files[lang])
        missing = sorted(set(english) - set(texts))
        extra = sorted(set(texts) - set(english))
        if missing:
            problems.append(f"{namespace}.{lang}: missing {missing}")
        if extra:
            problems.append(f"{namespace}.{lang}: not in English {extra}")
        for key, text in texts.items():
            if not text.strip():
                problems.append(f"{namespace}.{lang}: {key} is empty")
            if key in english:
                wanted = set(PLACEHOLDER.findall(english[key]))
                if set(PLACEHOLDER.findall(text)) != wanted:
                    problems.append(f"{namespace}.{lang}: {key} must use {sorted(wanted)}")
    assert not problems, "\n".join(problems)


def test_every_key_used_exists_in_english() -> None:
    english = {ns: strings(files["en"]) for ns, files in namespaces().items() if "en" in files}
    used: dict[str, set[str]] = defaultdict(set)
    for path in sources():
        text = path.read_text(encoding="utf-8")
        for pattern, suffixes in USES:
            for namespace, name in pattern.findall(text):
                for suffix in suffixes:
                    used[f"{namespace}.{name}{suffix}"].add(str(path.relative_to(STATIC.parent)))
    assert len(used) > 100, "the scan found too few keys: is the pattern still right?"
    missing = []
    for key, where in sorted(used.items()):
        namespace, _, name = key.partition(".")
        if key in DYNAMIC:
            continue
        if name not in english.get(namespace, {}):
            missing.append(f"{key} (used in {', '.join(sorted(where))})")
    assert not missing, "keys missing from the English files:\n" + "\n".join(missing)
