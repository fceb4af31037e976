#!/bin/bash
# Alternated A/B of the service's move path compiled by mypyc (session 47, issue 25): PAIRS
# pairs of bench_server.py runs at TABLES tables, the same tree and compiled engines; "after"
# with SITE on PYTHONPATH (a sitecustomize.py whose meta-path finder loads service modules
# compiled apart, /tmp/s47/svc_build.py), "before" without; order alternated, nice 5.
# usage: s47_service_ab.sh SITE TABLES PAIRS [SECONDS]  (from anywhere)
SITE=$1; T=$2; PAIRS=$3; S=${4:-30}
cd "$(dirname "$0")/../../.."
run() {
  echo "=== $1 $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  PYTHONPATH=$2 nice -n 5 .venv/bin/python benchmarks/bench_server.py --tables $T --seconds $S --processes 1 2>&1 | tail -n +2
}
for i in $(seq 1 $PAIRS); do
  if [ $((i % 2)) -eq 1 ]; then run before ""; run after $SITE
  else run after $SITE; run before ""; fi
done
