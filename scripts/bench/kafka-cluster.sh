# Kafka Streams on a real Kafka broker, the full version of ClusterTest
# (kafka-streams/src/test/java/io/panrocks/kafka/ClusterBenchmark.java): one KRaft
# broker started from Kafka's own server classes, then for each engine (panrocks,
# Kafka's built-in RocksDB stores; every instance a JVM of its own, so RocksJava and
# panrocks never share one):
#   1. three exactly-once instances with one standby, one killed with SIGKILL while the
#      clicks flow and restarted; the output checked record by record, interactive queries
#      asked of every instance;
#   2. end-to-end throughput: three instances on a topic already holding every click;
#   3. the restore of a million-record store from its changelog into an empty state folder.
# Any failed check fails the run. The numbers go into docs/benchmarks.md between the
# kafka-cluster markers (scripts/bench/kafka_cluster_report.py), which scripts/bench.sh's
# report keeps.
#
#   scripts/bench-kafka.sh cluster             standard: 20,000 clicks killed, 200,000 for throughput, 1,000,000-record restore, 3 rounds
#   scripts/bench-kafka.sh cluster --quick     one round of everything at a tenth of the size (a few minutes)
#
# Options:
#   --quick | --standard      mode (default --standard)
#   --no-build                use the classes already built
#   --no-docs                 keep docs/benchmarks.md as is
#   --ceiling                 a third throughput row on Kafka's in-memory stores: what no store can beat
#
# Environment: CLUSTER_ARGS="<kill clicks (0: none)> <throughput clicks> <restore records> <rounds>" replaces the mode's sizes;
# CLUSTER_INSTANCE_FLAGS adds JVM flags to every application instance ({engine} becomes its engine's name), e.g. a profile:
#   CLUSTER_INSTANCE_FLAGS="-XX:StartFlightRecording=filename=/tmp/jfr/{engine}-%p.jfr,settings=profile"
# Results: jmh/results/<timestamp>-kafka-cluster-<mode>/ (results.txt, the run's log, machine.json).
# shellcheck shell=bash

mode=standard
build=1
docs=1
ceiling=false
own_option() {
    case "$1" in
        --ceiling) ceiling=true ;;
        *) return 1 ;;
    esac
}
parse_options "$@"
# sizes given by hand are named as such in the report
[ -n "${CLUSTER_ARGS:-}" ] && label="$mode, sizes by hand" || label="$mode"
if [ "$mode" = quick ]; then
    ARGS="${CLUSTER_ARGS:-2000 20000 100000 1}"
else
    ARGS="${CLUSTER_ARGS:-20000 200000 1000000 3}"
fi

setup_environment
cd "$PANROCKS_ROOT"
JAVA="$JAVA_HOME/bin/java"
if [ "$build" = 1 ]; then
    say "building (mvn -pl kafka-streams -am package, no tests)"
    mvn_cmd -q -pl kafka-streams -am package -DskipTests
fi
[ -f kafka-streams/target/test-classes/io/panrocks/kafka/ClusterBenchmark.class ] || die "not built; run without --no-build"
CP="$PANROCKS_ROOT/kafka-streams/target/test-classes:$PANROCKS_ROOT/kafka-streams/target/classes:$(cat kafka-streams/target/test-classpath.txt)"

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
RUN="$PANROCKS_ROOT/jmh/results/$stamp-kafka-cluster-$mode"
mkdir -p "$RUN"
say "mode $mode ($ARGS); results go to $RUN"
{
    echo "{"
    echo "  \"mode\": \"$label\", \"started\": \"$stamp\", \"git\": \"$(git rev-parse --short HEAD)\", \"args\": \"$ARGS\","
    echo "  \"cpu\": \"$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1)\", \"cores\": $(nproc),"
    echo "  \"load_before\": \"$(cut -d' ' -f1-3 /proc/loadavg)\","
    echo "  \"java\": \"$("$JAVA" -version 2>&1 | head -1 | sed 's/"/\\"/g')\","
    echo "  \"kafka\": \"$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' kafka-streams/pom.xml)\","
    echo "  \"rocksdbjni\": \"$(sed -n 's:.*<kafka.rocksdbjni.version>\(.*\)</kafka.rocksdbjni.version>.*:\1:p' kafka-streams/pom.xml)\""
    echo "}"
} > "$RUN/machine.json"

start=$(date +%s)
rc=0
# shellcheck disable=SC2086
"$JAVA" --enable-native-access=ALL-UNNAMED -Xmx1g -Dpanrocks.kafka.builtin.classpath="$CP" \
    -Dpanrocks.cluster.jvmFlags="${CLUSTER_INSTANCE_FLAGS:-}" -Dpanrocks.cluster.ceiling="$ceiling" -cp "$CP" \
    io.panrocks.kafka.ClusterBenchmark $ARGS 2>&1 | tee "$RUN/run.log" | grep -E '^(RESULT|ClusterScenario|FAILED|ALL CHECKS|  )' || rc=$?
grep '^RESULT ' "$RUN/run.log" > "$RUN/results.txt" || true
echo "\"load_after\": \"$(cut -d' ' -f1-3 /proc/loadavg)\"" > "$RUN/load-after.txt"
grep -q '^ALL CHECKS PASSED' "$RUN/run.log" || die "the cluster run failed (see $RUN/run.log)"
say "done in $(( ($(date +%s) - start) / 60 )) min"
args=("$RUN")
[ "$docs" = 1 ] && args+=(--docs docs/benchmarks.md)
python3 scripts/bench/kafka_cluster_report.py "${args[@]}"
