"""Connect Pairs speaks in structured events (``games/pairs/events.py``), draws from its
geometry (``PairsGame.geometry``) and declares the true range of its returns."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from connect_arena.core import CHANCE, IllegalActionError, sample_chance_outcome
from connect_arena.core.events import Event
from connect_arena.games import load
from connect_arena.games.pairs import PairsGame
from connect_arena.games.pairs.components import FACES, PAIR_NAMES, SLOTS, SUBJECTS, ZONE_SIZE
from connect_arena.games.pairs.events import ENGLISH
from connect_arena.games.pairs.options import OPTIONS
from connect_arena.games.pairs.rules import PairsState
from tests.games.pairs.helpers import ANN, BOB, X1, X2, complete_on_roll, position, roll

I18N = Path(__file__).parents[3] / "src/connect_arena/server/static/i18n"
LANGUAGES = ("en", "it", "de", "fr", "es")
FIELD = re.compile(r"\{(\w+)\}")

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"key": "random", "manches": 3, "turn_order": "interleaved"},
    {"connect_chooser": "active", "connect_swaps": "mandatory", "take_short_supply": "partial"},
    {"double_swap": "optional", "double_empty_zone": "optional", "tokens_per_subject": 5},
    {"replacement": "optional", "partner_matching": "advice", "completion": "immediate"},
    {"event_trigger": "recheck", "repeated_subject": "nothing", "track_end": "end"},
    {"track_start": 30, "track_step": 7, "track_floor": 2, "max_rounds": 40},
]


def strings(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((I18N / f"pairs.{lang}.json").read_text("utf-8"))
    return data


# ----- templates and translations ------------------------------------------------------------
def test_english_templates_are_the_pages_english() -> None:
    """One English text per key: the terminal's template is the page's English string."""
    english = strings("en")
    assert PairsGame.event_templates == ENGLISH
    for key, template in ENGLISH.items():
        assert key.startswith("pairs.")
        assert english[f"event.{key.removeprefix('pairs.')}"] == template


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_event_is_translated_with_the_same_parameters(lang: str) -> None:
    texts = strings(lang)
    for key, template in ENGLISH.items():
        text = texts[f"event.{key.removeprefix('pairs.')}"]
        assert set(FIELD.findall(text)) == set(FIELD.findall(template)), key
        assert text != template or "{" not in template, f"{key} is not translated into {lang}"


# ----- the log, descriptions and refusals ----------------------------------------------------
def playout(seed: int, players: int, options: dict[str, Any], steps: int = 3000) -> PairsState:
    """A seeded random game; at every action its description must be the first event it
    logs, and the observation's log must be those events as JSON."""
    rng = random.Random(seed)
    state = load("pairs", players, **{"max_rounds": 60, **options}).new_initial_state()
    assert isinstance(state, PairsState)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action, player = sample_chance_outcome(state, rng), CHANCE
        else:
            player = state.current_player
            action = rng.choice(state.legal_actions(player))
        described = state.describe_action(action, player)
        assert described.key.startswith("pairs."), (str(action), described)
        before = len(state.history)
        state.apply_action(action, player)
        assert len(state.history) == before + 1
        if described.key != "pairs.key" or options.get("key") != "fixed":
            assert described in state.log, (str(action), described, state.log)
        view = state.observation(0)["log"]
        assert view == [event.to_json() for event in state.log]
        assert all("{" not in state.game.render_event(event) for event in state.log)
    return state


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_each_action_is_described_by_the_event_it_logs(index: int) -> None:
    state = playout(index, (2, 4, 6, 8)[index % 4], OPTION_SETS[index])
    assert state.is_terminal()
    outcome = state.observation(0)["outcome"]
    assert outcome == {"key": f"pairs.outcome_{state.outcome}", "params": outcome["params"]}
    assert any(event.key == "pairs.manche_over" for event in state.log)


def test_log_lines_read_in_english_in_the_terminal() -> None:
    state = position(zones={ANN: {1: "AA"}})
    roll(state, "1 2 3")
    state.apply_action("take A 2 3")
    assert [event.key for event in state.log[-2:]] == ["pairs.rolls", "pairs.take"]
    text = state.render()
    assert "X1 rolls 1 2 3" in text and "X1 takes A into zones 2 and 3" in text


def test_exchange_is_described_from_the_offer() -> None:
    state = position(zones={ANN: {1: "A"}, BOB: {1: "ACD"}})
    roll(state, "1 2 3")
    state.apply_action("connect")
    assert state.describe_action(state.parse_action("give 1A"), ANN) == Event.of(
        "pairs.offer", seat=ANN, subject="A", zone=1
    )
    state.apply_action("give 1A")
    answer = state.describe_action(state.parse_action("give 1C", BOB), BOB)
    assert answer == Event.of(
        "pairs.exchange", zone=1, seat=ANN, given="A", partner_seat=BOB, taken="C"
    )
    assert state.game.render_event(answer) == "connection in zone 1: X1 gives A, X2 gives C"


def test_refusals_carry_their_event_and_keep_their_english() -> None:
    state = position(zones={ANN: {2: "AAB", 5: "EC"}})
    roll(state, "2 5 2")
    with pytest.raises(IllegalActionError) as info:
        state.apply_action("swap 2A 5A")
    assert info.value.event == Event.of("pairs.no_token", subject="A", seat=ANN, zone=5)
    assert str(info.value) == "there is no A in X1's zone 5"
    with pytest.raises(IllegalActionError) as turn:
        state.apply_action("swap 2A 5E", BOB)
    assert isinstance(turn.value.event, Event) and turn.value.event.key == "pairs.wait_play"
    assert str(turn.value) == "it is not X2's turn: X1 is to play"


