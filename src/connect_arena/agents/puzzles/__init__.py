"""Puzzles: positions from games with one proven answer (solver, miner, shipped data)."""
