"""How every game ends (``docs/lifecycle.md``), at the service level: abort, resign, draws,
takebacks, flags, leavers (claims, take-overs, returns), rematches, "my tables", sweeps and
what records keep. The HTTP and WebSocket transports of the same verbs are in
``test_lifecycle_api.py``."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any, TypeVar

import pytest

from connect_arena.core import CHANCE, registry
from connect_arena.service import (
    ErrorCode,
    LogEntry,
    MatchService,
    MemoryStorage,
    SeatRequest,
    ServiceConfig,
    ServiceError,
    Subscription,
    TableStatus,
    User,
    table_record,
)
from connect_arena.service.finisher import first_actions_done
from connect_arena.service.lifecycle import Lifecycle
from connect_arena.service.live_table import LiveTable
from connect_arena.service.model import utcnow
from connect_arena.service.results import draw, win_for
from connect_arena.service.settings import (
    HintPolicy,
    NoteKind,
    ResultReason,
    TableSettings,
    TimeControl,
    TimeControlKind,
)

T = TypeVar("T")
ALICE, BOB, CAROL, DAVE = User(1, "alice"), User(2, "bob"), User(3, "carol"), User(4, "dave")
QUICK = {"parachutes": 2, "tiles": 1, "first_player": "0"}
"""A Quinque that ends after four marks (two per person)."""
SMALL5 = {"board": "t1", "tokens": 5, "first_player": "0"}
"""A small Connect 5 (test board, five tokens each)."""
PLUGINS = Path(__file__).parent.parent / "plugins"

Spec = User | str
"""A seat of a test table: a person, or a computer agent's name."""


def run(body: Callable[[MatchService], Awaitable[T]]) -> T:
    """Run ``body(service)`` on a fresh event loop with a fresh service (no sweeping)."""

    async def main() -> T:
        config = ServiceConfig(computer_workers=0, computer_delay=0.0, sweep_every=0)
        service = MatchService(MemoryStorage(), config)
        await service.start()
        try:
            return await asyncio.wait_for(body(service), 60)
        finally:
            await service.close()

    return asyncio.run(main())


def drain(subscription: Subscription) -> list[dict[str, Any]]:
    """Every queued message, decoded."""
    messages = []
    while subscription.pending():
        text = subscription._queue.popleft()
        if text is not None:
            messages.append(json.loads(text))
    return messages


async def new_table(
    service: MatchService,
    seats: list[Spec],
    game: str = "quinque",
    options: dict[str, Any] | None = None,
    settings: TableSettings | None = None,
) -> int:
    """A table whose first person creates it and the other people join (it starts)."""
    creator = next(spec for spec in seats if isinstance(spec, User))
    requests = [
        SeatRequest("computer", spec)
        if isinstance(spec, str)
        else SeatRequest("me" if spec == creator else "open")
        for spec in seats
    ]
    info = await service.create_table(
        creator, game, requests, QUICK if options is None else options, settings
    )
    for index, spec in enumerate(seats):
        if isinstance(spec, User) and spec != creator:
            await service.join(info.id, spec, index)
    return info.id


async def move(service: MatchService, table_id: int, user: User, pick: int = 0) -> LogEntry:
    """``user`` plays a legal action (the ``pick``-th) at their seat that is to act."""
    table = await service.get_table(table_id)
    assert table.state is not None
    active = [s for s in table.viewer_seats(user.id) if s in table.state.active_players()]
    assert active, f"{user.name} is not to act"
    legal = table.state.legal_actions(active[0])
    action = str(legal[min(pick, len(legal) - 1)])
    return await service.submit(table_id, user.id, table.seq + 1, action, active[0])


async def everyone_moves(service: MatchService, table_id: int) -> None:
    """Play until every person at ``table_id`` has made a move (before that, any end is an
    abort), waiting for the computers' turns."""
    table = await service.get_table(table_id)
    while not first_actions_done(table):
        assert table.state is not None
        active, seq = table.state.active_players(), table.seq
        seat = next((s for s in table.info.seats if s.index in active and s.user_id), None)
        if seat is None or seat.user_id is None:
            await until(lambda was=seq: table.seq > was)
            continue
        await move(service, table_id, User(seat.user_id, seat.name))


async def refused(call: Awaitable[Any], code: ErrorCode) -> ServiceError:
    """Await ``call``, which must be refused with ``code``."""
    with pytest.raises(ServiceError) as caught:
        await call
    assert caught.value.code is code, caught.value.message
    return caught.value


def realtime(base: float, increment: float, **more: Any) -> TableSettings:
    return TableSettings(TimeControl(TimeControlKind.REALTIME, base, increment), **more)


async def until(check: Callable[[], bool], seconds: float = 20.0) -> None:
    """Wait (on the event loop) until ``check()`` holds."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "timed out waiting"
        await asyncio.sleep(0.01)


def kinds(table: LiveTable) -> list[str]:
    return [note.kind.value for note in table.info.notes]


def shift(service: MatchService, seconds: float) -> None:
    """Make the service's clock run ``seconds`` ahead of the real one."""
    service.clock.offset = timedelta(seconds=seconds)


