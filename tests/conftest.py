"""Shared test setup: the toy games (``tests/toygames.py``) are registered for every test, and
the longest tests are run first.

pytest-xdist (``python3 dev.py test`` runs three workers) hands the tests out in collection
order; a long test collected last would keep one worker busy alone at the end. Moving the
known-long ones (measured with ``--durations``) and the browser and multi-process tests to
the front lets the short ones fill the gaps. Only the order changes, never which tests run.
"""

from __future__ import annotations

import sys

import pytest

from toygames import register_toy_games

register_toy_games()

LONGEST_FIRST = (
    "tests/e2e/test_tournament_ui.py::test_register_play_a_round_and_see_the_standings",
    "tests/test_build.py::test_the_pure_engines_pass_the_conformance_suite_and_perft",
    "tests/scale/test_processes.py::test_kill_9_of_either_process_mid_game_loses_nothing",
    "tests/e2e/test_connnect_ui.py::test_play_against_the_computer",
    "tests/e2e/test_connect5_ui.py::test_every_legal_action_is_offered_and_clickable",
    "tests/games/test_conformance.py::test_random_playouts_conform[pairs-6p]",
    "tests/server/test_tournaments_live.py::test_a_swiss_of_people_and_computers_survives",
    "tests/e2e/test_pairs_ui.py::test_the_module_offers_exactly_the_legal_actions",
    "tests/e2e/test_phone.py::test_a_finished_table_fits_a_phone",
    "tests/e2e/test_community_ui.py::test_analyse_a_finished_game_on_its_replay",
    "tests/server/test_crash_clocks.py::test_clocks_survive_kill_9_without_charging_the_downtime",
    "tests/server/test_crash.py::test_acknowledged_moves_survive_kill_9",
    "tests/e2e/test_long_table_ui.py::test_the_moves_of_a_long_table_load_page_by_page",
    "tests/scale/test_processes.py::test_players_on_two_processes_play_a_game_through",
    "tests/server/test_hint.py::test_decision_state_drops_exactly_the_others_choices_of_the",
    "tests/games/test_conformance.py::test_random_playouts_conform[pairs-4p]",
    "tests/games/test_conformance.py::test_random_playouts_conform[pairs-2p]",
    "tests/server/test_hint.py::test_one_hint_at_a_time_per_user",
    "tests/test_plugin_game.py::test_the_command_line_offers_the_plugin",
    # Real servers killed and restarted, collected late: seconds each.
    "tests/server/test_tournament_crash.py",
    "tests/server/test_limits_at_once.py",
    "tests/server/test_log_secrets.py",
    "tests/server/test_moderation.py::test_the_admin_command_gives_the_role_and_closes",
)
"""Node id prefixes of the longest tests, longest first (``--durations``, three workers)."""

SLOW_DIRECTORIES = ("tests/e2e/", "tests/scale/")
"""Browser and multi-process tests: seconds each, so they go before the rest."""


def _rank(item: pytest.Item) -> int:
    for rank, prefix in enumerate(LONGEST_FIRST):
        if item.nodeid.startswith(prefix):
            return rank
    if item.nodeid.startswith(SLOW_DIRECTORIES):
        return len(LONGEST_FIRST)
    return len(LONGEST_FIRST) + 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the longest tests first (a stable sort: the rest keep their order)."""
    items.sort(key=_rank)


def pytest_sessionfinish() -> None:
    """Stop this test process's fork server (``tests/server/live.py``) and wait for it, so
    that its servers' CPU time is reaped into this process's own (an xdist worker may end
    without running ``atexit``)."""
    live = sys.modules.get("tests.server.live")
    if live is not None:
        live.stop_forker()
