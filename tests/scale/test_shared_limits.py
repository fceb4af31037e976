"""Rate limits in Redis (``server/shared_limits.py``): two limiters on one Redis, as two
processes have, grant one budget between them, atomically."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from connect_arena.server.shared_limits import RedisRateLimiter


def test_two_processes_share_one_budget(redis_url: str) -> None:
    first = RedisRateLimiter(redis_url, "chat", 5, 60)
    second = RedisRateLimiter(redis_url, "chat", 5, 60)
    taken = [first.take("user:1"), second.take("user:1"), first.take("user:1")]
    taken += [second.take("user:1"), first.take("user:1")]
    assert taken == [0.0] * 5
    refused = second.take("user:1")
    assert 0 < refused <= 60
    assert first.retry_after("user:1") > 0
    assert first.take("user:2") == 0.0  # another key has its own budget
    second.forget_one("user:1")  # a refund on one process frees a slot for the other
    assert first.take("user:1") == 0.0
    assert second.take("user:1") > 0
    first.clear("user:1")
    assert second.retry_after("user:1") == 0.0
    first.close()
    second.close()


def test_limiters_of_different_names_count_apart(redis_url: str) -> None:
    login = RedisRateLimiter(redis_url, "login", 1, 60)
    chat = RedisRateLimiter(redis_url, "chat", 1, 60)
    assert login.take("ip:1") == 0.0
    assert chat.take("ip:1") == 0.0
    assert login.take("ip:1") > 0
    login.close()
    chat.close()


def test_forty_takes_at_once_on_two_processes_grant_the_limit_once(redis_url: str) -> None:
    limiters = [RedisRateLimiter(redis_url, "chat", 5, 60) for _ in range(2)]
    with ThreadPoolExecutor(8) as pool:
        waits = list(pool.map(lambda i: limiters[i % 2].take("user:7"), range(40)))
    assert waits.count(0.0) == 5
    for limiter in limiters:
        limiter.close()


def test_several_keys_are_checked_and_counted_together(redis_url: str) -> None:
    limiter = RedisRateLimiter(redis_url, "login", 2, 60)
    limiter.hit("ip:a", "name:x")
    limiter.hit("ip:a", "name:y")
    assert limiter.take("ip:b", "name:x") == 0.0  # name:x now has two
    assert limiter.take("ip:c", "name:x") > 0  # refused: nothing counted for ip:c
    assert limiter.retry_after("ip:c") == 0.0
    assert limiter.take("ip:a", "name:z") > 0  # ip:a is full
    limiter.close()


def test_an_unreachable_redis_falls_back_to_the_process(redis_url: str) -> None:
    limiter = RedisRateLimiter("redis://127.0.0.1:1/0", "chat", 2, 60)
    assert [limiter.take("k"), limiter.take("k")] == [0.0, 0.0]
    assert limiter.take("k") > 0
    limiter.close()
