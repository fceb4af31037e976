"""CO'NNN'ECT (Sarawut Jirawaree, Four Comma Game): the rules engine.

Sources: the English (seed 003) and German (seed 001) rulebooks of CO'NNN'ECT (Four Comma
Game); every decision (CN-1…CN-40) is listed in ``docs/rules/connnect.md``. Quotations are
from the English rulebook unless marked [DE].

Flow of a game (phases, ``state.phase``):

* setup (chance): ``objectives`` revealed, Connect-5 ``cards`` dealt, ``first`` player drawn;
* setup numbers: a ``setup_roll`` (chance) then a simultaneous ``setup_write``, twice;
* 12 rounds of ``roll`` (chance: three dice) → ``zone`` (the active player picks the Zone Die)
  → ``fill`` (simultaneous) → ``claim`` (simultaneous) → end of round;
* ``over``.

Simultaneous phases are a set of active players (``docs/rules/connnect.md`` §Flow): each acts in any
order and is done when he says ``done`` (or has nothing left to do); the phase's public effects
(first-claim markers crossed, claimed Connect-5 cards turned down) resolve when the last one is
done. A player's legal actions never depend on what others did in the same phase.
"""

from __future__ import annotations

from itertools import combinations, product
from types import MappingProxyType
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from connect_arena.core.errors import InvalidOptionError
from connect_arena.core.events import Event
from connect_arena.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Game, State
from connect_arena.core.gametype import (
    ChanceMode,
    Dynamics,
    GameType,
    Information,
    ResultKind,
    Utility,
)
from connect_arena.core.state import ChanceTable
from connect_arena.games.connnect import bonuses, flow, legal
from connect_arena.games.connnect import sheet as geo
from connect_arena.games.connnect.bonuses import Task
from connect_arena.games.connnect.claims import SECTION_OF_SIZE, connect4_effect, find_shape
from connect_arena.games.connnect.components import Components, DataError
from connect_arena.games.connnect.data import load_components
from connect_arena.games.connnect.events import ENGLISH, describe, ev
from connect_arena.games.connnect.explain import explain
from connect_arena.games.connnect.flow import CLAIM, FILL, OVER, ROLL, SETUP_ROLL, SETUP_WRITE, ZONE
from connect_arena.games.connnect.notation import (
    AdjustCell,
    AdjustDie,
    ChooseZone,
    Claim,
    ConnnectAction,
    DealCards,
    DealObjectives,
    FirstPlayer,
    Move,
    Roll,
    Skip,
    Switch,
    Take,
    Write,
    parse_action,
)
from connect_arena.games.connnect.notation import Change as ChangeNumber
from connect_arena.games.connnect.options import OPTIONS, Config, make_config
from connect_arena.games.connnect.player import ClaimRecord, PlayerSheet
from connect_arena.games.connnect.scoring import Score, score, score_bounds, winners
from connect_arena.games.connnect.view import sheet_view

OBJECTIVES: Final = "objectives"
CARDS: Final = "cards"
FIRST: Final = "first"
CHANCE_PHASES: Final = frozenset({OBJECTIVES, CARDS, FIRST, SETUP_ROLL, ROLL})
SIMULTANEOUS_PHASES: Final = frozenset({SETUP_WRITE, FILL, CLAIM})
ROLLS: Final[list[tuple[Roll, float]]] = [
    (Roll((a, b, c)), {3: 6, 2: 3, 1: 1}[len({a, b, c})] / 216)
    for a in range(1, 7)
    for b in range(a, 7)
    for c in range(b, 7)
]
"""Three dice as one chance action per sorted outcome, with its probability (56 outcomes)."""
ROLL_TABLE: Final = ChanceTable(ROLLS)
""":data:`ROLLS` ready to draw, built once (:meth:`ConnnectState.chance_table`)."""


