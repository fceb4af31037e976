#!/usr/bin/env bash
# Alternate runs of bench_server.py with the games of tables without interest let go at once
# (CONNECT_ARENA_RELEASE_AFTER=0) and never (1e9, as before session 60), same tree.
# Usage: bash release_ab.sh PAIRS SECONDS ARGS...   (from the checkout's root)
set -u
pairs=$1; seconds=$2; shift 2
for i in $(seq 1 "$pairs"); do
  for after in 1e9 0; do
    echo "=== pair $i, CONNECT_ARENA_RELEASE_AFTER=$after"
    CONNECT_ARENA_RELEASE_AFTER=$after .venv/bin/python benchmarks/bench_server.py \
      --seconds "$seconds" "$@" 2>&1 | grep -v "^\s*$"
  done
done
