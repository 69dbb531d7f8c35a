#!/usr/bin/env bash
# Runs the benchmark suite (gets, scans, writes, call guard, batch and forward,
# adaptive threshold) and writes docs/benchmarks.md
# with its charts: panrocks against RocksJava of the same engine version as
# shipped (rocksdbjni ${rocksdbjni.version} of the root pom, 11.8.1; JMH,
# jmh/) beside the native C++ floor (native/bench/panrocks_native_bench) on
# panrocks' own engine build (the bundled RocksDB of scripts/build-engine.sh),
# same data and options. Another RocksJava release (rocksdbjni
# ${rocksdbjni.extra.version}, 9.11.2, the engine panrocks bundled before) runs
# the RocksJava benchmarks of the main group once more as an extra, labelled
# row (its files and options still say "newest", their first use).
#
# The benchmarks jar does not contain RocksJava: the run puts the rocksdbjni
# jar of its choice on the class path (JMH forks inherit it), and every fork
# checks the engine versions it got (-Dpanrocks.bench.expectEngine,
# -Dpanrocks.bench.expectRocksJava).
#
#   scripts/bench.sh              full run (about 5 hours on 2 cores)
#   scripts/bench.sh --standard   the shapes that decide the targets, 2 forks (about 1.5 hours)
#   scripts/bench.sh --quick      validation run (under 15 minutes; noisy)
#
# Modes: the other benchmarks, each a file of scripts/bench/ (its header is its --help:
# scripts/bench.sh MODE --help):
#   scripts/bench.sh revisions BEFORE              a change's cost: revision BEFORE against this checkout
#   scripts/bench.sh builds BASELINE.so [CANDIDATE.so]   two builds of libpanrocks on the same jar
#   scripts/bench.sh critical-gc [SECONDS]         what critical downcalls cost the garbage collector
#   scripts/bench.sh startup [ROUNDS]              time to the first call in a fresh JVM
#   scripts/bench.sh instructions [BENCH_BINARY...]   callgrind: instructions per engine operation
#   scripts/bench.sh instructions --jvm [--count N]   callgrind: instructions per operation of a whole JVM, panrocks beside RocksJava
#   scripts/bench.sh instructions --run DIR        callgrind: instructions per operation at every one-thread point of a standard run
#   scripts/bench.sh compression-search            index search and parallel compression
# (the Kafka Streams benchmarks are scripts/bench-kafka.sh's)
#
# Options:
#   --quick | --standard | --full     mode (default --full)
#   --no-build           use the jars and native binaries already built
#   --no-newest          skip the extra row of the other RocksJava release
#   --report-only DIR    only regenerate docs/ (and, from a standard run, the README's tables) from an existing run folder
#   --no-docs            keep docs/ as is (the report still goes to DIR/benchmarks.md)
#   --no-instructions    --standard without its last step: instructions per operation of every
#                        one-thread point under callgrind (scripts/bench.sh instructions --run DIR,
#                        about an hour; the report puts them beside the ratios)
#
# Every raw result stays in jmh/results/<timestamp>-<mode>/: the JMH JSON
# (one file per group of parameter points; *-rocksjava-newest.json ran the
# newest RocksJava), the JMH logs, the native JSON lines (native.jsonl), the
# machine description. The report is generated from that one folder only
# (scripts/bench/report.py), so numbers of different runs never mix. JMH
# timing can be overridden with BENCH_JMH_TIMING="-f 2 -wi 3 ...", the
# native timing with BENCH_NATIVE_TIMING="--warmup-ms ... ".
set -euo pipefail
source "$(dirname "$0")/lib.sh"
run_mode "$PANROCKS_ROOT/scripts/bench/" "revisions builds critical-gc startup instructions compression-search" "$@"

mode=full
build=1
newest=1
docs=1
report_only=""
instructions=1
modes="quick standard full"
own_option() {
    case "$1" in
        --no-newest) newest=0 ;;
        --no-instructions) instructions=0 ;;
        --report-only) report_only="${2:?--report-only needs a run folder}"; return 10 ;;
        *) return 1 ;;
    esac
}
parse_options "$@"

