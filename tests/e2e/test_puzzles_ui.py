"""Puzzles in the browser (issue 29): the home page (/puzzles) and a puzzle played on the real
board (/puzzles/<game>/<id>) in English and Italian, at 1280 and 390 px, as a guest and signed
in; a wrong action fails and the solution is shown; axe-core finds nothing serious.
Screenshots: build/e2e/puzzles-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from connect_arena.service.puzzles import Puzzle, game_puzzles
from tests.e2e import test_browser, test_connect5_ui, test_connnect_ui, test_keyboard_play
from tests.e2e.conftest import LiveServer, needs_chromium, new_page, shoot_both, sign_up_by_api
from tests.e2e.test_axe import AXE as AXE_PATH
from tests.e2e.test_axe import RUN_AXE, WIDTHS, inject, open_page

pytestmark = [pytest.mark.slow, needs_chromium]


def _connect5(kind: str) -> Puzzle:
    return next(
        p
        for p in game_puzzles("connect5")
        if p.kind == kind and p.turns == 1 and p.answer[0].startswith("place ")
    )


def _open(page: Page, puzzle: Puzzle) -> None:
    page.goto(f"/puzzles/{puzzle.game}/{puzzle.id}")
    expect(page.locator("#coach")).to_have_attribute("data-status", "playing")


def test_a_guest_sees_the_games_and_solves_a_connect5_puzzle(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = new_page(browser, shared_server.base)
    page.goto("/")
    page.click("#landing-puzzles")  # the landing page leads to the puzzles
    expect(page).to_have_url(f"{shared_server.base}/puzzles")
    expect(page.locator('#games li[data-game="connect5"]')).to_contain_text("200 puzzles")
    expect(page.locator("#guest-note")).to_be_visible()
    expect(page.locator("#daily-link")).to_be_visible()
    expect(page.locator('#games li[data-game="connnect"]')).to_contain_text("200 puzzles")
    for game in ("connnect", "pairs"):
        if not game_puzzles(game):
            expect(page.locator(f'#games li[data-game="{game}"]')).to_contain_text("No puzzles yet")
    shoot_both(page, "puzzles-home-en")
    puzzle = _connect5("win")
    _open(page, puzzle)
    expect(page.locator("#coach-step")).to_have_text("Find the only win in 1 turn.")
    test_connect5_ui.click_action(page, puzzle.answer[0])
    expect(page.locator("#coach")).to_have_attribute("data-status", "solved")
    expect(page.locator("#puzzle-change")).to_contain_text("Unrated")
    expect(page.locator("#puzzle-source")).to_contain_text("Self-play game")
    shoot_both(page, "puzzles-solved-en")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_wrong_action_fails_and_the_solution_is_shown(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = new_page(browser, shared_server.base)
    puzzle = _connect5("defence")
    _open(page, puzzle)
    wrong = next(
        str(a)
        for a in puzzle.start().legal_actions(puzzle.mover)
        if str(a) != puzzle.answer[0] and str(a).startswith("place ")
    )
    test_connect5_ui.click_action(page, wrong)
    expect(page.locator("#coach")).to_have_attribute("data-status", "failed")
    expect(page.locator("#coach-why")).to_be_visible()
    page.click("#puzzle-solution")
    expect(page.locator("#coach")).to_have_attribute("data-status", "solution")
    shoot_both(page, "puzzles-solution-en")
    assert page.errors == []  # type: ignore[attr-defined]


def test_signed_in_in_italian_the_rating_and_streak_move(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = new_page(browser, shared_server.base, locale="it-IT")
    sign_up_by_api(page, "puzzlista")
    puzzle = next(p for p in game_puzzles("quinque") if len(p.answer) == 2)
    _open(page, puzzle)
    for count, action in enumerate(puzzle.answer, start=2):
        test_browser.click_action(page, action)
        expect(page.locator("#moves li")).to_have_count(count)  # the server's answer drawn
    expect(page.locator("#coach")).to_have_attribute("data-status", "solved")
    expect(page.locator("#puzzle-change")).to_contain_text("Il tuo punteggio")
    shoot_both(page, "puzzles-solved-it")
    page.goto("/puzzles")
    expect(page.locator("#streak")).to_have_text("Serie: 1 risolto di fila")
    expect(page.locator("#history li")).to_have_count(1)
    expect(page.locator("#guest-note")).to_be_hidden()
    shoot_both(page, "puzzles-home-it")
    page.goto("/users/puzzlista")  # the profile's puzzles card: rating, streak, history
    expect(page.locator("#profile-puzzle-history li")).to_have_count(1)
    expect(page.locator("#profile-puzzles")).to_contain_text("Serie: 1")
    expect(page.locator("#puzzles-heading")).to_have_text("Problemi")
    shoot_both(page, "puzzles-profile-it")
    page.goto("/puzzles/connect5")  # the next puzzle near the rating, with the theme picker
    expect(page.locator("#coach")).to_have_attribute("data-status", "playing")
    expect(page.locator("#themes")).to_contain_text("Qualsiasi tema")
    assert page.errors == []  # type: ignore[attr-defined]


def _best_claim() -> Puzzle:
    """A CO'NNN'ECT best-claim puzzle of one claim and its bonus."""
    return next(
        p for p in game_puzzles("connnect") if [a.split()[0] for a in p.answer] == ["claim", "take"]
    )


def test_a_connnect_best_claim_is_played_on_the_sheet(
    browser: Browser, shared_server: LiveServer
) -> None:
    """The claim is made on the real sheet (cells, then the claim, then the bonus circled);
    nobody replies in the phase; once solved the page says what the answer scores and the
    phase strip still shows the Claim Phase of the puzzle's round."""
    page = new_page(browser, shared_server.base)
    puzzle = _best_claim()
    _open(page, puzzle)
    expect(page.locator("#coach-step")).to_have_text(
        "Find the best claims with these dice: the one set of claims that scores the most"
        " this round."
    )
    expect(page.locator("#board .cn-step.now")).to_have_text("Claim Phase")
    round_of_puzzle = page.locator("#board .cn-round-text").get_attribute("data-round") or ""
    shots = {"keyboard": True, "why": True, "claim": True, "take": True}  # no game shots
    test_connnect_ui.click(page, puzzle.answer[0], shots)
    expect(page.locator("#coach-text")).to_have_text("Right! Keep going.")
    test_connnect_ui.click(page, puzzle.answer[1], shots)
    expect(page.locator("#coach")).to_have_attribute("data-status", "solved")
    assert puzzle.total is not None and puzzle.margin is not None
    expect(page.locator("#coach-text")).to_contain_text(
        f"Points this round with the answer: {puzzle.total}"
        f" (the next best line: {puzzle.total - puzzle.margin})."
    )
    prompts = page.locator("#board .cn-instruction:visible, #board .decision-lead:visible")
    expect(prompts).to_have_count(0)  # the board says nothing more once solved
    expect(page.locator("#board .cn-actions")).to_be_hidden()  # no empty action panel
    # The strip stays on the puzzle's round and phase (the next round's dice are not rolled).
    expect(page.locator("#board .cn-step.now")).to_have_text("Claim Phase")
    expect(page.locator("#board .cn-round-text")).to_have_attribute("data-round", round_of_puzzle)
    # The dice card says the round is over, not that dice are being rolled.
    expect(page.locator("#board .cn-dicecard .cn-dice-note")).to_have_text(
        f"Round {round_of_puzzle} is over; the next round starts with a new roll."
    )
    shoot_both(page, "puzzles-connnect-solved-en")
    assert page.errors == []  # type: ignore[attr-defined]


