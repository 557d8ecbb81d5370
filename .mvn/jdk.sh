# Finds a JDK >= 21 for ./mvnw and ./sdbench: $SDBENCH_JAVA_HOME, $JAVA_HOME, the java on PATH,
# then the usual install folders. Sourced, not run; prints the JDK's home or returns 1.
java_major() { "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2; exit}'; }

find_jdk() {
  local c v
  for c in "${SDBENCH_JAVA_HOME:-}" "${JAVA_HOME:-}" "$(dirname "$(dirname "$(readlink -f "$(command -v java 2>/dev/null || echo /nonexistent)")")")" /usr/lib/jvm/* "$HOME"/.jdks/* /opt/java/*; do
    [ -n "$c" ] && [ -x "$c/bin/java" ] && [ -x "$c/bin/javac" ] || continue
    v="$(java_major "$c/bin/java")"
    if [ -n "$v" ] && [ "${v%%.*}" -ge 21 ] 2>/dev/null; then echo "$c"; return 0; fi
  done
  return 1
}

# The java a bench script runs: $SDBENCH_JAVA, else the JDK find_jdk finds; prints why not and returns 1.
bench_java() {
  if [ -n "${SDBENCH_JAVA:-}" ]; then echo "$SDBENCH_JAVA"; return 0; fi
  local jdk
  jdk="$(find_jdk)" || { echo "no JDK 21 or newer found: set SDBENCH_JAVA to its java" >&2; return 1; }
  echo "$jdk/bin/java"
}
