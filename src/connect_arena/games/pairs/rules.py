"""Connect Pairs (the untitled Italian cooperative pair game): the rules engine.

Source: the untitled Italian rules sheet (the rulebook); every decision (PG-1…PG-31 and the
further ones) is listed in ``docs/rules/pairs.md``.

Flow (``state.stage``):

* ``key``: each pair in turn sets its key 1-6 (its first seat chooses, or chance);
* ``first``: chance draws the seat that begins (``first_player=random``, first manche only);
* a turn: ``roll`` (chance: three dice) → ``choose`` (the DOUBLE effect, or MOVE / TAKE /
  CONNECT) → for CONNECT, ``connect`` (the active player picks a swap or ``done``) and
  ``reply`` (the partner picks the token he gives) → ``after`` (the turn's effects are done);
* at any point, pending three-of-a-subject events interrupt the turn: the board's owner
  resolves them (active player's board first); with one pair victory is then checked and
  ends the game at once;
* rounds, the pawn, several pairs (completion decided at the end of each round, PG-30),
  manches (tournament mode) → ``over``.

A decision with exactly one legal choice is applied by the engine without an action (a
TRIPLE, a forced swap, the partner's only possible answer, an event with one free slot);
the log (``state.log``, structured events: ``events.py``) says what happened.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from connect_arena.core.events import Event
from connect_arena.core.game import CHANCE, TERMINAL, Game, State
from connect_arena.core.gametype import (
    ChanceMode,
    GameType,
    ResultKind,
    Utility,
)
from connect_arena.core.state import ChanceTable, history_entry
from connect_arena.games.pairs import legal, turn
from connect_arena.games.pairs.components import (
    EMPTY,
    KEY_PERMUTATIONS,
    NUM_SUBJECTS,
    ROLL_OUTCOMES,
    SEAT_NAMES,
    Zone,
    pair_of,
)
from connect_arena.games.pairs.events import ENGLISH, describe, key_event, outcome_event
from connect_arena.games.pairs.explain import explain, not_your_turn
from connect_arena.games.pairs.notation import (
    ACTION_TYPES,
    FirstPlayer,
    KeyChoice,
    PairsAction,
    Roll,
    parse_action,
)
from connect_arena.games.pairs.options import MAX_TOTAL, OPTIONS, Config, make_config

ROLLS: list[tuple[PairsAction, float]] = [
    (parse_action(f"roll {a} {b} {c}"), p) for (a, b, c), p in ROLL_OUTCOMES
]
"""The dice outcomes (the same objects as the parser returns, so that checks are quick)."""
ROLL_TABLE: Final = ChanceTable(ROLLS)
"""The dice outcomes ready to draw (every roll's chance node has the same outcomes)."""
KEYS: list[PairsAction] = [KeyChoice(subjects) for subjects in KEY_PERMUTATIONS]
CHANCE_STAGES = frozenset({"first", "roll"})
_SEATS = tuple(frozenset((seat,)) for seat in range(len(SEAT_NAMES)))
_NOBODY: frozenset[int] = frozenset()
LOG_LENGTH: Final = 12


@mypyc_attr(native_class=False)  # a Game: declared by class variables (see core.game)
class PairsGame(Game):
    """Connect Pairs for 2, 4, 6 or 8 players seated as pairs of partners (one box each)."""

    game_type = GameType(
        short_name="pairs",
        long_name="Connect Pairs",
        summary=(
            "Cooperative pairs: roll three dice, collect tokens and connect with your partner "
            "until both top rows show the same four subjects."
        ),
        player_counts=(2, 4, 6, 8),
        default_players=2,
        seat_names=SEAT_NAMES,
        seat_colours=(
            "#d62839",
            "#e0707b",
            "#1e63d6",
            "#6f9be6",
            "#2a9d4f",
            "#74c48f",
            "#b86e00",
            "#f4a81d",
        ),
        chance_mode=ChanceMode.EXPLICIT,
        # Partners share their pair's points: a total of manche scores, each 0 or a box of the
        # score track (see options.MAX_TOTAL).
        utility=Utility.TEAMS,
        min_utility=0.0,
        max_utility=float(MAX_TOTAL),
        draw_possible=True,
        result=ResultKind.SCORES,
        teams=True,
        anti_endless_option="max_rounds",
        anti_endless_default=500,
        rulebook="untitled pair game (Italian rulebook)",
        # What a game of people takes, in minutes (the landing page shows it):
        # a manche of two or three pairs.
        extra=MappingProxyType({"minutes": (15, 30)}),
    )
    option_specs = OPTIONS
    event_templates = MappingProxyType(ENGLISH)

    def _check_options(self) -> None:
        self.config: Config = make_config(self.num_players, self.options)

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Partners: pair ``p`` sits at seats ``2p`` and ``2p + 1`` (they share a return)."""
        return tuple((seat, seat + 1) for seat in range(0, self.num_players, 2))

    def new_initial_state(self) -> PairsState:
        """Every box in its setup: keys to set, all tokens in the supplies, pawn on 100."""
        return PairsState(self)

    def geometry(self) -> dict[str, Any]:
        """What the page draws, from the engine's components and these options: subjects,
        zones (faces, capacity, layout), top slots, pairs and seats, the score track.
        See :func:`connect_arena.games.pairs.view.geometry` for the keys."""
        from connect_arena.games.pairs.view import geometry

        return geometry(self.config)


@mypyc_attr(serializable=True)  # pickled for the process pool
class PairsState(State[PairsAction]):
    """A Connect Pairs position. Seats ``2p`` and ``2p + 1`` are the partners of pair ``p``.

    Attributes:
        zones: ``zones[seat][face - 1]``: the sorted subjects in zone ``face`` (1-6).
        tops: ``tops[seat][slot - 1]``: the subject in top slot ``slot`` (1-4) or ``EMPTY``.
        supply: ``supply[pair][subject]``: tokens on the pair's shared board, key excluded.
        keys: ``keys[pair][face - 1]``: the subject conquered by die value ``face`` (``None``
            until the pair has set its key).
        stage: ``key``, ``first``, ``roll``, ``choose``, ``connect``, ``reply``, ``after``
            or ``over`` (see the module docstring).
        turn_seat: the seat whose turn it is (``None`` during setup).
        dice: the sorted dice of this turn (``None`` before the roll).
        conn_left: die values not yet used in the current connection.
        offer: ``(zone, subject)`` offered by the active player, awaiting the partner.
        pending: ``pending[seat]``: zones with an unresolved three-of-a-subject event.
        complete: ``complete[pair]``: the pair has completed its sequence in this manche
            (at the end of a round, or at once when victory is immediate: PG-22, PG-30) and
            plays no more in it.
        current: ``current[pair]``: the pair's score in this manche (``None``: none yet).
        scores: ``scores[m][pair]``: the score of each finished manche (0 without a win).
        manche: 1-based manche number; round: 1-based round number in the manche.
        first_seat: the seat that began the first manche.
        order: the turn order of this manche; position: index of ``turn_seat`` in it.
        outcome: why the game ended, one of ``events.OUTCOMES`` ("" while it goes on).
        log: the last events (:class:`~connect_arena.core.events.Event`) about what happened
            (newest last, at most ``LOG_LENGTH``).
    """

    def __init__(self, game: PairsGame, *, _blank: bool = False) -> None:
        if _blank:
            return  # for :meth:`clone`, which sets every attribute
        super().__init__(game)
        self.cfg = game.config
        pairs = self.cfg.num_pairs
        self.complete = [False] * pairs
        self.current: list[int | None] = [None] * pairs
        self.scores: list[list[int]] = []
        self.manche = 1
        self.first_seat: int | None = self.cfg.first_player
        self.outcome = ""
        self.log: list[Event] = []
        self._legal: list[PairsAction] | None = None
        self._begin_manche()

    # ----- protocol -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.stage == "over":
            return TERMINAL
        if self.stage in CHANCE_STAGES or (self.stage == "key" and self.cfg.key == "random"):
            return CHANCE
        return self.actor

    # The three queries below answer as the base class does, without building a frozenset
    # (``active_players``: 6% of a playout) or reading the property twice over.
    def active_players(self) -> frozenset[int]:
        """The seat to act (one at a time), or none at a chance node or at the end."""
        player = self.current_player
        return _SEATS[player] if player >= 0 else _NOBODY

    def is_chance_node(self) -> bool:
        """Whether the dice, the first player or a random key are drawn next."""
        stage = self.stage
        return stage in CHANCE_STAGES or (stage == "key" and self.cfg.key == "random")

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.stage == "over"

    def returns(self) -> list[float]:
        """Each seat's pair total (see :meth:`totals`), the same for both partners; the
        current totals while the game goes on."""
        totals = self.totals()
        return [float(totals[pair_of(seat)]) for seat in range(self.cfg.num_players)]

    def points(self) -> list[float] | None:
        """Each seat's pair total (the returns are the points)."""
        return self.returns()

    def totals(self) -> list[int]:
        """Points per pair over the finished manches and the current one: their sum
        ("si totalizzano i risultati", PG-25); for one pair, by default, its best manche
        ("sfidarsi nuovamente per cercare di vincere totalizzando un punteggio più alto",
        PG-31 ``single_pair_total``)."""
        combine = max if self.cfg.best_manche else sum
        return [
            combine([manche[pair] for manche in self.scores] + [self.current[pair] or 0])
            for pair in range(self.cfg.num_pairs)
        ]

    def clone(self) -> PairsState:
        """An independent copy: every attribute, the lists copied (the config is shared)."""
        other = PairsState(cast(PairsGame, self.game), _blank=True)
        other.game = self.game
        other.history = list(self.history)
        other.cfg = self.cfg
        other.manche = self.manche
        other.first_seat = self.first_seat
        other.outcome = self.outcome
        other._legal = self._legal
        other.stage = self.stage
        other.actor = self.actor
        other.turn_seat = self.turn_seat
        other.dice = self.dice
        other.conn_left = self.conn_left
        other.offer = self.offer
        other.round = self.round
        other.order = self.order
        other.position = self.position
        other.zones = [list(board) for board in self.zones]
        other.tops = [list(top) for top in self.tops]
        other.supply = [list(counts) for counts in self.supply]
        other.keys = list(self.keys)
        other.pending = [list(zones) for zones in self.pending]
        other.complete = list(self.complete)
        other.current = list(self.current)
        other.scores = [list(manche) for manche in self.scores]
        other.log = list(self.log)
        return other

    def _chance_outcomes(self) -> list[tuple[PairsAction, float]]:
        if self.stage == "roll":
            return list(ROLLS)
        if self.stage == "first":
            n = self.cfg.num_players
            return [(FirstPlayer(seat), 1 / n) for seat in range(n)]
        return [(key, 1 / len(KEYS)) for key in KEYS]

    def chance_table(self) -> ChanceTable:
        """:meth:`State.chance_table`; the dice's table, built once, at a roll."""
        if self.stage == "roll":
            return ROLL_TABLE
        return super().chance_table()

    def _parse(self, text: str) -> PairsAction:
        return parse_action(text)

    def legal_actions(self, player: int | None = None) -> list[PairsAction]:
        """:meth:`State.legal_actions`; for the seat to act (the playouts' call), without the
        base class's checks of who may act."""
        stage = self.stage
        if (
            stage == "over"
            or stage in CHANCE_STAGES
            or (stage == "key" and self.cfg.key == "random")
            or (player is not None and player != self.actor)
        ):
            return super().legal_actions(player)
        return list(self._cached(self.actor))

    def apply_legal_action(self, action: PairsAction, player: int) -> None:
        """:meth:`State.apply_legal_action` (Connect Pairs has no simultaneous phase)."""
        self._apply(action, player)
        self.history.append(history_entry(player, action, False))

    def _legal_actions(self, player: int) -> list[PairsAction]:
        return list(self._cached(player))

    def _cached(self, player: int) -> list[PairsAction]:
        if self._legal is None:
            self._legal = self._generate(player)
        return self._legal

    def cache_legal(self, actions: list[PairsAction]) -> None:
        """Remember ``actions`` as the legal actions of the player to act now."""
        self._legal = actions

    def _generate(self, player: int) -> list[PairsAction]:
        if self.stage == "key":
            return list(KEYS)
        if any(self.pending):
            return legal.board_event_actions(self, player) or []
        return turn.turn_actions(self, player)

    def _inactive_reason(self, player: int) -> Event:
        """Names the seat that must act and why (e.g. the partner answering an offer)."""
        return not_your_turn(self, player)

    def _illegal_reason(self, action: PairsAction, player: int) -> Event | None:
        if type(action) not in ACTION_TYPES:
            return Event.of("pairs.not_an_action", action=repr(action))
        if action in self._cached(player):
            return None
        return explain(self, action, player) or Event.of("pairs.not_legal", action=str(action))

    def describe_action(self, action: PairsAction, player: int) -> Event:
        """What ``action`` does from this state: the event of the log line it writes first
        (``pairs.move``, ``pairs.exchange``, ``pairs.top_replace``…; see
        :mod:`~connect_arena.games.pairs.events`). Call it before applying the action."""
        return describe(self, action, player)

    def _apply(self, action: PairsAction, player: int) -> None:
        self._legal = None
        if type(action) is Roll:
            turn.on_roll(self, action.dice)
        elif type(action) is KeyChoice:
            self._set_key(action.subjects)
        elif type(action) is FirstPlayer:
            self.first_seat = action.seat
            self.note(Event.of("pairs.begins", seat=action.seat))
            self._start_manche_turns()
        else:
            turn.act(self, action, player)
        turn.settle(self)

    # ----- setup and manches --------------------------------------------------------------
    def _begin_manche(self) -> None:
        """Setup of a manche: empty boards, every token in the supply, keys to set."""
        cfg = self.cfg
        n, pairs = cfg.num_players, cfg.num_pairs
        self.zones: list[list[Zone]] = [[() for _ in range(6)] for _ in range(n)]
        self.tops: list[list[int]] = [[EMPTY] * 4 for _ in range(n)]
        self.supply: list[list[int]] = [[cfg.tokens] * NUM_SUBJECTS for _ in range(pairs)]
        self.keys: list[tuple[int, ...] | None] = [None] * pairs
        self.pending: list[list[int]] = [[] for _ in range(n)]
        self.complete = [False] * pairs
        self.current = [None] * pairs
        self.stage = "key"
        self.actor = 0
        self.turn_seat: int | None = None
        self.dice: tuple[int, int, int] | None = None
        self.conn_left: tuple[int, ...] = ()
        self.offer: tuple[int, int] | None = None
        self.round = 1
        self.order: tuple[int, ...] = ()
        self.position = 0
        if cfg.key == "fixed":
            for _ in range(pairs):
                self._set_key(tuple(range(NUM_SUBJECTS)))

    def _set_key(self, subjects: tuple[int, ...]) -> None:
        """Put one token of each subject on the key spaces of the next pair without a key."""
        pair = self.keys.index(None)
        self.keys[pair] = subjects
        for subject in subjects:
            self.supply[pair][subject] -= 1
        if self.cfg.key != "fixed":
            self.note(key_event(pair, subjects))
        if None in self.keys:
            self.actor = 2 * self.keys.index(None)
        elif self.first_seat is None:
            self.stage = "first"
        else:
            self._start_manche_turns()

    def _start_manche_turns(self) -> None:
        """Round 1 of the manche: the turn order starts from the manche's first seat
        (a different pair each manche in tournament mode)."""
        assert self.first_seat is not None
        n = self.cfg.num_players
        shift = (self.manche - 1) * (1 if n == 2 else 2)
        start = (self.first_seat + shift) % n
        base = list(range(n))
        if self.cfg.interleaved:
            base = base[0::2] + base[1::2]
        at = base.index(start)
        self.order = tuple(base[at:] + base[:at])
        self.position = 0
        self.round = 1
        turn.start_turn(self)

    def pawn(self) -> int:
        """The score-track value of the current round (the pawn's box; PG-4, PG-5)."""
        track = self.cfg.track
        return track[min(self.round - 1, len(track) - 1)]

    def end_manche(self, outcome: str) -> None:
        """Close the manche (pairs without a score get 0) and set up the next or finish.

        Args:
            outcome: why, one of :data:`~connect_arena.games.pairs.events.OUTCOMES`.
        """
        self.scores.append([score or 0 for score in self.current])
        self.current = [None] * self.cfg.num_pairs
        self.note(Event.of("pairs.manche_over", manche=self.manche))
        self.note(outcome_event(outcome, self.cfg.max_rounds))
        if self.manche < self.cfg.manches:
            self.manche += 1
            self._begin_manche()
            return
        self.stage = "over"
        self.outcome = outcome
        self.turn_seat = None

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if a token was lost or the state is inconsistent (for
        tests; see :mod:`connect_arena.games.pairs.invariants`)."""
        from connect_arena.games.pairs.invariants import check_invariants

        check_invariants(self)

    def note(self, event: Event) -> None:
        """Append ``event`` to the log (the last ``LOG_LENGTH`` are kept)."""
        log = self.log
        log.append(event)
        extra = len(log) - LOG_LENGTH
        if extra == 1:  # the usual case: no slice built
            del log[0]
        elif extra > 1:
            del log[:extra]

    def seat(self, seat: int) -> str:
        """The seat's display name, e.g. ``"X2"``."""
        return self.game.seat_name(seat)

    # ----- views ----------------------------------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        """The whole position (nothing is hidden), JSON-serialisable.

        Keys: ``pairs`` (per pair: ``key`` letters for faces 1-6 or null, ``supply`` per
        subject letter, ``complete``, ``score`` this manche), ``boards`` (per seat: ``zones``
        as six strings such as ``"ACC"``, ``top`` as four letters or null), ``stage``,
        ``to_move``, ``turn_seat``, ``dice``, ``connection`` (values ``left``, pending
        ``offer``, per die face the subjects in ``common`` with the partner, the ``swappable``
        faces), ``why_not`` (after all-different dice: why MOVE and TAKE are impossible, die by
        die, as events; else null),
        ``roll`` (the dice's ``kind``; ``d`` and ``e`` of a DOUBLE), ``pending`` events per
        seat, ``triples`` (per seat: zone → the subject it holds three of), ``manche``,
        ``round``, ``pawn``, ``order``, ``scores``, ``totals``, ``outcome`` (an event
        ``{"key", "params"}`` once a manche has ended, else null), ``terminal``, ``log`` (the
        last events, ``{"key", "params"}``, newest last).
        """
        from connect_arena.games.pairs.view import observation

        return observation(self)

    def render(self, viewer: int | None = None) -> str:
        """Shared boards, both partners' boards side by side and the dice (Rich markup)."""
        from connect_arena.games.pairs.render import render

        return render(self, viewer)
