#!/bin/bash
# usage: pg_pin.sh ROUTING PAIRS : 400 tables on two processes, PostgreSQL + Redis, unpinned and --pin alternated
cd /work/main
for i in $(seq 1 $2); do
  for v in plain pin; do
    if [ $((i % 2)) -eq 0 ]; then [ $v = plain ] && v=pin || v=plain; fi
    P=""; [ $v = pin ] && P="--pin"
    echo "=== pair $i $v $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)"
    .venv/bin/python benchmarks/bench_server.py --tables 400 --seconds 20 --database postgres --redis --processes 2 --routing $1 $P 2>&1 | tail -n +3
  done
done
