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
    "tests/e2e/test_connect5_ui.py::test_every_legal_action_is_offered_and_clickable",
    "tests/e2e/test_tournament_ui.py::test_register_play_a_round_and_see_the_standings",
    "tests/e2e/test_connnect_ui.py::test_play_against_the_computer",
    "tests/e2e/test_connect5_ui.py::test_a_board_file_of_ones_own_is_drawn_and_played",
    "tests/server/test_live.py::test_exits_and_output_are_reported_and_other_imports_get_a_fresh_interpreter",
    "tests/server/test_fuzz.py::test_fuzzed_inputs_are_refused_cleanly_and_change_nothing[12]",
    "tests/e2e/test_browser.py::test_two_people_play_a_whole_quinque_game",
    "tests/server/test_socket_compression.py::test_a_client_offering_compression_is_served_uncompressed",
    "tests/e2e/test_pairs_ui.py::test_the_module_offers_exactly_the_legal_actions",
    "tests/server/test_live.py::test_a_forked_servers_stderr_is_the_running_tests",
    "tests/e2e/test_tournament_table_link.py::test_a_finished_tournament_table_links_back_once_and_offers_no_rematch",
    "tests/test_build.py::test_the_pure_engines_pass_the_conformance_suite_and_perft",
    "tests/e2e/test_connnect_ui.py::test_every_legal_action_is_offered_and_clickable[2]",
    "tests/e2e/test_plugin_ui.py::test_a_plugin_game_is_offered_and_played_with_the_generic_ui",
    "tests/e2e/test_connnect_ui.py::test_every_legal_action_is_offered_and_clickable[1]",
    "tests/e2e/test_hidden_moves_end_ui.py::test_the_hidden_moves_are_shown_once_the_game_is_over",
    "tests/server/test_answers.py::test_odd_requests_are_answered_by_a_real_server",
    "tests/e2e/test_community_ui.py::test_quick_pairing_then_chat_in_two_rooms",
    "tests/server/test_tournaments_live.py::test_a_swiss_of_people_and_computers_survives_a_kill_9_between_rounds",
    "tests/server/test_bench_bots.py::test_two_bots_play_a_table_of_the_real_server_to_its_end",
    "tests/scale/test_processes.py::test_workers_need_postgresql_and_redis",
    "tests/e2e/test_long_table_ui.py::test_the_moves_of_a_long_table_load_page_by_page",
    "tests/cli/test_cli_play.py::test_a_game_between_computers_gets_the_anti_endless_limit",
    "tests/e2e/test_community_ui.py::test_profile_and_leaderboard_in_two_languages",
    # Real servers killed and restarted, collected late: seconds each.
    "tests/server/test_tournament_crash.py",
    "tests/server/test_limits_at_once.py",
    "tests/server/test_log_secrets.py",
    "tests/server/test_moderation.py::test_the_admin_command_gives_the_role_and_closes",
)
"""Node id prefixes of the longest tests, longest first (``--durations`` of CI run 5, session 43,
four workers)."""

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