# ----- abort -------------------------------------------------------------------------------------
def test_abort_until_every_person_has_made_a_first_action() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        await move(service, table_id, ALICE)
        watcher = await service.watch(table_id, CAROL.id)
        drain(watcher)
        await service.abort(table_id, BOB.id)  # Bob has not moved yet
        table = await service.get_table(table_id)
        assert table.info.status is TableStatus.FINISHED
        assert table.info.reason is ResultReason.ABORTED and table.info.returns is None
        assert kinds(table) == ["abort"] and table.info.notes[0].seat == 1
        assert table.clocks is None
        ended = [m for m in drain(watcher) if m["type"] == "table"]
        assert ended[-1]["table"]["reason"] == "aborted"
        assert ended[-1]["table"]["returns"] is None
        await refused(service.abort(table_id, ALICE.id), ErrorCode.NOT_RUNNING)

        table_id = await new_table(service, [ALICE, BOB])
        await move(service, table_id, ALICE)
        await move(service, table_id, BOB)
        error = await refused(service.abort(table_id, ALICE.id), ErrorCode.NOT_ALLOWED)
        assert "resign" in error.message
        assert (await service.get_table(table_id)).info.status is TableStatus.RUNNING

    run(body)


def test_abort_against_a_computer_before_the_persons_first_action() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, "random"])
        await service.abort(table_id, ALICE.id)
        assert (await service.get_table(table_id)).info.reason is ResultReason.ABORTED

    run(body)


# ----- resign ------------------------------------------------------------------------------------
def test_resign_with_two_sides_the_other_side_wins() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        await everyone_moves(service, table_id)
        await service.resign(table_id, ALICE.id)
        table = await service.get_table(table_id)
        assert table.info.status is TableStatus.FINISHED
        assert table.info.reason is ResultReason.RESIGNATION
        assert table.info.returns == win_for(table.game(), [1])
        assert kinds(table) == ["resign"] and table.info.notes[0].seat == 0
        await refused(service.resign(table_id, BOB.id), ErrorCode.NOT_RUNNING)
        await refused(service.resign(table_id, ALICE.id), ErrorCode.NOT_RUNNING)
        stored = await service.storage.get_table(table_id)
        assert stored is not None and stored.reason is ResultReason.RESIGNATION

    run(body)


def test_a_game_a_person_never_moved_in_is_aborted_however_it_ends() -> None:
    """Issue 32.1: resign, claim, flag or draw before every person's first action: aborted,
    no result (so never rated); at a tournament's table a no-show still loses."""

    async def ended(service: MatchService, table_id: int) -> tuple[ResultReason | None, Any]:
        table = await service.get_table(table_id)
        assert table.info.status is TableStatus.FINISHED
        return table.info.reason, table.info.returns

    async def body(service: MatchService) -> None:
        rated = TableSettings(rated=True)
        for verb in ("resign alice", "resign bob", "claim", "draw"):
            game, options = ("connect5", SMALL5) if verb == "draw" else ("quinque", None)
            table_id = await new_table(service, [ALICE, BOB], game, options, rated)
            await move(service, table_id, ALICE)  # bob never moves
            if verb.startswith("resign"):
                await service.resign(table_id, (ALICE if verb.endswith("alice") else BOB).id)
            elif verb == "claim":
                shift(service, 120)  # past the server's grace
                await service.claim(table_id, ALICE.id, 1)
                shift(service, 0)
            else:
                await service.draw(table_id, ALICE.id, "offer")
                await service.draw(table_id, BOB.id, "accept")
            assert await ended(service, table_id) == (ResultReason.ABORTED, None), verb
        # once both moved, a resignation is a result
        table_id = await new_table(service, [ALICE, BOB], settings=rated)
        await move(service, table_id, ALICE)
        await move(service, table_id, BOB)
        await service.resign(table_id, BOB.id)
        assert (await ended(service, table_id))[0] is ResultReason.RESIGNATION

    run(body)


def test_resign_a_seat_that_is_not_yours() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        await refused(service.resign(table_id, ALICE.id, seat=1), ErrorCode.NOT_SEATED)
        assert (await service.get_table(table_id)).info.status is TableStatus.RUNNING

    run(body)


def test_two_people_resigning_at_once_make_one_result() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        await everyone_moves(service, table_id)
        outcomes = await asyncio.gather(
            service.resign(table_id, ALICE.id),
            service.resign(table_id, BOB.id),
            return_exceptions=True,
        )
        errors = [o for o in outcomes if isinstance(o, ServiceError)]
        assert outcomes.count(None) == 1 and len(errors) == 1
        assert errors[0].code is ErrorCode.NOT_RUNNING
        table = await service.get_table(table_id)
        assert kinds(table) == ["resign"]
        winner = 1 - table.info.notes[0].seat  # type: ignore[operator]
        assert table.info.returns == win_for(table.game(), [winner])
        stored = await service.storage.get_table(table_id)
        assert stored is not None and [n.kind for n in stored.notes] == [NoteKind.RESIGN]

    run(body)


def test_a_spectator_can_do_none_of_it() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        await move(service, table_id, ALICE)
        for call in (
            service.abort(table_id, CAROL.id),
            service.resign(table_id, CAROL.id),
            service.resign(table_id, None),
            service.draw(table_id, CAROL.id, "offer"),
            service.takeback(table_id, CAROL.id, "request"),
            service.claim(table_id, CAROL.id, 1),
            service.return_to_seat(table_id, CAROL.id, 1),
            service.rematch(table_id, CAROL, "offer"),
        ):
            await refused(call, ErrorCode.NOT_SEATED)
        table = await service.get_table(table_id)
        assert table.info.status is TableStatus.RUNNING and table.info.notes == []
        assert table.offers.draw == set() and table.offers.takeback is None

    run(body)


