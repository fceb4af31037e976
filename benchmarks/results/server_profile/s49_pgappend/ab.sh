#!/bin/sh
# A/B on PostgreSQL (issue 25, session 49): main's storage (the ORM's transaction per batch)
# against branch pgappend's (one autocommitted INSERT a batch), alternated A B, B A, ... so
# that a load rising or falling over the run favours neither. Run from the pgappend worktree:
#   sh benchmarks/results/server_profile/s49_pgappend/ab.sh PAIRS COMMAND... >> OUT
# e.g. ab.sh 3 benchmarks/bench_group_commit.py --database postgres --tables 300 --seconds 15
# MAIN: the checkout whose src is "before" (default /work/main).
PAIRS=$1
shift
MAIN=${MAIN:-/work/main}
for pair in $(seq "$PAIRS"); do
  if [ $((pair % 2)) -eq 1 ]; then trees="$MAIN $PWD"; else trees="$PWD $MAIN"; fi
  for tree in $trees; do
    echo "== pair $pair: $tree ($(date -u +%H:%M:%S); load $(cut -d' ' -f1 /proc/loadavg))"
    PYTHONPATH="$tree/src" .venv/bin/python "$@"
  done
done
