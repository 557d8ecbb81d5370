#!/usr/bin/env bash
# The Kubernetes manifests under a real runtime on one machine: `podman kube play` (podman 4.3) of
# deploy/podman/*.yaml, which are deploy/k8s with the substitutions listed at the top of services.yaml
# (StatefulSet -> its two Pods, Job -> its Pod, Secret -> podman secret, Services -> host network).
#
#   deploy/podman/kube-play.sh          # as root; builds and loads the image first (SDBENCH_DEPLOY_SKIP_BUILD=1: don't build)
#
# (From another directory: 4.3 takes the launcher ./sdbench for the image's build context and fails
# on it, even with --build=false.)
# Order, as on a cluster: the secrets, the data load (a container of the image), `kube play` of the
# central services (Deployment) and app servers (Pods), then of the driver (PersistentVolumeClaim +
# Pod); it waits for the driver to exit, copies the run folder out of the claim's volume, runs
# `check`, prints DS/h and Little's law, then `kube down`s everything and drops the database.
# Needs what deploy/run-in-containers.sh needs (root, podman, runc, psql, PostgreSQL on 127.0.0.1:5432)
# and ports 23210-23213 free.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
here=deploy/podman
db=sdbench_deploy_kube
out="${SDBENCH_DEPLOY_OUT:-$root/results/kube-play}"
version="$(sed -n 's:.*<artifactId>sdbench</artifactId>[[:space:]]*<version>\([^<]*\)</version>.*:\1:p' <(tr -d '\n' <pom.xml))"
image="localhost/sdbench:$version"
say() { echo "kube-play: $*"; }
[ "$(id -u)" = 0 ] || { say "needs root (rootful podman)"; exit 3; }
for t in podman psql python3; do command -v "$t" >/dev/null || { say "needs $t"; exit 3; }; done
[ -x /usr/sbin/runc ] || { say "needs /usr/sbin/runc (apt-get install -y runc)"; exit 3; }
psql -h 127.0.0.1 -U postgres -d postgres -tAc 'SELECT 1' >/dev/null || { say "needs PostgreSQL at 127.0.0.1:5432, user postgres"; exit 3; }
grep -q "image: $image" $here/services.yaml || { say "$here/*.yaml do not name $image"; exit 3; }
for p in 23210 23211 23212 23213; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then say "port $p is in use"; exit 3; fi
done

work="$(mktemp -d /tmp/sdbench-kubeplay.XXXXXX)"
# podman's default limits are refused here (setrlimit RLIMIT_NOFILE); kube play reads them from containers.conf
cat >"$work/containers.conf" <<'EOF'
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]
[engine]
runtime = "runc"
EOF
export CONTAINERS_CONF="$work/containers.conf"
run=(podman run --rm --network host --pull never)
played=()
cleanup() {
  local rc=$?
  for f in "${played[@]}"; do podman kube down "$f" >/dev/null 2>&1 || true; done
  # a pod whose start failed is not always taken down by kube down
  for p in sdbench-central-pod-0 sdbench-appserver-0 sdbench-appserver-1 sdbench-driver; do
    podman pod rm -f -i "$p" >/dev/null 2>&1 || true
  done
  podman rm -f -i sdbench-kubeplay-load sdbench-kubeplay-check >/dev/null 2>&1 || true
  podman volume rm -f sdbench-results sdbench-token >/dev/null 2>&1 || true
  podman secret rm sdbench-token >/dev/null 2>&1 || true
  podman secret rm sdbench-db >/dev/null 2>&1 || true
  psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ "${SDBENCH_DEPLOY_SKIP_BUILD:-0}" != 1 ] || [ ! -f target/sdbench-image.tar ]; then
  say "building the image"
  ./mvnw -B -q -Pimage -DskipTests package
fi
podman load -q -i target/sdbench-image.tar >/dev/null

# The two secrets of the walk-through (deploy/README.md step 1) as podman secrets, in the forms podman
# 4.3's kube play reads: for a secret volume a Secret object whose data values it writes to the files
# as they are (no base64 decoding, so the value is the token text itself); for secretKeyRef a JSON map
# of key to base64 value.
token="$(head -c 32 /dev/urandom | base64)"
printf '{"apiVersion":"v1","kind":"Secret","metadata":{"name":"sdbench-token"},"data":{"token":"%s"}}' "$token" \
  | podman secret create sdbench-token - >/dev/null
# trust authentication here: the password is not asked for
printf '{"password":"%s"}' "$(printf unused-with-trust | base64)" | podman secret create sdbench-db - >/dev/null

psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" >/dev/null
say "load (20 users) into $db"
"${run[@]}" --name sdbench-kubeplay-load "$image" load --users 20 -c /opt/sdbench/config/three-tier.yaml \
  --db-url "jdbc:postgresql://127.0.0.1:5432/$db" >"$work/load.log" 2>&1 || { cat "$work/load.log"; exit 1; }

say "podman kube play $here/services.yaml (central services Deployment, app-server Pods)"
played+=("$here/services.yaml")
(cd "$work" && podman kube play --build=false --configmap "$root/$here/config.yaml" "$root/$here/services.yaml")
for p in 23210 23211 23212; do
  for i in $(seq 1 120); do
    [ -n "$(ss -Htln "sport = :$p" 2>/dev/null)" ] && break
    [ "$i" = 120 ] && { podman pod ps; podman ps -a; say "nothing listens on $p after 60 s"; exit 1; }
    sleep 0.5
  done
done
podman pod ps --format '{{.Name}} {{.Status}} {{.NumberOfContainers}} containers'

say "podman kube play $here/driver.yaml (results claim, driver Pod)"
played+=("$here/driver.yaml")
(cd "$work" && podman kube play --build=false --configmap "$root/$here/config.yaml" "$root/$here/driver.yaml")
rc="$(podman wait sdbench-driver-driver)"
podman logs sdbench-driver-driver >"$work/run.log" 2>&1 || true
cat "$work/run.log"
say "driver exited $rc"
mkdir -p "$out"
podman cp "sdbench-driver-driver:/results/." "$out/"
folder="$(ls -td "$out"/*/ | head -1)"
say "run folder copied out: $folder"
for c in sdbench-appserver-0-appserver sdbench-appserver-1-appserver; do podman logs "$c" >"$folder/$c.log" 2>&1 || true; done
[ "$rc" = 0 ] || exit "$rc"

"${run[@]}" --name sdbench-kubeplay-check "$image" check -c /opt/sdbench/config/three-tier.yaml \
  --db-url "jdbc:postgresql://127.0.0.1:5432/$db" | tail -3
python3 - "$folder/result.json" <<'EOF'
import json, sys
law = json.load(open(sys.argv[1]))["littleLaw"]
print("kube-play: DS/h measured %.0f, Little's law expects %.0f, deviation %+.1f %%"
      % (law["measuredDialogStepsPerHour"], law["expectedDialogStepsPerHour"], 100 * law["deviation"]))
EOF
say "passed"
