#!/bin/bash
# usage: split_profile.sh OUT -- py-spy --gil of one of two servers, PG+Redis, 400 tables split
OUT=$1
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
.venv/bin/python benchmarks/bench_server.py --tables 400 --seconds 40 --database postgres --redis --processes 2 > $OUT.bench.txt 2>&1 &
B=$!
for i in $(seq 1 180); do
  C=$(pgrep -f "connect_arena.cli.app serve" | wc -l)
  [ "$C" -ge 2 ] && break; sleep 1
done
S=$(pgrep -f "connect_arena.cli.app serve" | head -1)
sleep 30
/tmp/spyenv/bin/py-spy record --pid $S --duration 20 --rate 250 --format raw --output $OUT.raw --nonblocking --gil >/dev/null 2>&1
wait $B
