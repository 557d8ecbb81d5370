#!/usr/bin/env bash
# A three-tier sdbench run entirely in containers, from a clean clone, with one command:
#
#   sudo deploy/run-in-containers.sh            # or as root; SDBENCH_DEPLOY_* below to change it
#
# What it does: builds the image (./mvnw -B -Pimage -DskipTests package -> target/sdbench-image.tar),
# `podman load`s it, creates the database, then runs as containers of that image, each as the image's
# non-root user (65532) on the host network: `load`, the central services, two app servers, the driver
# (`run`), then `check`. Every tier gets the shared token as the manifests give it (a file of mode 600
# owned by the container's user, read-only at /run/sdbench/token) and the same configuration file, so
# the app servers run the driver's workload. The driver writes its run folder into a podman volume
# (as the Job writes to its PersistentVolumeClaim); the folder is copied out with `podman cp`.
# It prints DS/h and Little's law from result.json and removes its containers, volume and database.
#
# Needs (checked first, one line each when missing):
#   - root (podman runs rootful here), podman and runc: `apt-get install -y podman runc` (Debian 12);
#   - a JDK >= 21 for the build (found as ./mvnw finds it) and python3 (the base image's packer);
#   - a PostgreSQL reachable at SDBENCH_DEPLOY_PG (default 127.0.0.1:5432), user postgres without a
#     password (or SDBENCH_DB_PASSWORD set), and psql to create/drop the database.
# The runtime is runc with nofile/nproc limits of 1024: on this kind of host crun and runc both refuse
# podman's default limits (setrlimit RLIMIT_NOFILE: Operation not permitted).
#
# Environment (all optional):
#   SDBENCH_DEPLOY_PORT_BASE  first of four ports used on the host network (default 23200: central
#                             +0, app servers +1 and +2, driver's metrics +3)
#   SDBENCH_DEPLOY_DB         database name (default sdbench_deploy; dropped and recreated)
#   SDBENCH_DEPLOY_PG         host:port of PostgreSQL (default 127.0.0.1:5432)
#   SDBENCH_DEPLOY_OUT        where the run folder is copied (default results/containers)
#   SDBENCH_DEPLOY_SKIP_BUILD 1: use the existing target/sdbench-image.tar
#   SDBENCH_DEPLOY_SETS       extra '--set key=value' words for every container (e.g. run.duration=60s)
# Exit code: that of the first failing step (the run's, check's), 3 for a missing prerequisite.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

base="${SDBENCH_DEPLOY_PORT_BASE:-23200}"
db="${SDBENCH_DEPLOY_DB:-sdbench_deploy}"
pg="${SDBENCH_DEPLOY_PG:-127.0.0.1:5432}"
out="${SDBENCH_DEPLOY_OUT:-$root/results/containers}"
central_port=$base app1_port=$((base + 1)) app2_port=$((base + 2)) metrics_port=$((base + 3))
prefix="sdbench-deploy"
version="$(sed -n 's:.*<artifactId>sdbench</artifactId>[[:space:]]*<version>\([^<]*\)</version>.*:\1:p' <(tr -d '\n' <pom.xml))"
image="localhost/sdbench:$version"
config="/opt/sdbench/config/three-tier.yaml"
url="jdbc:postgresql://$pg/$db"

say() { echo "run-in-containers: $*"; }
need() { command -v "$1" >/dev/null 2>&1 || { say "needs $1 ($2)"; exit 3; }; }
[ "$(id -u)" = 0 ] || { say "needs root (rootful podman)"; exit 3; }
need podman "apt-get install -y podman"
[ -x /usr/sbin/runc ] || { say "needs /usr/sbin/runc (apt-get install -y runc)"; exit 3; }
need psql "apt-get install -y postgresql-client"
need python3 "apt-get install -y python3"
pg_host="${pg%:*}" pg_port="${pg##*:}"
psql -h "$pg_host" -p "$pg_port" -U postgres -d postgres -tAc 'SELECT 1' >/dev/null \
  || { say "needs PostgreSQL at $pg as user postgres (SDBENCH_DEPLOY_PG)"; exit 3; }
for p in $central_port $app1_port $app2_port $metrics_port; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then say "port $p is in use (SDBENCH_DEPLOY_PORT_BASE)"; exit 3; fi
done

# Limits podman's defaults would exceed here; a private containers.conf so `podman kube play` gets them too.
work="$(mktemp -d /tmp/sdbench-deploy.XXXXXX)"
cat >"$work/containers.conf" <<'EOF'
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]
[engine]
runtime = "runc"
EOF
export CONTAINERS_CONF="$work/containers.conf"
podman_run=(podman run --runtime /usr/sbin/runc --ulimit nofile=1024:1024 --ulimit nproc=1024:1024
  --network host --pull never --log-driver k8s-file)

cleanup() {
  local rc=$?
  for c in driver app1 app2 central load check; do podman rm -f -i -t 5 "$prefix-$c" >/dev/null 2>&1 || true; done
  podman volume rm -f "$prefix-results" >/dev/null 2>&1 || true
  psql -h "$pg_host" -p "$pg_port" -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ "${SDBENCH_DEPLOY_SKIP_BUILD:-0}" != 1 ] || [ ! -f target/sdbench-image.tar ]; then
  say "building the image (./mvnw -B -q -Pimage -DskipTests package)"
  ./mvnw -B -q -Pimage -DskipTests package
