"""What a move's messages are made of (session 47, issue 25): 20 default Quinque games played
by two people with a spectator watching (as ``s9b_move_path.py``), every message each viewer
receives kept; prints the bytes a move sends per viewer kind and the share of the state's
``legal`` and ``legal_actions`` lists and of its observation, and orjson's µs to encode the
messages with and without the two lists.

Run: ``.venv/bin/python benchmarks/results/server_profile/s47_message_parts.py``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from tests.server.test_lifecycle import ALICE, BOB, move, new_table, run

from connect_arena.service import MatchService, User

PARTS = ("legal", "legal_actions", "observation")
"""The state message's parts measured (``service.protocol.StateMessage``)."""


def state_of(message: dict[str, Any]) -> dict[str, Any] | None:
    state = message.get("state") if message.get("type") == "event" else message
    return state if isinstance(state, dict) and state.get("type") == "state" else None


def part_bytes(message: dict[str, Any], key: str) -> int:
    state = state_of(message)
    return len(orjson.dumps(state[key])) if state is not None and key in state else 0


def main() -> None:
    texts: dict[str, list[str]] = {"mover": [], "waiting": [], "spectator": []}
    moves = 0

    async def body(service: MatchService) -> None:
        nonlocal moves
        for game in range(20):
            table_id = await new_table(service, [ALICE, BOB], options={"first_player": "0"})
            viewers = [await service.watch(table_id, u.id) for u in (ALICE, BOB, User(3, "c"))]
            for subscription in viewers:
                subscription._queue.clear()
            table = await service.get_table(table_id)
            while table.state is not None and not table.state.is_terminal():
                seat = min(table.state.active_players())
                await move(service, table_id, ALICE if seat == 0 else BOB, pick=game)
                moves += 1
                for index, subscription in enumerate(viewers):
                    kind = "spectator" if index == 2 else ("mover" if index == seat else "waiting")
                    while subscription.pending():
                        text = subscription._queue.popleft()
                        if text is not None:
                            texts[kind].append(text)

    run(body)
    for kind, kept in texts.items():
        total = sum(len(t.encode()) for t in kept)
        decoded = [json.loads(t) for t in kept]
        shares = ", ".join(
            f"{key} {sum(part_bytes(m, key) for m in decoded) / max(total, 1):.0%}" for key in PARTS
        )
        print(
            f"{kind:>9}: {len(kept) / moves:.2f} messages a move, {total / moves:,.0f} bytes "
            f"a move; of them {shares}"
        )
    decoded = [json.loads(t) for kept in texts.values() for t in kept]
    stripped = []
    for m in decoded:
        copy = json.loads(json.dumps(m))
        state = state_of(copy)
        if state is not None:
            state["legal"], state["legal_actions"] = {}, {}
        stripped.append(copy)
    for name, batch in (("whole", decoded), ("without legal, legal_actions", stripped)):
        best = float("inf")
        for _ in range(5):
            start = time.process_time()
            for m in batch:
                orjson.dumps(m, option=orjson.OPT_NON_STR_KEYS).decode()
            best = min(best, time.process_time() - start)
        print(f"orjson encode, {name}: {best / moves * 1e6:.1f} µs a move (all viewers)")


if __name__ == "__main__":
    main()
