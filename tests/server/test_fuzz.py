"""A short run of the server fuzzer (``benchmarks/fuzz_server.py``; the full run is 10,000
inputs per seed): mutated requests to every route and frames of every type are refused
cleanly, change none of the rows they could touch, never get a 5xx, every request is answered
and every frame too, on a socket that stays open (issue 30, items 7 and 8)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from types import ModuleType

import pytest

from scripts import benchmark_script


def fuzzer() -> ModuleType:
    return benchmark_script("fuzz_server")


@pytest.mark.parametrize("seed", [11, 12])
def test_fuzzed_inputs_are_refused_cleanly_and_change_nothing(seed: int) -> None:
    tally = fuzzer().run(count=300, seed=seed, seconds=120, file_share=0.0)
    assert sum(tally.tried.values()) >= 250
    assert sum(tally.rejected.values()) > 0
    assert any(kind.startswith("http DELETE") for kind in tally.tried)  # every method...
    assert any(kind.startswith("frame resign") for kind in tally.tried)  # ...and frame type
    assert tally.examples == []
    assert (tally.changed, tally.server_errors, tally.dropped, tally.unanswered) == (0, 0, 0, 0)


def test_the_fuzzer_covers_every_route() -> None:
    """Its routes come from the OpenAPI schema and the pages, so a new route is fuzzed too."""
    from fastapi.testclient import TestClient

    from connect_arena.server import create_app
    from tests.server.serverhelpers import fast_settings

    module = fuzzer()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(fast_settings(Path(folder)))
        with TestClient(app) as client:
            harness = module.Harness(client, random.Random(1), module.Tally())
            schema = app.openapi()
            served = {(m.upper(), p) for p, ops in schema["paths"].items() for m in ops}
            assert served <= set(harness.routes)
            assert ("GET", "/tables/{table_id}") in harness.routes
