"""Rate limits in Redis (``server/shared_limits.py``): two limiters on one Redis, as two
processes have, grant one budget between them, atomically, without blocking the event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

import redis

from connect_arena.server.auth import RateLimiter, take_all
from connect_arena.server.shared_limits import RedisRateLimiter

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(asyncio.wait_for(coroutine, 30))


def test_two_processes_share_one_budget(redis_url: str) -> None:
    async def scenario() -> None:
        first = RedisRateLimiter(redis_url, "chat", 5, 60)
        second = RedisRateLimiter(redis_url, "chat", 5, 60)
        taken = [await first.take("user:1"), await second.take("user:1")]
        taken += [await first.take("user:1"), await second.take("user:1")]
        taken.append(await first.take("user:1"))
        assert taken == [0.0] * 5
        refused = await second.take("user:1")
        assert 0 < refused <= 60
        assert await first.take("user:2") == 0.0  # another key has its own budget
        await second.forget_one("user:1")  # a refund on one process frees a slot for the other
        assert await first.take("user:1") == 0.0
        assert await second.take("user:1") > 0
        await first.clear("user:1")
        assert await second.take("user:1") == 0.0
        await first.close()
        await second.close()

    run(scenario())


def test_limiters_of_different_names_count_apart(redis_url: str) -> None:
    async def scenario() -> None:
        login = RedisRateLimiter(redis_url, "login", 1, 60)
        chat = RedisRateLimiter(redis_url, "chat", 1, 60)
        assert await login.take("ip:1") == 0.0
        assert await chat.take("ip:1") == 0.0
        assert await login.take("ip:1") > 0
        await login.close()
        await chat.close()

    run(scenario())


def test_forty_takes_at_once_on_two_processes_grant_the_limit_once(redis_url: str) -> None:
    async def scenario() -> list[float]:
        limiters = [RedisRateLimiter(redis_url, "chat", 5, 60) for _ in range(2)]
        waits = await asyncio.gather(*(limiters[i % 2].take("user:7") for i in range(40)))
        for limiter in limiters:
            await limiter.close()
        return list(waits)

    assert run(scenario()).count(0.0) == 5


def test_several_keys_are_checked_and_counted_together(redis_url: str) -> None:
    async def scenario() -> None:
        limiter = RedisRateLimiter(redis_url, "login", 2, 60)
        assert await limiter.take("ip:a", "name:x") == 0.0
        assert await limiter.take("ip:b", "name:x") == 0.0  # name:x now has two
        assert await limiter.take("ip:c", "name:x") > 0  # refused: nothing counted for ip:c
        assert await limiter.take("ip:c", "name:y") == 0.0
        assert await limiter.take("ip:c", "name:z") == 0.0  # ip:c's second: the first held
        assert await limiter.take("ip:a", "name:w") == 0.0
        assert await limiter.take("ip:a", "name:v") > 0  # ip:a is full
        await limiter.close()

    run(scenario())


def test_several_limiters_are_taken_in_one_step(redis_url: str) -> None:
    # A sign-in counts against the address's limiter and the account's: both or neither,
    # whatever the other processes do between (one script, not a check then a count).
    async def scenario() -> None:
        address = RedisRateLimiter(redis_url, "login", 3, 60)
        account = RedisRateLimiter(redis_url, "signin-1-60", 1, 60)
        other = RedisRateLimiter(redis_url, "login", 3, 60)  # another process's
        assert await take_all([(address, "ip:1"), (account, "name:a")]) == [0.0, 0.0]
        waits = await take_all([(other, "ip:1"), (account, "name:a")])
        assert waits[0] == 0.0 and waits[1] > 0  # refused by the account: ip:1 not counted
        assert await take_all([(other, "ip:1"), (address, "ip:2")]) == [0.0, 0.0]
        assert await address.take("ip:1") == 0.0  # the third of ip:1
        assert await other.take("ip:1") > 0
        for limiter in (address, account, other):
            await limiter.close()

    run(scenario())


def test_a_take_waiting_for_redis_lets_the_event_loop_run(redis_url: str) -> None:
    async def scenario() -> tuple[int, float]:
        limiter = RedisRateLimiter(redis_url, "chat", 5, 60)
        await limiter.take("warm")  # connected
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.create_task(tick())
        with redis.Redis.from_url(redis_url) as admin:
            admin.execute_command("CLIENT", "PAUSE", "300", "ALL")  # Redis stops answering
            wait = await limiter.take("user:1")
        during = ticks
        ticker.cancel()
        await limiter.close()
        return during, wait

    during, wait = run(scenario())
    assert wait == 0.0 and during > 0  # other tasks ran while the take waited


def test_an_unreachable_redis_falls_back_to_the_process(redis_url: str) -> None:
    async def scenario() -> list[float]:
        limiter = RedisRateLimiter("redis://127.0.0.1:1/0", "chat", 2, 60)
        waits = [await limiter.take("k") for _ in range(3)]
        await limiter.close()
        return waits

    waits = run(scenario())
    assert waits[:2] == [0.0, 0.0] and waits[2] > 0


def test_the_in_memory_limiter_takes_several_in_one_step() -> None:
    async def scenario() -> None:
        address, account = RateLimiter(3, 60), RateLimiter(1, 60)
        assert await take_all([(address, "ip:1"), (account, "name:a")]) == [0.0, 0.0]
        waits = await take_all([(address, "ip:1"), (account, "name:a")])
        assert waits[0] == 0.0 and waits[1] > 0
        assert await address.take("ip:1") == 0.0  # the refused call counted nothing
        assert await address.take("ip:1") == 0.0
        assert await address.take("ip:1") > 0

    run(scenario())
