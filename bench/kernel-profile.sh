#!/usr/bin/env bash
# Where the kernel time of the dialog work processes goes while the SD transactions run: starts
# `sdbench bench overhead --rounds 1` from a jar and, while its SQL round runs, samples the dia-*
# threads with `perf record -g` (cpu-clock, kernel and user stacks) for SECONDS seconds. Prints
# their samples by what the thread was doing in the kernel:
#
#   switched in after sleeping   the context switch back into a thread that slept waiting for an answer
#   waking the backend           the request's write waking the PostgreSQL backend (try_to_wake_up)
#   preempted on the way out     a switch at the end of a system call (the woken backend ran first)
#   other kernel                 the rest of the system calls: copies, socket bookkeeping, entry and exit
#   user                         the JVM: sdbench, pgjdbc, the JIT's code
#
# bench/profile.sh splits the user part by method; this splits the kernel part, which is most of a
# round trip's cost and which a C client pays alike (bench/pgbench-floor.sh, `bench replay`).
#
#   bench/kernel-profile.sh JAR [SECONDS] [-- extra bench overhead options]
#
# Database: $SDBENCH_AB_DB_URL (default jdbc:postgresql://127.0.0.1:5432/sdbench_perf); JVM:
# $SDBENCH_JAVA (default: the JDK 21 or newer that ./sdbench finds). Needs perf with access to kernel stacks (root, or perf_event_paranoid <= 1 and
# kptr_restrict 0).
set -euo pipefail
# shellcheck source=bench/sql-round.sh
. "$(dirname "${BASH_SOURCE[0]}")/sql-round.sh"
tids="$(group_threads | awk '$1 == "dia" {sub(/.*\//, "", $2); printf "%s%s", sep, $2; sep = ","}')"
[ -n "$tids" ] || { echo "kernel-profile: no dia-* threads in the bench's JVM" >&2; exit 3; }
perf record -q -e cpu-clock -F 2999 -g -t "$tids" -o "$work/perf.data" -- sleep "$secs" 2>"$work/record" \
  || { cat "$work/record" >&2; exit 3; }
wait "$pid" || true
pid=""
grep -E 'round 1 SD transactions' "$work/out" || true
# One line per sample: its stack innermost first (perf script's default), frames separated by ';'.
perf script -i "$work/perf.data" -F ip,sym 2>/dev/null | awk '
  NF == 0 { if (s != "") print s; s = ""; next }
  { s = s ";" $2 }
  END { if (s != "") print s }' | awk -v secs="$secs" '
  { n++
    if ($0 ~ /^;(finish_task_switch|__schedule|_raw_spin_unlock_irq)/ && $0 ~ /epoll_wait/ && $0 !~ /exit_to_user_mode/) k = "switched in after sleeping"
    else if ($0 ~ /try_to_wake_up|sock_def_readable/ && $0 ~ /(write|sendmsg)/) k = "waking the backend"
    else if ($0 ~ /exit_to_user_mode_loop/ && $0 ~ /schedule/) k = "preempted on the way out"
    else if ($0 ~ /entry_SYSCALL|do_syscall_64|irqentry|asm_/) k = "other kernel"
    else k = "user"
    c[k]++ }
  END { printf "dia-* threads: %d samples in %d s\n", n, secs
        for (k in c) printf "  %5.1f %%  %s\n", 100 * c[k] / n, k }' | { read -r header; echo "$header"; sort -rn; }
