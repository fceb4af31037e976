#!/bin/bash
# usage: abpg.sh BEFORE AFTER PAIRS SECONDS TABLES PROCS  (alternated; PostgreSQL + Redis, sticky)
BEFORE=$1; AFTER=$2; PAIRS=$3; S=$4; T=$5; P=$6
cd /work/main
run() {
  echo "=== $1 $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  PYTHONPATH=$2/src .venv/bin/python benchmarks/bench_server.py --seconds $S --tables $T --database postgres --redis --processes $P --routing sticky 2>&1 | tail -n +3
}
for i in $(seq 1 $PAIRS); do
  if [ $((i % 2)) -eq 1 ]; then run before $BEFORE; run after $AFTER
  else run after $AFTER; run before $BEFORE; fi
done
