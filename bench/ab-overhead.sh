#!/usr/bin/env bash
# Before/after of an optimisation: runs `sdbench bench overhead` alternately from two jars (e.g. one
# built from main, one from the branch), N pairs, so both see the same machine load in turn:
#
#   bench/ab-overhead.sh BEFORE.jar AFTER.jar [PAIRS] [-- extra bench overhead options]
#
# Database: $SDBENCH_AB_DB_URL (default jdbc:postgresql://127.0.0.1:5432/sdbench_perf). JVM:
# $SDBENCH_JAVA (default: the JDK 21 or newer that ./sdbench finds), options $SDBENCH_JVM_OPTS (default -Xmx1g -XX:+UseG1GC).
# Warm-up per variant: $SDBENCH_AB_WARMUP (default 5s). Extra options for one side only: $SDBENCH_AB_BEFORE_ARGS, $SDBENCH_AB_AFTER_ARGS (e.g. the same jar
# twice with --set database.transport=tcp before); JVM options for one side only: $SDBENCH_AB_BEFORE_JVM_OPTS,
# $SDBENCH_AB_AFTER_JVM_OPTS (e.g. the same jar twice, "-Xmx1g -XX:+UseZGC" before). Prints the three target lines of each run,
# labelled; full output in bench/out/ab-<time>.txt.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 2; }
before="$1"; after="$2"; shift 2
pairs=3
if [ $# -gt 0 ] && [ "$1" != "--" ]; then pairs="$1"; shift; fi
[ "${1:-}" != "--" ] || shift
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=.mvn/jdk.sh
. "$here/.mvn/jdk.sh"
SDBENCH_JAVA="$(bench_java)" || exit 2
mkdir -p "$here/bench/out"
out="$here/bench/out/ab-$(date +%Y%m%d-%H%M%S).txt"
url="${SDBENCH_AB_DB_URL:-jdbc:postgresql://127.0.0.1:5432/sdbench_perf}"
for i in $(seq 1 "$pairs"); do
  for side in before after; do
    jar="$before"; side_args="${SDBENCH_AB_BEFORE_ARGS:-}"; side_jvm="${SDBENCH_AB_BEFORE_JVM_OPTS:-}"
    [ "$side" = after ] && { jar="$after"; side_args="${SDBENCH_AB_AFTER_ARGS:-}"; side_jvm="${SDBENCH_AB_AFTER_JVM_OPTS:-}"; }
    [ -n "$side_jvm" ] || side_jvm="${SDBENCH_JVM_OPTS:--Xmx1g -XX:+UseG1GC}"
    echo "=== pair $i $side ($jar, $side_jvm)" >>"$out"
    start=$(wc -l <"$out")
    # shellcheck disable=SC2086
    "$SDBENCH_JAVA" $side_jvm -Dsdbench.home="$here" -jar "$jar" \
      bench overhead --db-url "$url" --rounds 2 --window 10s --warm-up "${SDBENCH_AB_WARMUP:-5s}" $side_args "$@" >>"$out" 2>&1 || true
    # This run's target lines only (one with --no-sql, three with SQL).
    tail -n +"$((start + 1))" "$out" | grep -E '^target:' | sed "s/^/pair $i $side: /" || true
  done
done
echo "written to $out"
