#!/bin/bash
# usage: ab.sh BEFORE AFTER PAIRS SECONDS bench-args...   (alternated; processes in args)
BEFORE=$1; AFTER=$2; PAIRS=$3; S=$4; shift 4; EXTRA="$*"
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
run() {
  echo "=== $1 $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  PYTHONPATH=$2/src .venv/bin/python benchmarks/bench_server.py --seconds $S $EXTRA 2>&1 | tail -n +3
}
for i in $(seq 1 $PAIRS); do
  if [ $((i % 2)) -eq 1 ]; then run before $BEFORE; run after $AFTER
  else run after $AFTER; run before $BEFORE; fi
done