cd "$PANROCKS_ROOT"
report() {
    local dir="$1"
    local args=("$dir" --out "$dir/benchmarks.md" --svg-dir "$dir")
    python3 scripts/bench/report.py "${args[@]}"
    if [ -f "$dir/callbacks-comparator.json" ]; then
        python3 scripts/bench/callbacks_report.py "$dir/callbacks-comparator.json" --docs "$dir/benchmarks.md" >/dev/null
    fi
    if [ "$docs" = 1 ]; then
        python3 scripts/bench/report.py "$dir" --out docs/benchmarks.md --svg-dir docs
        if [ -f "$dir/callbacks-comparator.json" ]; then
            python3 scripts/bench/callbacks_report.py "$dir/callbacks-comparator.json" --docs docs/benchmarks.md >/dev/null
        fi
        # the README's two tables come from a standard run (the sizes and forks they name)
        if grep -q '"mode": "standard"' "$dir/machine.json" 2>/dev/null; then
            python3 scripts/bench/readme_tables.py "$dir"
        fi
    fi
}
if [ -n "$report_only" ]; then
    report "$report_only"
    say "report regenerated from $report_only"
    exit 0
fi

setup_environment
JAVA="$JAVA_HOME/bin/java"
JAR="$PANROCKS_ROOT/jmh/target/benchmarks.jar"
NATIVE="$PANROCKS_ROOT/native/build/bench/panrocks_native_bench"
RJ_VERSION="$(pom_property rocksdbjni.version)"
RJ_NEWEST_VERSION="$(pom_property rocksdbjni.extra.version)"
M2="${BENCH_M2_REPOSITORY:-$HOME/.m2/repository}"
RJ_JAR="$M2/org/rocksdb/rocksdbjni/$RJ_VERSION/rocksdbjni-$RJ_VERSION.jar"
RJ_NEWEST_JAR="$M2/org/rocksdb/rocksdbjni/$RJ_NEWEST_VERSION/rocksdbjni-$RJ_NEWEST_VERSION.jar"

# ---- the parameter matrix ----------------------------------------------------
# A group is one JMH invocation and one native invocation (on each engine
# binary) over the same points: name keyCount keySize dataset valueSizes
# threads [gets]. threads "1,2" adds the @Threads(2) get variants (and native
# --threads 1,2); "1" leaves them out. "gets" runs the point reads only
# (GET_BENCHMARKS and the native GET_SHAPES). Points whose data set exceeds 2 GiB are
# skipped, never attempted. The first group is the main one: the RocksJava
# variants of RJ_NEWEST_VARIANTS run again on the newest RocksJava at its
# points (1 thread). GuardBenchmark (the call guard) has no parameters; the
# forward benchmark (batch and forward) runs at FORWARD_SIZES.
if [ "$mode" = quick ]; then
    GROUPS_SPEC=(
        "main 1000 16 flushed 16,65536 1,2"
    )
    ADAPTIVE_SIZES="64,1024,4096,65536"
    FORWARD_SIZES="4096"
    # 400 ms iterations (was 500 ms) keep the quick run under 10 minutes with
    # the guard and forward benchmarks added
    JMH_TIMING="${BENCH_JMH_TIMING:--f 1 -wi 2 -w 400ms -i 5 -r 400ms}"
    NATIVE_TIMING="${BENCH_NATIVE_TIMING:---warmup-ms 500 --measure-ms 400 --iterations 5}"
elif [ "$mode" = standard ]; then
    # Every value size a target names (16 B, 1 KiB, 16 KiB, 64 KiB) on the main
    # configuration, 2 forks of 1 s iterations: figures with usable errors in
    # about an hour and a half, where the full sweep takes five.
    # The large values (256 KiB, 1 MiB) run the get shapes only: the
    # targets name them for gets, and a scan or batch of 1 MiB values is
    # another benchmark.
    GROUPS_SPEC=(
        "main 1000 16 flushed 16,1024,16384,65536 1,2"
        "large 1000 16 flushed 262144,1048576 1,2 gets"
    )
    ADAPTIVE_SIZES="64,512,1024,2048,4096,65536"
    FORWARD_SIZES="4096,65536"
    JMH_TIMING="${BENCH_JMH_TIMING:--f 2 -wi 2 -w 1s -i 5 -r 1s}"
    NATIVE_TIMING="${BENCH_NATIVE_TIMING:---warmup-ms 1000 --measure-ms 1000 --iterations 5}"
