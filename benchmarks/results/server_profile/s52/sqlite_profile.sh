#!/bin/bash
# usage: [RATE=250] [DURATION=20] [RUN_SECONDS=45] [DELAY=25] sqlite_profile.sh OUT [TABLES] [--gil|--threads|--perf]
# py-spy of the SQLite server: --gil (default) the thread holding the GIL (mostly the event loop),
# --threads every thread apart; DURATION seconds at RATE Hz, from DELAY seconds after the server
# started, in a run measuring RUN_SECONDS (session 53's steady state: RUN_SECONDS=150 DELAY=115);
# --perf: Linux perf instead (native frames: libraries, the kernel), OUT.perf.data (session 54)
OUT=$1; T=${2:-500}; MODE=${3:---gil}
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
.venv/bin/python benchmarks/bench_server.py --tables $T --seconds ${RUN_SECONDS:-45} --processes 1 > $OUT.bench.txt 2>&1 &
B=$!
for i in $(seq 1 180); do
  S=$(pgrep -f "connect_arena.cli.app serve" | head -1)
  [ -n "$S" ] && break; sleep 1
done
# into the measured time: the tables open in ~15 s, then the bench measures (it prints only at the end)
sleep ${DELAY:-25}
if [ "$MODE" = "--perf" ]; then
  perf record -F ${RATE:-499} -g -p $S -o $OUT.perf.data -- sleep ${DURATION:-20} > $OUT.perf.log 2>&1
else
  /tmp/spyenv/bin/py-spy record --pid $S --duration ${DURATION:-20} --rate ${RATE:-250} --format raw --output $OUT.raw --nonblocking $MODE >/dev/null 2>&1
fi
wait $B
