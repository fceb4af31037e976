#!/bin/bash
# usage: steady_profile.sh OUT -- py-spy --gil of the SQLite server at 500 tables in the steady state (100-130 s into a 150-s run)
OUT=$1
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel 2>/dev/null || echo /work/main)"
.venv/bin/python benchmarks/bench_server.py --tables 500 --seconds 150 --processes 1 > $OUT.bench.txt 2>&1 &
B=$!
for i in $(seq 1 180); do
  S=$(pgrep -f "connect_arena.cli.app serve" | head -1)
  [ -n "$S" ] && break; sleep 1
done
sleep 115
/tmp/spyenv/bin/py-spy record --pid $S --duration 30 --rate 500 --format raw --output $OUT.raw --nonblocking --gil >/dev/null 2>&1
wait $B
