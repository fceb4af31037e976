#!/bin/bash
# CPU seconds by command name over the bench's measured window (sampled 25 s after the servers start, for 15 s)
mkdir -p /tmp/s52
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
.venv/bin/python benchmarks/bench_server.py "$@" > /tmp/s52/cpu_by_proc.bench.txt 2>&1 &
B=$!
for i in $(seq 1 180); do C=$(pgrep -f "connect_arena.cli.app serve" | wc -l); [ "$C" -ge 1 ] && break; sleep 1; done
sleep 25
snap() { for p in /proc/[0-9]*; do c=$(cat $p/comm 2>/dev/null); s=$(awk '{print $14+$15}' $p/stat 2>/dev/null); [ -n "$s" ] && echo "$c $s"; done | awk '{t[$1]+=$2} END {for (k in t) print k, t[k]}' | sort; }
snap > /tmp/s52/snap1; sleep 15; snap > /tmp/s52/snap2
join /tmp/s52/snap1 /tmp/s52/snap2 | awk -v hz=$(getconf CLK_TCK) '{d=($3-$2)/hz/15; if (d>0.01) printf "%-20s %.3f cores\n", $1, d}' | sort -k2 -rn
wait $B
grep -E "^ +[0-9]+ +[0-9]" /tmp/s52/cpu_by_proc.bench.txt