else
    GROUPS_SPEC=(
        "main 1000 16 flushed 16,128,1024,4096,16384,65536,1048576 1,2"
        "keys100k 100000 16 flushed 16,4096 1"
        "key128 1000 128 flushed 16,4096 1"
        "memtable 1000 16 memtable 16,65536 1"
    )
    ADAPTIVE_SIZES="16,64,256,512,1024,2048,4096,8192,16384,65536,1048576"
    FORWARD_SIZES="100,4096,65536"
    # Warmup 2 x 2 s per fork (was 3 x 2 s) and native warmup 2 s (was 6 s; C++
    # has no JIT to warm) keep the run near 5 hours now that the native floor
    # runs on two engine binaries and the rerun on RocksJava's engine, the guard
    # and the forward benchmarks were added; measurement is unchanged (JMH
    # 2 forks x 5 x 2 s, native 5 x 2 s). Estimate: 458 JMH benchmark-points x
    # ~31 s + ~0.15 h of large-data setup = ~4.1 h, native 224 shape runs x
    # ~13 s = ~0.8 h.
    JMH_TIMING="${BENCH_JMH_TIMING:--f 2 -wi 2 -w 2s -i 5 -r 2s}"
    NATIVE_TIMING="${BENCH_NATIVE_TIMING:---warmup-ms 2000 --measure-ms 2000 --iterations 5}"
fi
# The RocksJava variants rerun on the newest RocksJava (JMH include regexes).
RJ_NEWEST_VARIANTS=('io\.panrocks\.jmh\.RocksJava(Get|MultiGet|Scan|Write)\.')
# Benchmarks with parameters of their own, run by their own invocations (EntityBenchmark, MergeBenchmark and
# PerfLevelBenchmark: by hand only; ComparatorBenchmark: the Java callbacks section; JfrGetBenchmark,
# MmapReadBenchmark, the mixed load and InstructionCount: their own sections' runs).
SPECIAL='io\.panrocks\.jmh\.(AdaptiveThresholdBenchmark|GuardBenchmark|GetCostBudget|PanrocksForward|RocksJavaForward|EntityBenchmark|MergeBenchmark|PerfLevelBenchmark|ComparatorBenchmark|IndexSearchBenchmark|ParallelCompressionBenchmark|JfrGetBenchmark|MmapReadBenchmark|PanrocksMixed|RocksJavaMixed|InstructionCount)\.'
MAX_DATA_BYTES=$((2 * 1024 * 1024 * 1024))
# A "gets" group's benchmarks: the point reads, on both sides.
GET_BENCHMARKS='io\.panrocks\.jmh\.(PanrocksGet|RocksJavaGet|PanrocksCriticalGet)\.'
GET_SHAPES="get_string,get_pinned,get_buffer"

# ---- build ----------------------------------------------------------------------
if [ "$build" = 1 ]; then
    say "building the native library and floor (scripts/build-native.sh)"
    scripts/build-native.sh >/dev/null
    say "building the JMH jar (mvn -pl jmh -am package)"
    mvn_cmd -q -pl jmh -am package -DskipTests
    if [ "$newest" = 1 ] && [ ! -f "$RJ_NEWEST_JAR" ]; then
        say "fetching rocksdbjni $RJ_NEWEST_VERSION (the extra row)"
        mvn_cmd -q dependency:get -Dartifact="org.rocksdb:rocksdbjni:$RJ_NEWEST_VERSION" -Dtransitive=false
    fi
fi
[ -f "$JAR" ] || die "no $JAR; run without --no-build"
[ -x "$NATIVE" ] || die "no $NATIVE; run without --no-build"
# the floor must run on the C library's string functions, as the library does (native/bench/CMakeLists.txt)
if nm "$NATIVE" 2>/dev/null | grep -qE ' [tTW] (memcmp|memcpy)$'; then
    die "$NATIVE carries its own memcmp/memcpy instead of glibc's: its figures would not be a floor"
fi
[ -f "$RJ_JAR" ] || die "no $RJ_JAR; run without --no-build"
[ "$newest" = 0 ] || [ -f "$RJ_NEWEST_JAR" ] || die "no $RJ_NEWEST_JAR; run without --no-build (or pass --no-newest)"
# The engine inside libpanrocks.so (and linked into the native floor): the
# bundled static build, whose version every panrocks fork checks.
ENGINE_PREFIX="$(scripts/build-engine.sh 2>/dev/null)" || die "no bundled engine (scripts/build-engine.sh)"
grep -q -- "-DPANROCKS_ENGINE_PREFIX=$ENGINE_PREFIX" native/build/panrocks-configuration.txt 2>/dev/null \
    || die "native/build is not built on the bundled engine $ENGINE_PREFIX; run without --no-build"
