"""The action encodings round-trip with the notation along seeded games of every game and
player count, and the stepper drives each game to its end."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

from connect_arena.core import CHANCE, TERMINAL, load
from connect_arena.core.errors import IllegalActionError
from connect_arena.core.registry import game_names
from connect_arena.rl import Stepper, encoding_for, new_stepper
from connect_arena.rl.encoding import EncodingError, build_tree
from connect_arena.rl.encoding.base import Encoding, Node
from tests.playouts import random_decisions
from toygames import TicTacToe

# Short games: the anti-endless options bound the long ones (as the adapters do by default).
SHORT: dict[str, dict[str, Any]] = {
    "quinque": {"max_turns": 60},
    "connect5": {"idle_limit": 12},
    "connnect": {},
    "pairs": {"max_rounds": 12},
}
CASES = [
    (name, players) for name in sorted(SHORT) for players in load(name).game_type.player_counts
]


def walk(node: Node, sequence: tuple[int, ...], end_id: int | None) -> object:
    """The target reached by ``sequence`` from ``node`` (an action, or a node)."""
    target: object = node
    for step in sequence:
        assert isinstance(target, dict), f"{sequence} goes past an action"
        target = target[step]
    if isinstance(target, dict) and end_id is not None and end_id in target:
        return target[end_id]
    return target


def check_position(stepper: Stepper) -> int:
    """Every legal action encodes to a sequence that decodes to it, every path of legal ids
    ends at a legal action, every id is in range. Returns the number of legal actions."""
    state, encoding = stepper.state, stepper.encoding
    player = stepper.current_player
    actions = state.legal_actions(player)
    sequences = stepper.action_sequences()
    assert sorted(map(str, actions)) == sorted(str(action) for _, action in sequences)
    assert len({sequence for sequence, _ in sequences}) == len(sequences)
    for index, (sequence, action) in enumerate(sequences):
        assert all(0 <= step < encoding.num_distinct_actions for step in sequence)
        encoded = encoding.encode(state, action)  # the tree and the encoding agree
        assert sequence in (encoded, (*encoded, encoding.end_id))
        assert state.parse_action(str(action), player) == action  # notation round trip
        if index % 16 == 0:  # the notation → ids path (a search of the tree each time)
            assert stepper.encode_action(str(action)) == sequence
        if len(sequence) == 1:
            assert stepper.pending_action(sequence[0]) == action
        names = [stepper.id_name(step) for step in sequence]
        assert all(names), sequence
    first_ids = sorted({sequence[0] for sequence, _ in sequences})
    assert stepper.legal_ids() == first_ids
    for other in range(state.game.num_players):
        if other != player:
            assert stepper.legal_ids(other) == []
    return len(actions)


def play(stepper: Stepper, rng: random.Random, check_every: int = 1) -> int:
    """Play random ids to the end, checking positions; returns the number of steps."""
    encoding = stepper.encoding
    steps = 0
    while not stepper.is_terminal():
        if stepper.is_chance_node():
            outcomes = stepper.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert all(0 <= i < encoding.max_chance_outcomes for i, _ in outcomes)
            assert len({i for i, _ in outcomes}) == len(outcomes)
            ids, weights = zip(*outcomes, strict=True)
            stepper.apply_id(rng.choices(ids, weights)[0])
            continue
        if not stepper.prefix and steps % check_every == 0:
            check_position(stepper)
        for seat in range(stepper.state.game.num_players):
            tensor = stepper.observation_tensor(seat)
            assert tensor.shape == encoding.observation_shape
            assert tensor.dtype == np.float32 and np.isfinite(tensor).all()
        stepper.apply_id(rng.choice(stepper.legal_ids()))
        steps += 1
    assert stepper.current_player == TERMINAL
    assert stepper.legal_ids() == []
    assert steps <= encoding.max_game_length()
    return steps


@pytest.mark.parametrize(("name", "players"), CASES)
def test_round_trip_along_seeded_games(name: str, players: int) -> None:
    game = load(name, num_players=players, **SHORT[name])
    stepper = Stepper(encoding_for(game), game.new_initial_state())
    steps = play(stepper, random.Random(players))
    assert steps > 0
    returns = stepper.returns()
    assert len(returns) == players
    low, high = game.utility_bounds()
    assert all(low <= value <= high for value in returns)


def test_every_game_has_an_encoding() -> None:
    for name in game_names():
        if name in SHORT:
            assert encoding_for(load(name)).num_distinct_actions > 0


def test_a_bad_id_is_refused_and_changes_nothing() -> None:
    game = load("quinque", first_player="0")
    stepper = Stepper(encoding_for(game), game.new_initial_state())
    before = (stepper.legal_ids(), str(stepper))
    with pytest.raises(ValueError, match="not legal"):
        stepper.apply_id(0)  # a skydiver far from T0,0
    with pytest.raises(TypeError):
        stepper.apply_id(1.5)  # type: ignore[arg-type]
    assert (stepper.legal_ids(), str(stepper)) == before
    stepper.apply_id(np.int64(stepper.legal_ids()[0]))  # numpy integers are integers
    assert len(stepper.state.history) == 1


def test_clone_is_independent() -> None:
    game = load("quinque", first_player="0")
    stepper = Stepper(encoding_for(game), game.new_initial_state())
    stepper.apply_id(stepper.legal_ids()[0])
    other = stepper.clone()
    other.apply_id(other.legal_ids()[0])
    assert len(other.state.history) == 2
    assert len(stepper.state.history) == 1


def test_a_prefix_of_another_sequence_gets_the_end_id() -> None:
    short, long = object(), object()
    tree = build_tree([short, long], [(3,), (3, 4)], end_id=9)  # type: ignore[list-item]
    assert tree == {3: {9: short, 4: long}}
    with pytest.raises(EncodingError, match="prefix"):
        build_tree([short, long], [(3,), (3, 4)], end_id=None)  # type: ignore[list-item]
    with pytest.raises(EncodingError, match="same encoding"):
        build_tree([short, long], [(3,), (3,)], end_id=9)  # type: ignore[list-item]
    with pytest.raises(EncodingError, match="same encoding"):
        build_tree([long, short, short], [(3, 4), (3,), (3,)], end_id=9)  # type: ignore[list-item]


def test_the_chance_player_and_terminal_have_no_player_ids() -> None:
    game = load("quinque")
    stepper = Stepper(encoding_for(game), game.new_initial_state())
    assert stepper.current_player == CHANCE
    assert stepper.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert stepper.legal_ids(0) == []


VARIANTS = [
    ("quinque", {"advanced": True, "max_turns": 40}),
    ("quinque", {"skydivers_per_tile": 9, "connectivity": "corner", "add_adjacency": "corner"}),
    ("quinque", {"skydivers_per_tile": 1, "tiles": 30, "parachutes": 12, "max_turns": 40}),
    ("connect5", {"board": "advanced", "mode": "full", "idle_limit": 6}),
    ("connect5", {"capture_compulsory": True, "sandwich_in_chain": True, "idle_limit": 6}),
    ("pairs", {"num_players": 4, "key": "random", "connect_chooser": "active", "max_rounds": 60}),
]


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_round_trip_with_other_options(name: str, options: dict[str, Any]) -> None:
    game = load(name, **options)
    stepper = Stepper(encoding_for(game), game.new_initial_state())
    play(stepper, random.Random(5), check_every=3)


def test_connnect_hides_a_seats_choices_in_a_simultaneous_phase() -> None:
    """GameType.hidden: "each seat's writing in a Fill or Claim phase, from the others until
    all are done" — seat 1's tensor and string do not change while seat 0 writes."""
    game = load("connnect", num_players=2)
    stepper = Stepper(encoding_for(game), game.new_initial_state())
    rng = random.Random(3)
    while stepper.state.current_player != -2 or stepper.current_player != 0:  # SIMULTANEOUS
        if stepper.is_chance_node():
            stepper.apply_id(stepper.chance_outcomes()[0][0])
        else:
            stepper.apply_id(rng.choice(stepper.legal_ids()))
    before = stepper.observation_tensor(1)
    seen = json.loads(stepper.observation_string(1))["sheets"][0]
    own = stepper.observation_tensor(0)
    while stepper.current_player == 0:
        stepper.apply_id(stepper.legal_ids()[0])
    assert stepper.state.current_player == -2  # the phase goes on: seat 1 acts blind
    assert not np.array_equal(stepper.observation_tensor(0)[:8], own[:8])  # seat 0 wrote
    assert np.array_equal(stepper.observation_tensor(1)[:8], before[:8])
    assert json.loads(stepper.observation_string(1))["sheets"][0] == seen


