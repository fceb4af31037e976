"""The course of a Connect Pairs turn: dice effects, events, victory, rounds and manches.

Functions here change the state in place; :func:`settle` runs the engine forward after every
action until a player (or chance) has a real decision to make. Quotations are from the
rulebook (the Italian rules sheet).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.core.events import Event
from connect_arena.games.pairs import legal
from connect_arena.games.pairs.components import (
    EMPTY,
    PAIR_NAMES,
    add_token,
    double_faces,
    letter,
    pair_of,
    partner,
    remove_token,
    roll_kind,
    triple_subject,
    zone_text,
)
from connect_arena.games.pairs.events import (
    connects_event,
    done_event,
    exchange_event,
    move_event,
    offer_event,
    roll_event,
    round_event,
    swap_event,
    take_event,
    top_event,
)
from connect_arena.games.pairs.notation import (
    Connect,
    Done,
    Give,
    Keep,
    Move,
    PairsAction,
    Pass,
    Swap,
    Take,
    Top,
)

if TYPE_CHECKING:
    from connect_arena.games.pairs.rules import PairsState

TURN_STAGES = frozenset({"choose", "connect", "reply", "after"})


# ----- the flow ------------------------------------------------------------------------------
def settle(state: PairsState) -> None:
    """Run the engine forward until someone must decide.

    In order, at every step: victory is checked when it is immediate (one pair, or
    ``completion=immediate``: after every resolution step); pending events
    are resolved, the active player's board first; the turn's next decision is asked for. A
    decision with a single legal choice is applied at once.
    """
    while state.stage in TURN_STAGES:
        if check_victory(state):
            continue
        event = next_event(state)
        if event is not None:
            owner, actions = event
            if len(actions) == 1:
                act(state, actions[0], owner)
                continue
            state.actor = owner
            state.cache_legal(actions)
            return
        if state.stage == "after":
            next_turn(state)
            continue
        seat = state.turn_seat
        assert seat is not None
        actor = partner(seat) if state.stage == "reply" else seat
        actions = turn_actions(state, actor)
        if not actions:
            state.stage = "after"
        elif len(actions) == 1:
            act(state, actions[0], actor)
        else:
            state.actor = actor
            state.cache_legal(actions)
            return


def turn_actions(state: PairsState, seat: int) -> list[PairsAction]:
    """The legal actions of ``seat`` in the turn's current stage (events aside)."""
    if state.stage == "choose":
        return legal.choose_actions(state, seat)
    if state.stage == "connect":
        return legal.connect_actions(state, seat)
    if state.stage == "reply":
        return legal.reply_actions(state, seat)
    return []


def start_turn(state: PairsState) -> None:
    """The seat at ``state.position`` of the turn order is to roll."""
    state.turn_seat = state.order[state.position]
    state.stage = "roll"
    state.dice = None
    state.conn_left = ()
    state.offer = None


def next_turn(state: PairsState) -> None:
    """Pass the turn on, skipping pairs that completed their sequence; end the round after
    the last seat ("Quando tutti i giocatori hanno effettuato il proprio turno")."""
    position = state.position + 1
    order = state.order
    while position < len(order) and state.complete[pair_of(order[position])]:
        position += 1
    if position < len(order):
        state.position = position
        start_turn(state)
    else:
        end_round(state)


def end_round(state: PairsState) -> None:
    """Decide and score completion, end the manche or move the pawn on.

    "se non risultano vincitori ... la pedina segnapunti viene posizionata sulla casella
    successiva"; every pair that completed in the round scores the pawn's value (PG-23).
    With ``completion=end_of_round`` (PG-30) the rows are checked here, once every seat has
    played ("quando tutti i giocatori hanno effettuato il loro turno ... si ritrova ... gli
    stessi 4 gettoni"): rows that matched earlier in the round but no longer do not count.
    """
    cfg = state.cfg
    if not cfg.immediate:
        for pair in range(cfg.num_pairs):
            if not state.complete[pair] and rows_match(state, pair):
                mark_complete(state, pair)
    value = state.pawn()
    for pair, done in enumerate(state.complete):
        if done and state.current[pair] is None:
            state.current[pair] = value
            state.note(Event.of("pairs.scores", pair=PAIR_NAMES[pair], points=value))
    scored = [score is not None for score in state.current]
    goes_on = cfg.manches > 1 or cfg.play_on
    if all(scored) or (any(scored) and not goes_on):
        state.end_manche("all_scored" if all(scored) else "pair_won")
    elif cfg.track_ends_manche and state.round >= len(cfg.track):
        state.end_manche("track_end")
    elif cfg.max_rounds and state.round >= cfg.max_rounds:
        state.end_manche("round_limit")
    else:
        state.round += 1
        state.position = _first_playing(state)
        state.note(round_event(state.round, state.pawn()))
        start_turn(state)


def _first_playing(state: PairsState) -> int:
    """The position in the turn order of the first seat whose pair has not completed."""
    complete, order = state.complete, state.order
    for position in range(len(order)):
        if not complete[pair_of(order[position])]:
            return position
    raise AssertionError("every pair has completed: the manche is over")


