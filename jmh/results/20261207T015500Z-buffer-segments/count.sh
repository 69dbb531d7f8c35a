#!/usr/bin/env bash
# Instructions per call of the changed reads, before and after, by the standard run's harness
# (BenchmarkInstructions under callgrind, one JVM per point); prints TSV lines prefixed by the jar's name.
set -eu
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
PANROCKS_ROOT=/work/main
die() { echo "$*" >&2; exit 1; }
say() { echo "$*" >&2; }
. "$PANROCKS_ROOT/scripts/bench/standard_instructions.sh"
work=$(mktemp -d)
for jar in "$@"; do
  name=$(basename "$jar" .jar)
  for size in 16 16384; do
    count_jvm_point "$work" "$jar" io.panrocks.jmh.PanrocksGet "keyCount=1000,keySize=16,dataset=flushed,valueSize=$size" 20000 getDirectBuffer | sed "s/^/$name\t/"
    count_jvm_point "$work" "$jar" io.panrocks.jmh.PanrocksCriticalGet "keyCount=1000,keySize=16,dataset=flushed,valueSize=$size" 20000 getPreallocatedCritical | sed "s/^/$name\t/"
  done
done
