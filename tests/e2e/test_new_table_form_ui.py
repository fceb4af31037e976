"""The new-table form (issue 15, defect 7): for every game and player count it offers only the
choices the engine accepts (as /api/games says), with human labels in the page's language, no
developer text, nothing cut at 1280 px or on a 390 px phone; a language change keeps the
choices."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page

pytestmark = [pytest.mark.slow, needs_chromium]

# For each select of the form: its id, the values offered, and whether its longest text fits;
# for each label: whether its text fits (it may wrap, never overflow); and the page's overflow.
FORM_FACTS = """() => {
  const form = document.getElementById("create-form");
  const context = document.createElement("canvas").getContext("2d");
  const selects = [...form.querySelectorAll("select")].map((select) => {
    const style = getComputedStyle(select);
    context.font = `${style.fontSize} ${style.fontFamily}`;
    const widest = Math.max(...[...select.options].map((o) => context.measureText(o.text).width));
    // the text's room: the width without the paddings and the arrow (about 20 px)
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const room = select.clientWidth - padding - 20;
    return {
      id: select.id, values: [...select.options].map((o) => o.value),
      texts: [...select.options].map((o) => o.text), fits: widest <= room, widest, room,
    };
  });
  const labels = [...form.querySelectorAll("label")]
    .filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent);
  const boxes = [...form.querySelectorAll("*")].map((e) => e.getBoundingClientRect().right);
  const right = Math.max(...boxes);
  return {
    selects, labels, text: form.innerText,
    overflow: document.documentElement.scrollWidth > window.innerWidth || right > window.innerWidth,
  };
}"""

DEVELOPER_TEXT = re.compile(r"toml|test board|Testbrett|\bt1\b|\b1 players\b|\bmanches?\b", re.I)


def guest(page: Page) -> None:
    page.goto("/")
    page.locator("#top .language").wait_for(state="attached")  # the header is built
    if page.locator("#menu-toggle").is_visible():  # a phone: the ways in are in the menu
        page.click("#menu-toggle")
    page.click("#guest")
    expect(page.locator("#user-name")).to_be_visible()
    expect(page.locator("#create-table")).to_be_visible()


def check_form(page: Page, catalogue: dict[str, Any], lang: str) -> None:
    """Every game and player count: only valid values, nothing cut, no developer text."""
    for game in catalogue["games"]:
        page.select_option("#game", game["name"])
        for count in game["player_counts"]:
            if len(game["player_counts"]) > 1:
                page.select_option("#players", str(count))
            expect(page.locator(".seat-choice")).to_have_count(count)
            page.locator("#create-form details").evaluate_all(
                "nodes => nodes.forEach((n) => { n.open = true; })"
            )
            facts = page.evaluate(FORM_FACTS)
            where = f"{lang} {game['name']} {count} players"
            assert not facts["overflow"], where
            assert facts["labels"] == [], f"{where}: labels cut {facts['labels']}"
            cut = [(s["id"], s["widest"], s["room"]) for s in facts["selects"] if not s["fits"]]
            assert cut == [], f"{where}: lists cut {cut}"
            assert not DEVELOPER_TEXT.findall(facts["text"]), where
            options = {o["name"]: o for o in game["options"]}
            for select in facts["selects"]:
                name = select["id"].removeprefix("option-")
                if name not in options:
                    continue
                valid = [str(v) for v in options[name]["valid"][str(count)]]
                assert set(select["values"]) <= set(valid), f"{where}: {name} {select['values']}"
                assert len(select["values"]) >= 2, f"{where}: {name} offers no choice"
            for hidden in [o for o in game["options"] if not o["form"]]:
                expect(page.locator(f"#option-{hidden['name']}")).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [1280, 390])
def test_the_form_offers_only_valid_choices_that_fit(
    browser: Browser, shared_server: LiveServer, lang: str, width: int
) -> None:
    # A guest and the form only: no fresh database needed.
    page = new_page(browser, shared_server.base, locale=lang)
    page.set_viewport_size({"width": width, "height": 844 if width < 500 else 860})
    guest(page)
    catalogue = page.evaluate("() => fetch('/api/games').then((r) => r.json())")
    check_form(page, catalogue, lang)
    page.select_option("#game", "pairs")
    page.select_option("#players", "4")
    expect(page.locator("#option-first_player option")).to_have_count(5)  # random + 4 seats
    page.locator("#create-form details").evaluate("node => { node.open = true; }")
    page.locator("#create").screenshot(path=artifacts() / f"form-pairs-{lang}-{width}.png")
    page.select_option("#game", "quinque")
    expect(page.locator("#option-skydivers_per_tile option")).to_have_text(["4 (2×2)", "9 (3×3)"])
    page.screenshot(path=artifacts() / f"lobby-{lang}-{width}.png", full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_language_switch_keeps_the_choices(browser: Browser, shared_server: LiveServer) -> None:
    page = new_page(browser, shared_server.base)
    guest(page)
    page.select_option("#game", "pairs")
    page.select_option("#players", "4")
    page.select_option("#seat-1", "computer:mcts:easy")
    page.select_option("#option-key", "random")
    page.select_option("#language", "it")
    page.wait_for_function("() => document.documentElement.lang === 'it'")
    expect(page.locator("#create-table")).to_be_visible()
    expect(page.locator("#game")).to_have_value("pairs")
    expect(page.locator("#players")).to_have_value("4")
    expect(page.locator("#seat-1")).to_have_value("computer:mcts:easy")
    expect(page.locator("#seat-3")).to_have_value("open")
    expect(page.locator("#option-key")).to_have_value("random")
    expect(page.locator("#players option:checked")).to_have_text("4 giocatori")
    # Another game starts from its own defaults.
    page.select_option("#game", "connnect")
    expect(page.locator("#players")).to_have_value("2")
    expect(page.locator("#players option").first).to_have_text("1 giocatore (solitario)")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_lobby_lists_finished_games_with_players_and_when(
    browser: Browser, shared_server: LiveServer
) -> None:
    """Issue 15, defect 11: each finished game shows every player and when it ended (in the
    page's language); the tables card keeps its own height beside the long form."""
    page = new_page(browser, shared_server.base, locale="de")
    guest(page)
    for seat in ("#seat-0", "#seat-1"):
        page.select_option(seat, "computer:mcts:hard")
    page.fill("#option-parachutes", "2")  # a Quinque that ends after four marks
    page.fill("#option-tiles", "1")
    page.click("#create-table")
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    expect(page.locator("#status")).to_have_class(re.compile("over"), timeout=30_000)
    page.goto("/")
    row = page.locator("#finished li").first
    expect(row).to_contain_text("Rot · Computer, schwer")
    expect(row).to_contain_text("Blau · Computer, schwer")
    expect(row.locator("time")).to_have_text(re.compile(r"jetzt|vor \d+ (Sekunden|Minute)"))
    create = page.locator("#create").bounding_box()
    tables = page.locator("section.tables").bounding_box()
    finished = page.locator("section.finished").bounding_box()
    assert create and tables and finished
    assert tables["height"] < create["height"] / 2  # not stretched to the form
    assert finished["y"] - (tables["y"] + tables["height"]) < 30  # right under it
    page.screenshot(path=artifacts() / "lobby-finished-de-1280.png")
    assert page.errors == []  # type: ignore[attr-defined]
