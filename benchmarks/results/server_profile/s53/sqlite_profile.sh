#!/bin/bash
# usage: sqlite_profile.sh OUT [TABLES] [--gil|--threads] -- py-spy of the SQLite server: --gil (default) the thread
# holding the GIL (mostly the event loop), --threads every thread apart
OUT=$1; T=${2:-500}; MODE=${3:---gil}
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
.venv/bin/python benchmarks/bench_server.py --tables $T --seconds 45 --processes 1 > $OUT.bench.txt 2>&1 &
B=$!
for i in $(seq 1 180); do
  S=$(pgrep -f "connect_arena.cli.app serve" | head -1)
  [ -n "$S" ] && break; sleep 1
done
# into the measured time: the tables open in ~15 s, then the bench measures 45 s (it prints only at the end)
sleep 25
/tmp/spyenv/bin/py-spy record --pid $S --duration 25 --rate 500 --format raw --output $OUT.raw --nonblocking $MODE >/dev/null 2>&1
wait $B