# ----- draws -------------------------------------------------------------------------------------
def test_draw_offer_and_accept() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        await everyone_moves(service, table_id)  # before that, an agreed draw is an abort
        watcher = await service.watch(table_id, ALICE.id)
        await service.draw(table_id, ALICE.id, "offer")
        offers = [m for m in drain(watcher) if m["type"] == "offers"]
        assert offers[-1]["draw"] == [0] and offers[-1]["declined"] is None
        await move(service, table_id, ALICE)  # the offer stands over the offerer's own move
        table = await service.get_table(table_id)
        assert table.offers.draw == {0}
        await refused(service.draw(table_id, ALICE.id, "accept"), ErrorCode.NOT_ALLOWED)
        await service.draw(table_id, BOB.id, "accept")
        assert table.info.status is TableStatus.FINISHED
        assert table.info.reason is ResultReason.DRAW_AGREED
        assert table.info.returns == draw(table.game())
        assert kinds(table) == ["draw"]
        await refused(service.draw(table_id, BOB.id, "offer"), ErrorCode.NOT_RUNNING)

    run(body)


def test_draw_decline_and_an_offer_ends_when_the_opponent_moves() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        table = await service.get_table(table_id)
        await refused(service.draw(table_id, BOB.id, "decline"), ErrorCode.NOT_ALLOWED)
        await refused(service.draw(table_id, BOB.id, "accept"), ErrorCode.NOT_ALLOWED)
        await service.draw(table_id, BOB.id, "offer")
        await refused(service.draw(table_id, BOB.id, "decline"), ErrorCode.NOT_ALLOWED)
        await service.draw(table_id, ALICE.id, "decline")
        assert table.offers.draw == set() and table.offers.declined == ("draw", 0)
        await service.draw(table_id, BOB.id, "offer")
        await move(service, table_id, ALICE)  # Alice plays on: the offer lapses
        assert table.offers.draw == set()
        await refused(service.draw(table_id, ALICE.id, "accept"), ErrorCode.NOT_ALLOWED)
        await refused(service.draw(table_id, ALICE.id, "maybe"), ErrorCode.BAD_REQUEST)
        assert table.info.status is TableStatus.RUNNING

    run(body)


def test_a_draw_needs_another_person() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, "random"])
        error = await refused(service.draw(table_id, ALICE.id, "offer"), ErrorCode.NOT_ALLOWED)
        assert "people" in error.message
        hot_seat = await service.create_table(
            ALICE, "quinque", [SeatRequest("me"), SeatRequest("me")], QUICK
        )
        await refused(service.draw(hot_seat.id, ALICE.id, "offer"), ErrorCode.NOT_ALLOWED)

    run(body)


def test_three_people_draw_when_all_agree() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB, CAROL], "connect5", SMALL5)
        await everyone_moves(service, table_id)
        await service.draw(table_id, ALICE.id, "offer")
        await service.draw(table_id, BOB.id, "accept")
        table = await service.get_table(table_id)
        assert table.info.status is TableStatus.RUNNING and table.offers.draw == {0, 1}
        await service.draw(table_id, CAROL.id, "accept")
        assert table.info.reason is ResultReason.DRAW_AGREED
        assert len(set(table.info.returns or [])) == 1

    run(body)


