"""When a pair completes its sequence with several pairs (PG-22 timing, PG-30 ``completion``)
and what a completed pair may still do (PG-17 ``recheck`` with several pairs).

Sources: the rulebook's "La partita termina quando tutti i giocatori hanno effettuato il loro
turno (o nel momento in cui si verifichi la vittoria nel caso che a sfidarsi siano solo 2
giocatori) e la coppia (o una delle coppie) si ritrova nella parte in alto dei propri tabelloni
gli stessi 4 gettoni": with several pairs the rows are checked at the end of each round, with
one pair a victory ends the turn at once (docs/rules/pairs.md, PG-22 and PG-30).
"""

from __future__ import annotations

import pytest

from connect_arena.core import InvalidOptionError, load
from connect_arena.games.pairs.invariants import violations
from connect_arena.games.pairs.rules import PairsState
from tests.games.pairs.helpers import (
    X1,
    X2,
    Y1,
    Y2,
    complete_on_roll,
    conserve,
    position,
    roll,
    texts,
    top_of,
    zone,
    zones_of,
)


def _rest_of_round(state: PairsState, *seats: int) -> None:
    """``seats`` play a TRIPLE on an empty zone 6 (nothing changes) in turn."""
    for seat in seats:
        assert state.turn_seat == seat
        roll(state, "6 6 6")


def test_several_pairs_the_partner_still_plays_and_the_pair_scores_at_the_end_of_the_round() -> (
    None
):
    """ "La partita termina quando tutti i giocatori hanno effettuato il loro turno": the
    pair whose rows match after X1's turn is not frozen; X2 plays his turn of the round."""
    state = position(4, turn=X1)
    complete_on_roll(state, X1)
    roll(state, "1 1 2")
    assert top_of(state, X1) == top_of(state, X2) == "ABCD"
    assert state.complete == [False, False] and state.current == [None, None]
    assert state.turn_seat == X2  # X2 is not skipped
    _rest_of_round(state, X2, Y1, Y2)
    assert state.is_terminal() and state.returns() == [100.0, 100.0, 0.0, 0.0]
    assert state.complete == [True, False]


def test_rows_broken_before_the_end_of_the_round_do_not_complete() -> None:
    """The condition is checked when every player has played ("si ritrova ... gli stessi 4
    gettoni"): X2's forced replacement later in the round breaks the match, so pair X has
    not completed and the game goes on."""
    state = position(4, turn=X1)
    complete_on_roll(state, X1)
    state.zones[X2][1] = zone("FF")
    conserve(state)
    roll(state, "1 1 2")  # X1: rows ABCD / ABCD
    roll(state, "6 2 1")
    state.apply_action("take F 1 2", X2)  # X2's zone 2 becomes FFF with a full row
    assert state.current_player == X2
    state.apply_action("top 2>1", X2)
    assert top_of(state, X2) == "FBCD" != top_of(state, X1)
    _rest_of_round(state, Y1, Y2)
    assert not state.is_terminal() and state.complete == [False, False]
    assert state.round == 2 and state.current == [None, None] and state.turn_seat == X1


def test_pg30_completion_immediate_freezes_the_pair_at_once() -> None:
    """``completion=immediate``: the pair that completes ends its turn at once and plays no
    more in the manche (X2 is skipped); it still scores at the end of the round."""
    state = position(4, turn=X1, completion="immediate")
    complete_on_roll(state, X1)
    roll(state, "1 1 2")
    assert state.complete == [True, False] and state.current == [None, None]
    assert not state.is_terminal() and state.turn_seat == Y1  # X2 is skipped
    complete_on_roll(state, Y1)
    roll(state, "1 1 2")  # Y2 is skipped too: the round ends
    assert state.is_terminal() and state.returns() == [100.0] * 4
    with pytest.raises(InvalidOptionError, match="completion"):
        load("pairs", 4, completion="never")


def _mid_connection(**options: object) -> PairsState:
    """X1 connects; the swap in zone 1 makes X1's zone 1 DDD, whose D fills slot 4: the rows
    match, with zones 2 and 3 still to connect (zone 2 shares B)."""
    state = position(
        4,
        turn=X1,
        zones={X1: {1: "DDA", 2: "BC"}, X2: {1: "DE", 2: "BE"}},
        tops={X1: "ABC-", X2: "ABCD"},
        **options,
    )
    roll(state, "1 2 3")
    state.apply_action("connect")
    state.apply_action("give 1A")
    state.apply_action("give 1D", X2)
    assert top_of(state, X1) == top_of(state, X2) == "ABCD"
    return state


def test_several_pairs_a_connection_goes_on_after_the_rows_match() -> None:
    """Notes §9 limits "a victory ends the turn at once, even in the middle of a CONNECT" to
    one pair: with several pairs the connection continues."""
    state = _mid_connection()
    assert state.current_player == X1 and state.stage == "connect"
    assert texts(state) == ["give 2B", "give 2C", "done"]
    state.apply_action("done")
    assert state.turn_seat == X2
    _rest_of_round(state, X2, Y1, Y2)
    assert state.is_terminal() and state.returns() == [100.0, 100.0, 0.0, 0.0]


