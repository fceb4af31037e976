"""Tournaments on the site (issue 17): Swiss, arena and round-robin events of people and
computers played through the match service with short clocks, no-shows, registration rules,
and a restart between rounds that loses nothing."""

from __future__ import annotations

import asyncio
from collections import Counter
from datetime import timedelta
from itertools import combinations

import pytest

from connect_arena.service import MemoryStorage, ServiceError
from connect_arena.service.settings import TableSettings, TimeControl, TimeControlKind
from connect_arena.service.tournaments import Format, MemoryTournamentStore, TournamentStatus
from tests.server.tournamenthelpers import CLOCK, PEOPLE, QUICK, enter, running, service, until


def test_a_swiss_of_people_and_computers_pairs_itself_to_the_end() -> None:
    async def main() -> None:
        async with running(PEOPLE) as arena:
            made = await arena.tournaments.create(
                PEOPLE[0],
                "Club night",
                "quinque",
                CLOCK,
                Format.SWISS,
                arena.tournaments.now() + timedelta(seconds=0.3),
                options=QUICK,
                rounds=3,
                pause=0,
            )
            await enter(arena, made.id, PEOPLE, computers=5)
            with pytest.raises(ServiceError):  # only the creator adds computers
                await arena.tournaments.add_computers(made.id, PEOPLE[1], "random", 1)
            done = await until(arena, made.id)
        assert done.status is TournamentStatus.FINISHED
        assert [g.round for g in done.games] == [1] * 4 + [2] * 4 + [3] * 4
        pairs = Counter(frozenset(g.entrants) for g in done.games)
        assert max(pairs.values()) == 1  # nobody met twice
        for round_number in (1, 2, 3):
            seated = [e for g in done.games if g.round == round_number for e in g.entrants]
            assert sorted(seated) == list(range(8))  # everyone once per round
        assert all(g.reason == "normal" and g.returns is not None for g in done.games)
        seated = [arena.registry.finished.get(g.table_id) for g in done.games]
        settings = [t.info.settings for t in seated if t is not None]
        assert settings and all(
            s.tournament == done.id and s.hints.value == "off" for s in settings
        )  # fair play at a tournament's tables
        rows = arena.tournaments.to_json(done)["standings"]
        assert [row["place"] for row in rows] == sorted(row["place"] for row in rows)
        assert sum(row["score"] for row in rows) == pytest.approx(12.0)  # a point a game
        assert {row["name"] for row in rows} >= {"ann", "bob", "cy", "random #1"}

    asyncio.run(main())


def test_arena_and_round_robin_of_computers() -> None:
    async def main() -> None:
        async with running() as arena:
            soon = arena.tournaments.now() + timedelta(seconds=0.2)
            fast = await arena.tournaments.create(
                PEOPLE[0],
                "Arena",
                "quinque",
                CLOCK,
                Format.ARENA,
                soon,
                options=QUICK,
                minutes=0.05,
            )
            robin = await arena.tournaments.create(
                PEOPLE[0],
                "Robin",
                "quinque",
                CLOCK,
                Format.ROUND_ROBIN,
                soon,
                options=QUICK,
                pause=0,
            )
            await arena.tournaments.add_computers(fast.id, PEOPLE[0], "random", 4)
            await arena.tournaments.add_computers(robin.id, PEOPLE[0], "greedy", 4)
            arena_done = await until(arena, fast.id)
            robin_done = await until(arena, robin.id)
        assert arena_done.status is TournamentStatus.FINISHED
        assert len(arena_done.games) >= 4 and all(g.finished for g in arena_done.games)
        assert robin_done.rounds == 3
        met = Counter(frozenset(g.entrants) for g in robin_done.games)
        assert set(met) == {frozenset(p) for p in combinations(range(4), 2)}
        assert set(met.values()) == {1}

    asyncio.run(main())


