"""Connect 5 (Back2Brain, "Think. Move. Connect."): the rules engine, 2 to 5 players.

Source: the rulebook in five languages (seed ``000``: IT, EN, DE, FR, ES); every decision
where it is unclear (AMB-1…AMB-30 and §9) is listed in ``docs/rules/connect5.md``.
Quotations are Italian unless marked.

A turn is one action: ``place``, ``stack``, ``step``, ``split``, a capture (a single or a
multiple ``jump``, or a ``sandwich``), or ``pass`` when nothing else is possible. After it,
a Connect 5 of the mover ends the round ("Una volta che uno dei giocatori fa Connect 5 il
round termina"); so does a position where no one can place or move (AMB-16). Scores: 1 per
token eaten, 5 for a Connect 5. A quick game is one round; a full game one round per player,
the starter moving one seat clockwise each round.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from connect_arena.core.errors import InvalidActionError
from connect_arena.core.events import Event
from connect_arena.core.game import CHANCE, TERMINAL, Game, State
from connect_arena.core.gametype import (
    ChanceMode,
    GameType,
    ResultKind,
    Utility,
)
from connect_arena.core.state import history_entry
from connect_arena.games.connect5 import legal
from connect_arena.games.connect5.events import ENGLISH, describe
from connect_arena.games.connect5.explain import explain
from connect_arena.games.connect5.notation import (
    Connect5Action,
    FirstPlayer,
    Jump,
    Place,
    Split,
    Stack,
    Step,
    action_problem,
    parse_action,
)
from connect_arena.games.connect5.options import OPTIONS, Config, make_config
from connect_arena.games.connect5.topology import run_through
from connect_arena.games.connect5.view import geometry, observation

CONNECT5_POINTS: Final = 5
"""Points for a Connect 5 ("facendo Connect 5 (5 punti)")."""
SEAT_NAMES = ("Red", "Blue", "Purple", "Yellow", "Green")
"""The five colours of the box ("25 rosse, 25 blu, 25 viola, 25 gialle e 25 verdi")."""
_SEATS = tuple(frozenset((seat,)) for seat in range(len(SEAT_NAMES)))
_NOBODY: frozenset[int] = frozenset()
_PROGRESS = (Place, Stack, Jump)
"""Actions that reset the ``idle`` count: a placement, a stack or a capture."""


@mypyc_attr(native_class=False)  # a Game: declared by class variables (see core.game)
class Connect5Game(Game):
    """Connect 5 for 2-5 players (seats 0-4: Red, Blue, Purple, Yellow, Green).

    Options: see ``connect-arena games`` or :data:`~connect_arena.games.connect5.options.OPTIONS`;
    a bad board file raises ``InvalidOptionError`` listing its problems.
    """

    game_type = GameType(
        short_name="connect5",
        long_name="Connect 5",
        summary="Place, stack, move and jump tokens on a circuit; five in a row scores five.",
        player_counts=(2, 3, 4, 5),
        default_players=2,
        seat_names=SEAT_NAMES,
        seat_colours=("#d62839", "#1e63d6", "#7b3fb8", "#f4a81d", "#2a9d4f"),
        chance_mode=ChanceMode.EXPLICIT,  # only with first_player=random (a chance action)
        # +1 for each winner, -1 for the others, 0 for all when every seat shares the victory:
        # zero-sum with two players only.
        utility=Utility.GENERAL_SUM,
        draw_possible=True,
        result=ResultKind.RANKS,
        anti_endless_option="idle_limit",
        anti_endless_default=200,
        rulebook="Connect 5, Back2Brain (IT, EN, DE, FR, ES)",
        # What a game of people takes, in minutes (the landing page shows it):
        # a quick game to a full game of two to five.
        extra=MappingProxyType({"minutes": (15, 40)}),
    )
    option_specs = OPTIONS
    event_templates = MappingProxyType(ENGLISH)

    def _check_options(self) -> None:
        self.config = make_config(dict(self.options), self.num_players)

    def geometry(self) -> dict[str, Any]:
        """The board the page draws, from the board file in use (see
        :func:`~connect_arena.games.connect5.view.geometry`)."""
        return geometry(self.config)

    def new_initial_state(self) -> Connect5State:
        """An empty board, full supplies; the starter is drawn first unless fixed."""
        return Connect5State(self)


@mypyc_attr(native_class=False)  # a frozen dataclass, once per round: not hot
@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended.

    Attributes:
        number: 0-based round number.
        starter: the seat that started it.
        captured: tokens eaten per seat.
        connect5: the seat that made a Connect 5, or ``None``.
        run: the dot ids of that Connect 5 (empty if none).
        reason: ``"connect5"``, ``"no_connect5"`` (nobody has five tokens left),
            ``"dead"`` (no score can change any more), ``"no_moves"``, ``"board_full"``,
            ``"mover_stuck"`` or ``"idle_limit"``.
    """

    number: int
    starter: int
    captured: tuple[int, ...]
    connect5: int | None
    run: tuple[str, ...]
    reason: str

    def as_dict(self) -> dict[str, Any]:
        """JSON-able: ``starter``, ``points``, ``connect5``, ``run``, ``reason``."""
        return {
            "starter": self.starter,
            "points": list(self.points),
            "connect5": self.connect5,
            "run": list(self.run),
            "reason": self.reason,
        }

    @property
    def points(self) -> tuple[int, ...]:
        """Points per seat: 1 per token eaten, plus 5 for the Connect 5."""
        return tuple(
            eaten + (CONNECT5_POINTS if seat == self.connect5 else 0)
            for seat, eaten in enumerate(self.captured)
        )


