#!/usr/bin/env bash
# Where the JVM's CPU goes while the SD transactions run: starts `sdbench bench overhead --rounds 1` from
# a jar and, while its SQL round runs, records SECONDS seconds of JFR's CPU-time samples (JDK 25's
# jdk.CPUTimeSample, at most one sample per millisecond of a thread's CPU, native code and system calls
# included) and reads user and system time per thread group from /proc. Prints, for the dialog and
# update work processes and the think timer: their kernel share, and their samples by kind (system
# call, pgjdbc, sdbench by method) with bench/JfrSummary.java.
#
#   bench/profile.sh JAR [SECONDS] [-- extra bench overhead options]
#
# Database: $SDBENCH_AB_DB_URL (default jdbc:postgresql://127.0.0.1:5432/sdbench_perf); JVM:
# $SDBENCH_JAVA (default: the JDK that ./sdbench finds; the CPU-time samples need JDK 25 or newer, and its jcmd starts the recording). The recording stays in
# bench/out/profile-<time>.jfr for `jfr view` or another reading. Needs no privileges.
set -euo pipefail
# shellcheck source=bench/sql-round.sh
. "$(dirname "${BASH_SOURCE[0]}")/sql-round.sh"
java_bin="$SDBENCH_JAVA"
jcmd="$(dirname "$(readlink -f "$(command -v "$java_bin")")")/jcmd"
mkdir -p "$here/bench/out"
rec="$here/bench/out/profile-$(date +%Y%m%d-%H%M%S).jfr"
ticks() {
  group_threads | while read -r g t; do
    awk -v g="$g" '{sub(/.*\) /, ""); print g, $12, $13}' "$t/stat" 2>/dev/null || true
  done | awk '{u[$1] += $2; s[$1] += $3} END {for (g in u) print g, u[g], s[g]}' | sort
}
"$jcmd" "$pid" JFR.start name=sdbench-profile "jdk.CPUTimeSample#enabled=true" "jdk.CPUTimeSample#throttle=1ms" >/dev/null
ticks >"$work/a"
sleep "$secs"
ticks >"$work/b"
"$jcmd" "$pid" JFR.stop name=sdbench-profile filename="$rec" >/dev/null
wait "$pid" || true
pid=""
grep -E 'round 1 SD transactions' "$work/out" || true
echo "user and system time of each group over the $secs s (/proc, 10 ms ticks):"
join "$work/a" "$work/b" | awk '{u = $4 - $2; s = $5 - $3; printf "  %-6s user %6.2f s  system %6.2f s  (system %4.1f %%)\n", $1, u / 100, s / 100, (u + s > 0 ? 100 * s / (u + s) : 0)}'
for g in dia- upd- think-timer; do
  "$java_bin" "$here/bench/JfrSummary.java" "$rec" "$g" 12
done
echo "recording: $rec"
