#!/bin/bash
# usage: pg_ab2.sh PAIRS "ENV_A" "ENV_B" [bench args]; alternates A / B runs (default: 200 tables, 1 and 3 processes)
PAIRS=$1; A=$2; B=$3; shift 3
ARGS=${*:-"--tables 200 --seconds 20 --database postgres --redis --processes 1 3 --routing sticky"}
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
for i in $(seq 1 $PAIRS); do
  for v in A B; do
    if [ $v = A ]; then E=$A; else E=$B; fi
    echo "=== pair $i $v ($E) $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)"
    env $E PYTHONPATH=${SITE:-/tmp/s52/site} .venv/bin/python benchmarks/bench_server.py $ARGS 2>&1 | grep -E "^ +[0-9]+ +[0-9]|event loop thread|actions per"
  done
done
