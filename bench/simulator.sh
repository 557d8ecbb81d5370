#!/usr/bin/env bash
# Benchmarks of the simulator itself (targets 1-5 of docs/performance.md), each in a fresh JVM; every
# figure is printed next to its target, with PostgreSQL's CPU for the same work from the same run:
#
#   bench/simulator.sh [--db NAME] [--users N] [--context BYTES] [--only overhead|100k|users|saturation|replay]
#                      [-- extra sdbench options]
#
#   1. overhead:   50 users, zero configured work, 10 ms think time, 3 rounds of 15 s, interleaved:
#                  steps without SQL (target < 20 us JVM CPU per step) and the SD transactions with
#                  real SQL: JVM CPU per SQL statement (target <= 15 us) and simulator CPU per step
#                  over the CPU of the database's backends for the same steps (target <= 0.25x).
#   2. 100k:       steps without SQL at 100,000 users (10 s think time, no user context so the heap
#                  holds them): target < 20 us per step.
#   3. users:      N users (default 250000) with SAP's low-activity 300 s think time, steps without
#                  SQL, no user context (the driver's part: in the three-tier layout the roll areas
#                  live in the app servers), launcher heap -Xmx1g: think-time lag p99 < 5 ms. Takes
#                  ramp-up 300 s + window 60 s. BYTES (default 0) sets a user context anyway.
#   4. saturation: SD transactions, 100 users, 50 ms think time, 60 s window: host CPU split
#                  between this JVM and PostgreSQL from /proc.
#   5. replay:     sdbench saturated (100 users, think time 0, no work per step, 20 s window, after
#                  unmeasured saturated rounds of 15 s until the JIT compiler is quiet) against
#                  pgbench replaying the statements of a second, recorded run of the same configuration
#                  on the reset data, one pgbench client per recorded DB connection, in 3 rounds
#                  (sdbench and the replay alternating which goes first): target sdbench >= 90 % of
#                  the replay's DS/h over the 95 % interval of the rounds; PostgreSQL's CPU per step
#                  of both beside it, and the client CPU per statement of sdbench's JVM and of
#                  pgbench. Needs pgbench (PostgreSQL's client tools); the scripts go to
#                  bench/out/replay-<time>/.
#
# Runs against the system PostgreSQL ($PGHOST:$PGPORT as $PGUSER, default 127.0.0.1:5432 as
# postgres), database NAME (default sdbench_perf, created when missing; master data for 100 users
# is loaded on first use). JVM options: $SDBENCH_JVM_OPTS (default -Xmx1g -XX:+UseG1GC). The output
# is also written to bench/out/simulator-<time>.txt. Exit code: 0 all targets met, 1 one missed,
# other: a bench could not run. The machine is shared: every figure says how busy the rest was.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

db=sdbench_perf
users=250000
context=0
only=""
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --db) db="$2"; shift 2 ;;
    --users) users="$2"; shift 2 ;;
    --context) context="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "simulator.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done

export PGHOST="${PGHOST:-127.0.0.1}" PGPORT="${PGPORT:-5432}" PGUSER="${PGUSER:-postgres}"
url="jdbc:postgresql://$PGHOST:$PGPORT/$db"
# sdbench creates a database only when asked (a typo must not load a new one): this scratch one, here.
if command -v psql >/dev/null && [ -z "$(psql -X -Atq -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$db'")" ]; then
  psql -X -q -d postgres -c "CREATE DATABASE \"$db\"" >/dev/null
fi
mkdir -p bench/out
out="bench/out/simulator-$(date +%Y%m%d-%H%M%S).txt"

./sdbench --version >/dev/null   # builds the jar if the sources changed: not part of any figure
# Every part runs this build: an edit while the script runs would otherwise rebuild it between parts.
export SDBENCH_JAR="${out%.txt}.jar"
cp target/sdbench.jar "$SDBENCH_JAR"
trap 'rm -f "$SDBENCH_JAR" "${SDBENCH_JAR%.jar}.jsa"' EXIT

status=0
bench() {
  local name="$1"; shift
  local as="${only_as:-$name}"
  [ -z "$only" ] || [ "$only" = "$as" ] || return 0
  echo "=== $as: ./sdbench bench $name $*" | tee -a "$out"
  local rc
  set +e
  ./sdbench bench "$name" "$@" 2>&1 | tee -a "$out"
  rc=${PIPESTATUS[0]}
  set -e
  echo | tee -a "$out"
  if [ "$rc" -gt "$status" ]; then status=$rc; fi
}

{ echo "host: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), JVM options ${SDBENCH_JVM_OPTS:--Xmx1g -XX:+UseG1GC}"; echo; } | tee -a "$out"
# 50 users as the header says and as docs/performance.md's figures were measured (the bench's own default is 100),
# unless the extra options name a count themselves (picocli refuses an option given twice).
overhead_users=(--users 50)
for a in "${extra[@]}"; do case "$a" in --users|--users=*) overhead_users=() ;; esac; done
bench overhead --db-url "$url" "${overhead_users[@]}" "${extra[@]}"
only_as=100k bench overhead --db-url "$url" --no-sql --users 100000 --think 10s --rounds 2 \
  --set appServer.userContextBytes=0 "${extra[@]}"
bench users --db-url "$url" --users "$users" --think 300s --ramp-up 300s --window 60s \
  --set "appServer.userContextBytes=$context" "${extra[@]}"
bench saturation --db-url "$url" "${extra[@]}"
bench replay --db-url "$url" --rounds 3 --work-dir "bench/out/replay-$(date +%Y%m%d-%H%M%S)" "${extra[@]}"
echo "written to $out"
exit "$status"
