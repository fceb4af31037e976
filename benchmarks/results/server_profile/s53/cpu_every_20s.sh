#!/bin/bash
# per-thread CPU (ticks) of the server every 20 s, with a timestamp
for i in $(seq 1 180); do S=$(pgrep -f "connect_arena.cli.app serve" | head -1); [ -n "$S" ] && break; sleep 1; done
while kill -0 $S 2>/dev/null; do
  echo "t $(date +%s.%N | cut -c1-14)"
  for t in /proc/$S/task/*; do
    read -r comm < $t/comm
    st=$(cut -d')' -f2 $t/stat); set -- $st
    echo "  $comm ${12} ${13}"
  done
  sleep 20
done
