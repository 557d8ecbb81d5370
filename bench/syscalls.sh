#!/usr/bin/env bash
# System calls per SQL statement of the JDBC client: runs `sdbench bench overhead --rounds 1` from a
# jar and, while its SQL round runs, counts with `perf stat --per-thread` the system calls of the
# work-process threads (dia-*, upd-*: they make every SQL round trip) for SECONDS seconds:
#
#   bench/syscalls.sh JAR [SECONDS] [-- extra bench overhead options]
#
# Database: $SDBENCH_AB_DB_URL (default jdbc:postgresql://127.0.0.1:5432/sdbench_perf); JVM:
# $SDBENCH_JAVA (default: the JDK 21 or newer that ./sdbench finds). Needs perf with tracepoint access (root or perf_event_paranoid <= -1).
# Prints the counts of both thread groups per statement (from the round's steps/s and statements per
# step) and each group's per dialog step.
set -euo pipefail
# shellcheck source=bench/sql-round.sh
. "$(dirname "${BASH_SOURCE[0]}")/sql-round.sh"
events=raw_syscalls:sys_enter,syscalls:sys_enter_write,syscalls:sys_enter_read,syscalls:sys_enter_epoll_wait,syscalls:sys_enter_futex,context-switches
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
