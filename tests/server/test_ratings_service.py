"""Ratings on the match service alone (in-memory storage): which tables change ratings, how
seats are ranked, and the numbers against the ``openskill`` library's own."""

from __future__ import annotations

import asyncio
import gc
import json
import weakref
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from openskill.models import PlackettLuce

from connect_arena.core import load
from connect_arena.service import (
    MatchService,
    MemoryStorage,
    SeatRequest,
    ServiceConfig,
    Subscription,
    TableStatus,
    User,
)
from connect_arena.service.model import Seat, SeatKind, TableInfo
from connect_arena.service.ratings import (
    MemoryRatingStore,
    Outcome,
    Placing,
    Rater,
    Skill,
    apply_outcome,
    display,
    recompute,
    side_ranks,
)
from connect_arena.service.settings import (
    NoteKind,
    ResultReason,
    TableNote,
    TableSettings,
)
from tests.server.test_lifecycle import everyone_moves

T = TypeVar("T")
ALICE, BOB, CAROL = User(1, "alice"), User(2, "bob"), User(3, "carol")
RATED = TableSettings(rated=True)
QUICK = {"parachutes": 2, "tiles": 1, "first_player": "0"}
NOW = datetime(2026, 11, 25, tzinfo=UTC)


def run(body: Callable[[MatchService], Awaitable[T]]) -> T:
    """Run ``body(service)`` on a fresh service over memory storage."""

    async def main() -> T:
        service = MatchService(MemoryStorage(), ServiceConfig(0, 0.0))
        await service.start()
        try:
            return await body(service)
        finally:
            await service.close()

    return asyncio.run(main())


async def settle(service: MatchService) -> None:
    """Let background scoring finish."""
    for _ in range(50):
        await asyncio.sleep(0)
        if not service.ratings._pending:
            return
    await asyncio.gather(*list(service.registry.tasks), return_exceptions=True)


async def two_people(service: MatchService, settings: TableSettings, played: bool = True) -> int:
    """Alice and Bob at a Quinque table, each with a first move made when ``played`` (before
    that, any end is an abort)."""
    info = await service.create_table(
        ALICE, "quinque", [SeatRequest("me"), SeatRequest("open")], QUICK, settings
    )
    await service.join(info.id, BOB, 1)
    if played:
        await everyone_moves(service, info.id)
    return info.id


def drain(subscription: Subscription) -> list[dict[str, Any]]:
    """Every queued message, decoded."""
    out = []
    while subscription.pending():
        text = subscription._queue.popleft()
        if text is not None:
            out.append(json.loads(text))
    return out


def store_of(service: MatchService) -> MemoryRatingStore:
    store = service.ratings.store
    assert isinstance(store, MemoryRatingStore)
    return store


# ----- the numbers: the openskill library's own -------------------------------------------------


def outcome(placings: list[tuple[int, int, int]], rated: bool = True) -> Outcome:
    """``(side, account, rank)`` per seat."""
    return Outcome(
        1,
        "connect5",
        NOW,
        "normal",
        rated,
        len({side for side, _, _ in placings}),
        tuple(Placing(i, s, a, r, None) for i, (s, a, r) in enumerate(placings)),
    )


def test_two_players_match_openskill() -> None:
    model = PlackettLuce()
    before = {1: Skill(30.0, 5.0, 12), 2: Skill(22.0, 7.0, 3)}
    rated, new = apply_outcome(outcome([(0, 1, 2), (1, 2, 1)]), before)
    [[a], [b]] = model.rate(
        [[model.rating(mu=30.0, sigma=5.0)], [model.rating(mu=22.0, sigma=7.0)]], ranks=[2, 1]
    )
    assert new[1] == Skill(a.mu, a.sigma, 13)
    assert new[2] == Skill(b.mu, b.sigma, 4)
    assert rated.changes == [
        display(a.mu, a.sigma) - display(30, 5),
        display(b.mu, b.sigma) - display(22, 7),
    ]
    assert rated.changes[0] is not None and rated.changes[0] < 0 < (rated.changes[1] or 0)


def test_five_players_with_a_tie_match_openskill() -> None:
    model = PlackettLuce()
    ranks = [3, 1, 3, 2, 5]
    _, new = apply_outcome(outcome([(i, 10 + i, r) for i, r in enumerate(ranks)]), {})
    expected = model.rate([[model.rating()] for _ in ranks], ranks=[float(r) for r in ranks])
    for i, [team] in enumerate(expected):
        assert new[10 + i] == Skill(team.mu, team.sigma, 1)
    assert new[10].mu == new[12].mu  # tied seats move alike
    assert new[11].mu > new[13].mu > new[10].mu > new[14].mu


