#!/usr/bin/env bash
# Proves that the panrocks jar runs on a Linux that has nothing but a JDK:
#   1. builds the jar (scripts' usual build, bundled engine) and installs it
#      into the local Maven repository;
#   2. builds scripts/portable/ (a consumer that takes the jar as a Maven
#      dependency) on this machine;
#   3. makes a minimal Debian root with `debootstrap --variant=minbase` from
#      the mirror this machine's apt uses, deletes the compression libraries
#      that minbase carries for apt (zstd, lz4, bzip2, zlib: panrocks must
#      carry its own), and copies in only the JDK and the consumer;
#   4. runs the consumer there (chroot): open, write and read back with every
#      compression type, reopen, print the engine version.
# Needs root (debootstrap, chroot, mount). About 5 minutes once the engine is
# built. Honours PANROCKS_PORTABLE_SUITE (default bookworm) and
# PANROCKS_PORTABLE_DIR (work folder, default a fresh one under /tmp, removed
# afterwards unless PANROCKS_PORTABLE_KEEP=1).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
[ "$(id -u)" -eq 0 ] || die "check-portable.sh needs root (debootstrap, chroot)"
setup_environment
ensure_packages debootstrap
suite="${PANROCKS_PORTABLE_SUITE:-bookworm}"
work="${PANROCKS_PORTABLE_DIR:-$(mktemp -d /tmp/panrocks-portable.XXXXXX)}"
root="$work/root"
start=$(date +%s)

cleanup() {
    mountpoint -q "$root/proc" && umount "$root/proc"
    mountpoint -q "$root/dev" && umount "$root/dev"
    [ "${PANROCKS_PORTABLE_KEEP:-0}" = 1 ] || rm -rf "$work"
}
trap cleanup EXIT

cd "$PANROCKS_ROOT"
say "1/4 building the panrocks jar and installing it into the local Maven repository"
mvn_cmd -q install -DskipTests -pl java-api -am
version="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' java-api/pom.xml | head -1)"

say "2/4 building the consumer (scripts/portable), panrocks $version as its Maven dependency"
rm -rf "$work/consumer"; mkdir -p "$work"
cp -r scripts/portable "$work/consumer"
mvn_cmd -q -f "$work/consumer/pom.xml" -Dpanrocks.version="$version" package
ls "$work/consumer/target/lib/" | grep -q '^panrocks-' || die "the consumer's dependencies hold no panrocks jar"

say "3/4 debootstrap --variant=minbase $suite (from the mirror in this machine's apt sources)"
mirror="$(debian_mirror)"
debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log" >&2; die "debootstrap failed (log above)"; }
# minbase carries these for apt and dpkg; panrocks must not use them
removed="$(find "$root/usr/lib" "$root/lib" -maxdepth 2 \( -name 'libzstd.so*' -o -name 'liblz4.so*' -o -name 'libbz2.so*' \
    -o -name 'libz.so*' -o -name 'libsnappy.so*' -o -name 'librocksdb*' -o -name 'libstdc++.so*' -o -name 'libgcc_s.so*' \) \
    -print -delete 2>/dev/null | sed "s:^$root::" | sort -u | tr '\n' ' ')"
say "removed from the root: ${removed:-nothing}"
if find "$root" -xdev \( -iname '*rocksdb*' -o -iname '*snappy*' \) -print -quit | grep -q .; then
    die "the minimal root holds something RocksDB-related: $(find "$root" -xdev \( -iname '*rocksdb*' -o -iname '*snappy*' \) | head -3)"
fi
mkdir -p "$root/opt/jdk" "$root/opt/consumer"
cp -a "$JAVA_HOME/." "$root/opt/jdk/"
cp -r "$work/consumer/target/classes" "$work/consumer/target/lib" "$root/opt/consumer/"

say "4/4 running the consumer inside the minimal root (JDK $(jdk_feature_version "$JAVA_HOME"), $suite)"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
set +e
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin \
    /opt/jdk/bin/java --enable-native-access=ALL-UNNAMED -cp '/opt/consumer/classes:/opt/consumer/lib/*' \
    example.PortableConsumer /tmp/portable-db 2>&1 | tee "$work/consumer.log"
status=${PIPESTATUS[0]}
set -e
[ "$status" = 0 ] && grep -q '^portable check passed$' "$work/consumer.log" \
    || die "the consumer failed in the minimal root (exit $status)"
glibc="$(chroot "$root" /usr/bin/ldd --version 2>/dev/null | head -1 || true)"
s=$(( $(date +%s) - start ))
say "portable check passed: $suite minbase root, only a JDK, ${glibc:-glibc ?}; $(grep '^engine ' "$work/consumer.log"); $((s / 60))m$((s % 60))s"
