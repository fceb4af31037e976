"""Issue 15, defects 9 and 10, in a real browser: every game's end screen says why the game
ended and gives the score breakdown (the engines' result events, translated), and a finished
CO'NNN'ECT game's replay shows each simultaneous write where it was made.

Each game is played to its end by seeded random agents in the engine, its record is opened
in the replay viewer (``/replay``, the upload), and the last position is checked; the
screenshots are ``build/e2e/result-<game>.png`` (1280 px).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from connect_arena.agents import make_agent
from connect_arena.core import Action, State, load, record_of
from tests.e2e.conftest import LiveServer, artifacts, needs_chromium, new_page

pytestmark = [pytest.mark.slow, needs_chromium]

CONNNECT_OUT_SEED = 9
"""A 2-player CO'NNN'ECT game of random agents in which Red goes out in round 12 with 16
points and Blue wins with 10 (found by playing seeds 0.. in order)."""


def played(
    game: str, players: int, seed: int, agent: str = "random", **options: Any
) -> State[Action]:
    """A whole game of ``agent`` players (a spec, or one per seat separated by commas), chance
    drawn from ``random.Random(seed)``."""
    state = load(game, players, **options).new_initial_state()
    chance = random.Random(seed)
    kinds = (agent.split(",") * players)[:players]  # one spec for all, or one per seat
    agents = [make_agent(kind, seed + seat) for seat, kind in enumerate(kinds)]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [action for action, _ in state.chance_outcomes()]
            state.apply_action(chance.choice(outcomes))
        else:
            seat = min(state.active_players())
            state.apply_action(agents[seat].act(state, seat), seat)
    return state


def open_record(page: Page, state: State[Action], path: Path) -> None:
    """Upload the record of ``state`` in the replay viewer and show its last position."""
    names = [f"player {seat + 1}" for seat in range(state.game.num_players)]
    record = record_of(state, names).model_dump()
    # A file option (CO'NNN'ECT's data) may not be sent, even at its default: left out.
    record["options"].pop("data", None)
    path.write_text(json.dumps(record))
    page.goto("/replay")
    # The page's module wires the file input once its texts are loaded (then it asks for a
    # record in the status line): choosing a file before that would be lost.
    expect(page.locator("#status")).not_to_be_empty()
    page.set_input_files("#record-file", str(path))
    expect(page.locator("#controls")).to_be_visible()
    page.click("#last")
    expect(page.locator("#status")).to_have_class("status over")


def shoot(page: Page, name: str) -> None:
    page.screenshot(path=artifacts() / f"result-{name}.png", full_page=True)


# Each test uploads a record to the replay viewer: none needs a fresh database, so the
# module's server is shared (a server start costs seconds of CPU).
def test_connnect_says_a_player_who_went_out_cannot_win(
    browser: Browser, shared_server: LiveServer, tmp_path: Path
) -> None:
    state = played("connnect", 2, CONNNECT_OUT_SEED)
    assert [sheet.out for sheet in state.sheets] == [0, 12]  # type: ignore[attr-defined]
    page = new_page(browser, shared_server.base)
    open_record(page, state, tmp_path / "connnect.json")
    why = page.locator("#result-reason")
    expect(why).to_contain_text("The game ended after the 12 rounds")
    expect(why).to_contain_text(
        "Blue won with 10 points: Red scored as much or more but went out of the game, "
        "and a player who goes out cannot win"
    )
    status = page.locator("#status")
    expect(status).to_contain_text("a player who goes out cannot win")
    expect(status).to_contain_text("Blue 10 · Red 16")
    expect(page.locator(".cn-final-table")).to_be_visible()  # the breakdown, row by row
    shoot(page, "connnect")

    # In Italian, from the same events.
    italian = new_page(browser, shared_server.base, locale="it")
    open_record(italian, state, tmp_path / "connnect.json")
    expect(italian.locator("#result-reason")).to_contain_text("chi esce non può vincere")
    assert page.errors == [] and italian.errors == []  # type: ignore[attr-defined]


def test_connect5_says_how_the_game_ended(
    browser: Browser, shared_server: LiveServer, tmp_path: Path
) -> None:
    state = played("connect5", 2, 5, mode="full")  # 137 actions
    page = new_page(browser, shared_server.base)
    open_record(page, state, tmp_path / "connect5.json")
    expect(page.locator("#status")).to_contain_text(
        "The game ended after 2 rounds: every player started one"
    )
    points = max(state.observation(0)["scores"])
    expect(page.locator("#result-reason")).to_contain_text(f"won with the most points ({points})")
    expect(page.locator("#c5-results li")).to_have_count(2)  # each round's points
    shoot(page, "connect5")
    assert page.errors == []  # type: ignore[attr-defined]


def test_quinque_says_why_and_what_was_left(
    browser: Browser, shared_server: LiveServer, tmp_path: Path
) -> None:
    state = played("quinque", 2, 3)
    observation = state.observation(0)
    page = new_page(browser, shared_server.base)
    open_record(page, state, tmp_path / "quinque.json")
    status = page.locator("#status")
    expect(status).to_contain_text(f"after {observation['turn']} turns; parachutes left: ")
    red, blue = observation["supply"]
    expect(status).to_contain_text(f"Red {red} and Blue {blue}")
    shoot(page, "quinque")
    assert page.errors == []  # type: ignore[attr-defined]


def test_pairs_gives_each_manches_points(
    browser: Browser, shared_server: LiveServer, tmp_path: Path
) -> None:
    state = played("pairs", 4, 1, "greedy", manches=2)  # random players take 100 000s of turns
    observation = state.observation(0)
    assert observation["scores"] == [[16, 12], [17, 2]]
    page = new_page(browser, shared_server.base)
    open_record(page, state, tmp_path / "pairs.json")
    expect(page.locator("#status")).to_contain_text("pair X: 33 points, pair Y: 14 points")
    first = " · ".join(str(manche[0]) for manche in observation["scores"])
    expect(page.locator('[data-manches="0"]')).to_contain_text(f"by game: {first}")
    shoot(page, "pairs")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_finished_connnect_replay_shows_each_write_where_it_was_made(
    browser: Browser, shared_server: LiveServer, tmp_path: Path
) -> None:
    """Defect 10: the frame right after Blue's first setup number shows it on Blue's sheet,
    though the phase goes on (two more numbers for Blue, three for Red): live, spectators see
    it only when the phase resolves."""
    state = played("connnect", 2, CONNNECT_OUT_SEED)
    history = state.history
    index = next(i for i, entry in enumerate(history) if entry.player == 0)
    assert history[index].simultaneous and str(history[index].action).startswith("write")
    number, cell = str(history[index].action).split()[1:3]
    page = new_page(browser, shared_server.base)
    open_record(page, state, tmp_path / "connnect.json")
    page.click(f'#moves li[value="{index + 1}"]')
    expect(page.locator("#position")).to_contain_text(str(index + 1))
    expect(page.locator(f'[data-cell="{cell}"]').first).to_have_attribute(
        "aria-label", f"{cell}: {number}"
    )
    assert page.errors == []  # type: ignore[attr-defined]
