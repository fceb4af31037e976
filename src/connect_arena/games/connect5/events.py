"""Connect 5's structured events: what an action does, and why one is refused.

Keys are ``connect5.<what>``; :data:`ENGLISH` holds their English templates (the terminal's
and the error messages' text), the browser translates them by key
(``static/i18n/connect5.<lang>.json``, under ``event.<what>``). Parameters: ``seat`` and
``*_seat`` are 0-based seats, ``dot``/``src``/``dst``/``over``/``start`` are dot ids, lists
of dot ids are ``landings`` and ``victims``. Quotations are from the Italian rulebook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect_arena.core.events import Event
from connect_arena.games.connect5.notation import (
    Connect5Action,
    FirstPlayer,
    Jump,
    Place,
    Split,
    Stack,
    Step,
)

if TYPE_CHECKING:
    from connect_arena.games.connect5.rules import Connect5State

_CIRCLED_ONLY = "('purché questa si trovi su pallino nero cerchiato')"

ENGLISH: dict[str, str] = {
    # ----- what an action does
    "connect5.place": "{seat} places a token on {dot}",
    "connect5.stack": "{seat} stacks a token on their single on {dot}",
    "connect5.step": "{seat} moves a token from {src} to {dst}",
    "connect5.step_double": "{seat} moves a double from {src} to {dst}",
    "connect5.step_stack": "{seat} moves a token from {src} onto their single on {dst}",
    "connect5.split": "{seat} splits the double on {src}: its top token moves to {dst}",
    "connect5.jump": "{seat} captures {victims}, jumping from {start} to {landings}",
    "connect5.sandwich": (
        "{seat} sandwiches {over}: a token jumps from {start} onto their single on {dst}"
    ),
    "connect5.pass": "{seat} passes: no other action is possible",
    "connect5.first": "{seat} starts the first round",
    # ----- why the game ended and who won (result_events)
    "connect5.end_quick": "the game ended with its only round (a quick game)",
    "connect5.end_full": "the game ended after {rounds} rounds: every player started one",
    "connect5.win_points": "{seats} won with the most points ({points})",
    "connect5.win_shared": "{seats} share the victory with {points} {points|point|points}",
    "connect5.win_tiebreak": (
        "{seats} won the tie at {points} {points|point|points} with {connect5s} "
        "Connect {connect5s|5|5s} and {captures} {captures|token|tokens} eaten"
    ),
    # ----- why an action is refused (explain.py)
    "connect5.not_legal": "{action} is not legal now",
    "connect5.drawn_by_chance": "who starts is drawn by chance, not chosen",
    "connect5.pass_refused": (
        "you can still place or move: pass only when no other action is possible"
    ),
    "connect5.first_turn_places": (
        "your first turn of a round places a token ('posizionano ... una delle loro pedine')"
    ),
    "connect5.capture_compulsory": ("you can capture, and captures are compulsory"),
    "connect5.no_supply": "{seat} has no tokens left to place",
    "connect5.place_taken": "{dot} holds {holder_seat}'s token: place only on a free dot",
    "connect5.place_taken_double": ("{dot} holds {holder_seat}'s double: place only on a free dot"),
    "connect5.place_own_double": "{dot} already holds your double: place only on a free dot",
    "connect5.place_own_circled": (
        "{dot} already holds your token; to stack on it write 'stack {dot}'"
    ),
    "connect5.place_own_single": (
        "{dot} already holds your token: place only on a free dot (and {dot} is a single "
        "dot, where no double may stand)"
    ),
    "connect5.stack_on_nothing": (
        "there is no token of yours on {dot} to stack on ({dot} holds nothing)"
    ),
    "connect5.stack_on_token": (
        "there is no token of yours on {dot} to stack on ({dot} holds {holder_seat}'s token)"
    ),
    "connect5.stack_on_double": (
        "there is no token of yours on {dot} to stack on ({dot} holds {holder_seat}'s double)"
    ),
    "connect5.stack_full": "{dot} already holds a double: a stack has at most two tokens",
    "connect5.stack_single_dot": (
        f"{{dot}} is a single dot: stacking only on a circled dot {_CIRCLED_ONLY}"
    ),
    "connect5.step_nowhere": ("a step goes from one dot to another: {src} to {dst} moves nothing"),
    "connect5.step_from_stem": (
        "{dst} is reached from {src} only by turning from the bar of a T without a dot into "
        "its stem (from the stem into the bar only)"
    ),
    "connect5.step_turning": (
        "{dst} is reached from {src} only by turning where lines cross without a dot "
        "('Quando due linee si incrociano, non è possibile svoltare in un'altra direzione')"
    ),
    "connect5.step_turning_t": (
        "{dst} is reached from {src} only by turning where lines cross without a dot, or "
        "from the bar of a T into its stem ('Quando due linee si incrociano, non è "
        "possibile svoltare in un'altra direzione')"
    ),
    "connect5.step_not_next": (
        "{dst} is not next to {src}: a step goes to the next dot along a line"
    ),
    "connect5.step_onto_double": (
        "{dst} already holds your double: a stack has at most two tokens"
    ),
    "connect5.step_double_onto": (
        "your double on {src} cannot step onto a token: a stack has at most two"
    ),
    "connect5.step_onto_single_dot": (
        f"{{dst}} is a single dot: a double stands only on a circled dot {_CIRCLED_ONLY}"
    ),
    "connect5.not_yours": "there is no token of yours on {dot}",
    "connect5.split_single": "{src} holds a single token: only a double can split",
    "connect5.dst_own": "{dst} is not free (it holds your token)",
    "connect5.dst_own_double": "{dst} is not free (it holds your double)",
    "connect5.dst_taken": "{dst} is not free (it holds {holder_seat}'s token)",
    "connect5.dst_taken_double": "{dst} is not free (it holds {holder_seat}'s double)",
    "connect5.double_single_dot": (
        "a double moves only between circled dots ('Le pedine doppie si possono spostare "
        "solo tra i punti adiacenti cerchiati'); {dst} is a single dot — 'split {src} {dst}' "
        "moves one token there"
    ),
    "connect5.retrace_run": (
        "this token may not make a Connect 5 by going back along the line it used last turn"
    ),
    "connect5.retrace_capture": (
        "this token may not capture by going back along the line it used last turn"
    ),
    "connect5.chain_twice": (
        "a capture may not use a stretch of line twice or jump a dot twice "
        "('ripercorrendo a ritroso un tratto appena usato')"
    ),
    "connect5.chain_revisit": "a capture may not come back to {dot}",
    "connect5.no_jump": (
        "there is no jump from {src} over {over} to {dst}: a jump goes over the next dot to "
        "the one after it, straight on through a T or crossing dot"
    ),
    "connect5.nothing_to_eat": "{over} holds no opponent's token to eat",
    "connect5.single_eats_double": (
        "a single token cannot eat a double ('Le pedine doppie non possono essere mangiate "
        "dalle pedine singole')"
    ),
    "connect5.landing_taken": (
        "the landing dot {dst} is not free ('purché il punto successivo a questa sia libero')"
    ),
    "connect5.landing_own": (
        "the landing dot {dst} is not free ('purché il punto successivo a questa sia "
        "libero') (for the sandwich capture write 'sandwich …')"
    ),
    "connect5.double_eats_double": "a double eats a double only onto a free circled dot",
    "connect5.sandwich_in_chain": (
        "a sandwich is a capture of its own, not the end of a multiple capture"
    ),
    "connect5.sandwich_no_single": (
        "a sandwich lands on your single token, and {dst} does not hold one"
    ),
    "connect5.sandwich_double": (
        "no sandwich when the middle token is a double ('questa manovra non sarà possibile')"
    ),
    "connect5.sandwich_circled": "a sandwich needs your tokens on circled dots on both sides",
    "connect5.sandwich_strict": ("under this table's rule, a sandwich starts from a double"),
}
"""English templates of Connect 5's events, by key (``str.format`` fields are parameters)."""