@pytest.fixture
def fivestones(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The plug-in game without draws (``tests/plugins``), registered for the test."""
    monkeypatch.syspath_prepend(str(PLUGINS))
    registry.register("fivestones", "fivestones:FiveStonesGame")
    try:
        yield "fivestones"
    finally:
        registry.unregister("fivestones")
        sys.modules.pop("fivestones", None)


def test_no_draw_in_a_game_without_draws(fivestones: str) -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB], fivestones, {})
        table = await service.get_table(table_id)
        assert not table.game().game_type.draw_possible
        error = await refused(service.draw(table_id, ALICE.id, "offer"), ErrorCode.NOT_ALLOWED)
        assert "no draws" in error.message
        assert table.offers.draw == set()

    run(body)


# ----- takebacks ---------------------------------------------------------------------------------
def test_takeback_request_and_accept_at_a_casual_table() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        table = await service.get_table(table_id)
        await refused(service.takeback(table_id, ALICE.id, "request"), ErrorCode.NOT_ALLOWED)
        await move(service, table_id, ALICE, pick=1)
        first = table.log[0].action
        watcher = await service.watch(table_id, BOB.id)
        drain(watcher)
        await service.takeback(table_id, ALICE.id, "request")
        assert table.offers.takeback == (0, 0)
        await refused(service.takeback(table_id, ALICE.id, "accept"), ErrorCode.NOT_ALLOWED)
        await service.takeback(table_id, BOB.id, "accept")
        assert table.seq == 0 and table.offers.takeback is None
        assert kinds(table) == ["takeback"] and table.info.notes[0].data == {"to": 0}
        assert await service.storage.load_actions(table_id) == []
        messages = drain(watcher)
        assert {"type": "takeback", "table_id": table_id, "seq": 0} in messages
        assert [m for m in messages if m["type"] == "state"][-1]["seq"] == 0
        # the game goes on from there, even with another first action
        await move(service, table_id, ALICE, pick=0)
        assert table.log[0].action != first

    run(body)


def test_takeback_decline_and_a_request_lapses_when_someone_moves() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        table = await service.get_table(table_id)
        await move(service, table_id, ALICE)
        await refused(service.takeback(table_id, BOB.id, "decline"), ErrorCode.NOT_ALLOWED)
        await service.takeback(table_id, ALICE.id, "request")
        await service.takeback(table_id, BOB.id, "decline")
        assert table.offers.takeback is None and table.offers.declined == ("takeback", 1)
        await service.takeback(table_id, ALICE.id, "request")
        await move(service, table_id, BOB)
        assert table.offers.takeback is None
        await refused(service.takeback(table_id, BOB.id, "accept"), ErrorCode.NOT_ALLOWED)
        await refused(service.takeback(table_id, BOB.id, "undo"), ErrorCode.BAD_REQUEST)
        assert table.seq == 2

    run(body)


def test_takeback_needs_every_other_person() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB, CAROL], "connect5", SMALL5)
        table = await service.get_table(table_id)
        await move(service, table_id, ALICE)
        await service.takeback(table_id, ALICE.id, "request")
        await service.takeback(table_id, BOB.id, "accept")
        assert table.seq == 1 and table.offers.to_json(table_id)["takeback"] == {
            "seat": 0,
            "to": 0,
            "accepted": [1],
        }
        await service.takeback(table_id, CAROL.id, "accept")
        assert table.seq == 0

    run(body)


def test_takeback_against_computers_needs_nobody() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, "greedy"])
        table = await service.get_table(table_id)
        await move(service, table_id, ALICE)
        await until(lambda: table.seq == 2)  # the computer answered
        await service.takeback(table_id, ALICE.id, "request")
        assert table.seq == 0 and kinds(table) == ["takeback"]

    run(body)


def test_no_takeback_at_a_rated_table() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB], settings=TableSettings(rated=True))
        await move(service, table_id, ALICE)
        error = await refused(
            service.takeback(table_id, ALICE.id, "request"), ErrorCode.NOT_ALLOWED
        )
        assert "rated" in error.message

    run(body)


def test_no_takeback_across_a_hidden_choice() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB], "connnect", {})
        table = await service.get_table(table_id)
        assert table.state is not None and set(table.state.active_players()) == {0, 1}
        await move(service, table_id, ALICE)
        assert table.log[-1].simultaneous
        error = await refused(
            service.takeback(table_id, ALICE.id, "request"), ErrorCode.NOT_ALLOWED
        )
        assert "hidden" in error.message

    run(body)


def test_no_takeback_across_a_chance_outcome() -> None:
    log = [LogEntry(1, 0, "a"), LogEntry(2, 1, "b"), LogEntry(3, CHANCE, "roll")]
    table: Any = SimpleNamespace(log=log)
    with pytest.raises(ServiceError, match="chance") as caught:
        Lifecycle._takeback_point(table, [0])
    assert caught.value.code is ErrorCode.NOT_ALLOWED
    assert Lifecycle._takeback_point(SimpleNamespace(log=log[:2]), [0]) == 0  # type: ignore[arg-type]


def test_a_takeback_never_gives_time_back() -> None:
    """Issue 27.2: the clocks go on from where they stand; a rebuild keeps them there."""

    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB], settings=realtime(60, 0))
        table = await service.get_table(table_id)
        await move(service, table_id, ALICE)  # bob's clock runs
        await service.takeback(table_id, ALICE.id, "request")
        shift(service, 20)  # bob thinks 20 s before accepting
        await service.takeback(table_id, BOB.id, "accept")
        assert table.seq == 0 and table.clocks is not None
        now = service.clock.now()
        assert table.clocks.left(1, now) == pytest.approx(40, abs=1)
        assert table.clocks.left(0, now) == pytest.approx(60, abs=1)
        assert table.clocks.running.keys() == {0}
        table.start_clocks(now)  # as after a restart: rebuilt from the log and the notes
        assert table.clocks.left(1, now) == pytest.approx(40, abs=1)
        assert table.clocks.left(0, now) == pytest.approx(60, abs=1)

    run(body)


def test_a_quinque_takeback_undoes_the_whole_turn() -> None:
    """Issue 27.3: the mover's last turn (first action and "end turn") goes back at once."""

    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB], options={"first_player": "0"})
        table = await service.get_table(table_id)
        for user in (ALICE, BOB, ALICE, BOB):  # one-action turns: add, then marks
            await move(service, table_id, user)
        await move(service, table_id, ALICE)  # adds a tile, which may then move...
        assert table.state is not None and table.state.current_player == 0
        await move(service, table_id, ALICE, pick=10**6)  # ...but alice ends her turn
        assert table.seq == 6 and table.log[-1].action == "pass"
        await service.takeback(table_id, ALICE.id, "request")
        assert table.offers.to_json(table_id)["takeback"]["to"] == 4
        await service.takeback(table_id, BOB.id, "accept")
        assert table.seq == 4 and table.state.current_player == 0

    run(body)


# ----- flags -------------------------------------------------------------------------------------
def test_a_flag_falls_and_the_other_side_wins() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB], settings=realtime(0, 1.0))
        table = await service.get_table(table_id)
        state = table.state_message((0,))
        assert state is not None and state["running"] == [0]
        assert state["clocks"]["0"] == pytest.approx(1.0, abs=0.2)
        first = await move(service, table_id, ALICE)
        assert first.clock is not None and 1.0 < first.clock <= 2.0
        await move(service, table_id, BOB)
        await until(lambda: table.info.status is TableStatus.FINISHED, 5)  # Alice waits
        assert table.info.reason is ResultReason.TIMEOUT
        assert table.info.returns == win_for(table.game(), [1])
        assert kinds(table) == ["timeout"] and table.info.notes[0].seat == 0
        await refused(move(service, table_id, ALICE), ErrorCode.NOT_RUNNING)

    run(body)


