#!/usr/bin/env bash
# What one round trip costs a C client (pgbench, libpq) on this host, to set beside the JVM's floor
# that `sdbench bench overhead` prints ("round-trip floor: ... us of JVM CPU per round trip"):
# a prepared SELECT 1 from CLIENTS clients (default 6, one per work process of the default
# layout) for SECONDS seconds, pgbench's own CPU (user + system, from /usr/bin/time) over the
# round trips it made.
#
# Connects as pgbench would by default, or as PGHOST/PGPORT/PGUSER/PGDATABASE say (default: the
# Unix-domain socket in /var/run/postgresql, user postgres, database sdbench_perf). Needs pgbench and
# GNU time (/usr/bin/time).
#
# With ROWS, each round trip instead counts ROWS generated rows (SELECT count(*) FROM (SELECT
# generate_series(1, ROWS)) s, the query of Dialect.serverWorkQuery()): as much server work per round trip as `bench overhead`'s "floor with
# server work" line names, which shows what the same client pays when the backend works in between.
#
#   bench/pgbench-floor.sh [CLIENTS] [SECONDS] [ROWS]
set -euo pipefail
clients="${1:-6}"
secs="${2:-10}"
rows="${3:-}"
[[ "$rows" =~ ^[0-9]*$ ]] || { echo "pgbench-floor: ROWS = '$rows' is not allowed: a whole number of rows" >&2; exit 2; }
export PGHOST="${PGHOST:-/var/run/postgresql}" PGUSER="${PGUSER:-postgres}" PGDATABASE="${PGDATABASE:-sdbench_perf}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
query='SELECT 1;'
[ -z "$rows" ] || query="SELECT count(*) FROM (SELECT generate_series(1, $rows)) s;"
echo "$query" >"$work/select1.sql"
/usr/bin/time -f '%U %S' -o "$work/cpu" pgbench -n -M prepared -c "$clients" -j "$clients" -T "$secs" \
  -f "$work/select1.sql" >"$work/out" 2>&1 || { cat "$work/out"; exit 3; }
trips="$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$work/out")"
read -r user sys <"$work/cpu"
awk -v u="$user" -v s="$sys" -v n="$trips" -v c="$clients" -v t="$secs" -v q="${query%;}" 'BEGIN {
  printf "pgbench floor: a prepared " q " on %d clients, %d s: %d round trips, %.2f s user + %.2f s system: %.1f us of client CPU per round trip\n", c, t, n, u, s, (u + s) * 1e6 / n }'
