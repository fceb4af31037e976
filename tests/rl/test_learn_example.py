"""The learning example (issue 18, part 4) runs end to end on a tiny budget, and its update
rule moves the policy the right way."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).parents[2] / "examples" / "learn_connect5.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("learn_connect5", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_smoke_run_writes_the_curve(
    example: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    png = tmp_path / "curve.png"
    example.main(["--games", "6", "--first-eval", "3", "--eval-games", "1", "--plot", str(png)])
    out = capsys.readouterr().out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "     3 games   vs random:" in out
    assert "trained 6 games" in out
    assert "final win rate:" in out and "vs greedy" in out


def test_a_won_game_makes_its_actions_likelier(example: ModuleType) -> None:
    trainer = example.Trainer(seed=3, learning_rate=0.01)
    opponent = example.make_agent("random", 4)
    result, steps = trainer.play(trainer.policy, 0, opponent, 5)
    assert steps
    first = steps[0]
    before = trainer.policy.probabilities(first.x, first.legal)[first.chosen]
    trainer.learn(1.0, steps)
    after = trainer.policy.probabilities(first.x, first.legal)[first.chosen]
    assert after > before
    assert result in (-1.0, 0.0, 1.0)
    assert np.isfinite(trainer.policy.weights).all()
