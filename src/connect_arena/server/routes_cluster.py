"""What this process holds of the arena's tables: ``GET /api/cluster/replicas`` (for operators
and the scale-out tests; ``docs/scaling.md``).

With several processes, a process *follows* a table (applies every action made elsewhere,
as its viewers need) only while someone watches it through this process or its game runs
here; otherwise its replica is *dormant*: it skips the actions made elsewhere and catches up
from the database when it is next used. A table without interest here for a while is held as
its *description* only (the lobby's line, who is connected): its game is let go and read back
whole when it is next used. A lone process follows every table it holds.
"""

from __future__ import annotations

from fastapi import APIRouter

from connect_arena.server.dependencies import ArenaDep
from connect_arena.server.protocol import ClusterReplicas

router = APIRouter(prefix="/api")


@router.get("/cluster/replicas", response_model=None)
async def replicas(arena: ArenaDep) -> ClusterReplicas:
    """The tables this process follows, those it holds dormant, and those it holds as their
    description only."""
    service = arena.service
    cluster = service.cluster
    if cluster is None:
        return {"process": None, "followed": sorted(service.tables), "dormant": [], "described": []}
    held = cluster.replicas()
    return {
        "process": cluster.coordinator.origin,
        "followed": held["followed"],
        "dormant": held["dormant"],
        "described": held["described"],
    }
