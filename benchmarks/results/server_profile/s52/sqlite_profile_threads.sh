#!/bin/bash
# usage: sqlite_profile.sh OUT [TABLES] -- py-spy --gil (the thread holding the GIL: mostly the loop) of the SQLite server
OUT=$1; T=${2:-500}
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
.venv/bin/python benchmarks/bench_server.py --tables $T --seconds 45 --processes 1 > $OUT.bench.txt 2>&1 &
B=$!
for i in $(seq 1 180); do
  S=$(pgrep -f "connect_arena.cli.app serve" | head -1)
  [ -n "$S" ] && break; sleep 1
done
# wait until the measured time starts (the bench prints nothing until the end): tables take ~40 s to open
sleep 25
/tmp/spyenv/bin/py-spy record --pid $S --duration 20 --rate 250 --format raw --output $OUT.raw --nonblocking --threads >/dev/null 2>&1
wait $B
