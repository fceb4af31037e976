"""Pairing and standings for tournaments: Swiss, arena and round-robin, for two-sided and
multi-player games. Pure and deterministic for a seed: no I/O, no clock.

Shared by the terminal's ``connect-arena tournament --format ...`` and the server. The caller
keeps the event's state (entrants, finished games, byes) and asks for the next round:

>>> from connect_arena.agents.pairing import Entrant, Played, Bye, pair_swiss, standings
>>> field = [Entrant("ann", 1600), Entrant("bob", 1500), Entrant("cy", 1400)]
>>> first = pair_swiss(field, seed=1)
>>> first.tables, first.byes
((('bob', 'ann'),), ('cy',))
>>> games = [Played(0, ("bob", "ann"), (2, 1))]
>>> [row.id for row in standings(field, games, [Bye(0, "cy")])]
['cy', 'ann', 'bob']

* :mod:`.model`: :class:`Entrant`, :class:`Played`, :class:`Bye`, :class:`Pairing`;
* :mod:`.swiss`: :func:`pair_swiss` (two sides: networkx maximum-weight matching; three or
  more: score-group tables);
* :mod:`.arena`: :func:`pair_arena`, Lichess-style;
* :mod:`.roundrobin`: :func:`round_robin` (Berger tables; every group for multi-player);
* :mod:`.standings`: game and arena points, Buchholz, Sonneborn-Berger, mean rank,
  :func:`standings`.

A *side* is one entrant: a player, or a registered pair of partners in Connect Pairs (the
caller seats its members in the partner seats given by ``Game.teams()``).
"""

from __future__ import annotations

from connect_arena.agents.pairing.arena import pair_arena
from connect_arena.agents.pairing.model import Bye, Entrant, Pairing, Played
from connect_arena.agents.pairing.roundrobin import round_robin
from connect_arena.agents.pairing.standings import (
    TIEBREAKS,
    Record,
    Standing,
    game_points,
    records,
    standings,
    system_tiebreaks,
)
from connect_arena.agents.pairing.swiss import pair_multi, pair_swiss, pair_two_sided, table_sizes

__all__ = [
    "TIEBREAKS",
    "Bye",
    "Entrant",
    "Pairing",
    "Played",
    "Record",
    "Standing",
    "game_points",
    "pair_arena",
    "pair_multi",
    "pair_swiss",
    "pair_two_sided",
    "records",
    "round_robin",
    "standings",
    "system_tiebreaks",
    "table_sizes",
]
