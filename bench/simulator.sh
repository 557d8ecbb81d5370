#!/usr/bin/env bash
# Benchmarks of the simulator itself (the 'run' issue's performance targets), each in a fresh JVM:
#
#   bench/simulator.sh [--db NAME] [--users N] [--context BYTES] [--only overhead|users|saturation]
#                      [-- extra sdbench options]
#
#   1. overhead:   JVM CPU per dialog step with zero configured CPU; steps without SQL (user
#                  context 0 B and as configured) and with the SD transactions, interleaved in
#                  3 rounds of 15 s. Target: < 50 us per step without SQL.
#   2. users:      N users (default 20000) with 10 s think time, steps without SQL: think-time lag
#                  and live heap under the launcher's -Xmx1g. Target: lag p99 < 10 ms. The user
#                  context is BYTES (default 16384, the configured default: 20000 users x 16 KiB fit a 1 GiB heap).
#   3. saturation: SD transactions, 100 users, 50 ms think time, 60 s window: host CPU split
#                  between this JVM and PostgreSQL from /proc.
#
# Runs against the system PostgreSQL ($PGHOST:$PGPORT as $PGUSER, default 127.0.0.1:5432 as
# postgres), database NAME (default sdbench_perf, created when missing; master data for 100 users
# is loaded on first use). JVM options: $SDBENCH_JVM_OPTS (default -Xmx1g -XX:+UseZGC). The output
# is also written to bench/out/simulator-<time>.txt. Exit code: 0 all targets met, 1 one missed,
# other: a bench could not run. The machine is shared: every figure says how busy the rest was.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

db=sdbench_perf
users=20000
context=16384
only=""
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --db) db="$2"; shift 2 ;;
    --users) users="$2"; shift 2 ;;
    --context) context="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "simulator.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done

export PGHOST="${PGHOST:-127.0.0.1}" PGPORT="${PGPORT:-5432}" PGUSER="${PGUSER:-postgres}"
url="jdbc:postgresql://$PGHOST:$PGPORT/$db"
mkdir -p bench/out
out="bench/out/simulator-$(date +%Y%m%d-%H%M%S).txt"

./sdbench --version >/dev/null   # builds the jar if the sources changed: not part of any figure

status=0
bench() {
  local name="$1"; shift
  [ -z "$only" ] || [ "$only" = "$name" ] || return 0
  echo "=== $name: ./sdbench bench $name $*" | tee -a "$out"
  local rc
  set +e
  ./sdbench bench "$name" "$@" 2>&1 | tee -a "$out"
  rc=${PIPESTATUS[0]}
  set -e
  echo | tee -a "$out"
  if [ "$rc" -gt "$status" ]; then status=$rc; fi
}

{ echo "host: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), JVM options ${SDBENCH_JVM_OPTS:--Xmx1g -XX:+UseZGC}"; echo; } | tee -a "$out"
bench overhead --db-url "$url" "${extra[@]}"
bench users --db-url "$url" --users "$users" --set "appServer.userContextBytes=$context" "${extra[@]}"
bench saturation --db-url "$url" "${extra[@]}"
echo "written to $out"
exit "$status"
