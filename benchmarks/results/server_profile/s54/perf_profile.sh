#!/bin/bash
# usage: perf_profile.sh OUT [TABLES] : perf record (user space) of the SQLite server at TABLES
OUT=$1; T=${2:-500}
cd /work/main
.venv/bin/python benchmarks/bench_server.py --tables $T --seconds ${RUN_SECONDS:-45} --processes 1 > $OUT.bench.txt 2>&1 &
B=$!
for i in $(seq 1 180); do
  S=$(pgrep -f "connect_arena.cli.app serve" | head -1)
  [ -n "$S" ] && break; sleep 1
done
sleep ${DELAY:-25}
perf record -F 499 -g -p $S -o $OUT.perf.data -- sleep ${DURATION:-15} > $OUT.perf.log 2>&1
wait $B