def test_no_shows_lose_on_time_and_are_withdrawn_after_two() -> None:
    async def main() -> None:
        async with running() as arena:
            short = TableSettings(TimeControl(TimeControlKind.REALTIME, 1, 0))
            made = await arena.tournaments.create(
                PEOPLE[0],
                "Early",
                "quinque",
                short,
                Format.SWISS,
                arena.tournaments.now() + timedelta(seconds=0.2),
                options=QUICK,
                rounds=3,
                pause=0,
            )
            await arena.tournaments.register(made.id, PEOPLE[1])  # never moves
            await arena.tournaments.add_computers(made.id, PEOPLE[0], "random", 3)
            done = await until(arena, made.id)
        absent = next(e for e in done.entrants if e.user_id == PEOPLE[1].id)
        assert absent.no_shows == 2 and absent.withdrawn
        mine = [g for g in done.games if absent.index in g.entrants]
        assert len(mine) == 2 and all(g.reason == "timeout" for g in mine)
        assert all(absent.index in g.no_shows for g in mine)
        third = [g for g in done.games if g.round == 3]
        assert third and all(absent.index not in g.entrants for g in third)

    asyncio.run(main())


def test_registration_rules() -> None:
    async def main() -> None:
        async with running() as arena:
            later = arena.tournaments.now() + timedelta(hours=1)
            with pytest.raises(ServiceError, match="time control"):
                await arena.tournaments.create(
                    PEOPLE[0], "x", "quinque", TableSettings(), Format.SWISS, later
                )
            with pytest.raises(ServiceError, match="passed"):
                await arena.tournaments.create(
                    PEOPLE[0], "x", "quinque", CLOCK, Format.SWISS, later - timedelta(hours=2)
                )
            strict = await arena.tournaments.create(
                PEOPLE[0],
                "Rated only",
                "quinque",
                CLOCK,
                Format.SWISS,
                later,
                min_rated_games=5,
            )
            with pytest.raises(ServiceError, match="5 rated games"):
                await arena.tournaments.register(strict.id, PEOPLE[1])
            open_event = await arena.tournaments.create(
                PEOPLE[0], "Open", "quinque", CLOCK, Format.SWISS, later
            )
            await arena.tournaments.register(open_event.id, PEOPLE[1])
            with pytest.raises(ServiceError):
                await arena.tournaments.register(open_event.id, PEOPLE[1])
            await arena.tournaments.withdraw(open_event.id, PEOPLE[1])
            with pytest.raises(ServiceError):
                await arena.tournaments.withdraw(open_event.id, PEOPLE[1])
            listed = arena.tournaments.listing()
            assert [t["name"] for t in listed["upcoming"]] == ["Open", "Rated only"]

    asyncio.run(main())


def test_a_restart_between_rounds_carries_on() -> None:
    async def main() -> None:
        storage, store = MemoryStorage(), MemoryTournamentStore()
        first = service(storage, store)
        await first.start()
        made = await first.tournaments.create(
            PEOPLE[0],
            "Restart",
            "quinque",
            CLOCK,
            Format.SWISS,
            first.tournaments.now() + timedelta(seconds=0.1),
            options=QUICK,
            rounds=3,
            pause=2,
        )
        await first.tournaments.add_computers(made.id, PEOPLE[0], "random", 4)
        tournament = first.tournaments.get(made.id)
        deadline = asyncio.get_running_loop().time() + 60
        while not (
            tournament.round == 1 and tournament.games and all(g.finished for g in tournament.games)
        ):
            assert asyncio.get_running_loop().time() < deadline
            await asyncio.sleep(0.05)
        await first.close()  # between rounds: the pause has not run out
        second = service(storage, store)
        await second.start()
        try:
            done = await until(second, made.id)
        finally:
            await second.close()
        assert done.status is TournamentStatus.FINISHED
        assert [g.round for g in done.games] == [1, 1, 2, 2, 3, 3]

    asyncio.run(main())


def test_a_game_scored_by_points_keeps_its_final_points_in_the_tournament() -> None:
    """The tournament's games list carries each finished table's final points (issue 27.8),
    as the table keeps them."""

    async def main() -> None:
        storage = MemoryStorage()
        async with running(storage=storage) as arena:
            made = await arena.tournaments.create(
                PEOPLE[0],
                "Points",
                "connnect",
                CLOCK,
                Format.ROUND_ROBIN,
                arena.tournaments.now() + timedelta(seconds=0.2),
                pause=0,
            )
            await arena.tournaments.add_computers(made.id, PEOPLE[0], "random", 2)
            done = await until(arena, made.id, seconds=120)
            (game,) = done.games
            stored = await storage.get_table(game.table_id)
            assert stored is not None and stored.scores is not None
            assert game.scores == list(stored.scores)
            (sent,) = arena.tournaments.to_json(done)["games"]
            assert sent["scores"] == list(stored.scores)

    asyncio.run(main())