def describe(state: Connect5State, action: Connect5Action, player: int) -> Event:
    """What ``action`` by ``player`` does from ``state`` (before it is applied).

    The chance outcome :class:`FirstPlayer` names the drawn seat as ``seat``. Steps tell a
    double's move and a step onto one's own single (``stack_by_step``) apart from a token's.
    """
    if isinstance(action, FirstPlayer):
        return Event.of("connect5.first", seat=action.seat)
    if isinstance(action, Place):
        return Event.of("connect5.place", seat=player, dot=action.dot)
    if isinstance(action, Stack):
        return Event.of("connect5.stack", seat=player, dot=action.dot)
    if isinstance(action, Split):
        return Event.of("connect5.split", seat=player, src=action.src, dst=action.dst)
    if isinstance(action, Step):
        return _describe_step(state, action, player)
    if isinstance(action, Jump):
        return _describe_capture(action, player)
    return Event.of("connect5.pass", seat=player)


def _describe_step(state: Connect5State, action: Step, player: int) -> Event:
    index = state.cfg.board.find
    src, dst = index(action.src), index(action.dst)
    key = "connect5.step"
    if src is not None and dst is not None and src < len(state.height):
        if state.height[src] == 2:
            key = "connect5.step_double"
        elif dst < len(state.owner) and state.owner[dst] == player:
            key = "connect5.step_stack"
    return Event.of(key, seat=player, src=action.src, dst=action.dst)


