#!/usr/bin/env bash
# Builds target/sdbench-base.tar, the base image of the sdbench container, without a Docker daemon
# and without a container registry: a Java runtime cut from the local JDK with jlink, plus glibc,
# zlib and busybox (for the init container's cp/chmod) from Debian packages (apt-get download: needs
# the Debian mirror, nothing else). The result is a `docker save`-style tarball that Jib uses as its
# base (`tar://`); './mvnw -Pimage package' runs this script and then jib:buildTar.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-$root/target/sdbench-base.tar}"
# Modules the shaded jar needs (pgjdbc: sql, naming, security; HikariCP/Micrometer: management;
# Caffeine/HdrHistogram: jdk.unsupported; the metrics endpoint: jdk.httpserver). Checked by running the image's java on 'sdbench --help'
# and a short run (see deploy/README.md).
modules="java.base,jdk.httpserver,java.sql,java.naming,java.management,java.logging,java.xml,java.desktop,java.security.jgss,java.security.sasl,java.net.http,jdk.unsupported,jdk.crypto.ec,jdk.management,jdk.zipfs,jdk.localedata"

jdk=""
for c in "${SDBENCH_JAVA_HOME:-}" "${JAVA_HOME:-}" /usr/lib/jvm/*; do
  if [ -n "$c" ] && [ -x "$c/bin/jlink" ]; then
    v="$("$c/bin/java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2; exit}')"
    if [ "${v%%.*}" -ge 21 ] 2>/dev/null; then jdk="$c"; break; fi
  fi
done
[ -n "$jdk" ] || { echo "build-base-image: no JDK >= 21 with jlink found (set SDBENCH_JAVA_HOME)" >&2; exit 3; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
mkdir -p "$rootfs/opt" "$work/debs"
# apt-get download drops to user _apt when it can: let it write there
chmod 755 "$work" && chmod 777 "$work/debs"
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files --output "$rootfs/opt/java"
(cd "$work/debs" && apt-get download libc6 libgcc-s1 zlib1g busybox-static >/dev/null)
for d in "$work"/debs/*.deb; do dpkg-deb -x "$d" "$rootfs"; done
rm -rf "$rootfs/usr/share/doc" "$rootfs/usr/share/man" "$rootfs/usr/share/lintian" "$rootfs/usr/share/locale"
mkdir -p "$rootfs/bin" "$rootfs/tmp" "$rootfs/etc" "$rootfs/work" "$rootfs/results" "$rootfs/run/sdbench"
chmod 1777 "$rootfs/tmp"
chmod 0777 "$rootfs/work" "$rootfs/results" "$rootfs/run/sdbench"
for tool in sh cp chmod cat ls mkdir sleep tar; do ln -sf /bin/busybox "$rootfs/bin/$tool"; done
printf 'root:x:0:0:root:/root:/bin/sh\nsdbench:x:65532:65532:sdbench:/work:/bin/sh\n' >"$rootfs/etc/passwd"
printf 'root:x:0:\nsdbench:x:65532:\n' >"$rootfs/etc/group"
mkdir -p "$(dirname "$out")"
python3 "$root/deploy/image/docker_archive.py" "$rootfs" "$out" sdbench-base:local