@mypyc_attr(native_class=False)  # a Game: declared by class variables (see core.game)
class ConnnectGame(Game):
    """CO'NNN'ECT for 2-4 players, or 1 (solo score attack, an addition of ours)."""

    game_type = GameType(
        short_name="connnect",
        long_name="CO'NNN'ECT",
        summary=(
            "Roll and write: fill zones with dice numbers and claim Connects of 3, 4 and 5 "
            "(1 player = solo score attack, not in the rulebook)."
        ),
        player_counts=(1, 2, 3, 4),
        default_players=2,
        seat_names=("Blue", "Red", "Green", "Yellow"),
        seat_colours=("#1e63d6", "#d62839", "#2a9d4f", "#f4a81d"),
        dynamics=Dynamics.SIMULTANEOUS_PHASES,
        chance_mode=ChanceMode.EXPLICIT,
        information=Information.IMPERFECT,
        hidden="each seat's writing in a Fill or Claim phase, from the others until all are done",
        # ±1/0 by final score with several players; the score itself solo (or returns=score).
        utility=Utility.GENERAL_SUM,
        min_utility=-200.0,
        max_utility=200.0,
        draw_possible=True,
        result=ResultKind.SCORES,
        rulebook="CO'NNN'ECT (EN, DE)",
        # What a game of people takes, in minutes (the landing page shows it):
        # twelve rounds, written at the same time.
        extra=MappingProxyType({"minutes": (20, 30)}),
    )
    option_specs = OPTIONS
    event_templates = MappingProxyType(ENGLISH)

    def _check_options(self) -> None:
        try:
            self.comps = load_components(str(self.options["data"]))
        except DataError as error:
            raise InvalidOptionError(str(error), "data") from None
        self.config = make_config(dict(self.options))
        # The setup's chance outcomes, built once: the same objects at every setup (the
        # adapters keep their chance tables by the outcomes' identity).
        comps = self.comps
        decks = [[o.id for o in comps.objectives if o.deck == d] for d in comps.decks]
        deals = list(product(*decks))
        self.objective_deals: list[tuple[ConnnectAction, float]] = [
            (DealObjectives(ids), 1 / len(deals)) for ids in deals
        ]
        hands = list(combinations([c.id for c in comps.cards], comps.face_up))
        self.card_deals: list[tuple[ConnnectAction, float]] = [
            (DealCards(hand), 1 / len(hands)) for hand in hands
        ]
        n = self.num_players
        self.first_deals: list[tuple[ConnnectAction, float]] = [
            (FirstPlayer(seat), 1 / n) for seat in range(n)
        ]

    def new_initial_state(self) -> ConnnectState:
        """Before setup: the objective cards are revealed first (a chance action)."""
        return ConnnectState(self)

    def utility_bounds(self) -> tuple[float, float]:
        """With several players and the default ``returns=result``: ±1 (a win, a loss; 0 for
        nobody). Solo, or with ``returns=score``: the score's bounds for the components in
        use (:func:`~connect_arena.games.connnect.scoring.score_bounds`)."""
        if self.num_players > 1 and not self.config.score_returns:
            return -1.0, 1.0
        low, high = score_bounds(self.comps)
        return float(low), float(high)

    def geometry(self) -> dict[str, Any]:
        """The sheet's static layout, cards and objectives of the components in use (the
        ``data`` option: built in or a variant file), JSON-able; see
        :func:`connect_arena.games.connnect.view.geometry`."""
        from connect_arena.games.connnect.view import geometry

        return geometry(self.comps)