def _describe_capture(action: Jump, player: int) -> Event:
    path = action.path
    if action.sandwich and len(path) == 3:
        return Event.of("connect5.sandwich", seat=player, start=path[0], over=path[1], dst=path[2])
    return Event.of(
        "connect5.jump",
        seat=player,
        start=path[0],
        landings=list(path[2::2]),
        victims=list(path[1::2]),
    )


def holder_event(state: Connect5State, node: int, player: int, prefix: str, **params: str) -> Event:
    """A refusal naming who holds dot ``node`` (an index): key ``<prefix>_own`` or
    ``<prefix>_own_double`` when it is ``player``'s (the last word of ``prefix`` replaced),
    else ``<prefix>`` or ``<prefix>_double`` with ``holder_seat``.

    ``prefix`` is a full key such as ``"connect5.dst_taken"``; the keys for the player's
    own stacks replace its last word by ``own`` (``"connect5.dst_own"``).
    """
    seat, double = state.owner[node], state.height[node] == 2
    suffix = "_double" if double else ""
    if seat == player:
        own = prefix.rsplit("_", 1)[0] + "_own"
        return Event.of(own + suffix, **params)
    return Event.of(prefix + suffix, holder_seat=seat, **params)


def result_events(state: Connect5State) -> list[Event]:
    """Why the game ended and why its winners won, once it is over (else ``[]``): the end
    (``end_quick`` after the one round of a quick game, ``end_full`` after one round per
    player), then the victory: most points (``win_points``), shared top scores (``win_shared``,
    AMB-20), or the tie break on Connect 5s then tokens eaten (``win_tiebreak``)."""
    if not state.over:
        return []
    rounds = state.cfg.rounds
    found = [Event.of("connect5.end_quick")] if rounds == 1 else []
    found = found or [Event.of("connect5.end_full", rounds=rounds)]
    scores, best = state.scores(), state.winners()
    points = scores[best[0]]
    if len(best) > 1:
        return [*found, Event.of("connect5.win_shared", seats=best, points=points)]
    if scores.count(points) > 1:
        made = sum(1 for r in state.results if r.connect5 == best[0])
        eaten = sum(r.captured[best[0]] for r in state.results)
        won = Event.of(
            "connect5.win_tiebreak", seats=best, points=points, connect5s=made, captures=eaten
        )
        return [*found, won]
    return [*found, Event.of("connect5.win_points", seats=best, points=points)]