def test_new_stepper_and_notation_to_ids() -> None:
    stepper = new_stepper("connect5", num_players=3, first_player="1")
    assert stepper.current_player == 1
    assert stepper.encode_action("place a3") == (stepper.state.cfg.tables.index["a3"],)
    with pytest.raises(IllegalActionError):
        stepper.encode_action("stack a3")  # nothing of Green's on a3
    with pytest.raises(KeyError, match="no action encoding"):
        encoding_for(TicTacToe())  # a game added without an encoding


def expanded(encoding: Any, state: Any, root: Node) -> Node:
    """``root`` with every bucket built into its node (as the stepper builds one when
    chosen)."""
    return {
        step: encoding.expand(state, target, step) if type(target) is list else target
        for step, target in root.items()
    }


FAST_TREES = [
    *((name, SHORT[name]) for name in ("quinque", "connect5")),
    *((name, options) for name, options in VARIANTS if name in ("quinque", "connect5")),
    ("connect5", {"stack_by_step": True, "retrace_rule": "previous_turn", "idle_limit": 6}),
    ("connect5", {"num_players": 3, "idle_limit": 6}),
]


@pytest.mark.parametrize(("name", "options"), FAST_TREES)
def test_the_fast_prefix_trees_are_the_plain_ones(name: str, options: dict[str, Any]) -> None:
    """Quinque's trees (from the engine's groups, and from any action list; destinations in
    buckets) and Connect 5's (identity look-ups, captures apart, capture chains in buckets
    until their first hop is chosen) equal :func:`build_tree` of the encoded legal actions in
    every position met, and so does the generic :meth:`Encoding.expand` of each bucket."""
    game = load(name, **options)
    encoding = encoding_for(game)
    positions = buckets = captures = 0
    for decision in random_decisions(game, [11]):
        state, player, actions = decision.state, decision.player, decision.legal
        plain = build_tree(actions, encoding.encode_all(state, actions), encoding.end_id)
        for root in (encoding.tree(state, actions), encoding.root(state, player)):
            assert expanded(encoding, state, root) == plain
        root = encoding.root(state, player)
        if name == "connect5":  # a chain's node is built only when its first hop is chosen
            chains = [step for step, target in plain.items() if isinstance(target, dict)]
            assert all(type(root[step]) is list for step in chains)
        for step, target in root.items():
            if type(target) is list:  # the base class's generic build agrees
                assert Encoding.expand(encoding, state, target, step) == plain[step]
                buckets += 1
        positions += 1
        captures += any(isinstance(target, dict) for target in plain.values())
    assert positions > 20
    assert buckets > 0 if name == "quinque" else captures > 0  # the paths were taken


