#!/bin/bash
# usage: abn.sh ROUNDS "ENV1" "ENV2" ... -- bench args ; rotates the variants, each round in a shifted order
ROUNDS=$1; shift; V=(); while [ "$1" != "--" ]; do V+=("$1"); shift; done; shift; ARGS="$*"
cd /work/main
n=${#V[@]}
for r in $(seq 0 $((ROUNDS-1))); do
  for k in $(seq 0 $((n-1))); do
    E=${V[$(( (k + r) % n ))]}
    echo "=== round $((r+1)) ($E) $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)"
    env $E PYTHONPATH=${SITE:-/tmp/s54/site} .venv/bin/python benchmarks/bench_server.py $ARGS 2>&1 | grep -E "^ +[0-9]+ +[0-9]|event loop thread"
  done
done
