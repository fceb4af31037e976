"""The flow of a CO'NNN'ECT game: setup, rounds and phases, elimination, end of round.

Functions of the state (``rules.ConnnectState``), called after each action; see the phase
list in :mod:`connect_arena.games.connnect.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from connect_arena.games.connnect import legal
from connect_arena.games.connnect.player import CROSSED, EMPTY, PlayerSheet
from connect_arena.games.connnect.scoring import objective_met

if TYPE_CHECKING:
    from connect_arena.games.connnect.rules import ConnnectState

# ``Final``: compiled, constants (not looked up in the module's dict at each use).
SETUP_ROLL: Final = "setup_roll"
SETUP_WRITE: Final = "setup_write"
ROLL: Final = "roll"
ZONE: Final = "zone"
FILL: Final = "fill"
CLAIM: Final = "claim"
OVER: Final = "over"
DONE = legal.DONE


def participants(sheets: list[PlayerSheet]) -> list[int]:
    """Seats still in the game (not out, CN-21), of the seats whose sheets are ``sheets``."""
    return [p for p in range(len(sheets)) if not sheets[p].out]


def active_seats(sheets: list[PlayerSheet], done: list[bool]) -> frozenset[int]:
    """The seats in the game not done with the current simultaneous phase."""
    return frozenset([p for p in range(len(sheets)) if not sheets[p].out and not done[p]])


def begin_setup(state: ConnnectState, first: int) -> None:
    """PREPARATION: "The first player rolls 3 dice; all players write the rolled numbers in
    the setup spaces" — twice (or each player rolls his own, option ``setup``)."""
    state.first_player = first
    state.setup_step = 0
    setup_rolls(state)


def setup_rolls(state: ConnnectState) -> None:
    """Wait for the setup roll(s) of this step: one shared roll (seat ``-1``), or one per
    player in seat order."""
    state.phase = SETUP_ROLL
    state.roll_queue = [-1] if state.cfg.shared_setup else participants(state.sheets)


def choose_zone(state: ConnnectState, die: int) -> None:
    """The Zone Die is ``die``; every player writes the round in his Round Tracker, and the
    Fill Phase begins with the two Number Dice to write."""
    numbers = list(state.dice)
    numbers.remove(die)
    state.zone_die = die
    for p in participants(state.sheets):
        state.sheets[p].tracker.append((die, numbers[0], numbers[1]))
        state.zone[p] = die
        state.number_dice[p] = list(numbers)
        state.pending[p] = list(numbers)
    begin_phase(state, FILL)


def begin_phase(state: ConnnectState, phase: str) -> None:
    """Start a simultaneous phase: every player in the game becomes active, the sheets are
    snapshot for the others' view (CN-36), and players with nothing to do are done."""
    state.phase = phase
    state.cache = [None] * state.num_players
    state.take_snapshots()
    for p in participants(state.sheets):
        state.done[p] = False
        state.task[p] = None
        state.cards_now[p] = []
        state.shapes_now[p] = set()
    for p in participants(state.sheets):
        settle(state, p)
    maybe_resolve(state)


def settle(state: ConnnectState, p: int) -> None:
    """Mark ``p`` done (or out) when the phase holds nothing more for him."""
    if state.task[p] is not None:
        return
    if state.phase == SETUP_WRITE:
        state.done[p] = not state.pending[p]
    elif state.phase == FILL:
        if state.pending[p] and legal.stuck(state, p):
            eliminate(state, p)
        elif not state.pending[p]:
            state.done[p] = True  # Fill bonuses stay usable in the Claim Phase
    elif state.phase == CLAIM and not state.done[p] and legal.only_done(state, p):
        state.done[p] = True  # only "done" is left (asked only if not done: a scan of claims)


def eliminate(state: ConnnectState, p: int) -> None:
    """ "If you use up all of your Free Action and cannot play on, you are out of the
    game." (CN-21)"""
    state.sheets[p].out = max(state.round, 1)
    state.pending[p] = []
    state.done[p] = True
    state.cache[p] = None