def _best_roll() -> Puzzle:
    """A Connect Pairs best-roll puzzle where the partner answers a connection offer."""
    return next(
        p
        for p in game_puzzles("pairs")
        if p.answer[0] == "connect" and len(set(p.seats)) > 1 and len(p.answer) <= 4
    )


def test_a_pairs_best_roll_is_played_on_the_boards_with_the_partners_choices(
    browser: Browser, shared_server: LiveServer
) -> None:
    """The pair's turn is clicked on the real Pairs board, the partner's answer included (the
    pair cooperates); once solved the page gives the measure of the answer and the next best."""
    page = new_page(browser, shared_server.base)
    puzzle = _best_roll()
    _open(page, puzzle)
    expect(page.locator("#coach-step")).to_contain_text("Find the best use of this roll")
    expect(page.locator("#coach-step")).to_contain_text("Closest means: a win first")
    for index, action in enumerate(puzzle.answer):
        if index == 1:
            shoot_both(page, "puzzles-pairs-playing-en")
        button = page.locator(f'.pairs [data-action="{action}"]').first
        expect(button).to_be_visible()
        button.click()
        if index < len(puzzle.answer) - 1:
            expect(page.locator("#coach-text")).to_have_text("Right! Keep going.")
    expect(page.locator("#coach")).to_have_attribute("data-status", "solved")
    assert puzzle.value is not None and puzzle.runner_up is not None
    _, matched, placed, pairs = puzzle.value
    expect(page.locator("#coach-text")).to_contain_text(
        f"With the answer: matching slots {matched}, top tokens that fit {placed},"
        f" zones with a pair {pairs} (the next best line: matching slots {puzzle.runner_up[1]},"
    )
    shoot_both(page, "puzzles-pairs-solved-en")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_wrong_pairs_line_fails_with_the_engines_words(
    browser: Browser, shared_server: LiveServer
) -> None:
    page = new_page(browser, shared_server.base)
    puzzle = _best_roll()
    _open(page, puzzle)
    state = puzzle.start()
    wrong = next(
        str(a)
        for a in state.legal_actions(puzzle.mover)
        if str(a) != puzzle.answer[0] and str(a).split()[0] in ("take", "move")
    )
    page.locator(f'.pairs [data-action="{wrong}"]').first.click()
    expect(page.locator("#coach")).to_have_attribute("data-status", "failed")
    expect(page.locator("#coach-why")).to_be_visible()
    page.click("#puzzle-solution")
    expect(page.locator("#coach")).to_have_attribute("data-status", "solution")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.skipif(not AXE_PATH.exists(), reason="needs axe-core: run npm install")