def test_a_flag_before_every_first_action_aborts() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB], settings=realtime(0, 0.3))
        table = await service.get_table(table_id)
        await until(lambda: table.info.status is TableStatus.FINISHED, 5)  # nobody moves
        assert table.info.reason is ResultReason.ABORTED and table.info.returns is None
        assert kinds(table) == ["timeout"]

    run(body)


def test_a_page_hears_the_stopped_clocks_when_a_flag_ends_the_game() -> None:
    """The end sends the clocks as they stopped, after the table's end: a page counting down
    from the last state it received would show what it still had (e.g. "0:00.1" for a
    fallen flag, when that state reached it late), not the server's 0."""

    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB], settings=realtime(0, 0.3))
        table = await service.get_table(table_id)
        watcher = await service.watch(table_id, CAROL.id)
        drain(watcher)
        await until(lambda: table.info.status is TableStatus.FINISHED, 5)  # nobody moves
        messages = drain(watcher)
        ended = next(i for i, m in enumerate(messages) if m["type"] == "table")
        states = [m for m in messages[ended:] if m["type"] == "state"]
        assert states, [m["type"] for m in messages]
        assert states[-1]["clocks"]["0"] == 0.0 and states[-1]["running"] == []
        assert states[-1]["clocks"]["1"] == pytest.approx(0.3)

    run(body)


def test_an_action_after_the_flag_is_refused_even_before_the_timer() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB], settings=realtime(0, 5))
        table = await service.get_table(table_id)
        await move(service, table_id, ALICE)
        await move(service, table_id, BOB)
        assert table.clocks is not None and table.flag_timer is not None
        table.flag_timer.cancel()
        table.clocks.remaining[0] = 0.0  # Alice's time is up
        await refused(move(service, table_id, ALICE), ErrorCode.NOT_RUNNING)
        assert table.info.reason is ResultReason.TIMEOUT and table.seq == 2

    run(body)


def test_untimed_tables_have_no_clocks() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        table = await service.get_table(table_id)
        entry = await move(service, table_id, ALICE)
        state = table.state_message((0,))
        assert state is not None and state["clocks"] is None and state["running"] == []
        assert entry.clock is None and table.flag_timer is None

    run(body)


# ----- three sides: take-overs, claims and returns ----------------------------------------------
def play_on(service: MatchService, table_id: int, people: list[User]) -> Callable[[], Any]:
    """A coroutine factory: the ``people`` play their first legal action whenever it is
    their turn, until the game ends."""

    async def loop() -> None:
        table = await service.get_table(table_id)
        while table.info.status is TableStatus.RUNNING:
            assert table.state is not None
            active = table.state.active_players()
            for user in people:
                mine = [
                    s
                    for s in table.viewer_seats(user.id)
                    if s in active and table.info.seats[s].takeover is None
                ]
                if mine:
                    try:
                        await move(service, table_id, user)
                    except ServiceError as error:  # a computer moved first: look again
                        lost_race = error.code in (ErrorCode.STALE_SEQ, ErrorCode.NOT_YOUR_TURN)
                        if not lost_race:
                            raise
                    break
            else:
                await asyncio.sleep(0.002)

    return loop


def test_three_sides_a_resigned_seat_is_taken_over_and_the_game_finishes() -> None:
    async def body(service: MatchService) -> None:
        settings = TableSettings(takeover="mcts:easy")
        table_id = await new_table(service, [ALICE, BOB, "greedy"], "connect5", SMALL5, settings)
        table = await service.get_table(table_id)
        await move(service, table_id, ALICE)
        await move(service, table_id, BOB)
        watcher = await service.watch(table_id, BOB.id)
        drain(watcher)
        lobby = service.lobby.watch(None)
        drain(lobby)
        await service.resign(table_id, ALICE.id)
        assert table.info.status is TableStatus.RUNNING
        await until(lambda: lobby.pending() > 0, 5)  # the lobby shows the take-over
        row = next(r for r in drain(lobby)[-1]["tables"] if r["id"] == table_id)
        assert row["seats"][0]["takeover"] == "mcts:easy"
        assert table.info.seats[0].takeover == "mcts:easy"
        assert kinds(table) == ["resign", "takeover"]
        assert table.info.notes[1].data == {"agent": "mcts:easy"}
        updates = [m for m in drain(watcher) if m["type"] == "table"]
        assert updates[-1]["table"]["seats"][0]["takeover"] == "mcts:easy"
        await refused(service.resign(table_id, ALICE.id), ErrorCode.NOT_ALLOWED)
        await refused(service.return_to_seat(table_id, ALICE.id, 0), ErrorCode.NOT_ALLOWED)
        alice_acts = service.submit(table_id, ALICE.id, table.seq + 1, "place a0", 0)
        await refused(alice_acts, ErrorCode.NOT_YOUR_TURN)
        await play_on(service, table_id, [BOB])()
        assert table.info.status is TableStatus.FINISHED
        assert table.info.reason is ResultReason.NORMAL
        returns = table.info.returns
        assert returns is not None and returns[0] == min(returns)  # ranked last
        assert any(e.seat == 0 for e in table.log[3:])  # the computer played Alice's seat
        stored = await service.storage.get_table(table_id)
        assert stored is not None and stored.seats[0].takeover == "mcts:easy"

    run(body)