def test_teams_match_openskill() -> None:
    model = PlackettLuce()
    before = {1: Skill(28.0, 6.0, 20), 2: Skill(20.0, 8.0, 1), 3: Skill(25.0, 4.0, 40)}
    # Connect Pairs, four seats: seats 0 and 2 one pair, 1 and 3 the other; the second wins.
    rated, new = apply_outcome(outcome([(0, 1, 2), (1, 3, 1), (0, 2, 2), (1, 4, 1)]), before)
    expected = model.rate(
        [
            [model.rating(mu=28.0, sigma=6.0), model.rating(mu=20.0, sigma=8.0)],
            [model.rating(mu=25.0, sigma=4.0), model.rating()],
        ],
        ranks=[2, 1],
    )
    assert (new[1].mu, new[2].mu) == (expected[0][0].mu, expected[0][1].mu)
    assert (new[3].mu, new[4].mu) == (expected[1][0].mu, expected[1][1].mu)
    assert [p.seat for p in rated.placings] == [0, 1, 2, 3]


def test_an_unrated_outcome_changes_nothing() -> None:
    rated, new = apply_outcome(outcome([(0, 1, 1), (1, 2, 2)], rated=False), {})
    assert new == {} and rated.changes == [None, None]


def test_display_is_conservative_and_starts_at_1500() -> None:
    assert display(25.0, 25 / 3) == 1500
    assert display(30.0, 1.0) == 1500 + 20 * 27
    assert Skill().provisional and not Skill(games=10).provisional


# ----- ranks -------------------------------------------------------------------------------


def note(kind: NoteKind, seat: int, seq: int = 1) -> TableNote:
    return TableNote(kind, seq, seat, NOW)


def test_ranks_follow_returns_ties_share_and_forfeits_come_last() -> None:
    game = load("connect5", 5)
    returns = [1.0, -1.0, -1.0, 1.0, -1.0]
    assert side_ranks(game, returns, []) == [1, 3, 3, 1, 3]
    # seat 3 resigned (forfeit) then seat 1 timed out: 1 is ranked above 3
    notes = [note(NoteKind.RESIGN, 3), note(NoteKind.TIMEOUT, 1, 5)]
    assert side_ranks(game, [1.0, -1.0, -1.0, -1.0, -1.0], notes) == [1, 4, 2, 5, 2]
    # a claimed seat whose person returned ranks normally
    back = [note(NoteKind.CLAIM, 2), note(NoteKind.RETURN, 2, 3)]
    assert side_ranks(game, returns, back) == [1, 3, 3, 1, 3]


def test_scores_break_ties_of_the_returns() -> None:
    game = load("connnect", 3)
    assert side_ranks(game, [1.0, -1.0, -1.0], [], [50.0, 30.0, 41.0]) == [1, 3, 2]


def test_partners_share_their_side_rank() -> None:
    game = load("pairs", 4)
    teams = game.teams()
    returns = [0.0] * 4
    for seat in teams[1]:
        returns[seat] = 1.0
    for seat in teams[0]:
        returns[seat] = -1.0
    ranks = side_ranks(game, returns, [])
    assert {ranks[s] for s in teams[1]} == {1} and {ranks[s] for s in teams[0]} == {2}


# ----- tables on the service -------------------------------------------------------------------


def test_a_rated_resignation_rates_both_and_shows_the_change() -> None:
    async def body(service: MatchService) -> None:
        table_id = await two_people(service, RATED)
        watcher = await service.watch(table_id, None)
        await service.resign(table_id, BOB.id)
        await settle(service)
        sent = [m["table"] for m in drain(watcher) if m["type"] == "table"]
        assert sent[-1]["status"] == "finished" and sent[-1]["rating_changes"] is not None
        store = store_of(service)
        scored = store.scored[table_id]
        assert scored.rated and [p.rank for p in scored.placings] == [1, 2]
        assert [p.result for p in scored.placings] == ["win", "loss"]
        alice, bob = store.ratings[(1, "quinque")], store.ratings[(2, "quinque")]
        assert alice.mu > 25 > bob.mu and alice.games == bob.games == 1
        table = await service.get_table(table_id)
        assert table.info.rating_changes == [alice.rating - 1500, bob.rating - 1500]
        assert table.info.ratings_after == [alice.rating, bob.rating]  # shown beside (27.14)
        assert table.table_message(None)["table"]["ratings_after"] == [alice.rating, bob.rating]
        assert table.table_message(None)["table"]["rating_changes"] == table.info.rating_changes

    run(body)