@mypyc_attr(serializable=True)  # pickled for the process pool
class Connect5State(State[Connect5Action]):
    """A Connect 5 position.

    Attributes:
        cfg: the unpacked options.
        owner: per dot (board order), the seat whose stack stands there, or ``-1``.
        height: per dot, 0, 1 (a single) or 2 (a double).
        supply: tokens not yet placed this round, per seat.
        captured: tokens eaten this round, per seat (the eater's).
        lost: tokens eaten this round, per seat (the victim's).
        round: 0-based number of the round being played.
        first_starter: who started round 0 (``None`` until drawn).
        to_move: the seat to act (``None`` while the starter is being drawn).
        turns_taken: turns played this round, per seat.
        idle: turns in a row without a placement, stack or capture (for ``idle_limit``).
        last_route: per seat, ``(dot, segments)`` of the token it moved last turn (for
            ``retrace_rule=previous_turn``), or ``None``.
        results: the finished rounds.
        over: whether the game is over.
    """

    def __init__(self, game: Connect5Game, *, _blank: bool = False) -> None:
        if _blank:
            return  # for :meth:`clone`, which sets every attribute
        super().__init__(game)
        self.cfg: Config = game.config
        n = self.cfg.players
        self.round = 0
        self.first_starter: int | None = self.cfg.first_player
        self.banked = [0] * n
        self.results: list[RoundResult] = []
        self.over = False
        self._start_round()

    def _start_round(self) -> None:
        n, dots = self.cfg.players, self.cfg.board.num_dots
        self.owner = [-1] * dots
        self.height = [0] * dots
        self.supply = [self.cfg.tokens] * n
        self.captured = [0] * n
        self.lost = [0] * n
        self.turns_taken = [0] * n
        self.idle = 0
        self.last_route: list[tuple[int, frozenset[int]] | None] = [None] * n
        self.to_move = None if self.first_starter is None else self.starter
        self._legal: list[Connect5Action] | None = None

    @property
    def starter(self) -> int:
        """The seat that starts the current round: one seat further clockwise each round
        ("I giocatori, in senso orario, inizieranno un round una volta ciascuno")."""
        assert self.first_starter is not None
        return (self.first_starter + self.round) % self.cfg.players

    # ----- protocol -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.to_move is None else self.to_move

    # The three queries below answer as the base class does, without building a frozenset
    # or going through ``current_player`` each time (playouts ask them on every turn).
    def active_players(self) -> frozenset[int]:
        """The seat to act (one at a time), or none at a chance node or at the end."""
        if self.over or self.to_move is None:
            return _NOBODY
        return _SEATS[self.to_move]

    def is_chance_node(self) -> bool:
        """Whether the starter is being drawn."""
        return self.to_move is None and not self.over

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.over

    def scores(self) -> list[int]:
        """Points per seat: finished rounds plus the round in play (1 per token eaten)."""
        live = [] if self.over else self.captured
        return [banked + (live[s] if live else 0) for s, banked in enumerate(self.banked)]

    def points(self) -> list[float] | None:
        """The points of :meth:`scores` (tokens eaten over the rounds)."""
        return [float(points) for points in self.scores()]

    def winners(self) -> list[int]:
        """The seats with the most points (shared victory, AMB-20), after the optional tie
        break (most Connect 5s, then most tokens eaten). Meaningful once the game is over."""
        scores = self.scores()
        top = [seat for seat, points in enumerate(scores) if points == max(scores)]
        if self.cfg.tie_break == "shared" or len(top) == 1:
            return top
        made = [sum(1 for r in self.results if r.connect5 == s) for s in range(len(scores))]
        eaten = [sum(r.captured[s] for r in self.results) for s in range(len(scores))]
        best = max((made[s], eaten[s]) for s in top)
        return [s for s in top if (made[s], eaten[s]) == best]

    def returns(self) -> list[float]:
        """At the end, ``1`` for each winner and ``-1`` for the others; ``0`` for everyone
        when all of them share the victory (a draw: zero-sum with two players, and never
        read as a proven win by MCTS-Solver) and while the game goes on. Points are in
        :meth:`scores`."""
        n = self.cfg.players
        top = set(self.winners()) if self.over else set()
        if len(top) in (0, n):
            return [0.0] * n
        return [1.0 if seat in top else -1.0 for seat in range(n)]

    def clone(self) -> Connect5State:
        """An independent copy: every attribute, the lists copied (the config is shared)."""
        other = Connect5State(cast(Connect5Game, self.game), _blank=True)
        other.game = self.game
        other.history = list(self.history)
        other.cfg = self.cfg
        other.round = self.round
        other.first_starter = self.first_starter
        other.banked = list(self.banked)
        other.results = list(self.results)
        other.over = self.over
        other.owner = list(self.owner)
        other.height = list(self.height)
        other.supply = list(self.supply)
        other.captured = list(self.captured)
        other.lost = list(self.lost)
        other.turns_taken = list(self.turns_taken)
        other.idle = self.idle
        other.last_route = list(self.last_route)
        other.to_move = self.to_move
        other._legal = self._legal
        return other

    def _chance_outcomes(self) -> list[tuple[Connect5Action, float]]:
        n = self.cfg.players
        return [(FirstPlayer(seat), 1.0 / n) for seat in range(n)]

    def _parse(self, text: str) -> Connect5Action:
        words = text.split()
        board = self.cfg.board
        index = board.find(words[0]) if len(words) == 1 else None
        if index is not None and index >= board.num_dots:
            raise InvalidActionError(
                f"{words[0]!r} is a junction without a dot on board {board.id!r}"
            )
        if index is not None and self.to_move is not None:
            dot = board.nodes[index].id  # a bare dot id: place there, or stack on your single
            return Stack(dot) if self.owner[index] == self.to_move else Place(dot)
        return parse_action(text, board, self._victims)

    def _victims(self, a: int, c: int) -> list[int]:
        return [jump.over for jump in self.cfg.topo.jumps[a] if jump.to == c]

    def legal_actions(self, player: int | None = None) -> list[Connect5Action]:
        """:meth:`State.legal_actions`; for the seat to move (the playouts' call), without
        the base class's checks of who may act."""
        to_move = self.to_move
        if self.over or to_move is None or (player is not None and player != to_move):
            return super().legal_actions(player)
        if self._legal is None:
            self._legal = legal.legal_actions(self, to_move)
        return list(self._legal)

    def apply_legal_action(self, action: Connect5Action, player: int) -> None:
        """:meth:`State.apply_legal_action` (Connect 5 has no simultaneous phase)."""
        self._apply(action, player)
        self.history.append(history_entry(player, action, False))

    def _legal_actions(self, player: int) -> list[Connect5Action]:
        if self._legal is None:
            self._legal = legal.legal_actions(self, player)
        return list(self._legal)

    def describe_action(self, action: Connect5Action, player: int) -> Event:
        """The action as a ``connect5.*`` event (``events.py``); call it before applying."""
        return describe(self, action, player)

    def _illegal_reason(self, action: Connect5Action, player: int) -> str | Event | None:
        problem = action_problem(action, self.cfg.board, self.cfg.tables.index)
        if problem is not None:
            return problem  # a hand-made object naming no dot, or a dot misspelt
        if self._legal is None and legal.quick_legal(self, action, player):
            return None
        actions = self._legal if self._legal is not None else self._legal_actions(player)
        kind = type(action)  # only actions of the same class can be equal
        if action in [candidate for candidate in actions if type(candidate) is kind]:
            return None
        return explain(self, action, player) or Event.of("connect5.not_legal", action=str(action))

    # ----- applying -------------------------------------------------------------------------
    def _apply(self, action: Connect5Action, player: int) -> None:
        self._legal = None
        if type(action) is FirstPlayer:
            self.first_starter = action.seat
            self.to_move = self.starter
            return
        filled = self._move(action, player)
        self.turns_taken[player] = self.turns_taken[player] + 1
        self._end_turn(player, type(action) in _PROGRESS, filled)

    def _move(self, action: Connect5Action, player: int) -> tuple[int, ...]:
        """Change the position; return the dots the action may have newly filled with the
        mover's tokens (only a Connect 5 through one of them can be new).

        A capture returns its start and every landing: a double that lands as a double on a
        circled dot and then has to split leaves its bottom token on that middle landing
        (AMB-10), so the mover may hold several new dots.

        Actions are told apart by their exact class (``type(action) is``), which is quicker
        than ``isinstance`` on these ``Action`` subclasses (an ABC)."""
        route: tuple[int, frozenset[int]] | None = None
        filled: tuple[int, ...] = ()
        if type(action) is Place or type(action) is Stack:
            dot = self._dot(action.dot)
            self.owner[dot] = player
            self.height[dot] = self.height[dot] + 1
            self.supply[player] = self.supply[player] - 1
            filled = (dot,)
        elif type(action) is Step or type(action) is Split:
            src, dst = self._dot(action.src), self._dot(action.dst)
            moving = 1 if type(action) is Split else self.height[src]
            legal._lift(self.owner, self.height, src, moving)
            self.owner[dst] = player
            self.height[dst] = self.height[dst] + moving
            route = (dst, self.cfg.topo.between[(src, dst)].segset)
            filled = (dst,)
        elif type(action) is Jump:
            route = self._capture(action)
            filled = tuple(self._dot(dot) for dot in action.path[::2])
        self.last_route[player] = route
        return filled

    def _dot(self, name: str) -> int:
        """The index of dot ``name``: :meth:`Tables.dot`, with its canonical-id look-up here
        (compiled: the interpreted method call was a tenth of a playout's profiled time)."""
        tables = self.cfg.tables
        found = tables.index.get(name)
        return tables.dot(name) if found is None else found

    def _capture(self, action: Jump) -> tuple[int, frozenset[int]]:
        pos = self._dot(action.start)
        player, size = self.owner[pos], self.height[pos]
        walked: frozenset[int] = frozenset()
        for over_id, to_id in action.hops:
            over, to = self._dot(over_id), self._dot(to_id)
            victim = self.owner[over]
            walked |= self.cfg.topo.between[(pos, over)].segset
            walked |= self.cfg.topo.between[(over, to)].segset
            size, taken = legal.hop(self.cfg, self.owner, self.height, pos, size, over, to)
            self.captured[player] = self.captured[player] + taken
            self.lost[victim] = self.lost[victim] + taken
            route = self.last_route[victim]
            if route is not None and route[0] == over and self.owner[over] != victim:
                self.last_route[victim] = None
            pos = to
        return (pos, walked)

    def _end_turn(self, player: int, progress: bool, filled: tuple[int, ...]) -> None:
        cfg = self.cfg
        owner = self.owner
        for dot in filled:
            # Only a run through a dot the action filled can be new (a run elsewhere would
            # have ended the round earlier): ``Topology.find_run`` with ``through=filled``,
            # after the whole action (AMB-24), through every dot the mover still holds.
            if owner[dot] == player:
                run = run_through(owner, player, cfg.runs[dot])
                if run is not None:
                    self._finish_round("connect5", player, tuple(cfg.ids[d] for d in run))
                    return
        self.idle = 0 if progress else self.idle + 1
        nxt = (player + 1) % cfg.players
        if cfg.idle_limit and self.idle >= cfg.idle_limit:
            self._finish_round("idle_limit")
        elif cfg.round_end == "board_full" and not legal.has_free(owner):
            self._finish_round("board_full")
        elif (dead := self._dead()) is not None:
            self._finish_round(dead)
        elif cfg.round_end == "mover_stuck" and not legal.can_act(self, nxt):
            self._finish_round("mover_stuck")
        elif not legal.can_act(self, nxt) and not any(
            legal.can_act(self, (nxt + k) % cfg.players) for k in range(1, cfg.players)
        ):
            self._finish_round("no_moves")
        else:
            self.to_move = nxt

    def tokens_left(self) -> list[int]:
        """Per seat, tokens still in play this round: in the supply or on the board."""
        return legal.tokens_left(self.owner, self.height, self.supply)

    def _dead(self) -> str | None:
        """Why the round cannot produce a Connect 5 any more, or ``None``.

        ``"no_connect5"``: every seat has fewer than five tokens left, so "nessuno dei
        giocatori fa Connect 5" (option ``end_without_connect5``, default off: captures
        could still score); ``"dead"``: moreover at most one seat has tokens, so no score
        can change at all (always on: playing on for ever would give the same result).
        """
        return legal.dead_reason(
            self.owner, self.height, self.supply, self.cfg.end_without_connect5
        )

    def _finish_round(
        self, reason: str, maker: int | None = None, run: tuple[str, ...] = ()
    ) -> None:
        result = RoundResult(self.round, self.starter, tuple(self.captured), maker, run, reason)
        self.results.append(result)
        self.banked = [b + p for b, p in zip(self.banked, result.points, strict=True)]
        if len(self.results) >= self.cfg.rounds:
            self.over = True
            self._legal = None
            return
        self.round += 1
        self._start_round()

    def invariant_violations(self) -> list[str]:
        """What is wrong with this position, if anything (empty for every reachable one).

        Tokens are conserved (supply + board + eaten by others = tokens, per seat; the
        eaten counts agree); no stack exceeds two tokens; no double stands on a single dot;
        no Connect 5 of any seat stands while the round goes on.
        """
        cfg, problems = self.cfg, []
        on_board = [0] * cfg.players
        for dot, (seat, tokens) in enumerate(zip(self.owner, self.height, strict=True)):
            if (seat < 0) != (tokens == 0) or tokens > 2:
                problems.append(f"{cfg.ids[dot]}: seat {seat} with {tokens} tokens")
            if tokens == 2 and not cfg.circled[dot]:
                problems.append(f"a double on the single dot {cfg.ids[dot]}")
            if seat >= 0:
                on_board[seat] = on_board[seat] + tokens
        for seat in range(cfg.players):
            if self.supply[seat] + on_board[seat] + self.lost[seat] != cfg.tokens:
                problems.append(f"{self.game.seat_name(seat)}'s tokens are not conserved")
        if sum(self.captured) != sum(self.lost):
            problems.append("tokens eaten and tokens lost differ")
        return problems + self._standing_runs()

    def _standing_runs(self) -> list[str]:
        """A Connect 5 standing while the round goes on: the check missed it (AMB-24)."""
        if self.over:
            return []
        found = []
        for seat in range(self.cfg.players):
            run = self.cfg.topo.find_run(self.owner, seat, self.cfg.run_rules)
            if run is not None:
                dots = " ".join(self.cfg.ids[dot] for dot in run)
                name = self.game.seat_name(seat)
                found.append(f"a Connect 5 of {name} stands ({dots}) but the round goes on")
        return found

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` listing :meth:`invariant_violations` (tests, debugging)."""
        problems = self.invariant_violations()
        if problems:
            raise AssertionError("; ".join(problems))

    # ----- views ----------------------------------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        """The whole position (nothing is hidden): see
        :func:`~connect_arena.games.connect5.view.observation`."""
        return observation(self)

    def render(self, viewer: int | None = None) -> str:
        """The circuit with its tokens, the supplies, scores and whose turn (Rich markup)."""
        from connect_arena.games.connect5.render import render

        return render(self)
