#!/usr/bin/env bash
# JMH: panrocks's Kafka Streams state stores (kafka-streams/) against Kafka's
# built-in RocksDB stores, on this machine: raw store operations (put, get,
# putAll of 100, a range of 100), restoring 1M changelog records (and a versioned
# store's changelog), and whole
# topologies through TopologyTestDriver (word count, an aggregation, a
# stream-table join, a windowed count). JMH forks every parameter point, so
# RocksJava (Kafka's stores) and panrocks never share a JVM.
#
#   scripts/bench-kafka.sh             standard: 2 forks, 3 x 1 s warmup, 5 x 1 s measurement (about 10 minutes on 2 cores)
#   scripts/bench-kafka.sh --quick     1 fork, short iterations (a few minutes; noisy)
#
# Modes: the other Kafka Streams benchmarks, each a file of scripts/bench/ (its header is its --help:
# scripts/bench-kafka.sh MODE --help):
#   scripts/bench-kafka.sh cluster [--quick] [--ceiling]   on a real KRaft broker: a killed instance, throughput, a restore
#   scripts/bench-kafka.sh memory [--quick]    the resident memory of 50 stores under load, budget on and off
#
# Options:
#   --quick | --standard      mode (default --standard)
#   --no-build                use the classes already built
#   --rjengine                also run the panrocks side on RocksJava 7.8.3's release build of the engine
#                             (the binary scripts/bench.sh builds libpanrocks against: native/build-rjengine/)
#   --no-docs                 keep docs/benchmarks.md as is
#
# Environment: BENCH_JMH_TIMING and BENCH_RESTORE_TIMING replace the mode's JMH timing options
# (e.g. BENCH_JMH_TIMING="-f 1 -wi 1 -w 300ms -i 2 -r 300ms" for a one-minute check that it all runs).
#
# Results: jmh/results/<timestamp>-kafka-<mode>/ (JMH JSON and logs); the report
# (scripts/bench/kafka_report.py) goes into docs/benchmarks.md between the
# kafka-streams markers, which scripts/bench.sh's report keeps.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
run_mode "$PANROCKS_ROOT/scripts/bench/kafka-" "cluster memory" "$@"

mode=standard
build=1
rjengine=0
docs=1
own_option() {
    case "$1" in
        --rjengine) rjengine=1 ;;
        *) return 1 ;;
    esac
}
parse_options "$@"

setup_environment
cd "$PANROCKS_ROOT"
JAVA="$JAVA_HOME/bin/java"
if [ "$mode" = quick ]; then
    TIMING="${BENCH_JMH_TIMING:--f 1 -wi 2 -w 500ms -i 3 -r 500ms}"
    RESTORE_TIMING="${BENCH_RESTORE_TIMING:--f 1 -wi 1 -i 2}"
else
    TIMING="${BENCH_JMH_TIMING:--f 2 -wi 3 -w 1s -i 5 -r 1s}"
    RESTORE_TIMING="${BENCH_RESTORE_TIMING:--f 2 -wi 2 -i 4}"
fi

if [ "$build" = 1 ]; then
    say "building (mvn -pl kafka-streams -am package, no tests)"
    mvn_cmd -q -pl kafka-streams -am package -DskipTests
fi
[ -f kafka-streams/target/test-classes/META-INF/BenchmarkList ] || die "no benchmarks built; run without --no-build"
CP="$PANROCKS_ROOT/kafka-streams/target/test-classes:$PANROCKS_ROOT/kafka-streams/target/classes:$(cat kafka-streams/target/test-classpath.txt)"

RJ_ENGINE="$PANROCKS_ROOT/native/build-rjengine/engine/librocksdb-rocksjava-7.8.3.so"
RJ_LIBPANROCKS="$PANROCKS_ROOT/native/build-rjengine/libpanrocks.so"
if [ "$rjengine" = 1 ] && { [ ! -f "$RJ_LIBPANROCKS" ] || [ ! -f "$RJ_ENGINE" ]; }; then
    RJ_JAR="$HOME/.m2/repository/org/rocksdb/rocksdbjni/7.8.3/rocksdbjni-7.8.3.jar"
    [ -f "$RJ_JAR" ] || die "no $RJ_JAR (mvn dependency:get -Dartifact=org.rocksdb:rocksdbjni:7.8.3)"
    say "building libpanrocks.so on RocksJava 7.8.3's engine binary into native/build-rjengine"
    mkdir -p "$(dirname "$RJ_ENGINE")"
    # a name without "librocksdbjni": panrocks refuses to load beside a library of that name
    python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read("librocksdbjni-linux64.so"))' \
        "$RJ_JAR" > "$RJ_ENGINE"
    PANROCKS_ENGINE_LIBRARY="$RJ_ENGINE" PANROCKS_ENGINE_OLD_CXX_ABI=1 PANROCKS_NATIVE_BUILD="$PANROCKS_ROOT/native/build-rjengine" \
        scripts/build-native.sh >/dev/null
