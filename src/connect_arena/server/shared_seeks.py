"""The seek book shared by every process: :class:`RedisSeekBook`
(:class:`~connect_arena.service.seeks.SeekBook` on Redis).

* ``<prefix>seeks``: a hash, seek id → the seek's JSON (:meth:`Seek.stored`);
* ``<prefix>seeks:order``: a sorted set of the waiting ids (oldest first);
* ``<prefix>seeks:ids``: the last id given (``INCR``).

Placing a seek is one Lua script: count the user's waiting seeks (refuse beyond the limit),
look for the oldest fitting seeks exactly as :func:`~connect_arena.service.seeks.fitting`
does, and either remove the group's seeks or add the new one. Redis runs a script alone, so two
seekers on two processes cannot both take the same waiting seek: each seek ends in exactly one
table. The process that placed the completing seek creates the table and tells every seeker
(their ``seekMatched`` reaches them on whatever process their socket is, through the relay).

The script reads every waiting seek (a few hundred at most in practice, a millisecond of
Redis); a per-key index would be the next step with thousands.
"""

from __future__ import annotations

import json
from typing import cast

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from connect_arena.service.model import ErrorCode, ServiceError
from connect_arena.service.seeks import MAX_SEEKS_PER_USER, Seek, too_many

# KEYS: the hash, the order. ARGV: the new seek's JSON, its id, the per-user limit.
# Returns {-1} (too many), {0} (added) or {1, json of each other seek of the group}.
_PLACE = """
local new = cjson.decode(ARGV[1])
local mine, waiting = 0, {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  local raw = redis.call('HGET', KEYS[1], id)
  if raw then
    local seek = cjson.decode(raw)
    if seek.user_id == new.user_id then mine = mine + 1 end
    waiting[#waiting + 1] = {id, raw, seek}
  end
end
if mine >= tonumber(ARGV[3]) then return {-1} end
local function avoids(a, b)
  for _, id in ipairs(a.avoid or {}) do
    if id == b.user_id then return true end
  end
  return false
end
local function accepts(a, b)
  if avoids(a, b) or avoids(b, a) then return false end
  return a.range == cjson.null or math.abs(b.rating - a.rating) <= a.range
end
local group = {{ARGV[2], ARGV[1], new}}
for _, item in ipairs(waiting) do
  if #group == new.players then break end
  local other, fits = item[3], item[3].key == new.key
  for _, member in ipairs(group) do
    local seek = member[3]
    if not fits or seek.user_id == other.user_id
        or not (accepts(seek, other) and accepts(other, seek)) then
      fits = false
      break
    end
  end
  if fits then group[#group + 1] = item end
end
if #group < new.players then
  redis.call('HSET', KEYS[1], ARGV[2], ARGV[1])
  redis.call('ZADD', KEYS[2], tonumber(ARGV[2]), ARGV[2])
  return {0}
end
local out = {1}
for i = 2, #group do
  redis.call('HDEL', KEYS[1], group[i][1])
  redis.call('ZREM', KEYS[2], group[i][1])
  out[#out + 1] = group[i][2]
end
return out
"""

# KEYS: the hash, the order. ARGV: the user's id, then the seek's id or '' for all of them.
# Returns how many were removed.
_CANCEL = """
local gone = 0
for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  if ARGV[2] == '' or ARGV[2] == id then
    local raw = redis.call('HGET', KEYS[1], id)
    if raw and cjson.decode(raw).user_id == tonumber(ARGV[1]) then
      redis.call('HDEL', KEYS[1], id)
      redis.call('ZREM', KEYS[2], id)
      gone = gone + 1
    end
  end
end
return gone
"""


class RedisSeekBook:
    """Seeks waiting in Redis, matched atomically across processes (module docstring).

    Args:
        url: ``redis://host:port/db``.
        prefix: prefix of every key (several arenas may share one Redis).
    """

    def __init__(self, url: str, prefix: str = "arena:") -> None:
        self.redis: aioredis.Redis = aioredis.Redis.from_url(url, socket_timeout=5)
        self.keys = [f"{prefix}seeks", f"{prefix}seeks:order"]
        self.ids = f"{prefix}seeks:ids"
        self._place = self.redis.register_script(_PLACE)
        self._cancel = self.redis.register_script(_CANCEL)

    async def new_id(self) -> int:
        """See :meth:`SeekBook.new_id`."""
        try:
            return int(await self.redis.incr(self.ids))
        except RedisError as error:
            raise _unavailable(error) from None

    async def place(self, seek: Seek) -> list[Seek] | None:
        """See :meth:`SeekBook.place`."""
        text = json.dumps(seek.stored(), separators=(",", ":"))
        try:
            reply = await self._place(keys=self.keys, args=[text, str(seek.id), MAX_SEEKS_PER_USER])
        except RedisError as error:
            raise _unavailable(error) from None
        if int(reply[0]) < 0:
            raise too_many()
        if int(reply[0]) == 0:
            return None
        return [seek, *(Seek.from_stored(json.loads(raw)) for raw in reply[1:])]

    async def cancel(self, seek_id: int, user_id: int) -> bool:
        """See :meth:`SeekBook.cancel`."""
        return await self._remove(user_id, str(seek_id)) > 0

    async def cancel_user(self, user_id: int) -> int:
        """See :meth:`SeekBook.cancel_user`."""
        return await self._remove(user_id, "")

    async def _remove(self, user_id: int, seek_id: str) -> int:
        try:
            return int(await self._cancel(keys=self.keys, args=[user_id, seek_id]))
        except RedisError as error:
            raise _unavailable(error) from None

    async def waiting(self) -> list[Seek]:
        """See :meth:`SeekBook.waiting`."""
        try:
            ids = cast(list[bytes], await self.redis.zrange(self.keys[1], 0, -1))
            rows = await self.redis.hmget(self.keys[0], ids) if ids else []
        except RedisError as error:
            raise _unavailable(error) from None
        return [Seek.from_stored(json.loads(row)) for row in rows if row is not None]

    async def close(self) -> None:
        """Close the connection pool."""
        await self.redis.aclose()


def _unavailable(error: RedisError) -> ServiceError:
    return ServiceError(ErrorCode.BUSY, f"seeks are unavailable, try again ({error})")
