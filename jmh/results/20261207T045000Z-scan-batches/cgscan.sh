#!/usr/bin/env bash
# usage: cgscan.sh OUT JAR METHOD [valueSize] [count]
set -eu
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
PANROCKS_ROOT=/work/main
die() { echo "$*" >&2; exit 1; }
say() { echo "$*" >&2; }
. "$PANROCKS_ROOT/scripts/bench/standard_instructions.sh"
out=$1 jar=$2 method=$3 size=${4:-16} n=${5:-200} lib=${LIB:-$PANROCKS_ROOT/native/build/libpanrocks.so}
cp="$jar:$HOME/.m2/repository/org/rocksdb/rocksdbjni/11.8.1/rocksdbjni-11.8.1.jar"
class=io.panrocks.jmh.PanrocksScan
mapfile -t props < <("$JAVA_HOME/bin/java" -cp "$cp" io.panrocks.jmh.BenchmarkInstructions --fork-properties "$class")
props+=( ${EXTRA:-} )
jvm_windows "$out" "$cp" "$lib" "${props[@]}" -- "$class" "keyCount=1000,keySize=16,dataset=flushed,valueSize=$size" "$n" "$method"
echo "harness $(window_total $out.1) total $(window_total $out.2)"