def maybe_resolve(state: ConnnectState) -> None:
    """When the last active player is done, resolve the phase and move on (or end the game
    when nobody is left in it)."""
    players = participants(state.sheets)
    if not players:
        check_objectives(state)  # players who went out in this round (keep_score)
        state.phase = OVER
        return
    if any(not state.done[p] for p in players):
        return
    if state.phase == SETUP_WRITE:
        state.setup_step += 1
        if state.setup_step < len(state.comps.setup_groups):
            setup_rolls(state)
        else:
            start_round(state)
    elif state.phase == FILL:
        begin_phase(state, CLAIM)
    elif state.phase == CLAIM:
        resolve_claims(state)
        end_round(state)


def resolve_claims(state: ConnnectState) -> None:
    """Public effects of the Claim Phase: "other players cross out" the first-claim marker
    of a Connect-4 shape claimed for the first time; "Flip all the claimed Connect-5 Shape
    cards facedown" (CN-13: at the end of the phase)."""
    firsts = set().union(*state.shapes_now) - state.c4_claimed
    for shape in sorted(firsts):
        for p in participants(state.sheets):
            markers = state.sheets[p].markers
            pair = markers[shape]
            if shape not in state.shapes_now[p] and pair[0] == EMPTY:
                # replaced, never changed in place: copies of a sheet share the pairs
                markers[shape] = [CROSSED, pair[1]]
    state.c4_claimed |= firsts
    for letters in state.cards_now:
        for letter in letters:
            if letter in state.face_up:
                state.face_up.remove(letter)
                state.face_down.append(letter)
            state.c5_this_round = True
    state.drop_snapshots()


def end_round(state: ConnnectState) -> None:
    """END OF THE ROUND: remove the top score card if a Connect-5 was claimed (one card,
    however many claims); check the objectives; pass the dice to the left."""
    if state.c5_this_round:
        state.score_cards.pop(0)
        assert len(state.score_cards) >= len(state.face_up), "CN-38: score cards ran out"
        state.c5_this_round = False
    check_objectives(state)
    if state.round >= state.comps.rounds:
        state.phase = OVER
        return
    start_round(state)


def check_objectives(state: ConnnectState) -> None:
    """ "Each player checks the requirements on each of the Objective Cards. If the
    requirement is fullfilled write the points" — once per card and player (CN-28), for the
    players in the game and, with ``elimination=keep_score``, those who went out in this
    round (their sheet is final: what it fulfils counts)."""
    cfg, comps = state.cfg, state.comps
    met_now: dict[str, list[int]] = {}
    for ident in state.objective_ids:
        card = comps.objective(ident)
        for p in objective_seats(state):
            sheet = state.sheets[p]
            if ident in sheet.objectives or objective_value(state, ident) == 0:
                continue
            if objective_met(card, sheet, comps, cfg.permanent_circles, cfg.crossed_counts):
                met_now.setdefault(ident, []).append(p)
    for ident, seats in met_now.items():
        for p in seats:
            state.sheets[p].objectives[ident] = objective_value(state, ident)
        if cfg.objectives != "each":
            state.objectives_closed.add(ident)


def objective_seats(state: ConnnectState) -> list[int]:
    """Seats whose objectives are checked at the end of this round."""
    if state.cfg.out_cannot_win:
        return participants(state.sheets)
    return [p for p, sheet in enumerate(state.sheets) if not sheet.out or sheet.out == state.round]


def objective_value(state: ConnnectState, ident: str) -> int:
    """Points objective ``ident`` gives now (CN-28): its value; with ``objectives=first`` 0
    once someone fulfilled it in an earlier round; with ``objectives=decreasing`` half of it
    (rounded down) then."""
    points = state.comps.objective(ident).points
    if ident not in state.objectives_closed:
        return points
    return points // 2 if state.cfg.objectives == "decreasing" else 0


def start_round(state: ConnnectState) -> None:
    """Next round: the dice pass to the left, skipping players out of the game (CN-40)."""
    players = participants(state.sheets)
    if not players:
        state.phase = OVER
        return
    state.round += 1
    if state.round == 1:
        state.active = state.first_player
    else:
        n = state.num_players
        state.active = next(
            (state.active + k) % n
            for k in range(1, n + 1)
            if not state.sheets[(state.active + k) % n].out
        )
    state.phase = ROLL
    state.dice = ()
    state.zone_die = 0
    state.cache = [None] * state.num_players
