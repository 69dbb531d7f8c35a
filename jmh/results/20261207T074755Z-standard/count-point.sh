#!/usr/bin/env bash
# usage: count-point.sh CLASS PARAMS OPERATIONS METHOD: instructions per operation of one method, one JVM under callgrind
set -eu
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
PANROCKS_ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"  # the checkout this folder lies in
die() { echo "$*" >&2; exit 1; }
say() { echo "$*" >&2; }
. "$PANROCKS_ROOT/scripts/bench/standard_instructions.sh"
cp="$PANROCKS_ROOT/jmh/target/benchmarks.jar:$HOME/.m2/repository/org/rocksdb/rocksdbjni/11.8.1/rocksdbjni-11.8.1.jar"
w=$(mktemp -d)
count_jvm_point "$w" "$cp" "$@"