ENGINE_VERSION="$(sed -n 's/^rocksdb_version=//p' "$ENGINE_PREFIX/engine.txt")"
# -jvmArgsPrepend keeps the forks' own @Fork(jvmArgsAppend) arguments
ENGINE_JVM="-Dpanrocks.bench.expectEngine=$ENGINE_VERSION -Dpanrocks.bench.expectRocksJava=$RJ_VERSION"
NEWEST_JVM="-Dpanrocks.bench.expectEngine=$ENGINE_VERSION -Dpanrocks.bench.expectRocksJava=$RJ_NEWEST_VERSION"

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
RUN="$PANROCKS_ROOT/jmh/results/$stamp-$mode"
mkdir -p "$RUN"
say "mode $mode; results go to $RUN"
start=$(date +%s)

read -r _ main_keys main_keysize main_dataset main_sizes _ <<<"${GROUPS_SPEC[0]}"
machine_args=(--mode "$mode" --jmh-timing "$JMH_TIMING" --native-timing "$NATIVE_TIMING"
              --groups "${GROUPS_SPEC[@]}" --adaptive-sizes "$ADAPTIVE_SIZES" --java "$JAVA"
              --forward-sizes "$FORWARD_SIZES" --engine "bundled=$PANROCKS_ROOT/native/build/libpanrocks.so"
              --engine-description "$ENGINE_PREFIX/engine.txt")
if [ "$newest" = 1 ]; then
    machine_args+=(--rocksjava-newest "$RJ_NEWEST_VERSION" --newest-sizes "$main_sizes")
fi
python3 scripts/bench/machine.py "${machine_args[@]}" > "$RUN/machine.json"

failures=()

# Filters a comma list of value sizes down to the points under the size limit.
fitting_sizes() {
    local keys="$1" keysize="$2" sizes="$3" out=() v
    IFS=',' read -ra list <<<"$sizes"
    for v in "${list[@]}"; do
        if [ $((keys * (keysize + v))) -gt "$MAX_DATA_BYTES" ]; then
            say "skipping keyCount=$keys keySize=$keysize valueSize=$v: data set above 2 GiB"
        else
            out+=("$v")
        fi
    done
    (IFS=','; printf '%s' "${out[*]}")
}

# One JMH invocation; keeps the JSON and the full log, shows progress lines.
# run_jmh NAME ROCKSJAVA_JAR JVM_PREPEND ARGS...; a name ending in
# -rocksjava-newest marks results of the newest RocksJava (the report goes by
# the file name).
run_jmh() {
    local name="$1" rj="$2" jvm="$3"; shift 3
    local log="$RUN/jmh-$name.log" json="$RUN/jmh-$name.json"
    say "JMH group $name: $*"
    # shellcheck disable=SC2086
    set +e
    "$JAVA" -cp "$JAR:$rj" org.openjdk.jmh.Main "$@" $JMH_TIMING -jvmArgsPrepend "$jvm" -prof gc -rf json -rff "$json" 2>&1 \
        | tee "$log" \
        | grep --line-buffered -E '^# (Benchmark|Parameters):|ops/s \[Average\]|<failure>|Exception|ERROR|^# Run complete'
    local rc=${PIPESTATUS[0]}
    set -e
    if [ "$rc" -ne 0 ] || grep -q '<failure>' "$log"; then
        failures+=("JMH group $name (exit $rc): see $log")
        say "JMH group $name had failures (exit $rc); see $log"
    fi
}

# run_native BINARY OUTPUT-SUFFIX NAME ARGS...
run_native() {
    local bin="$1" suffix="$2" name="$3"; shift 3
    say "native floor$suffix, group $name: $*"
    # shellcheck disable=SC2086
    if ! "$bin" "$@" $NATIVE_TIMING --output "$RUN/native$suffix.jsonl" \
            >>"$RUN/native$suffix-$name.log" 2> >(tee -a "$RUN/native$suffix-$name.err" >&2); then
        failures+=("native floor$suffix group $name: see $RUN/native$suffix-$name.err")
    fi
}

