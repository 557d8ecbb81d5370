#!/usr/bin/env bash
# System calls per SQL statement of the JDBC client: runs `sdbench bench overhead --rounds 1` from a
# jar and, while its SQL round runs, counts with `perf stat --per-thread` the system calls of the
# work-process threads (dia-*, upd-*: they make every SQL round trip) for SECONDS seconds:
#
#   bench/syscalls.sh JAR [SECONDS] [-- extra bench overhead options]
#
# Database: $SDBENCH_AB_DB_URL (default jdbc:postgresql://127.0.0.1:5432/sdbench_perf); JVM:
# $SDBENCH_JAVA (default java). Needs perf with tracepoint access (root or perf_event_paranoid <= -1).
# Prints the counts of both thread groups per statement (from the round's steps/s and statements per
# step) and each group's per dialog step.
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 2; }
jar="$1"; shift
secs=8
if [ $# -gt 0 ] && [ "$1" != "--" ]; then secs="$1"; shift; fi
[ "${1:-}" != "--" ] || shift
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"; [ -z "${pid:-}" ] || kill "$pid" 2>/dev/null || true' EXIT
url="${SDBENCH_AB_DB_URL:-jdbc:postgresql://127.0.0.1:5432/sdbench_perf}"
"${SDBENCH_JAVA:-java}" -Xmx1g -XX:+UseG1GC -Dsdbench.home="$here" -jar "$jar" bench overhead --db-url "$url" \
  --rounds 1 --window "$((secs + 8))s" --warm-up 5s "$@" >"$work/out" 2>&1 &
pid=$!
touch "$work/out"
# The SQL round follows the second no-SQL round; give it 3 s to reset the documents and settle.
until grep -q 'round 1 no SQL, user context [1-9]' "$work/out"; do
  kill -0 "$pid" 2>/dev/null || { cat "$work/out"; exit 3; }
  sleep 1
done
sleep 3
events=raw_syscalls:sys_enter,syscalls:sys_enter_write,syscalls:sys_enter_read,syscalls:sys_enter_poll,syscalls:sys_enter_futex
perf stat --per-thread -x, -e "$events" -p "$pid" sleep "$secs" 2>"$work/perf" || true
wait "$pid" || true
pid=""
steps=$(grep 'round 1 SD transactions' "$work/out" | grep -oE '[0-9,]+ steps/s' | tr -d , | cut -d' ' -f1)
stmts=$(grep -oE '[0-9.]+ statements per dialog step' "$work/out" | cut -d' ' -f1)
echo "$(basename "$jar"): SQL round $steps steps/s, $stmts statements per step, counted for $secs s"
awk -F, -v steps="$steps" -v stmts="$stmts" -v secs="$secs" '
  { split($1, t, "-"); g = t[1]; if (g != "dia" && g != "upd") next; n[$4] += $2; by[g " " $4] += $2 }
  END { s = steps * stmts * secs
        for (e in n) printf "  %-32s %10d  %6.2f per statement\n", e, n[e], n[e] / s
        for (k in by) { split(k, f, " "); printf "  %-3s %-28s %10d  %6.2f per dialog step\n", f[1], f[2], by[k], by[k] / (steps * secs) } }' \
  "$work/perf" | sort