fi

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
RUN="$PANROCKS_ROOT/jmh/results/$stamp-kafka-$mode"
mkdir -p "$RUN"
say "mode $mode; results go to $RUN"
{
    echo "{"
    echo "  \"mode\": \"$mode\", \"started\": \"$stamp\", \"git\": \"$(git rev-parse --short HEAD)\","
    echo "  \"timing\": \"$TIMING\", \"restore_timing\": \"$RESTORE_TIMING\","
    echo "  \"cpu\": \"$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)\", \"cores\": $(nproc),"
    echo "  \"java\": \"$("$JAVA" -version 2>&1 | head -1 | sed 's/"/\\"/g')\","
    echo "  \"kafka\": \"$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' kafka-streams/pom.xml)\","
    echo "  \"rocksdbjni\": \"$(sed -n 's:.*<kafka.rocksdbjni.version>\(.*\)</kafka.rocksdbjni.version>.*:\1:p' kafka-streams/pom.xml)\","
    # the engine is linked into libpanrocks, which names it in its ABI tag
    echo "  \"panrocks_engine\": \"$(grep -a -o 'engine RocksDB [0-9.]*' native/build/libpanrocks.so | head -1 | sed 's/^engine //') inside libpanrocks\""
    echo "}"
} > "$RUN/machine.json"

# One JMH run: its log in full to $RUN/<log>, the lines that matter on the terminal; -foe: a
# benchmark that throws (an engine check included) fails the run instead of leaving a hole.
jmh() {
    local log="$1"; shift
    local rc=0
    # shellcheck disable=SC2086
    "$JAVA" -cp "$CP" org.openjdk.jmh.Main "$@" -foe true 2>&1 | tee "$RUN/$log" \
        | { grep -E '^# (Benchmark:|Parameters)|# engine: |^[A-Z][A-Za-z]*Benchmark\.' || true; } || rc=$?
    [ "$rc" = 0 ] || die "JMH failed (exit $rc); see $RUN/$log"
}

start=$(date +%s)
# shellcheck disable=SC2086
jmh jmh.log 'io\.panrocks\.kafka\.(Store|SegmentedStore|Topology)Benchmark\.' $TIMING -e 'sessionAggregate' -rf json -rff "$RUN/kafka.json"
# shellcheck disable=SC2086
jmh jmh-restore.log 'io\.panrocks\.kafka\.(Versioned)?RestoreBenchmark\.' $RESTORE_TIMING -rf json -rff "$RUN/kafka-restore.json"
if [ "$rjengine" = 1 ]; then
    RJ_JVM="-Dpanrocks.library.path=$RJ_LIBPANROCKS -Dpanrocks.bench.expectEngine=$(basename "$RJ_ENGINE")"
    # shellcheck disable=SC2086
    jmh jmh-rjengine.log 'io\.panrocks\.kafka\.(Store|SegmentedStore|Topology)Benchmark\.' $TIMING -e 'sessionAggregate' -p engine=panrocks \
        -jvmArgsAppend "$RJ_JVM" -rf json -rff "$RUN/kafka-rjengine.json"
    # shellcheck disable=SC2086
    jmh jmh-restore-rjengine.log 'io\.panrocks\.kafka\.(Versioned)?RestoreBenchmark\.' $RESTORE_TIMING -p engine=panrocks \
        -jvmArgsAppend "$RJ_JVM" -rf json -rff "$RUN/kafka-restore-rjengine.json"
fi
say "JMH done in $(( ($(date +%s) - start) / 60 )) min"
args=("$RUN" --out "$RUN/kafka-streams.md")
[ "$docs" = 1 ] && args+=(--docs docs/benchmarks.md)
python3 scripts/bench/kafka_report.py "${args[@]}"