def test_casual_and_aborted_tables_change_nothing() -> None:
    async def body(service: MatchService) -> None:
        casual = await two_people(service, TableSettings())
        await service.resign(casual, BOB.id)
        aborted = await two_people(service, RATED, played=False)
        await service.abort(aborted, ALICE.id)
        await settle(service)
        store = store_of(service)
        assert store.ratings == {}
        assert not store.scored[casual].rated  # kept for the history
        assert [p.result for p in store.scored[casual].placings] == ["win", "loss"]
        assert store.scored[aborted].placings == ()
        assert (await service.get_table(casual)).info.rating_changes is None

    run(body)


def test_an_abandoned_table_changes_nothing() -> None:
    async def body(service: MatchService) -> None:
        info = TableInfo(
            9,
            "quinque",
            {},
            [Seat(0, SeatKind.HUMAN, 1), Seat(1, SeatKind.HUMAN, 2)],
            TableStatus.FINISHED,
            1,
            0,
            NOW,
            None,
            NOW,
            RATED,
            ResultReason.ABANDONED,
        )
        scored = await service.ratings.score_info(info, load("quinque", 2), None)
        assert scored is not None and not scored.rated and scored.placings == ()
        assert store_of(service).ratings == {}

    run(body)


def test_three_player_takeover_rates_the_people_ranked_by_forfeit() -> None:
    """Connect 5, three seats: Alice, Bob and the computer. Bob resigns (the computer plays
    his seat on, he is ranked last), then Alice: nobody is left to play, the game ends. The
    computer seat ranks first, Alice (who lasted longer) second, Bob third; the take-over
    computer is not rated, the people are."""

    async def body(service: MatchService) -> None:
        info = await service.create_table(
            ALICE,
            "connect5",
            [SeatRequest("me"), SeatRequest("open"), SeatRequest("computer", "mcts:easy")],
            None,
            RATED,
        )
        await service.join(info.id, BOB, 1)
        await everyone_moves(service, info.id)
        await service.resign(info.id, BOB.id)
        table = await service.get_table(info.id)
        assert table.info.status is TableStatus.RUNNING
        assert table.info.seats[1].takeover == "mcts:normal"
        await service.resign(info.id, ALICE.id)
        await settle(service)
        store = store_of(service)
        scored = store.scored[info.id]
        assert scored.rated and [p.rank for p in scored.placings] == [2, 3, 1]
        computer = await store.computer_account("mcts:easy")
        assert [p.account for p in scored.placings] == [1, 2, computer]
        assert store.ratings[(computer, "connect5")].mu > 25
        assert store.ratings[(2, "connect5")].mu < store.ratings[(1, "connect5")].mu
        assert (await store.computer_account("mcts:normal")) not in {
            account for account, _ in store.ratings
        }

    run(body)


def test_a_table_is_scored_once_and_recompute_equals_incremental() -> None:
    async def body(service: MatchService) -> None:
        for loser in (BOB, ALICE, BOB, BOB):
            table_id = await two_people(service, RATED)
            await service.resign(table_id, loser.id)
            await settle(service)
        store = store_of(service)
        table = await service.get_table(1)
        assert await service.ratings.score(table) is None  # already scored
        assert await service.ratings.catch_up() == 0
        assert recompute(await store.outcomes()) == store.ratings
        assert store.ratings[(1, "quinque")].games == 4

    run(body)


def test_the_startup_pass_scores_tables_a_crash_left_unscored() -> None:
    async def main() -> None:
        storage = MemoryStorage()
        first = MatchService(storage, ServiceConfig(0, 0.0))
        await first.start()
        table_id = await two_people(first, RATED)

        async def crash(items: object) -> list[Outcome | None]:
            raise RuntimeError("the process died before scoring")

        store_of(first).record_many = crash  # type: ignore[method-assign,assignment]
        await first.resign(table_id, BOB.id)  # "crash": the end is stored, not the rating
        await first.close()
        assert (await storage.get_table(table_id)) is not None
        second = MatchService(storage, ServiceConfig(0, 0.0))
        await second.start()
        assert second.catching_up is not None
        await second.catching_up
        store = store_of(second)
        assert store.scored[table_id].rated
        assert store.ratings[(1, "quinque")].games == 1
        await second.close()

    asyncio.run(main())


