#!/usr/bin/env bash
# Capacity of ONE app-server process: a real three-tier run ('sdbench run', central services + one
# 'sdbench appserver' process, which 'run' starts with -Xmx1g) logs on USERS users, each with a
# 16 KiB user context (roll area) held by the app server, and keeps them stepping through the SD
# transactions with a long think time. During the ramp-up and at the end of the window the script
# forces a full GC in the app server (jcmd GC.class_histogram: live objects only) and reads the live
# heap and the number of logged-on users (UserSession objects) there; a least-squares line through
# these samples gives the live heap per logged-on user.
#
#   bench/appserver-users.sh [--users 5000] [--think 300s] [--ramp-up 300s] [--window 120s]
#                            [--db-url JDBC_URL] [--schema u5000] [--samples 6] [-- extra 'run' options]
#
# Data: workloads/sd-quick.yaml with workload.customersPerUser=1 (the full 40-order history per
# customer, VA05 lists 40 orders as in sd-standard; one customer per user instead of five keeps the
# load of 5,000 users to minutes). 'run' loads it into the schema when missing. Launcher: $SDBENCH
# (default ./sdbench; use "java -jar COPY.jar" when rebuilding meanwhile). Needs jcmd of the JDK
# the app server runs on. Output: the run's summary, then the heap samples and the verdict.
set -euo pipefail
users=5000 think=300s rampup=300s window=120s samples=6 schema=u5000
url="jdbc:postgresql://127.0.0.1:5432/sdbench_perf"
while [ $# -gt 0 ]; do
  case "$1" in
    --users) users="$2"; shift 2 ;;
    --think) think="$2"; shift 2 ;;
    --ramp-up) rampup="$2"; shift 2 ;;
    --window) window="$2"; shift 2 ;;
    --db-url) url="$2"; shift 2 ;;
    --schema) schema="$2"; shift 2 ;;
    --samples) samples="$2"; shift 2 ;;
    --) shift; break ;;
    *) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
secs() { case "$1" in *ms) echo 0 ;; *s) echo "${1%s}" ;; *m) echo $(( ${1%m} * 60 )) ;; *) echo "$1" ;; esac; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
work="$(mktemp -d)"
trap 'rm -rf "$work"; [ -z "${pid:-}" ] || kill "$pid" 2>/dev/null || true' EXIT
# shellcheck disable=SC2086
${SDBENCH:-./sdbench} run -c config/three-tier.yaml -w workloads/sd-quick.yaml --db-url "$url" --users "$users" \
  --ramp-up "$rampup" --duration "$window" --ramp-down 5s \
  --set database.schema="$schema" --set workload.customersPerUser=1 --set workload.thinkTime="$think" \
  --set appServer.instances=1 --set appServer.userContextBytes=16384 "$@" >"$work/run.out" 2>&1 &
pid=$!
app=""
until [ -n "$app" ]; do
  kill -0 "$pid" 2>/dev/null || { cat "$work/run.out"; exit 3; }
  sleep 1
  app="$(pgrep -P "$pid" -f ' appserver ' || true)"
done
jcmd="$(dirname "$(readlink -f "/proc/$app/exe")")/jcmd"
maxheap="$("$jcmd" "$app" VM.flags 2>/dev/null | grep -oE "MaxHeapSize=[0-9]+" | head -1 | cut -d= -f2)"
echo "app server pid $app, max heap $((maxheap >> 20)) MiB; sampling live heap during the ramp-up" >&2
sample() {   # users-logged-on live-bytes, after the full GC the class histogram forces
  "$jcmd" "$app" GC.class_histogram >"$work/h.$1" 2>/dev/null || return 0
  awk -v tag="$1" '$4 == "org.sdbench.apptier.instance.session.UserSession" { u = $2 } $1 == "Total" { t = $3 }
    END { printf "%s %d %d\n", tag, u, t }' "$work/h.$1" >>"$work/samples"
}
r=$(secs "$rampup"); w=$(secs "$window")
sample 0
for i in $(seq 1 "$samples"); do
  sleep $(( r / samples ))
  kill -0 "$pid" 2>/dev/null || break
  sample "$i"
done
sleep $(( w * 3 / 4 ))
kill -0 "$pid" 2>/dev/null && sample end
rc=0; wait "$pid" || rc=$?
pid=""
cat "$work/run.out"
folder="$(grep -oE 'results/[0-9]{8}-[0-9]{6}-[A-Za-z0-9._-]+' "$work/run.out" | head -1 || true)"
if [ -n "$folder" ] && grep -q OutOfMemoryError "$folder/appserver-1.log" 2>/dev/null; then
  echo "the app server ran out of heap: see $folder/appserver-1.log"; rc=1
fi
echo
echo "live heap of the app-server process after a full GC (jcmd GC.class_histogram), run exit code $rc:"
python3 - "$work" "$maxheap" "$users" <<'EOF'
import sys, os
work, maxheap, users = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rows = [l.split() for l in open(os.path.join(work, "samples"))]
pts = [(int(u), int(t)) for _, u, t in rows]
for tag, u, t in rows:
    print(f"  sample {tag:>4}: {int(u):6,d} users logged on, live heap {int(t) / 2**20:7.1f} MiB")
# Sample 0 precedes the first steps: the one-time allocations of the first minutes (work-process
# working sets, classes, pool, buffers) would count as per-user heap, so the line starts at sample 1.
fit = pts[1:] if len(pts) > 2 else pts
n = len(fit)
mx = sum(u for u, _ in fit) / n; my = sum(t for _, t in fit) / n
sxx = sum((u - mx) ** 2 for u, _ in fit)
slope = sum((u - mx) * (t - my) for u, t in fit) / sxx if sxx else float("nan")
base = my - slope * mx
last_u, last_t = pts[-1]
print(f"  per logged-on user: {slope:,.0f} B (least squares over samples 1..end; 16,384 B of it the user context)")
print(f"  the line at 0 users: {base / 2**20:.1f} MiB (sample 0, before any step: {pts[0][1] / 2**20:.1f} MiB); at {users:,} users: {(base + slope * users) / 2**20:.1f} MiB "
      f"of {maxheap / 2**20:.0f} MiB max heap")
fits = last_u >= users and last_t < maxheap
print(f"  {users:,} users with a 16 KiB roll area in one app-server process within a "
      f"{maxheap / 2**20:.0f} MiB heap: {'FITS' if fits else 'DOES NOT FIT (or not all users logged on)'} "
      f"({last_u:,} logged on, {last_t / 2**20:.1f} MiB live)")
cls = {}
for tag in ("1", "end"):
    p = os.path.join(work, "h." + tag)
    if os.path.exists(p):
        for l in open(p):
            f = l.split()
            if len(f) >= 4 and f[0].endswith(":"):
                cls.setdefault(f[3], {})[tag] = int(f[2])
if len(pts) > 2 and last_u > pts[1][0]:
    grow = sorted(((v.get("end", 0) - v.get("1", 0), c) for c, v in cls.items()), reverse=True)[:8]
    print("  what grew from sample 1 to the last sample (bytes per added user):")
    for d, c in grow:
        print(f"    {d / (last_u - pts[1][0]):9,.0f}  {c}")
EOF
exit "$rc"
