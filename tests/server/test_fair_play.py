"""Fair play (issue 32, item 1): seeks pair only when every table setting is equal, and the
claim grace of a rated table is the server's."""

from __future__ import annotations

import asyncio

import pytest

from connect_arena.service import ErrorCode, MatchService, ServiceError, User
from connect_arena.service.settings import HintPolicy, TableSettings
from tests.server.test_lifecycle import ALICE, BOB, new_table, refused, run
from tests.server.test_seeks import service

CAROL = User(3, "carol")


def test_seeks_differing_in_any_setting_never_meet() -> None:
    async def main() -> None:
        arena = service()
        await arena.start()
        try:
            casual = TableSettings()
            different = [
                TableSettings(grace=1),
                TableSettings(hints=HintPolicy.OFF),
                TableSettings(takeover="mcts:hard"),
            ]
            for other in different:
                _, table = await arena.seeks.seek(ALICE, "quinque", 2, casual, None)
                _, table = await arena.seeks.seek(BOB, "quinque", 2, other, None)
                assert table is None, other  # waiting both: nobody got the other's settings
                await arena.seeks.cancel_all(ALICE.id)
                await arena.seeks.cancel_all(BOB.id)
            await arena.seeks.seek(ALICE, "quinque", 2, TableSettings(grace=5), None)
            _, table = await arena.seeks.seek(CAROL, "quinque", 2, TableSettings(grace=5), None)
            assert table is not None and table.settings.grace == 5  # equal settings meet
        finally:
            await arena.close()

    asyncio.run(main())


def test_a_rated_table_takes_no_claim_grace_from_a_player() -> None:
    async def body(service: MatchService) -> None:
        rated = TableSettings(rated=True, grace=1)
        await refused(new_table(service, [ALICE, BOB], settings=rated), ErrorCode.BAD_REQUEST)
        with pytest.raises(ServiceError, match="claim grace is the server's"):
            await service.seeks.seek(ALICE, "quinque", 2, rated, None)
        table_id = await new_table(service, [ALICE, BOB], settings=TableSettings(rated=True))
        table = await service.get_table(table_id)
        assert table.info.settings.leaver_grace >= 60  # the server's

    run(body)
