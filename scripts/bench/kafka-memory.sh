# Issue 22 item 3: the memory of one Kafka Streams application with 50 state
# stores under a steady write load (and a read per write), over time, on
# panrocks with its shared memory budget, on panrocks with the budget off,
# and on Kafka's built-in RocksDB stores with their defaults. Each engine
# runs in a child JVM of its own (MemoryBudgetMain in kafka-streams/src/test)
# whose resident memory (RSS) is sampled once a second; heaps are fixed and
# pre-touched, so what grows is native memory.
#
#   scripts/bench-kafka.sh memory             standard: 50 stores, 180 s per engine, 20,000 puts/s (about 10 min)
#   scripts/bench-kafka.sh memory --quick     50 stores, 45 s per engine (about 3 min)
#
# Options:
#   --quick | --standard    mode (default --standard)
#   --no-build              use the classes already built
#   --no-docs               keep docs/benchmarks.md and docs/kafka-memory.svg as they are
# Environment: MEMORY_STORES, MEMORY_SECONDS, MEMORY_PUTS (per second), MEMORY_COMMIT_MS (default 30000,
# Kafka's commit.interval.ms), MEMORY_BUDGET (bytes; default panrocks.memory.bytes's), MEMORY_HEAP (default 512m),
# MEMORY_ENGINES (default "panrocks panrocks-charged panrocks-off builtin"; panrocks-charged: the budget with
# panrocks.memory.charge.table.memory on).
#
# Results: jmh/results/<timestamp>-kafka-memory-<mode>/ (<engine>.txt: the samples); the report
# (scripts/bench/memory_report.py) goes into docs/benchmarks.md between the kafka-memory markers
# and draws docs/kafka-memory.svg.
# shellcheck shell=bash

mode=standard
build=1
docs=1
parse_options "$@"

setup_environment
cd "$PANROCKS_ROOT"
JAVA="$JAVA_HOME/bin/java"
STORES="${MEMORY_STORES:-50}"
if [ "$mode" = quick ]; then SECONDS_PER_ENGINE="${MEMORY_SECONDS:-45}"; else SECONDS_PER_ENGINE="${MEMORY_SECONDS:-180}"; fi
PUTS="${MEMORY_PUTS:-20000}"
COMMIT_MS="${MEMORY_COMMIT_MS:-30000}"
HEAP="${MEMORY_HEAP:-512m}"
ENGINES="${MEMORY_ENGINES:-panrocks panrocks-charged panrocks-off builtin}"

if [ "$build" = 1 ]; then
    say "building (mvn -pl kafka-streams -am package, no tests)"
    mvn_cmd -q -pl kafka-streams -am package -DskipTests
fi
[ -f kafka-streams/target/test-classes/io/panrocks/kafka/MemoryBudgetMain.class ] || die "not built; run without --no-build"
CP_ALL="$PANROCKS_ROOT/kafka-streams/target/test-classes:$PANROCKS_ROOT/kafka-streams/target/classes:$(cat kafka-streams/target/test-classpath.txt)"
# the panrocks side never has RocksJava on its class path
CP_PANROCKS="$(tr ':' '\n' <<<"$CP_ALL" | grep -v rocksdbjni | paste -sd:)"

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
RUN="$PANROCKS_ROOT/jmh/results/$stamp-kafka-memory-$mode"
mkdir -p "$RUN"
{
    echo "{"
    echo "  \"mode\": \"$mode\", \"started\": \"$stamp\", \"git\": \"$(git rev-parse --short HEAD)\","
    echo "  \"stores\": $STORES, \"seconds\": $SECONDS_PER_ENGINE, \"puts_per_second\": $PUTS, \"commit_ms\": $COMMIT_MS,"
    echo "  \"heap\": \"$HEAP\", \"budget\": \"${MEMORY_BUDGET:-default}\","
    echo "  \"cpu\": \"$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)\", \"cores\": $(nproc),"
    echo "  \"memory\": \"$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)\","
    echo "  \"load\": \"$(cut -d' ' -f1-3 /proc/loadavg)\","
    echo "  \"java\": \"$("$JAVA" -version 2>&1 | head -1 | sed 's/"/\\"/g')\","
    echo "  \"kafka\": \"$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' kafka-streams/pom.xml | head -1)\","
    echo "  \"rocksdbjni\": \"$(sed -n 's:.*<kafka.rocksdbjni.version>\(.*\)</kafka.rocksdbjni.version>.*:\1:p' kafka-streams/pom.xml | head -1)\""
    echo "}"
} > "$RUN/machine.json"
say "mode $mode: $STORES stores, $SECONDS_PER_ENGINE s per engine, $PUTS puts/s; results go to $RUN"

for engine in $ENGINES; do
    state="$(mktemp -d "${TMPDIR:-/tmp}/kafka-memory-$engine.XXXXXX")"
    cp="$CP_PANROCKS"
    [ "$engine" = builtin ] && cp="$CP_ALL"
    say "$engine ..."
    # shellcheck disable=SC2086
    "$JAVA" --enable-native-access=ALL-UNNAMED -Xms"$HEAP" -Xmx"$HEAP" -XX:+AlwaysPreTouch -XX:+UseParallelGC \
        -cp "$cp" io.panrocks.kafka.MemoryBudgetMain "$engine" "$state" "$STORES" "$SECONDS_PER_ENGINE" "$PUTS" \
        "$COMMIT_MS" "${MEMORY_BUDGET:--}" > "$RUN/$engine.txt" 2> "$RUN/$engine.log" || {
            rm -rf "$state"; die "$engine failed; see $RUN/$engine.log"; }
    du -sb "$state" | awk '{ print "disk", $1 }' >> "$RUN/$engine.txt"
    rm -rf "$state"
    tail -3 "$RUN/$engine.txt" | head -1 >&2
done

args=("$RUN" --out "$RUN/kafka-memory.md")
[ "$docs" = 1 ] && args+=(--docs docs/benchmarks.md --svg docs/kafka-memory.svg)
python3 scripts/bench/memory_report.py "${args[@]}"
say "report: $RUN/kafka-memory.md"