@mypyc_attr(serializable=True)  # pickled for the process pool
class ConnnectState(State[ConnnectAction]):
    """A CO'NNN'ECT position. Seats are 0-based; the sheets are ``self.sheets[seat]``.

    Attributes:
        phase: one of the phase names above.
        round: 1-based round (0 during setup).
        first_player / active: seat of the first player and of this round's active player.
        objective_ids: the revealed objective cards; ``objectives_closed``: cards already
            scored by someone (option ``objectives=first``).
        face_up / face_down: Connect-5 card letters.
        score_cards: Connect-5 score cards left, top first.
        c4_claimed: Connect-4 shapes claimed in an earlier round (public).
        dice: the last roll (sorted); ``zone_die``: the Zone Die chosen this round.
        pending / zone / task / done: per seat, in the current simultaneous phase: numbers
            still to write, active zone (after a Switch bonus), obligation, and done flag.
        number_dice: per seat, the faces of his two Number Dice this round (after his
            Switch); ``pending`` holds the numbers he writes for them, which a Free Action or
            an Adjust may have changed (the dice keep their faces).
        cards_now / shapes_now: per seat, Connect-5 cards and Connect-4 shapes claimed in this
            Claim Phase; ``c5_this_round``: a Connect-5 was claimed this round.
        snapshots: a copy of every sheet taken at the start of the simultaneous phase (the
            others' sheets a player sees until the phase resolves; CN-36), empty otherwise;
            :attr:`views` draws them.
        cache: per seat, its legal actions in this position once generated (or ``None``).
    """

    def __init__(self, game: ConnnectGame, *, _blank: bool = False) -> None:
        if _blank:
            return  # for :meth:`clone`, which sets every attribute
        super().__init__(game)
        n = game.num_players
        self.comps: Components = game.comps
        self.cfg: Config = game.config
        self.sheets = [PlayerSheet(self.comps) for _ in range(n)]
        self.phase: str = OBJECTIVES
        self.round = 0
        self.first_player = 0
        self.active = 0
        self.objective_ids: tuple[str, ...] = ()
        self.objectives_closed: set[str] = set()
        self.face_up: list[str] = []
        self.face_down: list[str] = []
        self.score_cards = list(self.comps.score_cards)
        self.c4_claimed: set[str] = set()
        self.dice: tuple[int, ...] = ()
        self.zone_die = 0
        self.setup_step = 0
        self.roll_queue: list[int] = []
        self.pending: list[list[int]] = [[] for _ in range(n)]
        self.zone = [0] * n
        self.number_dice: list[list[int]] = [[] for _ in range(n)]
        self.task: list[Task | None] = [None] * n
        self.done = [True] * n
        self.cards_now: list[list[str]] = [[] for _ in range(n)]
        self.shapes_now: list[set[str]] = [set() for _ in range(n)]
        self.c5_this_round = False
        self.snapshots: list[PlayerSheet] = []
        self._views: list[dict[str, Any]] | None = None
        self.cache: list[list[ConnnectAction] | None] = [None] * n

    # ----- phase-start snapshots (CN-36) ---------------------------------------------------------
    def take_snapshots(self) -> None:
        """Keep a copy of every sheet as it is at the start of a simultaneous phase: what the
        other players see of it until the phase resolves (CN-36)."""
        self.snapshots = [sheet.copy() for sheet in self.sheets]
        self._views = None

    def drop_snapshots(self) -> None:
        """The phase resolved: every sheet is seen as it is."""
        self.snapshots = []
        self._views = None

    @property
    def views(self) -> list[dict[str, Any]]:
        """The phase-start snapshots as sheet views (``view.sheet_view``), one per seat;
        empty outside a simultaneous phase. Built on first use (most states of a search are
        never observed) and shared with clones taken since: do not modify."""
        found = self._views
        if found is None:
            snapshots = self.snapshots
            found = self._views = [sheet_view(self, p, s) for p, s in enumerate(snapshots)]
        return found

    # ----- protocol ------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        """Number of seats."""
        return len(self.sheets)

    def participants(self) -> list[int]:
        """Seats still in the game (not out, CN-21)."""
        return flow.participants(self.sheets)

    @property
    def current_player(self) -> int:
        """``CHANCE`` for dice and deals, the active player choosing the Zone Die,
        ``SIMULTANEOUS`` in the Fill, Claim and setup-writing phases (with two or more players
        in the game), ``TERMINAL`` at the end."""
        phase = self.phase
        if phase in SIMULTANEOUS_PHASES:  # the most frequent case first
            seats = flow.participants(self.sheets)
            if len(seats) >= 2:
                return SIMULTANEOUS
            return next(p for p in seats if not self.done[p])
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        return self.active  # the Zone Phase

    def active_players(self) -> frozenset[int]:
        """In a simultaneous phase, every seat in the game that is not done yet."""
        if self.phase in SIMULTANEOUS_PHASES:
            return flow.active_seats(self.sheets, self.done)
        return super().active_players()

    def clone(self) -> ConnnectState:
        """An independent copy: every attribute, the sheets and per-seat lists copied (the
        components, the config, the snapshots and their views are shared: never modified)."""
        other = ConnnectState(cast(ConnnectGame, self.game), _blank=True)
        other.game = self.game
        other.history = list(self.history)
        other.comps = self.comps
        other.cfg = self.cfg
        other.sheets = [sheet.copy() for sheet in self.sheets]
        other.phase = self.phase
        other.round = self.round
        other.first_player = self.first_player
        other.active = self.active
        other.objective_ids = self.objective_ids
        other.objectives_closed = set(self.objectives_closed)
        other.face_up = list(self.face_up)
        other.face_down = list(self.face_down)
        other.score_cards = list(self.score_cards)
        other.c4_claimed = set(self.c4_claimed)
        other.dice = self.dice
        other.zone_die = self.zone_die
        other.setup_step = self.setup_step
        other.roll_queue = list(self.roll_queue)
        other.pending = [list(p) for p in self.pending]
        other.zone = list(self.zone)
        other.number_dice = [list(d) for d in self.number_dice]
        other.task = list(self.task)
        other.done = list(self.done)
        other.cards_now = [list(c) for c in self.cards_now]
        other.shapes_now = [set(s) for s in self.shapes_now]
        other.c5_this_round = self.c5_this_round
        other.snapshots = self.snapshots  # replaced, never changed in place
        other._views = self._views
        other.cache = list(self.cache)  # entries are never mutated
        return other

    def _chance_outcomes(self) -> list[tuple[ConnnectAction, float]]:
        if self.phase == OBJECTIVES:
            return list(cast(ConnnectGame, self.game).objective_deals)
        if self.phase == CARDS:
            return list(cast(ConnnectGame, self.game).card_deals)
        if self.phase == FIRST:
            return list(cast(ConnnectGame, self.game).first_deals)
        return list(ROLLS)

    def chance_table(self) -> ChanceTable:
        """:meth:`State.chance_table`; the three dice's table, built once, at a roll (the
        search's rollouts drew from a table built anew at every roll)."""
        if self.phase == ROLL or self.phase == SETUP_ROLL:
            return ROLL_TABLE
        return super().chance_table()

    def _parse(self, text: str) -> ConnnectAction:
        return parse_action(text, self.comps)

    def _legal_actions(self, player: int) -> list[ConnnectAction]:
        return list(self.legal_list(player))

    def legal_list(self, player: int) -> list[ConnnectAction]:
        """The legal actions of ``player`` now, generated once per position (the list is
        shared: do not modify)."""
        entry = self.cache[player]
        if entry is None:
            entry = self.cache[player] = legal.generate(self, player)
        return entry

    def _illegal_reason(self, action: ConnnectAction, player: int) -> Event | None:
        # a scan, not a set: most positions' actions are never checked (playouts, search)
        if action in self.legal_list(player):
            return None
        return explain(self, action, player) or ev("not_legal", action=str(action))

    def _inactive_reason(self, player: int) -> str | Event:
        """Specific reasons for a seat that is out of the game or done with the current
        simultaneous phase (instead of the core's "it is not X's turn")."""
        if 0 <= player < self.num_players:
            sheet = self.sheets[player]
            if sheet.out:
                return ev("out", seat=player, round=sheet.out)
            if self.phase in SIMULTANEOUS_PHASES and self.done[player]:
                return ev(f"done_{self.phase}", seat=player, seats=sorted(self.active_players()))
        return super()._inactive_reason(player)

    def describe_action(self, action: ConnnectAction, player: int) -> Event:
        """What ``action`` by ``player`` (a seat or ``CHANCE``) does, as a ``connnect.*`` event
        (:mod:`.events`); call it before applying the action."""
        return describe(self, action, player)

    def simultaneous_phase(self) -> object:
        """``(round, phase)``: the Fill and Claim Phases of a round follow each other with the
        same seats active, and each hides its choices until it resolves."""
        return (self.round, self.phase)

    def returns(self) -> list[float]:
        """Solo: the score. Otherwise +1 for the winners and -1 for the others once the game
        is over (``returns=score``: the scores, also during the game)."""
        totals = [float(s.total) for s in self.scores()]
        if self.num_players == 1 or self.cfg.score_returns:
            return totals
        if self.phase != OVER:
            return [0.0] * self.num_players
        best = self.winners()
        if not best:
            return [0.0] * self.num_players
        return [1.0 if seat in best else -1.0 for seat in range(self.num_players)]

    def scores(self) -> list[Score]:
        """Every player's score breakdown now (final once the game is over)."""
        cfg = self.cfg
        return [
            score(sheet, self.comps, cfg.permanent_circles, cfg.crossed_counts)
            for sheet in self.sheets
        ]

    def points(self) -> list[float] | None:
        """Every player's total score (:meth:`scores`)."""
        return [float(s.total) for s in self.scores()]

    def winners(self) -> list[int]:
        """The seats sharing the victory (the tie-break included; CN-35)."""
        found = self.scores()
        eligible = [not (self.cfg.out_cannot_win and sheet.out) for sheet in self.sheets]
        return winners([s.total for s in found], [s.penalty for s in found], eligible)

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` listing every broken invariant (tests, debugging)."""
        from connect_arena.games.connnect.invariants import violations

        problems = violations(self)
        if problems:
            raise AssertionError("; ".join(problems))

    def observation(self, player: int) -> dict[str, Any]:
        """Everything ``player`` may see (``connnect/view.py``), JSON-serialisable; a fresh
        copy (editing it changes nothing).

        Raises:
            ValueError: ``player`` is not a seat of this game.
        """
        from connect_arena.games.connnect.view import observation

        return observation(self, self._seat(player))

    def public_observation(self) -> dict[str, Any]:
        """What a spectator may see: the table and every sheet as the players see the others'
        (in a simultaneous phase, as it was when the phase began; CN-36), without any seat's
        private numbers, zone or task. JSON-serialisable, a fresh copy."""
        from connect_arena.games.connnect.view import public_observation

        return public_observation(self)

    def revealed_observation(self) -> dict[str, Any]:
        """Everything, once nothing is secret (a finished game's replay): the table with every
        sheet live and each seat's private block under ``players`` (``connnect/view.py``)."""
        from connect_arena.games.connnect.view import revealed_observation

        return revealed_observation(self)

    def render(self, viewer: int | None = None) -> str:
        """The viewer's sheet (every sheet, live, if ``None``: the shared screen), the dice,
        the cards and the scores, in Rich markup (``connnect/render.py``).

        Raises:
            ValueError: ``viewer`` is not ``None`` and not a seat of this game.
        """
        from connect_arena.games.connnect.render import render

        return render(self, None if viewer is None else self._seat(viewer))

    def _seat(self, seat: int) -> int:
        if not 0 <= seat < self.num_players:
            raise ValueError(f"there is no seat {seat} (seats 0..{self.num_players - 1})")
        return seat

    def render_sheet(self, seat: int, viewer: int | None = None) -> str:
        """One player's full sheet as ``viewer`` may see it (Rich markup).

        Raises:
            ValueError: ``seat`` is not a seat of this game.
        """
        from connect_arena.games.connnect.render import sheet_lines

        self._seat(seat)
        return "\n".join(sheet_lines(self, seat, None if viewer is None else self._seat(viewer)))

    # ----- applying ------------------------------------------------------------------------------
    def _apply(self, action: ConnnectAction, player: int) -> None:
        if player == CHANCE:
            self._apply_chance(action)
            return
        if type(action) is ChooseZone:
            flow.choose_zone(self, action.die)
            return
        self.cache[player] = None
        self._apply_player(action, player)
        flow.settle(self, player)
        flow.maybe_resolve(self)

    def _apply_chance(self, action: ConnnectAction) -> None:
        if type(action) is DealObjectives:
            self.objective_ids = action.ids
            self.phase = CARDS
        elif type(action) is DealCards:
            self.face_up = list(action.letters)
            self.phase = FIRST
            if self.num_players == 1:
                flow.begin_setup(self, 0)
        elif type(action) is FirstPlayer:
            flow.begin_setup(self, action.seat)
        elif type(action) is Roll and self.phase == SETUP_ROLL:
            seat = self.roll_queue.pop(0)
            for p in range(self.num_players) if seat < 0 else (seat,):
                self.pending[p] = list(action.dice)
            if not self.roll_queue:
                flow.begin_phase(self, SETUP_WRITE)
        elif type(action) is Roll:
            self.dice = action.dice
            if len(set(action.dice)) == 1:
                flow.choose_zone(self, action.dice[0])  # nothing to choose
            else:
                self.phase = ZONE

    def _apply_player(self, action: ConnnectAction, p: int) -> None:
        sheet = self.sheets[p]
        pending = self.pending[p]
        if type(action) is Write:
            self._write(p, action)
        elif type(action) is ChangeNumber:
            sheet.free_actions += 1
            pending[pending.index(action.old)] = action.new
        elif type(action) is Skip:
            sheet.free_actions += 1
            pending.remove(action.value)
        elif type(action) is Switch:
            bonuses.switch(self, p, action.value)
        elif type(action) is AdjustDie:
            bonuses.adjust_die(self, p, action.value, action.delta)
        elif type(action) is AdjustCell:
            bonuses.adjust_cell(self, p, action.cell, action.delta)
        elif type(action) is Move:
            bonuses.move(self, p, action.cell)
        elif type(action) is Claim:
            self._claim(p, action)
        elif type(action) is Take:
            bonuses.take(self, p, action.slot - 1)
        else:  # Done
            self.done[p] = True

    def _write(self, p: int, action: Write) -> None:
        sheet, task = self.sheets[p], self.task[p]
        sheet.write(action.value, action.cell)
        sheet.update_circles(self.comps, self.cfg.crossed_counts)
        if task is None:
            self.pending[p].remove(action.value)
        elif task.kind == "zone" and task.value > 1 and self.zone_space(p):
            self.task[p] = Task("zone", task.value - 1)
        else:
            self.task[p] = None

    def _claim(self, p: int, claim: Claim) -> None:
        sheet = self.sheets[p]
        shape = find_shape(self.comps, claim.shape)
        rules = self.cfg.claims
        values = [sheet.values[c] for c in claim.cells]
        kind = geo.claim_kind(claim.cells, values, rules.order_rule, rules.all_pairs)
        assert kind is not None
        reused = -1
        if claim.reuse:
            sheet.spend(self.comps, "reuse")
            reused = next(c for c in claim.cells if sheet.claimed >> c & 1)
        sheet.claims.append(ClaimRecord(shape.id, claim.cells, kind, reused, self.round))
        sheet.claimed |= geo.mask_of(claim.cells)
        if shape.size == 5:
            sheet.connect5.append((shape.id, self.score_cards[0]))
            self.cards_now[p].append(shape.id)
            return
        if shape.size == 4:
            pair = sheet.markers[shape.id]
            sheet.markers[shape.id] = connect4_effect(pair, shape.id in self.c4_claimed)
            self.shapes_now[p].add(shape.id)
        if legal.takeable(self, p, SECTION_OF_SIZE[shape.size]):
            self.task[p] = Task("take", SECTION_OF_SIZE[shape.size])

    # ----- helpers for the legal-action module ---------------------------------------------------
    def empty_cells(self, p: int) -> int:
        """Mask of empty spaces on ``p``'s sheet."""
        return ~self.sheets[p].written & ((1 << geo.CELLS) - 1)

    def zone_space(self, p: int) -> int:
        """Mask of empty spaces in ``p``'s active zone."""
        return self.comps.zones[self.zone[p] - 1].mask & self.empty_cells(p)