def rows_match(state: PairsState, pair: int) -> bool:
    """Both top rows of ``pair`` full and equal slot by slot: "gli stessi 4 gettoni
    (necessariamente nella stessa sequenza)" (PG-21)."""
    mine, theirs = state.tops[2 * pair], state.tops[2 * pair + 1]
    return EMPTY not in mine and mine == theirs


def mark_complete(state: PairsState, pair: int) -> None:
    """Record that ``pair`` has completed its sequence: it plays no more in this manche."""
    state.complete[pair] = True
    sequence = "".join(letter(s) for s in state.tops[2 * pair])
    state.note(Event.of("pairs.complete", pair=PAIR_NAMES[pair], sequence=sequence))


def check_victory(state: PairsState) -> bool:
    """Whether the active pair has just completed its sequence, when victory is immediate:
    always with one pair ("nel momento in cui si verifichi la vittoria nel caso che a
    sfidarsi siano solo 2 giocatori"), with several pairs only with ``completion=immediate``
    (PG-22, PG-30; the default decides at the end of the round, in :func:`end_round`).

    One pair: the manche ends at once with the pawn's value. Several pairs: the pair's turn
    ends at once, its pending events are dropped and it plays no more in this manche; it
    scores at the end of the round.
    """
    seat = state.turn_seat
    assert seat is not None
    pair = pair_of(seat)
    if not state.cfg.immediate or state.complete[pair] or not rows_match(state, pair):
        return False
    mark_complete(state, pair)
    state.pending[2 * pair] = []
    state.pending[2 * pair + 1] = []
    state.conn_left = ()
    state.offer = None
    if state.cfg.num_pairs == 1:
        state.current[pair] = state.pawn()
        state.note(Event.of("pairs.scores", pair=PAIR_NAMES[pair], points=state.pawn()))
        state.end_manche("victory")
    else:
        state.stage = "after"
    return True


# ----- dice and actions ------------------------------------------------------------------------
def on_roll(state: PairsState, dice: tuple[int, int, int]) -> None:
    """Apply the roll: the TRIPLE at once, a DOUBLE that can do nothing at once, otherwise
    the player chooses (stage ``choose``)."""
    seat = state.turn_seat
    assert seat is not None
    state.dice = dice
    state.note(roll_event(seat, dice))
    kind = roll_kind(dice)
    state.stage = "choose"
    if kind == "triple":
        lose_zone(state, seat, dice[0])
        state.stage = "after"
    elif kind == "double" and not legal.double_actions(state, seat):
        d, e = double_faces(dice)
        state.note(Event.of("pairs.double_nothing", seat=seat, d=d, e=e))
        state.stage = "after"


def lose_zone(state: PairsState, seat: int, face: int) -> None:
    """TRIPLE: "perde tutti i gettoni ... nella zona identificata dal valore ottenuto (che
    vengono rimessi negli appositi spazi del tabellone condiviso della coppia)" (PG-28)."""
    zone = state.zones[seat][face - 1]
    supply = state.supply[pair_of(seat)]
    for subject in zone:
        supply[subject] += 1
    state.zones[seat][face - 1] = ()
    if zone:
        state.note(Event.of("pairs.triple", seat=seat, zone=face, tokens=zone_text(zone)))
    else:
        state.note(Event.of("pairs.triple_empty", seat=seat, zone=face))


def act(state: PairsState, action: PairsAction, player: int) -> None:
    """Apply a legal player action (or a forced one chosen by :func:`settle`)."""
    if type(action) is Top or type(action) is Keep:
        resolve_event(state, player, action)
    elif type(action) is Give:
        give(state, action, player)
    elif type(action) is Connect:
        assert state.dice is not None
        state.stage = "connect"
        state.conn_left = state.dice
        state.note(connects_event(player))
    elif type(action) is Done or type(action) is Pass:
        state.stage = "after"
        state.conn_left = ()
        state.note(done_event(player, type(action) is Pass))
    else:
        state.stage = "after"
        if type(action) is Move:
            move_token(state, player, action.subject, action.source, action.target)
        elif type(action) is Take:
            take_tokens(state, player, action.subject, action.zones)
        elif type(action) is Swap:
            swap_tokens(state, player, action)
        else:
            raise TypeError(f"{action!r} cannot be applied in a turn")


def move_token(state: PairsState, seat: int, subject: int, source: int, target: int) -> None:
    """Move one ``subject`` token from zone ``source`` to zone ``target``."""
    zones = state.zones[seat]
    zones[source - 1] = remove_token(zones[source - 1], subject)
    zones[target - 1] = add_token(zones[target - 1], subject)
    state.note(move_event(seat, subject, source, target))
    arrived(state, seat, target)


