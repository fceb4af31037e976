#!/bin/bash
# usage: pgprof.sh N OUT  -- py-spy (all threads, active) of one server of N on PG+Redis 200 tables
N=$1; OUT=$2
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
.venv/bin/python benchmarks/bench_server.py --tables 200 --seconds 40 --database postgres --redis --processes $N --routing sticky > $OUT.bench.txt 2>&1 &
B=$!
for i in $(seq 1 180); do
  S=$(pgrep -f "connect_arena.cli.app serve" | head -1)
  C=$(pgrep -f "connect_arena.cli.app serve" | wc -l)
  [ "$C" -ge "$N" ] && [ -n "$S" ] && break; sleep 1
done
sleep 40
/tmp/spyenv/bin/py-spy record --pid $S --duration 20 --rate 200 --format raw --output $OUT.raw --nonblocking >/dev/null 2>&1
wait $B
