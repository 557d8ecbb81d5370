#!/usr/bin/env bash
# The multi-host fault suite: a three-tier system spread over five Linux network
# namespaces on this machine, bridged, real TCP, token authentication (appServer.tokenFile, an
# owner-only file), one fault per run, each fault REPEAT times in a row. It prints ONE line per run,
# as bench/faults.sh does. A run survived when it ended with the documented exit code, its run
# folder has result.json, no update request is in state E, nothing is left pending that the
# system should have finished itself, and 'sdbench check' passes afterwards.
#
#   bench/faults-netns.sh                      # every fault, 3 times each
#   bench/faults-netns.sh kill9 cut-db         # some of them
#   REPEAT=1 WINDOW=20 bench/faults-netns.sh   # shorter (the default window, 25 s, holds a stopped or cut
#                                              # app server for about 23 s: past the driver's fencing bound)
#
# Hosts (namespaces sdbf-db, sdbf-cs, sdbf-a1, sdbf-a2, sdbf-drv on the bridge sdbf-br, 10.213.77.0/24):
#   .2 PostgreSQL (its own instance: initdb into a temporary folder), .3 central services,
#   .4 and .5 app servers 1 and 2, .6 the driver ('sdbench run' with appServer.central set).
# The run takes --accept-errors: a fault's failed steps and its dent in throughput are what it is
# about, so its documented exit code is that of the run's end, not of the verdict.
# Faults (each injected a few seconds into the measurement window):
#   kill9        app server 2 killed with SIGKILL                          -> exit 0
#   sigstop      app server 2 stopped (SIGSTOP) until the run has ended    -> exit 0
#   cut-central  the link between app server 2 and central services cut
#                (blackhole routes both ways) until the run has ended      -> exit 0
#   cut-db       the DB host's link down for CUT_DB_SECONDS (< maxOutage)  -> exit 0
#   central-kill central services killed with SIGKILL                      -> exit 3 (requests the app
#                servers leave pending are then processed by 'check --repost', as documented)
# Needs root, iproute2 ('ip netns'), PostgreSQL server binaries (PG_BIN, default
# /usr/lib/postgresql/15/bin) and jq. Without them it prints one 'skipped' line and exits 0.
# Every wait is bounded; everything it creates (namespaces, links, processes, files) goes on exit.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
REPEAT="${REPEAT:-3}"
WINDOW="${WINDOW:-25}"
USERS="${USERS:-6}"
CUT_DB_SECONDS="${CUT_DB_SECONDS:-8}"
all_faults=(kill9 sigstop cut-central cut-db central-kill)
faults=("$@")
[ ${#faults[@]} -gt 0 ] || faults=("${all_faults[@]}")
for f in "${faults[@]}"; do
  case " ${all_faults[*]} " in *" $f "*) ;; *) echo "faults-netns: unknown fault '$f': one of ${all_faults[*]}" >&2; exit 2;; esac
done