def test_the_puzzle_pages_pass_axe(browser: Browser, shared_server: LiveServer) -> None:
    page = open_page(browser, shared_server.base, WIDTHS[0])
    found: list[str] = []
    for path, ready in (
        ("/puzzles", "#daily-link"),
        (f"/puzzles/connect5/{_connect5('win').id}", "#coach[data-status=playing]"),
        (f"/puzzles/connnect/{_best_claim().id}", "#coach[data-status=playing]"),
        (f"/puzzles/pairs/{_best_roll().id}", "#coach[data-status=playing]"),
    ):
        page.goto(path)
        for viewport in WIDTHS:
            page.set_viewport_size(viewport)
            expect(page.locator(ready)).to_be_visible()
            page.wait_for_timeout(250)
            inject(page)
            found += [f"{path} {viewport['width']}px {line}" for line in page.evaluate(RUN_AXE)]
    assert found == []


def test_a_quinque_puzzle_is_solved_by_keyboard_alone(
    browser: Browser, shared_server: LiveServer
) -> None:
    """The puzzle page's board plays by keyboard as a table's does: B reaches the board, the
    arrow keys move between its targets, Enter chooses; the focus stays on the board."""
    page = new_page(browser, shared_server.base, locale="de-DE")
    puzzle = next(p for p in game_puzzles("quinque") if len(p.answer) == 2)
    _open(page, puzzle)
    keys = test_keyboard_play.Keys(page)
    keys.press("b")
    assert test_keyboard_play.focus_on_board(page)
    expect(page.locator("#moves li")).not_to_have_count(0)  # the position's last move
    shown = page.locator("#moves li").count()
    for count, action in enumerate(puzzle.answer, start=shown + 1):
        keys.choose(action)
        expect(page.locator("#moves li")).to_have_count(count)  # the server's answer drawn
        if count < shown + len(puzzle.answer):
            page.wait_for_function("() => document.activeElement?.closest('#board svg')")
    expect(page.locator("#coach")).to_have_attribute("data-status", "solved")
    shoot_both(page, "puzzles-keyboard-de")
    assert page.errors == []  # type: ignore[attr-defined]