# ----- geometry --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 6, 8])
@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_geometry_is_the_engines_data(index: int, players: int) -> None:
    game = load("pairs", players, **OPTION_SETS[index])
    assert isinstance(game, PairsGame)
    geometry = game.geometry()
    assert json.loads(json.dumps(geometry)) == geometry
    assert geometry["subjects"] == list(SUBJECTS)
    assert geometry["faces"] == list(FACES)
    assert sorted(face for row in geometry["zone_rows"] for face in row) == list(FACES)
    assert geometry["zone_size"] == ZONE_SIZE and geometry["slots"] == list(SLOTS)
    assert [tuple(p["seats"]) for p in geometry["pairs"]] == list(game.teams())
    assert [p["name"] for p in geometry["pairs"]] == list(PAIR_NAMES[: players // 2])
    assert geometry["tokens_per_subject"] == game.options["tokens_per_subject"]
    assert geometry["manches"] == game.options["manches"]
    # The track is where the pawn stands, round by round.
    state = game.new_initial_state()
    assert isinstance(state, PairsState)
    track = geometry["track"]
    for round_ in range(1, len(track) + 3):
        state.round = round_
        assert state.pawn() == track[min(round_, len(track)) - 1]
    state.round = 1
    observation = state.observation(0)
    assert len(observation["boards"]) == players
    assert all(len(board["zones"]) == len(FACES) for board in observation["boards"])
    assert all(len(board["top"]) == len(SLOTS) for board in observation["boards"])


def test_geometry_follows_the_track_options() -> None:
    geometry = load("pairs", track_start=10, track_step=4, track_floor=1).geometry()
    assert geometry["track"] == [10, 6, 2] and geometry["track_end"] == "stay"
    assert load("pairs", track_end="end").geometry()["track_end"] == "end"


# ----- the range of the returns ----------------------------------------------------------------
def test_declared_range_is_the_largest_total_the_options_allow() -> None:
    """A manche scores 0 or the pawn's box (at most ``track_start``), a total adds at most
    ``manches`` of them: returns lie in ``[0, max track_start × max manches]``."""
    largest = {spec.name: spec.maximum for spec in OPTIONS}
    declared = PairsGame.game_type
    assert declared.min_utility == 0.0
    assert declared.max_utility == largest["track_start"] * largest["manches"] == 50_000


def test_the_top_of_the_range_is_reached() -> None:
    """With the track held at its start (floor = start) every completed manche scores the
    start, whatever the round: two pairs completing every manche reach the declared maximum."""
    start, manches = 1000, 3
    state = position(4, turn=X1, manches=manches, track_start=start, track_floor=start)
    for manche in range(manches):
        first = X1 if manche % 2 == 0 else X2 + 1
        for seat in (first, X1 + 2 - first):
            complete_on_roll(state, seat)
            roll(state, "1 1 2")
            roll(state, "6 6 6")
    assert state.is_terminal() and state.returns() == [float(start * manches)] * 4


def test_the_bottom_of_the_range_is_reached() -> None:
    state = position(max_rounds=1)
    roll(state, "6 6 6")
    roll(state, "6 6 6")
    assert state.is_terminal() and state.outcome == "round_limit"
    assert state.returns() == [PairsGame.game_type.min_utility] * 2


# ----- what the page's option cards show ---------------------------------------------------------
def test_observation_says_why_move_and_take_are_impossible_die_by_die() -> None:
    """Key 1→A, 2→B, 3→C; dice 1 2 3: A goes between zones 2 and 3, B between 1 and 3, C
    between 1 and 2 (PG-11); zone 2 is full."""
    state = position(zones={ANN: {2: "DEF", 3: "B"}, BOB: {3: "BC"}})
    roll(state, "1 2 3")
    view = state.observation(BOB)
    assert view["why_not"] == {
        "move": [
            Event.of("pairs.why_move_none", die=1, subject="A", zone=2, other_zone=3).to_json(),
            Event.of("pairs.why_move_none", die=3, subject="C", zone=1, other_zone=2).to_json(),
        ],
        "take": [
            Event.of("pairs.why_take_full", die=1, subject="A", zone=2).to_json(),
            Event.of("pairs.why_take_full", die=3, subject="C", zone=2).to_json(),
        ],
    }
    assert view["connection"]["common"] == {"1": [], "2": [], "3": ["B"]}
    assert view["connection"]["swappable"] == [3]
    assert view["roll"] == {"kind": "different"}
    texts = [state.game.render_event(Event.from_json(e)) for e in view["why_not"]["take"]]
    assert texts[0] == "die 1 → A: zone 2 is full"


def test_a_short_supply_and_full_zones_are_both_reasons() -> None:
    """Die 4 conquers D, to go into zones 1 and 2, both full, with one D left."""
    state = position(zones={ANN: {1: "DDE", 2: "ADE"}})
    state.supply[0][3] = 1  # one D left (conservation does not matter here)
    roll(state, "1 2 4")
    assert "move A 2>4" in [str(a) for a in state.legal_actions()]
    take = state.observation(ANN)["why_not"]["take"]
    assert Event.of("pairs.why_take_supply", die=4, subject="D", count=1).to_json() in take
    both = Event.of("pairs.why_take_full_both", die=4, subject="D", zone=1, other_zone=2)
    assert both.to_json() in take


def test_doubles_and_triples_are_named_in_the_observation() -> None:
    state = position(zones={ANN: {2: "AB", 5: "C"}, BOB: {4: "EEE"}})
    roll(state, "5 2 5")
    view = state.observation(ANN)
    assert view["roll"] == {"kind": "double", "d": 5, "e": 2} and view["why_not"] is None
    assert view["triples"][BOB] == {"4": "E"} and view["triples"][ANN] == {}