def test_completion_immediate_ends_the_turn_mid_connection_and_skips_the_partner() -> None:
    """``completion=immediate`` (the former reading): the pair is complete at once, its turn
    ends in the middle of the connection and X2 takes no turn; it scores at the round's end."""
    state = _mid_connection(completion="immediate")
    assert state.complete == [True, False] and state.current == [None, None]
    assert state.turn_seat == Y1 and zones_of(state, X1)[2] == "BC"  # X2 is skipped
    _rest_of_round(state, Y1, Y2)
    assert state.is_terminal() and state.returns() == [100.0, 100.0, 0.0, 0.0]


def _both_boards_fill(**options: object) -> PairsState:
    """X1's connection swap makes X1's zone 1 DDD (completing the rows) and X2's zone 1 AAA,
    an event on the partner's full row (PG-19: it must replace a token)."""
    state = position(
        4,
        turn=X1,
        zones={X1: {1: "DDA"}, X2: {1: "AAD"}},
        tops={X1: "ABC-", X2: "ABCD"},
        **options,
    )
    roll(state, "1 2 3")
    state.apply_action("connect")
    state.apply_action("give 1A")  # X2's only answer is D
    assert top_of(state, X1) == "ABCD"
    return state


def test_several_pairs_the_partners_pending_event_is_still_resolved() -> None:
    """ "(anche se non è il proprio turno)": X2's event is resolved although the rows matched
    first; replacing A by A keeps them equal and the pair completes at the end of the round."""
    state = _both_boards_fill()
    assert state.current_player == X2 and zones_of(state, X2)[1] == "AAA"
    assert texts(state) == ["top 1>1", "top 1>2", "top 1>3", "top 1>4"]
    state.apply_action("top 1>1", X2)
    assert state.turn_seat == X2 and top_of(state, X2) == "ABCD"
    _rest_of_round(state, X2, Y1, Y2)
    assert state.is_terminal() and state.returns() == [100.0, 100.0, 0.0, 0.0]


def test_completion_immediate_drops_the_partners_pending_event() -> None:
    state = _both_boards_fill(completion="immediate")
    assert state.complete == [True, False] and state.pending == [[], [], [], []]
    assert zones_of(state, X2)[1] == "AAA" and top_of(state, X2) == "ABCD"
    assert state.turn_seat == Y1


def _recheck_completion(**options: object) -> PairsState:
    """``event_trigger=recheck``: X1's zone 3 AAA does nothing while A is in a row with a free
    slot; the roll completes the rows, after which AAA stands in front of a full row."""
    state = position(4, turn=X1, event_trigger="recheck", **options)
    complete_on_roll(state, X1)
    state.zones[X1][2] = zone("AAA")
    conserve(state)
    roll(state, "1 1 2")
    return state


def test_recheck_a_completed_pair_is_never_offered_an_event() -> None:
    """Finding of the review: a pair that has completed (``completion=immediate``) must not be
    forced to change its top row; its boards are no longer examined for events."""
    state = _recheck_completion(completion="immediate")
    assert state.complete == [True, False] and state.turn_seat == Y1
    assert top_of(state, X1) == top_of(state, X2) == "ABCD"
    assert zones_of(state, X1)[3] == "AAA"
    assert violations(state) == []
    _rest_of_round(state, Y1, Y2)
    assert state.is_terminal() and state.returns() == [100.0, 100.0, 0.0, 0.0]


def test_recheck_with_several_pairs_the_round_decides() -> None:
    """With the default ``completion=end_of_round`` the pair is not complete yet: the standing
    AAA must replace a token of the now full row (PG-17 recheck, PG-19); replacing A by A
    keeps the match, replacing B breaks it."""
    state = _recheck_completion()
    assert state.current_player == X1 and state.complete == [False, False]
    assert texts(state) == ["top 3>1", "top 3>2", "top 3>3", "top 3>4"]
    broken = state.clone()
    broken.apply_action("top 3>2")
    assert top_of(broken, X1) == "AACD"
    _rest_of_round(broken, X2, Y1, Y2)
    assert not broken.is_terminal() and broken.current == [None, None] and broken.round == 2
    assert violations(broken) == []
    state.apply_action("top 3>1")
    _rest_of_round(state, X2, Y1, Y2)
    assert state.is_terminal() and state.returns() == [100.0, 100.0, 0.0, 0.0]


def test_one_pair_still_wins_at_once() -> None:
    """ "(o nel momento in cui si verifichi la vittoria nel caso che a sfidarsi siano solo 2
    giocatori)": the option concerns several pairs only."""
    for completion in ("end_of_round", "immediate"):
        state = position(turn=X1, completion=completion)
        complete_on_roll(state, X1)
        roll(state, "1 1 2")
        assert state.is_terminal() and state.returns() == [100.0, 100.0]


def test_a_pair_scored_at_the_end_of_a_round_stops_playing() -> None:
    """Tournament mode: "il gioco può proseguire tra le restanti coppie"; the scored pair takes
    no more turns (its rows stay as they are)."""
    state = position(4, turn=Y1, manches=2)
    complete_on_roll(state, Y1)
    roll(state, "1 1 2")
    _rest_of_round(state, Y2)
    assert state.current == [None, 100] and state.complete == [False, True]
    _rest_of_round(state, X1, X2, X1, X2)  # rounds 2 and 3: Y no longer plays
    assert state.round == 4 and state.turn_seat == X1
