#!/bin/bash
# Alternated A/B of the server at TABLES tables: PAIRS pairs of runs of bench_server.py (this
# worktree's, so the same load generator for both), "before" with BEFORE's src/ on PYTHONPATH,
# "after" with AFTER's (each tree's compiled engines copied into src/connect_arena/_native/),
# order before/after in the odd pairs and after/before in the even ones, under nice -n 10.
# usage: s42_ab.sh BEFORE AFTER TABLES PAIRS [SECONDS] [extra bench args...]  (from the worktree)
BEFORE=$1; AFTER=$2; T=$3; PAIRS=$4; S=${5:-30}; shift 5 2>/dev/null; EXTRA="$*"
cd "$(dirname "$0")/../../.."
run() {
  echo "=== $1 $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  PYTHONPATH=$2/src nice -n 10 .venv/bin/python benchmarks/bench_server.py --tables $T --seconds $S --processes 1 $EXTRA 2>&1 | tail -n +2
}
for i in $(seq 1 $PAIRS); do
  if [ $((i % 2)) -eq 1 ]; then run before $BEFORE; run after $AFTER
  else run after $AFTER; run before $BEFORE; fi
done
