"""A short run of the server fuzzer (``benchmarks/fuzz_server.py``; the full run is 10,000
inputs): mutated HTTP bodies, WebSocket frames and records are refused cleanly, change nothing,
never get a 5xx, and every frame is answered on a socket that stays open."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def fuzzer() -> ModuleType:
    path = Path(__file__).parents[2] / "benchmarks" / "fuzz_server.py"
    spec = importlib.util.spec_from_file_location("fuzz_server", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fuzz_server"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", [11, 12])
def test_fuzzed_inputs_are_refused_cleanly_and_change_nothing(seed: int) -> None:
    tally = fuzzer().run(count=300, seed=seed, seconds=120, file_share=0.0)
    assert sum(tally.tried.values()) >= 250
    assert sum(tally.rejected.values()) > 0
    assert tally.examples == []
    assert (tally.changed, tally.server_errors, tally.dropped, tally.unanswered) == (0, 0, 0, 0)
