#!/bin/bash
# The event loop thread of the server under load, sampled by py-spy (pip install py-spy; --gil: the
# samples where a thread holds the GIL; raw collapsed stacks), 35 s into a 40 s run of bench_server.py.
# usage: s41_profile.sh TREE OUT TABLES (TREE: the checkout whose src/ the server runs, its compiled
# engines copied into src/connect_arena/_native/; run from the worktree with .venv). Summary: s41_aggregate.py
TREE=$1; OUT=$2; T=$3
cd "$(dirname "$0")/../../.."
PYTHONPATH=$TREE/src nice -n 10 .venv/bin/python benchmarks/bench_server.py --tables $T --seconds 40 --processes 1 > $OUT.bench.txt 2>&1 &
B=$!
for i in $(seq 1 120); do
  S=$(pgrep -f "connect_arena.cli.app serve" -P $B | head -1)
  [ -n "$S" ] && break; sleep 1
done
sleep 35
.venv/bin/py-spy record --pid $S --duration 20 --rate 200 --format raw --output $OUT.raw --nonblocking --gil >/dev/null 2>&1
wait $B