fi
say "podman load -i target/sdbench-image.tar"
podman load -q -i target/sdbench-image.tar
podman image exists "$image" || { say "the archive did not hold $image"; exit 3; }

# The token as the pods see it: a Secret copied into a memory volume, mode 600, owned by the pod's user.
head -c 32 /dev/urandom | base64 >"$work/token"
chown 65532:65532 "$work/token" && chmod 600 "$work/token"
token=(-v "$work/token:/run/sdbench/token:ro")
# Every container gets the same configuration: the driver's three-tier.yaml, the same database, the same extra sets.
common=(-c "$config" --db-url "$url" --set database.user=postgres --set appServer.tokenFile=/run/sdbench/token)
for s in ${SDBENCH_DEPLOY_SETS:-}; do common+=(--set "$s"); done
env=()
[ -n "${SDBENCH_DB_PASSWORD:-}" ] && env=(-e SDBENCH_DB_PASSWORD)

psql -h "$pg_host" -p "$pg_port" -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" >/dev/null
users="$(sed -n 's/^  users: *\([0-9]*\).*/\1/p' config/three-tier.yaml)"
say "load ($users users) into $db"
"${podman_run[@]}" --rm --name "$prefix-load" "${env[@]}" "$image" load --users "$users" "${common[@]}" >"$work/load.log" 2>&1 \
  || { cat "$work/load.log"; exit 1; }

wait_ready() { # container, port: the port listens while the container runs
  for _ in $(seq 1 120); do
    # a listening socket, not a connection: the servers log every client that skips the handshake
    if [ -n "$(ss -Htln "sport = :$2" 2>/dev/null)" ]; then return 0; fi
    [ "$(podman inspect -f '{{.State.Running}}' "$1" 2>/dev/null)" = true ] || { podman logs "$1"; say "$1 exited"; exit 3; }
    sleep 0.5
  done
  podman logs "$1"; say "$1 not listening on $2 after 60 s"; exit 3
}
say "central services on 127.0.0.1:$central_port"
"${podman_run[@]}" -d --name "$prefix-central" "${token[@]}" "$image" central --port "$central_port" \
  --set appServer.listen=127.0.0.1 "${common[@]}" >/dev/null
wait_ready "$prefix-central" "$central_port"
for i in 1 2; do
  port=$((base + i))
  say "app server $i on 127.0.0.1:$port"
  "${podman_run[@]}" -d --name "$prefix-app$i" "${token[@]}" "${env[@]}" "$image" appserver --instance "$i" \
    --central "127.0.0.1:$central_port" --port "$port" --advertise 127.0.0.1 --set appServer.listen=127.0.0.1 \
    "${common[@]}" >/dev/null
done
wait_ready "$prefix-app1" "$app1_port"
wait_ready "$prefix-app2" "$app2_port"

say "driver (run), metrics with the bearer token on 127.0.0.1:$metrics_port"
podman volume create "$prefix-results" >/dev/null
rc=0
# :U gives the volume to the container's user, as fsGroup does for the Job's volume
"${podman_run[@]}" --name "$prefix-driver" "${token[@]}" "${env[@]}" -v "$prefix-results:/results:U" "$image" run \
  "${common[@]}" --set "appServer.central=127.0.0.1:$central_port" --set run.resultsDir=/results \
  --metrics-port "$metrics_port" --metrics-bind 127.0.0.1 --metrics-token-file /run/sdbench/token --accept-errors \
  | tee "$work/run.log" || rc=$?
say "driver exited $rc"

mkdir -p "$out"
podman cp "$prefix-driver:/results/." "$out/"
folder="$(ls -td "$out"/*/ | head -1)"
say "run folder copied out: $folder"
for i in 1 2; do podman logs "$prefix-app$i" >"$folder/container-appserver-$i.log" 2>&1 || true; done
podman logs "$prefix-central" >"$folder/container-central.log" 2>&1 || true
[ "$rc" = 0 ] || exit "$rc"

say "check"
"${podman_run[@]}" --rm --name "$prefix-check" "${env[@]}" "$image" check "${common[@]}" | tee "$work/check.log" || exit $?

python3 - "$folder/result.json" <<'EOF'
import json, sys
result = json.load(open(sys.argv[1]))
law = result["littleLaw"]
print("run-in-containers: DS/h measured %.0f, Little's law expects %.0f, deviation %+.1f %%"
      % (law["measuredDialogStepsPerHour"], law["expectedDialogStepsPerHour"], 100 * law["deviation"]))
# The run takes --accept-errors so that a busy host's departure from Little's law is reported here, not
# fatal; a failed step in the window still fails the proof.
errors = result["summary"].get("errorsByKind") or {}
if sum(errors.values()):
    sys.exit("run-in-containers: dialog steps failed in the window: %s" % errors)
EOF
say "passed: three-tier run in containers, check ok, results in $folder"