skip() { echo "faults-netns: skipped: $*"; exit 0; }
[ "$(id -u)" -eq 0 ] || skip "needs root for network namespaces"
command -v ip >/dev/null || skip "no 'ip' command (iproute2)"
[ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/pg_ctl" ] || skip "no PostgreSQL server binaries in $PG_BIN"
id postgres >/dev/null 2>&1 || skip "no 'postgres' user to run the server as"
command -v jq >/dev/null || { timeout 120 apt-get install -y -qq jq >/dev/null 2>&1 || skip "no jq"; }

NET=10.213.77
declare -A HOST=([db]=2 [cs]=3 [a1]=4 [a2]=5 [drv]=6)
work="$(mktemp -d /tmp/sdbench-faults-netns.XXXXXX)"
chmod 755 "$work"
data="$work/pgdata"
export SDBENCH_HOME="$work/home"
export SDBENCH_JVM_OPTS="${SDBENCH_JVM_OPTS:--Xmx384m -XX:+UseG1GC}"
pids=()
t_start="$(date +%s)"

log() { echo "[faults-netns] $*" >&2; }
in_ns() { local ns="$1"; shift; ip netns exec "sdbf-$ns" "$@"; }

cleanup() {
  set +e
  rm -rf "$here/target/faults-netns" && mkdir -p "$here/target/faults-netns" \
    && (cd "$work" && find . -name '*.log' -exec cp --parents {} "$here/target/faults-netns/" \;) 2>/dev/null
  for p in "${pids[@]}"; do kill -CONT "$p" 2>/dev/null; kill -9 "$p" 2>/dev/null; done
  [ -f "$data/postmaster.pid" ] && in_ns db runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$data" -m immediate -t 20 stop >/dev/null 2>&1
  for ns in "${!HOST[@]}"; do
    # Anything still running in a namespace of ours was started by this script.
    for p in $(ip netns pids "sdbf-$ns" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
    ip netns del "sdbf-$ns" 2>/dev/null
  done
  ip link del sdbf-br 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- the network: one bridge, one namespace and veth pair per host --------------------------------
for ns in "${!HOST[@]}"; do
  ip netns list | grep -qw "sdbf-$ns" && { log "namespace sdbf-$ns exists (another suite running?)"; exit 3; }
done
ip link add sdbf-br type bridge
ip link set sdbf-br up
for ns in "${!HOST[@]}"; do
  ip netns add "sdbf-$ns"
  ip link add "sdbf-$ns-h" type veth peer name eth0 netns "sdbf-$ns"
  ip link set "sdbf-$ns-h" master sdbf-br up
  ip -n "sdbf-$ns" addr add "$NET.${HOST[$ns]}/24" dev eth0
  ip -n "sdbf-$ns" link set eth0 up
  ip -n "sdbf-$ns" link set lo up
done
addr() { echo "$NET.${HOST[$1]}"; }

# --- PostgreSQL in sdbf-db ------------------------------------------------------------------------
mkdir -p "$data" "$work/pg" "$SDBENCH_HOME"
chown postgres "$data" "$work/pg"
runuser -u postgres -- "$PG_BIN/initdb" -D "$data" -A trust -U postgres --no-sync >"$work/initdb.log" 2>&1
echo "host all all $NET.0/24 trust" >>"$data/pg_hba.conf"
in_ns db runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$data" -l "$work/pg/pg.log" -w -t 60 \
  -o "-p 5432 -k $work/pg -c listen_addresses=$(addr db) -c max_connections=200 -c fsync=off" start >/dev/null
url="jdbc:postgresql://$(addr db):5432/sdbench"
psql_db() { timeout 30 ip netns exec sdbf-db psql -h "$(addr db)" -U postgres -d sdbench -qAtc "$1"; }
log "PostgreSQL at $(addr db):5432 (namespace sdbf-db), work folder $work"

# --- the token: an owner-only file every process reads ---------------------------------------------
head -c 32 /dev/urandom | base64 >"$work/token"
chmod 600 "$work/token"

# The same settings for every process of the system, so the app servers serve the run's workload.
cfg=(-c config/three-tier.yaml --set "appServer.tokenFile=$work/token" --set workload.thinkTime=500ms)
# Short DB bounds, so a cut DB link costs seconds, not minutes.
dbshort=(--set database.timeouts.connect=5s --set database.timeouts.socket=10s --set database.timeouts.statement=5s
         --set database.timeouts.lock=5s --set database.timeouts.maxOutage=60s)

sdb() { local ns="$1" t="$2"; shift 2; (cd "$here" && exec ip netns exec "sdbf-$ns" timeout -k 10 "$t" ./sdbench "$@"); }

log "building"
(cd "$here" && ./sdbench --version >"$work/build.log" 2>&1) || { cat "$work/build.log" >&2; exit 3; }
log "loading $USERS users"
sdb drv 600 load "${cfg[@]}" --db-url "$url" --users "$USERS" --recreate --create-database >"$work/load.log" 2>&1 \
  || { cat "$work/load.log" >&2; exit 3; }

# Starts one process of the system in its namespace, in the background; its log is $dir/$1.log.
start_proc() {
  local name="$1" ns="$2"; shift 2
  (cd "$here" && exec ip netns exec "sdbf-$ns" ./sdbench "$@" </dev/null >"$dir/$name.log" 2>&1) &
  pids+=($!)
  bg[$name]=$!
}
declare -A bg=()
# Bounded wait for a process's ready line; sets port_<name> and pid_<name>.
await_ready() {
  local name="$1" line=""
  for _ in $(seq 1 600); do
    line="$(grep -m1 '^ready ' "$dir/$name.log" 2>/dev/null || true)"
    [ -n "$line" ] && break
    kill -0 "${bg[$name]}" 2>/dev/null || break
    sleep 0.2
  done
  [ -n "$line" ] || { log "$name never became ready: $(tail -3 "$dir/$name.log" | tr '\n' ' ')"; return 1; }
  printf -v "port_$name" '%s' "$(sed -E 's/.*port=([0-9]+).*/\1/' <<<"$line")"
  printf -v "pid_$name" '%s' "$(sed -E 's/.*pid=([0-9]+).*/\1/' <<<"$line")"
}

start_system() {
  start_proc cs cs central "${cfg[@]}" --set "appServer.listen=$(addr cs)" --port 0
  await_ready cs
  for i in 1 2; do
    start_proc "a$i" "a$i" appserver "${cfg[@]}" "${dbshort[@]}" --db-url "$url" --central "$(addr cs):$port_cs" \
      --instance "$i" --set "appServer.listen=$(addr "a$i")" --port 0
  done
  await_ready a1
  await_ready a2
}

start_run() {
  (cd "$here" && exec ip netns exec sdbf-drv timeout -k 10 240 ./sdbench run "${cfg[@]}" "${dbshort[@]}" --db-url "$url" \
      --set "appServer.central=$(addr cs):$port_cs" --users "$USERS" --ramp-up 2s --duration "${WINDOW}s" --ramp-down 1s \
      --interval 5 --accept-errors --set "run.resultsDir=$dir/results" </dev/null >"$dir/run.log" 2>"$dir/run.err.log") &
  run_pid=$!
  pids+=("$run_pid")
}
wait_run() { rc=0; { wait "$run_pid"; } 2>/dev/null || rc=$?; }
# Bounded wait until the run is in its measurement window, plus $1 seconds.
into_window() {
  for _ in $(seq 1 900); do
    grep -q '^\[measurement' "$dir/run.log" 2>/dev/null && { sleep "$1"; return 0; }
    kill -0 "$run_pid" 2>/dev/null || return 1
    sleep 0.2
  done
  return 1
}
# Ends what is left of the system (bounded): SIGTERM, then SIGKILL after 20 s.
stop_system() {
  local p
  for p in "$pid_cs" "$pid_a1" "$pid_a2"; do kill -CONT "$p" 2>/dev/null || true; kill -TERM "$p" 2>/dev/null || true; done
  for _ in $(seq 1 100); do
    kill -0 "$pid_cs" 2>/dev/null || kill -0 "$pid_a1" 2>/dev/null || kill -0 "$pid_a2" 2>/dev/null || return 0
    sleep 0.2
  done
  for p in "$pid_cs" "$pid_a1" "$pid_a2"; do kill -9 "$p" 2>/dev/null || true; done
}
cut_routes() { # $1 add|del, $2 $3 the two namespaces
  ip -n "sdbf-$2" route "$1" blackhole "$(addr "$3")/32"
  ip -n "sdbf-$3" route "$1" blackhole "$(addr "$2")/32"
}

# Each fault sets $want (the documented exit code) and $allow_pending (1: requests left pending are
# expected, processed by 'check --repost' as documented); $rc is the run's exit code.
fault_kill9() {
  want=0; allow_pending=0
  into_window 3 && kill -9 "$pid_a2"
  wait_run
}
# Bounded wait for the driver's line declaring app server 2 lost; sets $extra to the time since $1 (date +%s.%N).
detected_after() {
  local t0="$1"
  for _ in $(seq 1 600); do
    if grep -qh 'app server 2 lost' "$dir/run.log" "$dir/run.err.log" 2>/dev/null; then
      extra="; declared dead $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s after the fault"
      return 0
    fi
    kill -0 "$run_pid" 2>/dev/null || return 0
    sleep 0.1
  done
}
fault_sigstop() {
  want=0; allow_pending=0
  if into_window 3; then
    kill -STOP "$pid_a2"; detected_after "$(date +%s.%N)"
  fi
  wait_run
  kill -CONT "$pid_a2" 2>/dev/null || true
}
fault_cut-central() {
  want=0; allow_pending=0
  if into_window 3; then
    cut_routes add a2 cs; detected_after "$(date +%s.%N)"
  fi
  wait_run
  cut_routes del a2 cs || true
}
fault_cut-db() {
  want=0; allow_pending=0
  if into_window 3; then
    ip link set sdbf-db-h down; sleep "$CUT_DB_SECONDS"; ip link set sdbf-db-h up
  fi
  wait_run
}
fault_central-kill() {
  want=3; allow_pending=1
  into_window 3 && kill -9 "$pid_cs"
  wait_run
}

failed=0
for f in "${faults[@]}"; do
  for rep in $(seq 1 "$REPEAT"); do
    t0="$(date +%s)"; name="$f#$rep"
    dir="$work/$f-$rep"; mkdir -p "$dir/results"
    rc=""; want=""; allow_pending=0; port_cs=""; pid_cs=""; pid_a1=""; pid_a2=""; why=""; extra=""
    if start_system; then
      start_run
      "fault_$f"
    else
      rc="-"; why="system did not start"
    fi
    stop_system
    folder="$(ls -d "$dir/results"/*/ 2>/dev/null | tail -1)"
    failed_e="$(psql_db "SELECT COUNT(*) FROM sdbench.vbhdr WHERE vbstate = 'E'" || echo '?')"
    pending="$(psql_db "SELECT COUNT(*) FROM sdbench.vbhdr WHERE vbstate = 'P'" || echo '?')"
    recovered=""
    if [ "$pending" != 0 ] && [ "$allow_pending" = 1 ]; then
      sdb drv 300 check "${cfg[@]}" --db-url "$url" --repost >"$dir/repost.log" 2>&1 || true
      recovered="; left pending $pending, then 'check --repost': $(grep -m1 're-posted' "$dir/repost.log" || echo '?')"
    fi
    check_rc=0
    sdb drv 300 check "${cfg[@]}" --db-url "$url" >"$dir/check.log" 2>&1 || check_rc=$?
    counted="-"
    if [ -n "$folder" ] && [ -s "${folder}result.json" ]; then
      counted="$(jq -r '"errors " + ((.summary.errorsByKind // {} | to_entries | map("\(.key)=\(.value)") | join(",")) | if . == "" then "none" else . end)
        + (if .littleLaw.deviation == null then "" else ", little'"'"'s law \(.littleLaw.deviation * 1000 | round / 10) %" end)' \
        "${folder}result.json" 2>/dev/null || echo '?')"
    else
      why="${why:-no result.json}"
    fi
    [ -n "$why" ] || [ "$rc" = "$want" ] || why="exit $rc, expected $want"
    [ -n "$why" ] || [ "$failed_e" = 0 ] || why="$failed_e requests in state E"
    [ -n "$why" ] || [ "$pending" = 0 ] || [ "$allow_pending" = 1 ] || why="$pending requests left pending"
    [ -n "$why" ] || [ "$check_rc" = 0 ] || why="check exit $check_rc: $(grep -m1 -v '^ok' "$dir/check.log" | cut -c1-150)"
    verdict="survived"; [ -z "$why" ] || { verdict="NOT survived ($why)"; failed=1; }
    stderr_line="$(grep -m1 '^sdbench:' "$dir/run.err.log" 2>/dev/null | cut -c1-120 || true)"
    printf '%-14s %s: exit %s; %s; E %s, pending %s%s; check exit %s%s%s; %ds\n' "$name" "$verdict" "$rc" "$counted" \
      "$failed_e" "$pending" "$recovered" "$check_rc" "$extra" "${stderr_line:+; run said: $stderr_line}" $(( $(date +%s) - t0 ))
  done
done
log "suite took $(( $(date +%s) - t_start )) s"
exit "$failed"