def test_a_bucket_holds_only_actions_that_go_on_through_its_id() -> None:
    """The generic build of a bucket refuses an action that starts elsewhere, and one that
    stops at the bucket's id when the encoding has no end id (Quinque's)."""
    game = load("quinque", first_player="0")
    encoding = encoding_for(game)
    state = game.new_initial_state()
    add = state.legal_actions()[0]  # an "add" on T0,0: one id
    (first,) = encoding.encode(state, add)
    with pytest.raises(EncodingError, match="in the bucket of"):
        Encoding.expand(encoding, state, [add], first + 1)
    with pytest.raises(EncodingError, match="prefix"):
        Encoding.expand(encoding, state, [add], first)


def test_connect5_tree_does_not_rely_on_captures_coming_last() -> None:
    """The fast tree assumes the engine lists captures last; in any other order it falls
    back to the plain build (the same tree), and a repeated action is still refused (a
    repeated capture when its bucket is built)."""
    game = load("connect5", idle_limit=12)
    encoding = encoding_for(game)
    state = game.new_initial_state()
    rng = random.Random(2)
    checked = 0
    while not state.is_terminal() and checked < 5:
        if state.is_chance_node():
            state.apply_legal_action(rng.choice(state.legal_actions(CHANCE)), CHANCE)
            continue
        player = state.current_player
        actions = state.legal_actions(player)
        sequences = encoding.encode_all(state, actions)
        if any(len(sequence) > 1 or sequence[0] >= encoding.hop_base for sequence in sequences):
            plain = build_tree(actions, sequences, encoding.end_id)
            shuffled = actions[::-1]
            assert encoding.tree(state, shuffled) == plain
            with pytest.raises(EncodingError, match="same encoding"):
                encoding.tree(state, [actions[0], *actions])
            # a repeated capture waits in its first hop's bucket, refused when it is built
            index = next(i for i, seq in enumerate(sequences) if seq[0] >= encoding.hop_base)
            first = sequences[index][0]
            doubled = encoding.tree(state, [*actions, actions[index]])
            with pytest.raises(EncodingError, match="same encoding"):
                encoding.expand(state, doubled[first], first)
            checked += 1
        state.apply_legal_action(rng.choice(actions), player)
    assert checked == 5


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"adjust": "split", "move_source": "empty"}), (4, {"order_rule": "cyclic"})],
)
def test_connnect_fast_root_is_the_plain_tree(players: int, options: dict[str, Any]) -> None:
    """CO'NNN'ECT's root (the engine's interned actions by identity, claims' ids
    remembered) equals :func:`build_tree` of every legal action encoded by arithmetic, for
    every active seat of every position of random games, twice (the remembered claims)."""
    game = load("connnect", players, **options)
    encoding = encoding_for(game)
    plain_encode = encoding._encode  # type: ignore[attr-defined]
    rng = random.Random(players)
    fast = claims = 0
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_legal_action(rng.choice(state.legal_actions(CHANCE)), CHANCE)
                continue
            seats = sorted(state.active_players())
            for seat in seats:
                actions = state.legal_actions(seat)
                sequences = [plain_encode(action) for action in actions]
                plain = build_tree(actions, sequences, encoding.end_id)
                root = encoding.root(state, seat)
                assert root == plain
                assert encoding.encode_all(state, actions) == sequences
                fast += all(len(sequence) == 1 for sequence in sequences)
                claims += any(len(sequence) > 1 for sequence in sequences)
            seat = rng.choice(seats)
            state.apply_legal_action(rng.choice(state.legal_actions(seat)), seat)
    assert fast > 20 and claims > 5  # both paths were taken
