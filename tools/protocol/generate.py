"""Write (or, with ``--check``, compare) the protocol's JSON Schema file,
``src/connect_arena/server/static/js/protocol.schema.json``, from the typed messages
(``connect_arena.server.protocol``); then ``node tools/protocol/gen-types.mjs`` makes the pages'
types from it. Usage: ``python tools/protocol/generate.py [--check] [PATH]``."""

from __future__ import annotations

import sys

from connect_arena.server.protocol import main

if __name__ == "__main__":
    sys.exit(main())
