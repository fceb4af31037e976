#!/bin/bash
# usage: pg_ab.sh PAIRS VARIANT_ENV... ; alternates plain / variant runs of 1 and 3 processes
PAIRS=$1; shift
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
for i in $(seq 1 $PAIRS); do
  for v in plain variant; do
    echo "=== pair $i $v $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)"
    if [ $v = plain ]; then
      PYTHONPATH=${SITE:-/tmp/s52/site} .venv/bin/python benchmarks/bench_server.py --tables 200 --seconds 20 --database postgres --redis --processes 1 3 --routing sticky 2>&1 | grep -E "^ +200|event loop thread|actions per"
    else
      env "$@" PYTHONPATH=${SITE:-/tmp/s52/site} .venv/bin/python benchmarks/bench_server.py --tables 200 --seconds 20 --database postgres --redis --processes 1 3 --routing sticky 2>&1 | grep -E "^ +200|event loop thread|actions per"
    fi
  done
done
