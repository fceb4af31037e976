#!/bin/bash
# usage: ab.sh ROUNDS FILES...  -- main (/tmp/tt2-base, a worktree of main) and the branch
# (/work/wt-testtime2) alternated A B A B; same venv and compiled build (PYTHONPATH=branch src:
# the branch changes no source under src/), CPU = user+sys of pytest and every reaped child.
rounds=$1; shift
for i in $(seq "$rounds"); do
  for dir in /tmp/tt2-base /work/wt-testtime2; do
    cd "$dir" || exit 1
    out=$(PYTHONPATH=/work/wt-testtime2/src /usr/bin/time -f "%e %U %S" nice -n 10 \
      /work/wt-testtime2/.venv/bin/python -m pytest -q -p no:randomly -p no:cacheprovider -n 1 "$@" 2>&1)
    summary="$(echo "$out" | grep -E "passed|failed|error" | tail -1) $(echo "$out" | grep -E "^(FAILED|ERROR) " | cut -c1-120 | tr '\n' ' ')"
    read -r wall user sys <<<"$(echo "$out" | tail -1)"
    cpu=$(echo "$user + $sys" | bc)
    echo "$(basename "$dir") wall ${wall} s cpu ${cpu} s (${user}+${sys})  load $(cut -d' ' -f1 /proc/loadavg)  | $summary"
  done
done
