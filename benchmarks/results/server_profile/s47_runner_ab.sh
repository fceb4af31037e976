#!/bin/bash
# Alternated A/B of the ASGI server (session 47, issue 25): PAIRS pairs of bench_server.py runs
# at TABLES tables, the same tree and compiled engines, --runner uvicorn ("before") and
# --runner granian ("after", s47_granian_serve.py), order alternated, nice 5.
# usage: s47_runner_ab.sh TABLES PAIRS [SECONDS] [extra bench args...]  (from anywhere)
T=$1; PAIRS=$2; S=${3:-30}; shift 3 2>/dev/null; EXTRA="$*"
cd "$(dirname "$0")/../../.."
run() {
  echo "=== $1 $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  nice -n 5 .venv/bin/python benchmarks/bench_server.py --tables $T --seconds $S --processes 1 --runner $1 $EXTRA 2>&1 | tail -n +2
}
for i in $(seq 1 $PAIRS); do
  if [ $((i % 2)) -eq 1 ]; then run uvicorn; run granian
  else run granian; run uvicorn; fi
done