def test_three_sides_when_the_last_person_resigns_the_computers_win() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, "greedy", "greedy"], "connect5", SMALL5)
        await move(service, table_id, ALICE)
        await service.resign(table_id, ALICE.id)
        table = await service.get_table(table_id)
        assert table.info.status is TableStatus.FINISHED
        assert table.info.reason is ResultReason.RESIGNATION
        assert table.info.returns == win_for(table.game(), [1, 2])

    run(body)


def test_three_sides_a_timeout_is_taken_over() -> None:
    async def body(service: MatchService) -> None:
        settings = realtime(0, 1.0, takeover="mcts:easy")
        table_id = await new_table(service, [ALICE, BOB, CAROL], "connect5", SMALL5, settings)
        table = await service.get_table(table_id)
        for user in (ALICE, BOB, CAROL):
            await move(service, table_id, user)
        await until(lambda: table.info.seats[0].takeover is not None, 5)  # Alice waits
        assert kinds(table)[:2] == ["timeout", "takeover"]
        assert table.info.status is TableStatus.RUNNING
        assert table.clocks is not None and 0 not in table.clocks.timed
        assert table.state_message(())["clocks"].keys() == {"1", "2"}  # type: ignore[index]
        await refused(service.return_to_seat(table_id, ALICE.id, 0), ErrorCode.NOT_ALLOWED)

    run(body)


def test_a_leaver_claimed_with_two_sides_loses() -> None:
    async def body(service: MatchService) -> None:
        settings = TableSettings(grace=5)
        table_id = await new_table(service, [ALICE, BOB], settings=settings)
        table = await service.get_table(table_id)
        alice = await service.watch(table_id, ALICE.id)
        await everyone_moves(service, table_id)
        await move(service, table_id, ALICE)  # Bob must act, and has no connection
        presence = table.presence(utcnow())["seats"]
        assert presence["0"]["online"] and presence["0"]["claimable_in"] is None
        assert not presence["1"]["online"] and 0 < presence["1"]["claimable_in"] <= 5
        error = await refused(service.claim(table_id, ALICE.id, 1), ErrorCode.NOT_ALLOWED)
        assert "wait" in error.message
        await refused(service.claim(table_id, ALICE.id, 0), ErrorCode.NOT_ALLOWED)
        await refused(service.claim(table_id, ALICE.id, 7), ErrorCode.BAD_REQUEST)
        shift(service, 6)
        await refused(service.claim(table_id, BOB.id, 0), ErrorCode.NOT_ALLOWED)  # own seat
        drain(alice)
        await service.claim(table_id, ALICE.id, 1)
        assert table.info.reason is ResultReason.LEAVER
        assert table.info.returns == win_for(table.game(), [0])
        assert kinds(table) == ["claim"] and table.info.notes[0].data == {"by": 0}
        assert [m["table"]["reason"] for m in drain(alice) if m["type"] == "table"] == ["leaver"]

    run(body)


def test_a_connected_person_or_a_seat_that_need_not_act_cannot_be_claimed() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB], settings=TableSettings(grace=1))
        await everyone_moves(service, table_id)
        await move(service, table_id, ALICE)
        bob = await service.watch(table_id, BOB.id)
        shift(service, 10)
        await refused(service.claim(table_id, ALICE.id, 1), ErrorCode.NOT_ALLOWED)
        service.clock.offset = timedelta(0)
        service.unwatch(table_id, bob)  # Bob leaves now: the grace counts from now
        await refused(service.claim(table_id, ALICE.id, 1), ErrorCode.NOT_ALLOWED)
        await refused(service.claim(table_id, BOB.id, 0), ErrorCode.NOT_ALLOWED)  # need not act
        shift(service, 2)
        await service.claim(table_id, ALICE.id, 1)
        assert (await service.get_table(table_id)).info.reason is ResultReason.LEAVER

    run(body)


def test_presence_is_told_when_a_person_comes_and_goes() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        alice = await service.watch(table_id, ALICE.id)
        drain(alice)
        bob = await service.watch(table_id, BOB.id)
        seen = [m for m in drain(alice) if m["type"] == "presence"]
        assert seen[-1]["seats"]["1"]["online"] is True
        second = await service.watch(table_id, BOB.id)  # a second tab: no news
        assert [m for m in drain(alice) if m["type"] == "presence"] == []
        service.unwatch(table_id, second)
        assert [m for m in drain(alice) if m["type"] == "presence"] == []
        service.unwatch(table_id, bob)
        seen = [m for m in drain(alice) if m["type"] == "presence"]
        assert seen[-1]["seats"]["1"]["online"] is False
        assert seen[-1]["seats"]["1"]["away"] is not None

    run(body)


