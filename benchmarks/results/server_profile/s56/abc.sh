#!/bin/bash
# usage: abc.sh ROUNDS SECONDS NAME=TREE... -- bench-args   (each round runs every tree, the order rotated by one each round)
ROUNDS=$1; S=$2; shift 2; NAMES=(); TREES=()
while [ "$1" != "--" ]; do NAMES+=("${1%%=*}"); TREES+=("${1#*=}"); shift; done; shift; EXTRA="$*"
cd /work/main
N=${#NAMES[@]}
for r in $(seq 0 $((ROUNDS-1))); do
  for k in $(seq 0 $((N-1))); do
    i=$(( (k + r) % N ))
    echo "=== ${NAMES[$i]} round $((r+1)) $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
    PYTHONPATH=${TREES[$i]}/src .venv/bin/python benchmarks/bench_server.py --seconds $S $EXTRA 2>&1 | tail -n +3
  done
done
