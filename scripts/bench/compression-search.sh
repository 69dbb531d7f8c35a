# Issue 36, parts 2 and 3: the index search and parallel compression
# benchmarks, and their section of docs/benchmarks.md (between the
# compression-search markers).
#
#   IndexSearchBenchmark (jmh/) beside its native floor
#   (native/bench/panrocks_index_search_bench, run as many times as JMH forks,
#   its iterations pooled): point gets from one compacted SST file under
#   index_block_search_type kBinary, kAuto (uniform_cv_threshold 0.2) and
#   kInterpolation, on uniform and skewed 8-byte keys.
#
#   ParallelCompressionBenchmark (jmh/): flush and compaction of 32 MiB of
#   text-like values under ZSTD and LZ4 at parallel_threads 1 and 2, each
#   operation's process CPU time logged beside its wall time.
#
#   scripts/bench.sh compression-search              run both, write docs/
#   scripts/bench.sh compression-search --no-build   use the jars and binaries already built
#   scripts/bench.sh compression-search --report-only DIR   regenerate the section from DIR
#   scripts/bench.sh compression-search --instructions-only DIR   add the callgrind counts to DIR
#
# The gets' wall-clock differences are a few percent of a get, below the noise
# of a shared machine; the run therefore also counts the instructions of the
# native floor's measured gets under callgrind (valgrind), which do not depend
# on the load (instructions.txt: keys search gets instructions per-get).
#
# Raw results stay in jmh/results/<timestamp>-compression-search/. The JMH
# lock is ignored (-Djmh.ignoreLock): on a shared machine another worker's
# JMH run may hold it, and the report states the load around the run.
# shellcheck shell=bash

build=1
report_only=""
instructions_only=""
own_option() {
    case "$1" in
        --report-only) report_only="${2:?--report-only needs a run folder}"; return 10 ;;
        --instructions-only) instructions_only="${2:?--instructions-only needs a run folder}"; return 10 ;;
        *) return 1 ;;
    esac
}
parse_options "$@"
cd "$PANROCKS_ROOT"
if [ -n "$report_only" ]; then
    python3 scripts/bench/compression_search_report.py "$report_only" --docs docs/benchmarks.md
    exit 0
fi

# Instructions per measured get of the native floor: callgrind counts only below measuredGet
# (panrocks_index_search_bench.cc), so loading and warming are left out.
count_instructions() {
    local run="$1" native="$PANROCKS_ROOT/native/build/bench/panrocks_index_search_bench"
    command -v valgrind >/dev/null || ensure_packages valgrind
    : > "$run/instructions.txt"
    for keys in uniform skewed; do
        for search in kBinary kAuto kInterpolation; do
            say "callgrind: $keys $search"
            local log="$run/callgrind-$keys-$search.log"
            # counted only inside measuredGet (on at its entry, off at its exit), divided by the
            # measured gets the program reports: loading and warming are left out
            valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no \
                --toggle-collect='*measuredGet*' "$native" --keys "$keys" --search "$search" --warmup-ms 0 \
                --measure-ms 1000 --iterations 1 > "$log" 2>&1 || { tail -5 "$log" >&2; die "callgrind failed"; }
            local ir n
            ir="$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log")"
            n="$(grep -o '"measuredGets":[0-9]*' "$log" | cut -d: -f2)"
            [ -n "$ir" ] && [ -n "$n" ] && [ "$ir" -gt 0 ] || die "no instructions counted for $keys $search (see $log)"
            echo "$keys $search $n $ir $((ir / n))" >> "$run/instructions.txt"
        done
    done
}
if [ -n "$instructions_only" ]; then
    count_instructions "$instructions_only"
    python3 scripts/bench/compression_search_report.py "$instructions_only" --docs docs/benchmarks.md
    exit 0
fi

setup_environment
JAVA="$JAVA_HOME/bin/java"
JAR="$PANROCKS_ROOT/jmh/target/benchmarks.jar"
NATIVE="$PANROCKS_ROOT/native/build/bench/panrocks_index_search_bench"
FORKS="${BENCH_FORKS:-2}"
if [ "$build" = 1 ]; then
    scripts/build-native.sh >/dev/null
    mvn_cmd -q -pl jmh -am package -DskipTests
fi
[ -f "$JAR" ] && [ -x "$NATIVE" ] || die "no $JAR or $NATIVE; run without --no-build"
ENGINE_PREFIX="$(scripts/build-engine.sh 2>/dev/null)" || die "no bundled engine (scripts/build-engine.sh)"
ENGINE_VERSION="$(sed -n 's/^rocksdb_version=//p' "$ENGINE_PREFIX/engine.txt")"

RUN="$PANROCKS_ROOT/jmh/results/$(date -u +%Y%m%dT%H%M%SZ)-compression-search"
mkdir -p "$RUN"
say "results go to $RUN"
{
    echo "git=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- java-api native jmh || echo '+changes')"
    echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
    echo "cores=$(nproc)"
    echo "java=$("$JAVA" -version 2>&1 | head -1)"
    echo "engine=$ENGINE_VERSION"
    echo "load_before=$(cut -d' ' -f1-3 /proc/loadavg)"
} > "$RUN/machine.txt"

JVM="-Dpanrocks.bench.expectEngine=$ENGINE_VERSION"
say "IndexSearchBenchmark ($FORKS forks)"
"$JAVA" -Djmh.ignoreLock=true -cp "$JAR" org.openjdk.jmh.Main 'io\.panrocks\.jmh\.IndexSearchBenchmark\.' \
    -f "$FORKS" -jvmArgsPrepend "$JVM" -rf json -rff "$RUN/index-search.json" > "$RUN/index-search.log" 2>&1 \
    || die "IndexSearchBenchmark failed (see $RUN/index-search.log)"
say "native floor ($FORKS runs)"
for run in $(seq "$FORKS"); do
    "$NATIVE" --warmup-ms 3000 --measure-ms 1000 --iterations 6 >> "$RUN/index-search-native.jsonl" \
        || die "panrocks_index_search_bench failed"
done
echo "load_middle=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$RUN/machine.txt"
say "ParallelCompressionBenchmark ($FORKS forks)"
"$JAVA" -Djmh.ignoreLock=true -cp "$JAR" org.openjdk.jmh.Main 'io\.panrocks\.jmh\.ParallelCompressionBenchmark\.' \
    -f "$FORKS" -jvmArgsPrepend "$JVM -Dpanrocks.bench.cpuLog=$RUN/compression-cpu.txt" \
    -rf json -rff "$RUN/compression.json" > "$RUN/compression.log" 2>&1 \
    || die "ParallelCompressionBenchmark failed (see $RUN/compression.log)"
echo "load_after=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$RUN/machine.txt"
count_instructions "$RUN"
python3 scripts/bench/compression_search_report.py "$RUN" --docs docs/benchmarks.md
say "docs/benchmarks.md: the compression-search section from $RUN"
