#!/usr/bin/env bash
# Context switches per dialog step of the JDBC client's threads: runs `sdbench bench overhead --rounds 1`
# from a jar and, while its SQL round runs, reads the kernel's voluntary and involuntary context-switch
# counts (/proc/PID/task/TID/status) of the work-process threads (dia-*, upd-*) and the think timer for
# SECONDS seconds. A voluntary switch is a wait that blocked: one per round trip is the least a client
# that waits for its answer can have.
#
#   bench/context-switches.sh JAR [SECONDS] [-- extra bench overhead options]
#
# Database: $SDBENCH_AB_DB_URL (default jdbc:postgresql://127.0.0.1:5432/sdbench_perf); JVM:
# $SDBENCH_JAVA (default: the JDK 21 or newer that ./sdbench finds). Needs no privileges.
set -euo pipefail
# shellcheck source=bench/sql-round.sh
. "$(dirname "${BASH_SOURCE[0]}")/sql-round.sh"
snapshot() {
  group_threads | while read -r g t; do
    awk -v g="$g" '/^voluntary_ctxt_switches/ {v = $2} /^nonvoluntary_ctxt_switches/ {i = $2}
                   END {print g, v, i}' "$t/status" 2>/dev/null || true
  done | awk '{v[$1] += $2; i[$1] += $3} END {for (g in v) print g, v[g], i[g]}' | sort
}
snapshot >"$work/a"
sleep "$secs"
snapshot >"$work/b"
wait "$pid" || true
pid=""
steps=$(grep 'round 1 SD transactions' "$work/out" | grep -oE '[0-9,]+ steps/s' | tr -d , | cut -d' ' -f1)
echo "$(basename "$jar"): SQL round $steps steps/s, counted for $secs s"
join "$work/a" "$work/b" | awk -v s="$steps" -v secs="$secs" \
  '{printf "  %-6s voluntary %5.2f  involuntary %5.2f per dialog step\n", $1, ($4 - $2) / (s * secs), ($5 - $3) / (s * secs)}'
grep -E 'round 1 SD transactions' "$work/out" || true