def test_three_sides_a_claimed_leaver_comes_back_and_is_ranked_normally() -> None:
    async def body(service: MatchService) -> None:
        settings = TableSettings(grace=1, takeover="mcts:easy")
        table_id = await new_table(service, [ALICE, BOB, CAROL], "connect5", SMALL5, settings)
        table = await service.get_table(table_id)
        await service.watch(table_id, ALICE.id)
        await service.watch(table_id, CAROL.id)
        await everyone_moves(service, table_id)
        await move(service, table_id, ALICE)  # Bob (seat 1) must act and is away
        shift(service, 2)
        await service.claim(table_id, CAROL.id, 1)
        assert table.info.seats[1].takeover == "mcts:easy"
        assert kinds(table) == ["claim", "takeover"] and table.info.notes[0].data == {"by": 2}
        await refused(service.claim(table_id, CAROL.id, 1), ErrorCode.NOT_ALLOWED)
        await refused(service.return_to_seat(table_id, ALICE.id, 1), ErrorCode.NOT_SEATED)
        await until(lambda: table.seq >= 5)  # the computer played Bob's turn
        await service.return_to_seat(table_id, BOB.id, 1)
        assert table.info.seats[1].takeover is None
        assert kinds(table) == ["claim", "takeover", "return"]
        await refused(service.return_to_seat(table_id, BOB.id, 1), ErrorCode.NOT_ALLOWED)
        await play_on(service, table_id, [ALICE, BOB, CAROL])()
        assert table.info.status is TableStatus.FINISHED
        assert table.info.reason is ResultReason.NORMAL
        assert table.state is not None
        assert table.info.returns == table.state.returns()  # nobody ranked last by force

    run(body)


# ----- rematch -----------------------------------------------------------------------------------
def test_rematch_when_every_person_accepts() -> None:
    async def body(service: MatchService) -> None:
        settings = realtime(300, 3, takeover="mcts:hard", hints=HintPolicy.OFF)
        table_id = await new_table(service, [ALICE, BOB], settings=settings)
        await everyone_moves(service, table_id)
        await refused(service.rematch(table_id, ALICE, "offer"), ErrorCode.NOT_ALLOWED)
        await service.resign(table_id, BOB.id)
        bob = await service.watch(table_id, BOB.id)
        drain(bob)
        assert await service.rematch(table_id, ALICE, "offer") is None
        await refused(service.rematch(table_id, CAROL, "accept"), ErrorCode.NOT_SEATED)
        new_id = await service.rematch(table_id, BOB, "accept")
        assert new_id is not None and new_id != table_id
        messages = drain(bob)
        assert {"type": "rematch", "table_id": table_id, "rematch_table": new_id} in messages
        old, new = await service.get_table(table_id), await service.get_table(new_id)
        assert [s.user_id for s in new.info.seats] == [BOB.id, ALICE.id]  # rotated
        assert new.info.options == old.info.options and new.info.settings == settings
        assert new.info.status is TableStatus.RUNNING
        assert kinds(old)[-1] == "rematch" and old.info.notes[-1].data == {"table": new_id}
        assert await service.rematch(table_id, ALICE, "accept") == new_id  # only one

    run(body)


def test_rematch_decline_and_no_rematch_after_an_abort() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB])
        await everyone_moves(service, table_id)
        await service.resign(table_id, ALICE.id)
        await service.rematch(table_id, ALICE, "offer")
        await service.rematch(table_id, BOB, "decline")
        table = await service.get_table(table_id)
        assert table.offers.rematch == set() and table.offers.declined == ("rematch", 1)
        await refused(service.rematch(table_id, BOB, "again"), ErrorCode.BAD_REQUEST)

        aborted = await new_table(service, [ALICE, BOB])
        await service.abort(aborted, ALICE.id)
        await refused(service.rematch(aborted, ALICE, "offer"), ErrorCode.NOT_ALLOWED)

    run(body)


# ----- my tables, sweeps, anti-endless defaults ---------------------------------------------------
def test_my_tables_lists_those_where_it_is_my_turn_first() -> None:
    async def body(service: MatchService) -> None:
        mine = await new_table(service, [ALICE, BOB])  # Alice to act
        theirs = await new_table(service, [ALICE, BOB])
        await move(service, theirs, ALICE)  # Bob to act
        waiting = await service.create_table(ALICE, "quinque", [SeatRequest("me"), SeatRequest()])
        other = await new_table(service, [BOB, CAROL])
        rows = await service.my_tables(ALICE.id)
        assert [(r["id"], r["your_turn"]) for r in rows] == [
            (mine, True),
            (waiting.id, False),
            (theirs, False),
        ]
        assert other not in [r["id"] for r in await service.my_tables(ALICE.id)]
        assert [r["id"] for r in await service.my_tables(BOB.id) if r["your_turn"]] == [
            other,
            theirs,
        ]

    run(body)


def test_sweeping_expires_open_tables_and_ends_idle_untimed_ones() -> None:
    async def body(service: MatchService) -> None:
        waiting = await service.create_table(ALICE, "quinque", [SeatRequest("me"), SeatRequest()])
        idle = await new_table(service, [ALICE, BOB])
        await move(service, idle, ALICE)
        timed = await new_table(service, [ALICE, BOB], settings=realtime(600, 0))
        assert await service.lifecycle.sweep() == 0
        shift(service, 3601)
        assert await service.lifecycle.sweep() == 1  # the open table only
        listed = {row["id"] for row in service.lobby.snapshot()["tables"]}
        assert waiting.id not in listed and idle in listed
        stored = await service.storage.get_table(waiting.id)
        assert stored is not None and stored.status is TableStatus.ABANDONED
        await refused(service.join(waiting.id, BOB, 1), ErrorCode.NOT_FOUND)
        shift(service, 15 * 86_400)
        assert await service.lifecycle.sweep() == 1  # the untimed running one
        table = await service.get_table(idle)
        assert table.info.status is TableStatus.FINISHED
        assert table.info.reason is ResultReason.ABANDONED and table.info.returns is None
        assert kinds(table) == ["abandon"]
        assert table_record(table).meta["reason"] == "abandoned"
        assert idle not in {row["id"] for row in service.lobby.snapshot()["tables"]}
        assert (await service.get_table(timed)).info.status is TableStatus.RUNNING

    run(body)


