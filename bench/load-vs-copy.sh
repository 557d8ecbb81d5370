#!/usr/bin/env bash
# Compares 'sdbench load' with a raw PostgreSQL COPY of the same data set.
#
#   bench/load-vs-copy.sh [--users N] [--repeat R] [--db NAME] [--keep] [-- extra sdbench options]
#
# Loads N users (default 200) R times (default 3) both ways into a scratch database on the
# system PostgreSQL ($PGHOST:$PGPORT as $PGUSER, default 127.0.0.1:5432 as postgres):
#   sdbench: ./sdbench load --recreate into schema bench_sdbench (timed as a whole command, and
#            the load phase it reports: COPY + ANALYZE);
#   raw:     the files of './sdbench load --dump-dir' loaded with psql \copy (the same column
#            lists, <table>.columns, SAP fields included; the DDL defaults the client) into a freshly created
#            schema bench_raw with the same DDL (same indexes), then the same ANALYZE (timed:
#            DDL, and \copy + ANALYZE).
# Prints the medians and the speed ratio sdbench / raw COPY. Extra options after -- go to both
# sdbench commands, e.g. -- --set workload.materialsPerUser=500 --set load.threads=4.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

users=200
repeat=3
db=sdbench_bench
keep=0
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --users) users="$2"; shift 2 ;;
    --repeat) repeat="$2"; shift 2 ;;
    --db) db="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "load-vs-copy: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done

export PGHOST="${PGHOST:-127.0.0.1}" PGPORT="${PGPORT:-5432}" PGUSER="${PGUSER:-postgres}"
url="jdbc:postgresql://$PGHOST:$PGPORT/$db"
command -v psql >/dev/null || { echo "load-vs-copy: psql not found (apt-get install postgresql-client)" >&2; exit 3; }
psql -X -q -d postgres -c 'SELECT 1' >/dev/null || { echo "load-vs-copy: cannot reach PostgreSQL at $PGHOST:$PGPORT as $PGUSER" >&2; exit 3; }
if [ -z "$(psql -X -Atq -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$db'")" ]; then
  psql -X -q -d postgres -c "CREATE DATABASE \"$db\"" >/dev/null
fi

dump="$(mktemp -d "${TMPDIR:-/tmp}/sdbench-dump.XXXXXX")"
cleanup() {
  rm -rf "$dump"
  if [ "$keep" = 0 ]; then
    psql -X -q -d "$db" -c 'DROP SCHEMA IF EXISTS bench_sdbench CASCADE' -c 'DROP SCHEMA IF EXISTS bench_raw CASCADE' \
      >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

./sdbench --version >/dev/null   # builds the jar if the sources changed: not part of any timing
./sdbench load --users "$users" --dump-dir "$dump" "${extra[@]}" >/dev/null
rows=$(cat "$dump"/*.copy | wc -l)

# The raw load script: every dumped table with \copy, then ANALYZE of every table of the schema.
copy_sql="$dump/copy.sql"
{
  echo '\set ON_ERROR_STOP on'
  echo 'SET search_path TO bench_raw;'
  for f in "$dump"/*.copy; do
    t=$(basename "$f" .copy)
    echo "\\copy $t ($(cat "$dump/$t.columns")) FROM '$f'"
  done
  echo "SELECT format('ANALYZE %I.%I', schemaname, tablename) FROM pg_tables WHERE schemaname = 'bench_raw' \\gexec"
} >"$copy_sql"
ddl_sql="$dump/ddl.sql"
{
  echo '\set ON_ERROR_STOP on'
  echo 'DROP SCHEMA IF EXISTS bench_raw CASCADE;'
  echo 'CREATE SCHEMA bench_raw;'
  echo 'SET search_path TO bench_raw;'
  cat "$dump/schema.sql"
} >"$ddl_sql"

sd_wall=() sd_load=() raw_ddl=() raw_load=()
for i in $(seq 1 "$repeat"); do
  t0=$(now)
  out=$(./sdbench load --users "$users" --recreate --db-url "$url" --set database.schema=bench_sdbench "${extra[@]}" 2>&1) \
    || { echo "$out" >&2; exit 3; }
  t1=$(now)
  sd_wall+=("$(elapsed "$t0" "$t1")")
  sd_load+=("$(echo "$out" | sed -n 's/^loaded .* rows in \([0-9.]*\) s .*/\1/p')")
  sd_rows=$(echo "$out" | sed -n 's/^loaded [0-9]* users: \([0-9,]*\) rows.*/\1/p' | tr -d ,)

  t0=$(now)
  psql -X -q -d "$db" -f "$ddl_sql" >/dev/null 2>&1
  t1=$(now)
  psql -X -q -d "$db" -f "$copy_sql" >/dev/null
  t2=$(now)
  raw_ddl+=("$(elapsed "$t0" "$t1")")
  raw_load+=("$(elapsed "$t1" "$t2")")
  echo "run $i: sdbench ${sd_wall[-1]} s wall, ${sd_load[-1]} s load+analyze; raw COPY ${raw_load[-1]} s copy+analyze (+ ${raw_ddl[-1]} s DDL)" >&2
done

# Both schemas must hold the same rows (exact counts, table by table).
check=$(for f in "$dump"/*.copy; do
  t=$(basename "$f" .copy)
  echo "SELECT '$t' WHERE (SELECT count(*) FROM bench_sdbench.$t) <> (SELECT count(*) FROM bench_raw.$t);"
done | psql -X -Atq -d "$db" | tr '\n' ' ')
[ -z "${check// /}" ] || echo "load-vs-copy: WARNING: row counts differ in tables: $check" >&2
[ "$sd_rows" = "$rows" ] || echo "load-vs-copy: WARNING: sdbench loaded $sd_rows rows, the dump has $rows" >&2

w=$(median "${sd_wall[@]}") l=$(median "${sd_load[@]}") d=$(median "${raw_ddl[@]}") r=$(median "${raw_load[@]}")
awk -v users="$users" -v rows="$rows" -v w="$w" -v l="$l" -v d="$d" -v r="$r" -v n="$repeat" 'BEGIN {
  printf "data set: %d users, %d rows; median of %d runs\n", users, rows, n
  printf "sdbench load (whole command: JVM start, DDL, COPY, ANALYZE) %7.3f s  %10.0f rows/s\n", w, rows / w
  printf "sdbench load phase (COPY + ANALYZE, as reported)              %7.3f s  %10.0f rows/s\n", l, rows / l
  printf "raw psql \\copy + ANALYZE                                     %7.3f s  %10.0f rows/s\n", r, rows / r
  printf "raw DDL + psql \\copy + ANALYZE                               %7.3f s  %10.0f rows/s\n", d + r, rows / (d + r)
  printf "ratio sdbench / raw COPY speed: load phase %.2f, whole command %.2f\n", r / l, (d + r) / w
}'