def take_tokens(state: PairsState, seat: int, subject: int, faces: tuple[int, ...]) -> None:
    """TAKE: one ``subject`` token from the pair's supply into each zone of ``faces``."""
    zones = state.zones[seat]
    for face in faces:
        state.supply[pair_of(seat)][subject] -= 1
        zones[face - 1] = add_token(zones[face - 1], subject)
    state.note(take_event(seat, subject, faces))
    for face in faces:
        arrived(state, seat, face)


def swap_tokens(state: PairsState, seat: int, swap: Swap) -> None:
    """DOUBLE swap between two zones of the same board."""
    zones = state.zones[seat]
    a, b = swap.first_zone - 1, swap.second_zone - 1
    zones[a] = add_token(remove_token(zones[a], swap.first_subject), swap.second_subject)
    zones[b] = add_token(remove_token(zones[b], swap.second_subject), swap.first_subject)
    state.note(swap_event(seat, swap))
    arrived(state, seat, swap.first_zone)
    arrived(state, seat, swap.second_zone)


def give(state: PairsState, action: Give, player: int) -> None:
    """A connection step: the active player's offer, or the partner's answer (PG-14)."""
    if state.stage == "reply":
        assert state.offer is not None
        active = partner(player)
        connection_swap(state, active, action.zone, state.offer[1], action.subject)
    elif action.receive is not None:
        connection_swap(state, player, action.zone, action.subject, action.receive)
    else:
        state.offer = (action.zone, action.subject)
        state.stage = "reply"
        state.note(offer_event(player, action.subject, action.zone))


def connection_swap(state: PairsState, active: int, face: int, given: int, taken: int) -> None:
    """Swap ``given`` (the active player's token) with ``taken`` (the partner's) in zone
    ``face`` of both boards: "ci si scambia ... uno qualsiasi dei gettoni presenti nella
    propria zona (purché raffigurino un soggetto diverso tra loro)"."""
    mate = partner(active)
    mine, theirs = state.zones[active], state.zones[mate]
    mine[face - 1] = add_token(remove_token(mine[face - 1], given), taken)
    theirs[face - 1] = add_token(remove_token(theirs[face - 1], taken), given)
    state.conn_left = tuple(v for v in state.conn_left if v != face)
    state.offer = None
    state.stage = "connect"
    state.note(exchange_event(active, face, given, taken))
    arrived(state, active, face)
    arrived(state, mate, face)


# ----- three of a subject -------------------------------------------------------------------
def arrived(state: PairsState, seat: int, face: int) -> None:
    """A token entered zone ``face``: if the zone now holds three of one subject, its event
    is pending ("Se in una zona si vengono a trovare simultaneamente 3 gettoni con lo stesso
    soggetto (anche se non è il proprio turno)"; PG-17 ``transition``)."""
    if state.cfg.recheck:
        return
    if triple_subject(state.zones[seat][face - 1]) is not None and face not in state.pending[seat]:
        state.pending[seat].append(face)


def next_event(state: PairsState) -> tuple[int, list[PairsAction]] | None:
    """The board whose events are resolved next (the active player's first, then the
    partner's) with its owner's choices; events that can do nothing are dropped.

    The boards of a pair that has completed its sequence are never examined: its rows stay
    as they are (with ``event_trigger=recheck`` a standing zone could otherwise force a
    replacement on a finished pair).
    """
    seat = state.turn_seat
    assert seat is not None
    if state.complete[pair_of(seat)]:
        return None
    recheck = state.cfg.recheck
    pending = state.pending
    if not recheck and not pending[seat] and not pending[partner(seat)]:
        return None  # the usual case: no tuple of the two seats, no loop
    for owner in (seat, partner(seat)):
        if recheck:
            state.pending[owner] = legal.effective_events(state, owner)
        if not state.pending[owner]:
            continue
        actions = legal.board_event_actions(state, owner)
        if actions is not None:
            return owner, actions
        for face in state.pending[owner]:
            note_nothing(state, owner, face)
        state.pending[owner] = []
    return None


def note_nothing(state: PairsState, seat: int, face: int) -> None:
    """Log an event that does nothing ("in quel caso non si farà nulla")."""
    subject = triple_subject(state.zones[seat][face - 1])
    assert subject is not None
    state.note(Event.of("pairs.event_nothing", seat=seat, subject=letter(subject), zone=face))


def resolve_event(state: PairsState, seat: int, action: Top | Keep) -> None:
    """Move one token of the zone's subject to the chosen top slot, returning any token
    there to the supply ("che verrà rimesso sul corrispondente spazio del tabellone
    condiviso"); or leave the zone as it is (``keep``)."""
    face = action.zone
    state.pending[seat].remove(face)
    if isinstance(action, Keep):
        state.note(Event.of("pairs.keep", seat=seat, zone=face))
        return
    zone = state.zones[seat][face - 1]
    subject = triple_subject(zone)
    assert subject is not None
    state.zones[seat][face - 1] = remove_token(zone, subject)
    top = state.tops[seat]
    old = top[action.slot - 1]
    if old != EMPTY:
        state.supply[pair_of(seat)][old] += 1
    top[action.slot - 1] = subject
    state.note(top_event(seat, subject, face, action.slot, old))