def test_untimed_connect5_tables_get_the_anti_endless_default() -> None:
    async def body(service: MatchService) -> None:
        seats = [SeatRequest("me"), SeatRequest()]
        untimed = await service.create_table(ALICE, "connect5", seats, {"board": "t1"})
        kind = (await service.get_table(untimed.id)).game().game_type
        assert kind.anti_endless_option == "idle_limit"
        assert untimed.options["idle_limit"] == kind.anti_endless_default
        chosen = await service.create_table(ALICE, "connect5", seats, {"idle_limit": 50})
        assert chosen.options["idle_limit"] == 50
        timed = await service.create_table(ALICE, "connect5", seats, {}, realtime(300, 3))
        assert timed.options["idle_limit"] == 0

    run(body)


# ----- records -----------------------------------------------------------------------------------
def test_records_carry_settings_reason_notes_and_timing() -> None:
    async def body(service: MatchService) -> None:
        settings = realtime(60, 2, takeover="mcts:easy")
        table_id = await new_table(service, [ALICE, BOB], settings=settings)
        await move(service, table_id, ALICE)
        await move(service, table_id, BOB)
        running = table_record(await service.get_table(table_id)).meta
        assert "reason" not in running and len(running["timing"]) == 2
        await service.resign(table_id, BOB.id)
        meta = table_record(await service.get_table(table_id)).meta
        assert meta["settings"] == settings.to_json()
        assert meta["settings"]["time_control"]["label"] == "1+2"
        assert meta["reason"] == "resignation"
        assert [n["kind"] for n in meta["notes"]] == ["resign"] and meta["notes"][0]["seat"] == 1
        timing = meta["timing"]
        assert len(timing) == 2 and all(60 < t["clock"] <= 64 for t in timing)
        times = [datetime.fromisoformat(t["at"]) for t in timing]
        assert times == sorted(times)

    run(body)


# ----- pairs: a side is a team -------------------------------------------------------------------
def test_pairs_with_two_teams_a_resignation_ends_the_game_for_the_team() -> None:
    async def body(service: MatchService) -> None:
        table_id = await new_table(service, [ALICE, BOB, CAROL, DAVE], "pairs", {})
        table = await service.get_table(table_id)
        assert table.game().teams() == ((0, 1), (2, 3))
        await everyone_moves(service, table_id)
        await service.resign(table_id, CAROL.id)
        assert table.info.reason is ResultReason.RESIGNATION
        assert table.info.returns == win_for(table.game(), [0, 1])

    run(body)


def test_pairs_with_three_teams_the_partner_plays_on_beside_a_computer() -> None:
    async def body(service: MatchService) -> None:
        seats: list[Spec] = [ALICE, BOB, CAROL, "random", "random", "random"]
        table_id = await new_table(service, seats, "pairs", {})
        table = await service.get_table(table_id)
        await everyone_moves(service, table_id)
        await service.resign(table_id, ALICE.id)
        assert table.info.status is TableStatus.RUNNING
        assert table.info.seats[0].takeover == "mcts:normal"
        assert kinds(table) == ["resign", "takeover"]

    run(body)


def test_in_a_simultaneous_phase_every_active_clock_runs_until_its_seat_is_done() -> None:
    async def body(service: MatchService) -> None:
        settings = realtime(600, 0)
        table_id = await new_table(service, [ALICE, BOB], "connnect", {}, settings)
        table = await service.get_table(table_id)
        assert table.clocks is not None and table.state is not None
        assert set(table.state.active_players()) == {0, 1}
        assert sorted(table.clocks.running) == [0, 1]
        while 0 in table.state.active_players():
            await move(service, table_id, ALICE)
        assert sorted(table.clocks.running) == [1]  # Alice is done: hers stopped
        stopped = table.clocks.remaining[0]
        assert stopped < 600 and table.log[-1].clock == stopped
        await asyncio.sleep(0.05)
        snapshot = table.clocks.snapshot(utcnow())
        assert snapshot["0"] == stopped and snapshot["1"] < 600 - 0.05

    run(body)


def test_three_sides_a_claimed_leaver_who_stays_away_is_ranked_last() -> None:
    async def body(service: MatchService) -> None:
        settings = TableSettings(grace=1, takeover="mcts:easy")
        table_id = await new_table(service, [ALICE, BOB, CAROL], "connect5", SMALL5, settings)
        table = await service.get_table(table_id)
        await everyone_moves(service, table_id)
        await move(service, table_id, ALICE)  # Bob must act and never connected
        shift(service, 2)
        await service.claim(table_id, ALICE.id, 1)
        await play_on(service, table_id, [ALICE, CAROL])()
        assert table.info.reason is ResultReason.NORMAL
        returns = table.info.returns
        assert returns is not None and returns[1] == table.game().game_type.min_utility
        assert table.info.seats[1].takeover == "mcts:easy"

    run(body)