for spec in "${GROUPS_SPEC[@]}"; do
    read -r name keys keysize dataset sizes threads only <<<"$spec"
    sizes="$(fitting_sizes "$keys" "$keysize" "$sizes")"
    [ -n "$sizes" ] || continue
    native_args=(--key-count "$keys" --key-size "$keysize" --value-size "$sizes" --dataset "$dataset"
                 --threads "$threads")
    include='io\.panrocks\.jmh\.'
    if [ "$only" = gets ]; then
        native_args+=(--shapes "$GET_SHAPES")
        include="$GET_BENCHMARKS"
    fi
    run_native "$NATIVE" "" "$name" "${native_args[@]}"
    excludes=(-e "$SPECIAL")
    [ "$threads" = 1 ] && excludes+=(-e 'Threads2$')
    run_jmh "$name" "$RJ_JAR" "$ENGINE_JVM" "$include" "${excludes[@]}" \
        -p keyCount="$keys" -p keySize="$keysize" -p dataset="$dataset" -p valueSize="$sizes"
done

# the newest RocksJava: its benchmarks at the main group's points, 1 thread
if [ "$newest" = 1 ]; then
    run_jmh main-rocksjava-newest "$RJ_NEWEST_JAR" "$NEWEST_JVM" "${RJ_NEWEST_VARIANTS[@]}" -e 'Threads2$' \
        -p keyCount="$main_keys" -p keySize="$main_keysize" \
        -p dataset="$main_dataset" -p valueSize="$(fitting_sizes "$main_keys" "$main_keysize" "$main_sizes")"
fi

# the call guard (no parameters)
run_jmh guard "$RJ_JAR" "$ENGINE_JVM" 'io\.panrocks\.jmh\.GuardBenchmark\.'

# the per-call cost budget of get(key, byte[]) at 16 B and 16 KiB (its own parameters; docs/benchmarks.md
# "Per-call cost budget" is written from it, beside the main group's native get_buffer of the same run)
[ "$mode" = quick ] || run_jmh cost-budget "$RJ_JAR" "$ENGINE_JVM" 'io\.panrocks\.jmh\.GetCostBudget\.'

# Java callbacks: a comparator in each binding (its own report section, not the main report's data)
say "JMH: Java comparators (ComparatorBenchmark)"
"$JAVA" -cp "$JAR:$RJ_JAR" org.openjdk.jmh.Main 'io\.panrocks\.jmh\.ComparatorBenchmark\.' $JMH_TIMING \
    -jvmArgsPrepend "$ENGINE_JVM" -prof gc -rf json -rff "$RUN/callbacks-comparator.json" >"$RUN/callbacks-comparator.log" 2>&1 \
    || failures+=("JMH ComparatorBenchmark: see $RUN/callbacks-comparator.log")

# batch and forward; panrocks, RocksJava
run_jmh forward "$RJ_JAR" "$ENGINE_JVM" 'io\.panrocks\.jmh\.(PanrocksForward|RocksJavaForward)\.' -p valueSize="$FORWARD_SIZES"

run_jmh adaptive "$RJ_JAR" "$ENGINE_JVM" 'AdaptiveThresholdBenchmark' -p keyCount=1000 -p keySize=16 -p dataset=flushed \
    -p valueSize="$(fitting_sizes 1000 16 "$ADAPTIVE_SIZES")" -p threshold=copy,pin,default

end=$(date +%s)
python3 - "$RUN/machine.json" "$((end - start))" <<'EOF'
import json, os, sys
path, seconds = sys.argv[1], int(sys.argv[2])
meta = json.load(open(path))
meta["wallSeconds"] = seconds
meta["loadAverageEnd"] = open("/proc/loadavg").read().split()[:3]
json.dump(meta, open(path, "w"), indent=2)
EOF

# instructions per operation beside the timed ratios (standard run only: the full one has too many points)
if [ "$mode" = standard ] && [ "$instructions" = 1 ]; then
    "$PANROCKS_ROOT/scripts/bench.sh" instructions --run "$RUN" \
        || failures+=("instructions per operation (scripts/bench.sh instructions --run $RUN)")
fi

report "$RUN"
say "raw results: $RUN"
say "report: $RUN/benchmarks.md$([ "$docs" = 1 ] && printf ' and docs/benchmarks.md (charts docs/bench-*.svg)')"
say "wall time: $(( (end - start) / 60 )) min $(( (end - start) % 60 )) s"
if [ ${#failures[@]} -gt 0 ]; then
    for f in "${failures[@]}"; do say "FAILED: $f"; done
    die "${#failures[@]} group(s) failed; the report marks their results as not measured"
fi