def test_one_account_on_two_seats_is_not_rated() -> None:
    async def body(service: MatchService) -> None:
        info = await service.create_table(
            ALICE, "quinque", [SeatRequest("me"), SeatRequest("me")], QUICK, RATED
        )
        await service.resign(info.id, ALICE.id)
        await settle(service)
        assert not store_of(service).scored[info.id].rated
        assert store_of(service).ratings == {}

    run(body)


def test_connect_pairs_partners_are_rated_as_a_team() -> None:
    """Four seats of Connect Pairs: Alice resigns, her side loses, the other pair wins; each
    pair is one OpenSkill team (the library's numbers)."""
    dave = User(4, "dave")

    async def body(service: MatchService) -> None:
        info = await service.create_table(
            ALICE, "pairs", [SeatRequest("me")] + [SeatRequest("open")] * 3, None, RATED
        )
        for seat, user in enumerate((BOB, CAROL, dave), start=1):
            await service.join(info.id, user, seat)
        teams = (await service.get_table(info.id)).game().teams()
        await everyone_moves(service, info.id)
        await service.resign(info.id, ALICE.id)
        await settle(service)
        scored = store_of(service).scored[info.id]
        assert scored.rated and scored.sides == 2
        mine = next(team for team in teams if 0 in team)
        ranks = {p.seat: p.rank for p in scored.placings}
        assert all(ranks[s] == 2 for s in mine) and sorted(ranks.values()) == [1, 1, 2, 2]
        model = PlackettLuce()
        ordered = sorted(teams, key=lambda team: ranks[team[0]])
        expected = model.rate([[model.rating() for _ in t] for t in ordered], ranks=[1, 2])
        for team, after in zip(ordered, expected, strict=True):
            for seat, rating in zip(team, after, strict=True):
                placing = scored.placings[seat]
                assert placing.after is not None and placing.after.mu == rating.mu

    run(body)


class GatedStore(MemoryRatingStore):
    """A memory store whose transactions wait for ``gate`` and are counted in ``batches``."""

    def __init__(self, tables: Mapping[int, TableInfo]) -> None:
        super().__init__(tables)
        self.gate = asyncio.Event()
        self.batches: list[list[int]] = []

    async def record_many(self, items: Sequence[tuple[Outcome, Rater]]) -> list[Outcome | None]:
        await self.gate.wait()
        self.batches.append([outcome.table_id for outcome, _ in items])
        return await super().record_many(items)

    async def record(self, outcome: Outcome, rater: Rater) -> Outcome | None:
        if not self.gate.is_set():  # one table alone: a transaction of its own
            await self.gate.wait()
            self.batches.append([outcome.table_id])
        return await super().record(outcome, rater)


def test_a_burst_of_finished_games_holds_no_table_and_is_scored_in_few_transactions() -> None:
    """Twelve rated games end while the store is slow: none of their tables is kept alive
    waiting for its scoring (what waits is the game's description, not its table), the games
    are scored in at most two transactions (the first may start alone; those that ended
    meanwhile go together), in the order they ended, and a table loaded again before its
    scoring is told its change."""

    async def main() -> None:
        storage = MemoryStorage()
        store = GatedStore(storage.tables)
        service = MatchService(storage, ServiceConfig(0, 0.0), ratings=store)
        await service.start()
        try:
            ids: list[int] = []
            alive: list[weakref.ref[Any]] = []
            for game in range(12):
                table_id = await two_people(service, RATED)
                await service.resign(table_id, (BOB, ALICE)[game % 2].id)
                ids.append(table_id)
                alive.append(weakref.ref(await service.get_table(table_id)))
            await asyncio.sleep(0)
            assert store.batches == [] and service.ratings._pending == set(ids)
            service.registry.finished.clear()  # as if the finished cache had moved on
            gc.collect()
            assert [ref() for ref in alive] == [None] * 12
            reloaded = await service.get_table(ids[-1])
            store.gate.set()
            await settle(service)
            assert len(store.batches) <= 2  # the first may have started alone
            assert [table_id for batch in store.batches for table_id in batch] == ids
            assert [o.table_id for o in await store.outcomes()] == ids
            assert recompute(await store.outcomes()) == store.ratings
            assert store.ratings[(ALICE.id, "quinque")].games == 12
            assert reloaded.info.rating_changes == store.scored[ids[-1]].changes
            assert reloaded.info.rating_changes is not None
        finally:
            await service.close()

    asyncio.run(main())
