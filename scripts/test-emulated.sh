#!/usr/bin/env bash
# Runs a slice of the JUnit suite on Linux aarch64, emulated: in a Debian 13
# (trixie) arm64 root under qemu-user, on Debian's openjdk-25 for arm64, with
# the jar's linux-aarch64 library. The slice is what touches the most native
# code: zero-copy reads, iterators, write batches, transactions, indexed
# batches, wide columns and the Java callbacks (upcalls).
#
#   scripts/test-emulated.sh [TEST-CLASS...]   (default: the slice below)
#
# Emulation is slow (the JIT under qemu: 10-30x a native run), so this is not
# part of CI; scripts/check-portable.sh (which CI runs) runs the consumer and
# the C ABI tests in the same kind of root. Needs root (debootstrap, chroot,
# binfmt_misc). Honours PANROCKS_EMULATED_DIR (work folder, removed afterwards
# unless PANROCKS_EMULATED_KEEP=1).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/toolchain.sh"
source "$(dirname "$0")/roots.sh"
arguments=()
parse_options "$@"
[ "$(id -u)" -eq 0 ] || die "test-emulated.sh needs root (debootstrap, chroot)"
SLICE=(io.panrocks.ZeroCopyReadTest io.panrocks.IteratorTest io.panrocks.WritesAndBatchesTest
       io.panrocks.RoundTripTest io.panrocks.TransactionTest io.panrocks.OptimisticTransactionTest
       io.panrocks.WriteBatchWithIndexTest io.panrocks.WideColumnsTest
       io.panrocks.callbacks.ComparatorTest io.panrocks.callbacks.MergeOperatorTest
       io.panrocks.callbacks.CompactionFilterTest io.panrocks.callbacks.EventListenerTest)
classes=("${arguments[@]}")
[ ${#classes[@]} -gt 0 ] || classes=("${SLICE[@]}")

setup_environment
ensure_packages debootstrap
work="${PANROCKS_EMULATED_DIR:-$(mktemp -d /tmp/panrocks-emulated.XXXXXX)}"
mkdir -p "$work"
ROOTS_WORK="$work"
cleanup() {
    roots_cleanup
    [ "${PANROCKS_EMULATED_KEEP:-0}" = 1 ] || rm -rf "$work"
}
trap cleanup EXIT
start=$(date +%s)

cd "$PANROCKS_ROOT"
say "building the jar and the test classes"
mvn_cmd -q install -DskipTests -pl src/test -am
junit_version="$(sed -n 's:.*<junit.version>\(.*\)</junit.version>.*:\1:p' pom.xml)"
platform_version="1${junit_version#5}"   # JUnit Platform 1.x ships with Jupiter 5.x
mvn_cmd -q -pl src/test dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$work/classpath.txt"
mvn_cmd -q dependency:copy -Dartifact="org.junit.platform:junit-platform-console-standalone:$platform_version" \
    -DoutputDirectory="$work/launcher" -Dmdep.stripVersion=true

make_root arm64 trixie arm64 openjdk-25-jdk-headless
tests="$work/arm64/opt/tests"
mkdir -p "$tests/lib"
cp -r src/test/target/test-classes "$tests/classes"
tr ':' '\n' <"$work/classpath.txt" | while read -r entry; do
    [ -n "$entry" ] && [ -f "$entry" ] && cp "$entry" "$tests/lib/"
done
cp "$work/launcher/junit-platform-console-standalone.jar" "$tests/"
select=()
for c in "${classes[@]}"; do select+=(--select-class "$c"); done
java=/usr/lib/jvm/java-25-openjdk-arm64/bin/java
say "running ${#classes[@]} test classes on aarch64 (emulated; slow)"
set +e
in_root arm64 "$java" --enable-native-access=ALL-UNNAMED -Xmx1g \
    -Dpanrocks.test.classpath=/opt/tests/classes \
    -Dpanrocks.test.engineVersion="$(sed -n 's:.*<rocksdb.engine.version>\(.*\)</rocksdb.engine.version>.*:\1:p' pom.xml)" \
    -jar /opt/tests/junit-platform-console-standalone.jar execute \
    --class-path "/opt/tests/classes:$(cd "$tests/lib" && ls | sed 's:^:/opt/tests/lib/:' | paste -sd:)" \
    --config=junit.jupiter.execution.timeout.default=20m --details=summary --disable-banner \
    "${select[@]}" 2>&1 | tee "$work/junit.log"
status=${PIPESTATUS[0]}
set -e
s=$(( $(date +%s) - start ))
[ "$status" = 0 ] || die "the JUnit slice failed on aarch64 (exit $status; $((s / 60))m$((s % 60))s)"
say "emulated: linux-aarch64 $(grep -E 'tests successful' "$work/junit.log" | tr -s ' ' | sed 's/^ //') in $((s / 60))m$((s % 60))s"
