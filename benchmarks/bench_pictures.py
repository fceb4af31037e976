"""The landing page's pictures: the time to find each game's typical position and draw it
(what the first ``GET /api/games/{name}/picture.svg`` of a process costs; later requests are
served from the cache), and the size of the SVG, plain and gzipped.

Run: ``.venv/bin/python benchmarks/bench_pictures.py``. Prints one line per game; asserts
nothing (speed targets live in benchmarks, never in unit tests).
"""

from __future__ import annotations

import gzip
import time

from connect_arena.core import game_class
from connect_arena.service.pictures import picture


def main() -> None:
    for name in ("quinque", "connect5", "connnect", "pairs"):
        game_class(name)  # imported before the clock starts
        started = time.perf_counter()
        cpu = time.process_time()
        text = picture(name)
        wall_ms = (time.perf_counter() - started) * 1000
        cpu_ms = (time.process_time() - cpu) * 1000
        packed = len(gzip.compress(text.encode()))
        print(
            f"{name:9} {wall_ms:7.0f} ms wall {cpu_ms:7.0f} ms CPU  "
            f"{len(text) / 1024:5.1f} KiB svg  {packed / 1024:4.1f} KiB gzipped"
        )


if __name__ == "__main__":
    main()
