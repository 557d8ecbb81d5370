# Sourced by bench/syscalls.sh, bench/context-switches.sh and bench/profile.sh (not run on its own): parses
# "JAR [SECONDS] [-- extra bench overhead options]", starts `sdbench bench overhead --rounds 1` from
# JAR in the background and returns once its SQL round runs. Defines group_threads. Sets jar, secs, here, SDBENCH_JAVA, work (a temporary
# folder, removed on exit, whose "out" is the bench's output) and pid (the bench's JVM).
[ $# -ge 1 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 2; }
jar="$1"; shift
secs=8
if [ $# -gt 0 ] && [ "$1" != "--" ]; then secs="$1"; shift; fi
[ "${1:-}" != "--" ] || shift
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The JDK ./sdbench runs on, unless $SDBENCH_JAVA names a java: a host's default java may be older.
# shellcheck source=.mvn/jdk.sh
. "$here/.mvn/jdk.sh"
SDBENCH_JAVA="$(bench_java)" || exit 2
work="$(mktemp -d)"
trap 'rm -rf "$work"; [ -z "${pid:-}" ] || kill "$pid" 2>/dev/null || true' EXIT
url="${SDBENCH_AB_DB_URL:-jdbc:postgresql://127.0.0.1:5432/sdbench_perf}"
"$SDBENCH_JAVA" -Xmx1g -XX:+UseG1GC -Dsdbench.home="$here" -jar "$jar" bench overhead --db-url "$url" \
  --rounds 1 --window "$((secs + 8))s" --warm-up 5s "$@" >"$work/out" 2>&1 &
pid=$!
touch "$work/out"
# The SQL round follows the second no-SQL round; give it 3 s to reset the documents and settle.
until grep -q 'round 1 no SQL, user context [1-9]' "$work/out"; do
  kill -0 "$pid" 2>/dev/null || { cat "$work/out"; exit 3; }
  sleep 1
done
sleep 3

# "GROUP TASK_DIR" for each thread of the work processes and the think timer (groups dia, upd, think).
group_threads() {
  local t name
  for t in /proc/"$pid"/task/*; do
    name="$(cat "$t/comm" 2>/dev/null || true)"
    case "$name" in
      dia-*|upd-*|think-timer) echo "${name%%-*} $t" ;;
    esac
  done
}
