#!/usr/bin/env bash
# Checks the Grafana dashboard (deploy/observability/grafana-dashboard.json) against a real
# Prometheus scraping a live three-tier run: every query of every panel must return data.
#
#   deploy/observability/check-dashboard.sh          # .ci/run calls it after ./mvnw verify
#
# It starts, all on loopback: a three-tier `./sdbench run` (central services, two app-server
# processes) serving /metrics with a bearer token (as the driver Job does), and Debian's
# `prometheus` with its own temporary storage on a free port, scraping it every 5 s with that
# token. During the measurement window it evaluates each dashboard query with
# `promtool query instant` at one instant of the window (Grafana's $__rate_interval and $__interval
# replaced by 20s and 5s: Grafana's for 5 s scrapes) and fails
# if one returns no series. Then the run finishes, everything started is stopped and removed.
#
# Needs: prometheus and promtool (`apt-get install -y prometheus`, Debian 12: 2.42), python3, a JDK
# >= 21 (./sdbench builds the jar if needed), and a PostgreSQL: SDBENCH_DASH_DB_URL (default: the
# machine's server, database sdbench_dashcheck, created, loaded and dropped; needs psql).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
dashboard="deploy/observability/grafana-dashboard.json"
say() { echo "check-dashboard: $*"; }
for t in prometheus promtool python3; do
  command -v "$t" >/dev/null || { say "needs $t (apt-get install -y prometheus python3)"; exit 3; }
done

db_url="${SDBENCH_DASH_DB_URL:-}"
own_db=""
if [ -z "$db_url" ]; then
  command -v psql >/dev/null || { say "needs psql, or SDBENCH_DASH_DB_URL"; exit 3; }
  own_db="sdbench_dashcheck_$$"
  db_url="jdbc:postgresql://127.0.0.1:5432/$own_db"
fi
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
metrics_port="$(free_port)"
prom_port="$(free_port)"
work="$(mktemp -d /tmp/sdbench-dashcheck.XXXXXX)"
run_pid="" prom_pid=""
cleanup() {
  local rc=$?
  [ -n "$prom_pid" ] && kill "$prom_pid" 2>/dev/null && wait "$prom_pid" 2>/dev/null || true
  [ -n "$run_pid" ] && kill "$run_pid" 2>/dev/null && wait "$run_pid" 2>/dev/null || true
  [ -n "$own_db" ] && psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $own_db WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

head -c 32 /dev/urandom | base64 >"$work/token"
chmod 600 "$work/token"
export SDBENCH_HOME="$work/home"
sets=(-c config/three-tier.yaml --db-url "$db_url" --set database.user=postgres)
if [ -n "$own_db" ]; then
  ./sdbench load --users 20 --create-database --recreate "${sets[@]}" >"$work/load.log" 2>&1 || { cat "$work/load.log"; exit 3; }
fi

# Long enough that the queries run inside the window; the run's own progress goes to a file.
./sdbench run "${sets[@]}" --set run.rampUp=3s --set run.duration=60s --set run.resultsDir="$work/results" \
  --metrics-port "$metrics_port" --metrics-token-file "$work/token" --accept-errors >"$work/run.log" 2>&1 &
run_pid=$!

# The shipped scrape job (prometheus.yml, 5 s scrapes), pointed at this run: its token file, its port.
# Not faster: a scrape's timeout is at most its interval, and on a busy host a scrape can take a second.
sed -e "s|credentials_file: .*|credentials_file: $work/token|" -e "s|targets: .*|targets: ['127.0.0.1:$metrics_port']|" \
  deploy/observability/prometheus.yml >"$work/prometheus.yml"
promtool check config "$work/prometheus.yml" >/dev/null
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
  --web.listen-address="127.0.0.1:$prom_port" --log.level=warn >"$work/prometheus.log" 2>&1 &
prom_pid=$!
prom="http://127.0.0.1:$prom_port"

value() { # instant query -> first sample's value, empty when no series
  promtool query instant -o json "$prom" "$1" 2>/dev/null | python3 -c 'import json,sys
try:
    r = json.load(sys.stdin)
    print(r[0]["value"][1] if r else "")
except Exception:
    print("")'
}
# The window: phase 1 and 25 s of samples (5 scrapes), so every rate has points; bounded by the run's own length.
in_window=""
for _ in $(seq 1 180); do
  kill -0 "$run_pid" 2>/dev/null || { tail -5 "$work/run.log"; tail -5 "$work/prometheus.log"
    promtool query instant "$prom" '{__name__=~"up|sdbench_run_phase"}' || true
    say "the run ended before Prometheus saw its measurement window"; exit 1; }
  if [ "$(value 'max(sdbench_run_phase)')" = 1 ]; then in_window=yes; break; fi
  sleep 1
done
[ -n "$in_window" ] || { tail -20 "$work/run.log"; tail -5 "$work/prometheus.log"; say "no measurement window seen in 180 s"; exit 1; }
up="$(value 'up{job="sdbench"}')"
[ "$up" = 1 ] || { say "Prometheus does not scrape the run (up=$up)"; tail -5 "$work/prometheus.log"; exit 1; }
sleep 25
# Every query at one instant inside the window (on a busy host the queries outlast the run otherwise),
# an instant whose latest scrape succeeded: a failed scrape marks every series stale until the next.
at=""
for _ in $(seq 1 30); do
  t="$(($(date +%s) - 1))"
  if [ "$(promtool query instant -o json --time "$t" "$prom" 'up{job="sdbench"}' 2>/dev/null | python3 -c 'import json,sys
r = json.load(sys.stdin); print(r[0]["value"][1] if r else "")')" = 1 ]; then at="$t"; break; fi
  sleep 1
done
[ -n "$at" ] || { say "no successful scrape in 30 s"; tail -5 "$work/prometheus.log"; exit 1; }
say "scrape duration at that instant: $(value 'scrape_duration_seconds{job="sdbench"}') s"

python3 - "$dashboard" "$prom" "$at" <<'EOF'
import json, subprocess, sys
dash, prom, at = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
failed, n = [], 0
for p in dash["panels"]:
    for t in p.get("targets", []):
        expr = t["expr"].replace("$__rate_interval", "20s").replace("$__interval", "5s")
        r = subprocess.run(["promtool", "query", "instant", "-o", "json", "--time", at, prom, expr],
                           capture_output=True, text=True, timeout=30)
        res = json.loads(r.stdout) if r.returncode == 0 and r.stdout.strip() else None
        n += 1
        if not res:
            failed.append(p["title"])
            print(f"  NO DATA  {p['title']} [{t['refId']}]: {expr} {r.stderr.strip()}")
        else:
            print(f"  ok {len(res):3d} series  {p['title']} [{t['refId']}] first = {res[0]['value'][1]}")
print(f"check-dashboard: {n - len(failed)} of {n} queries in {len(dash['panels'])} panels returned data")
sys.exit(1 if failed else 0)
EOF

say "waiting for the run to finish"
rc=0
wait "$run_pid" || rc=$?
run_pid=""
grep -E "DS/h|Little" "$work/run.log" | head -3 || true
[ "$rc" = 0 ] || { tail -20 "$work/run.log"; say "the run exited $rc"; exit 1; }
say "passed"
