#!/usr/bin/env bash
# The fault suite: runs sdbench against a PRIVATE PostgreSQL this script starts (own data
# directory and port under a temporary folder, loopback only), injects one fault per run, and
# prints ONE line per fault: survived or not, with what the run counted. A fault is survived when
# the run ended as expected (exit 0, or exit 3 for a database gone past database.timeouts.maxOutage),
# its run folder has result.json, and 'sdbench check' passes afterwards.
#
#   bench/faults.sh                 # all faults
#   bench/faults.sh restart stall   # some of them
#
# Faults: restart (DB restart mid-run), backends (pg_terminate_backend of every sdbench session),
# stall (the postmaster and every server process SIGSTOPped past the timeout), kill9 (sdbench killed -9,
# then started again), diskfull (the filesystem under a tablespace full), netcut (sdbench's relay
# between sdbench and the DB stops forwarding).
# Needs: PostgreSQL server binaries (PG_BIN, default /usr/lib/postgresql/15/bin), jq; root
# for the tmpfs of 'diskfull' and to run the server as the 'postgres' user. Every step is bounded
# in time, and everything started here is stopped on exit, also on failure or Ctrl-C.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
RUN_SECONDS="${RUN_SECONDS:-30}"
all_faults=(restart backends stall kill9 diskfull netcut)
faults=("$@")
[ ${#faults[@]} -gt 0 ] || faults=("${all_faults[@]}")

work="$(mktemp -d /tmp/sdbench-faults.XXXXXX)"
chmod 755 "$work"
data="$work/data"
tsdir="$work/ts"
export SDBENCH_HOME="$work/home"
pg_pgid=""
relay_pgid=""
bg_pid=""
mounted=""
pg_user=""
[ "$(id -u)" -eq 0 ] && pg_user="postgres"

as_pg() { if [ -n "$pg_user" ]; then runuser -u "$pg_user" -- "$@"; else "$@"; fi; }
log() { echo "[faults] $*" >&2; }

cleanup() {
  set +e
  # The logs outlive the temporary folder, for a look at what a fault did.
  rm -rf "$here/target/faults" && mkdir -p "$here/target/faults" && cp "$work"/*.log "$here/target/faults/" 2>/dev/null
  [ -n "$bg_pid" ] && kill -9 "$bg_pid" 2>/dev/null
  [ -n "$relay_pgid" ] && kill -CONT -- "-$relay_pgid" 2>/dev/null && kill -- "-$relay_pgid" 2>/dev/null
  if [ -n "$pg_pgid" ]; then
    kill -CONT -- "-$pg_pgid" $(server_pids) 2>/dev/null
    as_pg "$PG_BIN/pg_ctl" -D "$data" -m immediate -t 20 stop >/dev/null 2>&1
  fi
  [ -n "$mounted" ] && umount "$tsdir" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The postmaster and all its children: each backend is its own process-group leader (PostgreSQL
# calls setsid() in every child), so stopping the server's process group would stop the postmaster only.
server_pids() {
  local pm; pm="$(head -1 "$data/postmaster.pid" 2>/dev/null)" || return 0
  [ -n "$pm" ] && echo "$pm" $(pgrep -P "$pm")
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

command -v jq >/dev/null || { log "installing jq"; timeout 120 apt-get install -y -qq jq >/dev/null; }

port="$(free_port)"
start_pg() {
  # Its own session and process group, so that a stall stops every server process, not just the postmaster.
  as_pg setsid "$PG_BIN/pg_ctl" -D "$data" -l "$work/pg.log" -w -t 60 \
    -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c max_connections=100" start >/dev/null
  pg_pgid="$(ps -o pgid= -p "$(head -1 "$data/postmaster.pid")" | tr -d ' ')"
  [ "$pg_pgid" != "$(ps -o pgid= -p $$ | tr -d ' ')" ] || { log "server shares this script's process group"; exit 3; }
}
log "private PostgreSQL in $data on 127.0.0.1:$port"
mkdir -p "$data" "$SDBENCH_HOME"
chown "${pg_user:-$(id -un)}" "$data" "$work"
as_pg "$PG_BIN/initdb" -D "$data" -A trust -U postgres --no-sync >/dev/null
start_pg
url="jdbc:postgresql://127.0.0.1:$port/sdbench"
psql_do() { timeout 30 psql -h 127.0.0.1 -p "$port" -U postgres -d "${2:-sdbench}" -qAtc "$1"; }

sdb() { (cd "$here" && timeout -k 10 "$1" ./sdbench "${@:2}"); }
common=(-c config/quick.yaml --db-url "$url" --users 4)
phases=(--ramp-up 2s --ramp-down 1s --interval 5 --set workload.thinkTime=100ms)
# Short bounds so that a stall is detected within seconds (defaults are minutes).
short=(--set database.timeouts.connect=2s --set database.timeouts.socket=5s --set database.timeouts.statement=3s
       --set database.timeouts.lock=3s --set database.timeouts.maxOutage=12s)

log "building and loading"
sdb 600 load "${common[@]}" --recreate --create-database >"$work/load.log" 2>&1 || { cat "$work/load.log" >&2; exit 3; }

# Starts a run in the background: $1 = fault name, rest = extra arguments.
start_run() {
  local name="$1"; shift
  mkdir -p "$work/results/$name"
  (cd "$here" && exec timeout -k 10 300 ./sdbench run "${common[@]}" "${phases[@]}" --duration "${RUN_SECONDS}s" \
      --accept-errors --set "run.resultsDir=$work/results/$name" "$@" >"$work/$name.log" 2>&1) &
  bg_pid=$!
}
# Waits for the background run (bounded by its timeout); its exit code goes to $rc.
wait_run() { rc=0; { wait "$bg_pid"; } 2>/dev/null || rc=$?; bg_pid=""; }
# Bounded wait until this run is in its measurement window with users in their loops.
wait_busy() {
  for _ in $(seq 1 900); do
    grep -q '^\[measurement' "$work/$1.log" 2>/dev/null && return 0
    sleep 0.2
  done
  log "run $1 never reached its measurement window"; return 1
}
folder_of() { ls -d "$work/results/$1"/*/ 2>/dev/null | tail -1; }

# One line per fault from the run's result.json and a fresh 'check'.
report() {
  local name="$1" rc="$2" want="$3" t0="$4" dir result counted check_rc=0 verdict="survived"
  dir="$(folder_of "$name")"
  result="${dir}result.json"
  sdb 300 check --db-url "$url" >"$work/$name.check.log" 2>&1 || check_rc=$?
  if [ ! -s "$result" ]; then
    verdict="NOT survived (no result.json)"; counted="-"
  else
    counted="$(jq -r '"errors " + ((.summary.errorsByKind | to_entries | map("\(.key)=\(.value)") | join(",")) // "") +
      ", connections replaced \(.reliability.connectionsReplaced), failed connection attempts \(.reliability.failedConnectionAttempts)" +
      ", retried \(.reliability.retriedTransactions)" +
      ", recovered requests \(.reliability.recoveredUpdateRequests), pending at end \(.reliability.pendingUpdateRequestsAtEnd)"' "$result")"
  fi
  [ "$rc" = "$want" ] || verdict="NOT survived (exit $rc, expected $want)"
  [ "$check_rc" = 0 ] || verdict="NOT survived (check exit $check_rc: $(grep -m1 -iv '^ok' "$work/$name.check.log" | cut -c1-120))"
  printf '%-9s %s: exit %s; %s%s; check exit %s; %ds\n' "$name" "$verdict" "$rc" "$counted" "$note" "$check_rc" \
    $(( $(date +%s) - t0 ))
}

# Each fault sets $rc (the run's exit code), $want (the expected one) and, on a side failure, $extra.
fault_restart() {
  want=0; start_run restart; wait_busy restart || true; sleep 3
  as_pg "$PG_BIN/pg_ctl" -D "$data" -m fast -w -t 60 stop >/dev/null
  start_pg
  wait_run
}

fault_backends() {
  want=0; start_run backends; wait_busy backends || true
  for _ in 1 2 3; do
    sleep 3
    psql_do "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name LIKE 'sdbench%'" >/dev/null
  done
  wait_run
}

fault_stall() {
  want=3; start_run stall "${short[@]}"; wait_busy stall || true
  local pids; pids="$(server_pids)"
  # shellcheck disable=SC2086
  kill -STOP $pids
  wait_run
  # shellcheck disable=SC2086
  kill -CONT $pids
  # As a user would: start again once the server is back; update requests the aborted run left in
  # VBHDR are processed first (check counts them as pending until then).
  local r=0
  sdb 300 run "${common[@]}" "${phases[@]}" --duration 5s --set "run.resultsDir=$work/results/stall-restart" \
    >"$work/stall-restart.log" 2>&1 || r=$?
  note="; restart after it: exit $r, recovered requests $(jq -r .reliability.recoveredUpdateRequests \
    "$(folder_of stall-restart)result.json" 2>/dev/null || echo '?')"
}

fault_kill9() {
  want=0; start_run kill9; wait_busy kill9 || true; sleep 3
  # Kill while an update request is in flight (bounded), so the restart has something to recover.
  for _ in $(seq 1 200); do
    [ "$(psql_do "SELECT COUNT(*) FROM sdbench.vbhdr" 2>/dev/null || echo 0)" -gt 0 ] && break
  done
  # The background job is 'timeout'; its child is the sdbench JVM (the launcher execs java).
  kill -9 "$(pgrep -P "$bg_pid" | head -1)"
  wait_run
  mv "$work/kill9.log" "$work/kill9-killed.log"
  # The next start processes what the killed one left in VBHDR, then runs normally.
  start_run kill9
  wait_run
}

fault_diskfull() {
  mkdir -p "$tsdir"
  mount -t tmpfs -o size=64m tmpfs "$tsdir"; mounted=1
  chown "${pg_user:-$(id -un)}" "$tsdir"
  mkdir "$tsdir/pg" && chown "${pg_user:-$(id -un)}" "$tsdir/pg"
  psql_do "CREATE TABLESPACE faults_small LOCATION '$tsdir/pg'" >/dev/null
  # A schema of its own whose insert-only and volatile update tables live on the small filesystem.
  local ts=(--set database.schema=fullts --set database.tablespaces.insertOnly=faults_small
            --set database.tablespaces.vb=faults_small)
  sdb 600 load "${common[@]}" "${ts[@]}" --recreate >"$work/diskfull.load.log" 2>&1
  want=0; start_run diskfull "${ts[@]}" "${short[@]}"; wait_busy diskfull || true
  # Fill the filesystem, hold it full for a while, then free it: the run must go on and catch up.
  dd if=/dev/zero of="$tsdir/filler" bs=64k >/dev/null 2>&1 || true
  sleep 8
  rm -f "$tsdir/filler"
  wait_run
  sdb 300 check --db-url "$url" "${ts[@]}" >"$work/diskfull.check2.log" 2>&1 || extra="check of the schema on the full disk failed"
}

fault_netcut() {
  local rport; rport="$(free_port)"
  # sdbench's own relay in front of the server; 'cut' on its stdin stops forwarding (connections stay open).
  mkfifo "$work/relay.in"
  setsid ./sdbench relay --listen "127.0.0.1:$rport" --target "127.0.0.1:$port" <"$work/relay.in" >"$work/relay.log" 2>&1 &
  relay_pgid="$!"
  exec 9>"$work/relay.in"
  for _ in $(seq 1 60); do grep -q "relay listening" "$work/relay.log" && break; sleep 0.5; done
  want=0; start_run netcut --set "database.url=jdbc:postgresql://127.0.0.1:$rport/sdbench" "${short[@]}"; wait_busy netcut || true
  # Cut for less than maxOutage: timeouts are counted, connections replaced, the run goes on.
  echo "cut 8s" >&9; sleep 8; echo "resume" >&9
  wait_run
  echo "quit" >&9; exec 9>&-
  kill -- "-$relay_pgid" 2>/dev/null || true; relay_pgid=""
}

failed=0
for f in "${faults[@]}"; do
  case " ${all_faults[*]} " in *" $f "*) ;; *) log "unknown fault '$f': one of ${all_faults[*]}"; exit 2;; esac
  t0="$(date +%s)"; rc=""; want=""; extra=""; note=""
  "fault_$f"
  line="$(report "$f" "$rc" "$want" "$t0")"
  [ -z "$extra" ] || line="${line/survived/NOT survived ($extra)}"
  echo "$line"
  case "$line" in *"NOT survived"*) failed=1;; esac
done
exit "$failed"
