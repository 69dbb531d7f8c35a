#!/usr/bin/env bash
# Runs the benchmark suite of issue 5 and writes docs/benchmarks.md with its
# charts: panrocks against RocksJava 7.8.3 (JMH, jmh/) beside the native
# C++ floor (native/bench/panrocks_native_bench), same engine version, data
# and options.
#
#   scripts/bench.sh            full run (about 4 to 4.5 hours on 2 cores)
#   scripts/bench.sh --quick    validation run (under 10 minutes; noisy)
#
# Options:
#   --quick | --full     mode (default --full)
#   --no-build           use the jar and native binary already built
#   --report-only DIR    only regenerate docs/ from an existing run folder
#   --no-docs            keep docs/ as is (the report still goes to DIR/benchmarks.md)
#
# Every raw result stays in jmh/results/<timestamp>-<mode>/: the JMH JSON
# (one file per group of parameter points), the JMH logs, the native JSON
# lines, the machine description. The report is generated from that one
# folder only (scripts/bench/report.py), so numbers of different runs never
# mix. JMH timing can be overridden with BENCH_JMH_TIMING="-f 2 -wi 3 ...",
# the native timing with BENCH_NATIVE_TIMING="--warmup-ms ... ".
set -euo pipefail
source "$(dirname "$0")/lib.sh"

mode=full
build=1
docs=1
report_only=""
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) mode=quick ;;
        --full) mode=full ;;
        --no-build) build=0 ;;
        --no-docs) docs=0 ;;
        --report-only) report_only="${2:?--report-only needs a run folder}"; shift ;;
        -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
    shift
done

cd "$PANROCKS_ROOT"
report() {
    local dir="$1"
    local args=("$dir" --out "$dir/benchmarks.md" --svg-dir "$dir")
    python3 scripts/bench/report.py "${args[@]}"
    if [ "$docs" = 1 ]; then
        python3 scripts/bench/report.py "$dir" --out docs/benchmarks.md --svg-dir docs
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

# ---- the parameter matrix ----------------------------------------------------
# A group is one JMH invocation and one native invocation over the same
# points: name keyCount keySize dataset valueSizes threads. threads "1,2"
# adds the @Threads(2) get variants (and native --threads 1,2); "1" leaves
# them out. Points whose data set exceeds 2 GiB are skipped, never attempted.
if [ "$mode" = quick ]; then
    GROUPS_SPEC=(
        "main 1000 16 flushed 16,65536 1,2"
    )
    ADAPTIVE_SIZES="64,1024,4096,65536"
    JMH_TIMING="${BENCH_JMH_TIMING:--f 1 -wi 2 -w 500ms -i 5 -r 500ms}"
    NATIVE_TIMING="${BENCH_NATIVE_TIMING:---warmup-ms 1000 --measure-ms 500 --iterations 5}"
else
    GROUPS_SPEC=(
        "main 1000 16 flushed 16,128,1024,4096,16384,65536,1048576 1,2"
        "keys100k 100000 16 flushed 16,4096 1"
        "key128 1000 128 flushed 16,4096 1"
        "memtable 1000 16 memtable 16,65536 1"
    )
    ADAPTIVE_SIZES="16,64,256,512,1024,2048,4096,8192,16384,65536,1048576"
    JMH_TIMING="${BENCH_JMH_TIMING:--f 2 -wi 3 -w 2s -i 5 -r 2s}"
    NATIVE_TIMING="${BENCH_NATIVE_TIMING:---warmup-ms 6000 --measure-ms 2000 --iterations 5}"
fi
MAX_DATA_BYTES=$((2 * 1024 * 1024 * 1024))

# ---- build ----------------------------------------------------------------------
if [ "$build" = 1 ]; then
    say "building the native library and floor (scripts/build-native.sh)"
    scripts/build-native.sh >/dev/null
    say "building the JMH jar (mvn -pl jmh -am package)"
    mvn_cmd -q -pl jmh -am package -DskipTests
fi
[ -f "$JAR" ] || die "no $JAR; run without --no-build"
[ -x "$NATIVE" ] || die "no $NATIVE; run without --no-build"

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
RUN="$PANROCKS_ROOT/jmh/results/$stamp-$mode"
mkdir -p "$RUN"
say "mode $mode; results go to $RUN"
start=$(date +%s)

python3 scripts/bench/machine.py --mode "$mode" --jmh-timing "$JMH_TIMING" \
    --native-timing "$NATIVE_TIMING" --groups "${GROUPS_SPEC[@]}" \
    --adaptive-sizes "$ADAPTIVE_SIZES" --java "$JAVA" > "$RUN/machine.json"

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
run_jmh() {
    local name="$1"; shift
    local log="$RUN/jmh-$name.log" json="$RUN/jmh-$name.json"
    say "JMH group $name: $*"
    # shellcheck disable=SC2086
    set +e
    "$JAVA" -jar "$JAR" "$@" $JMH_TIMING -prof gc -rf json -rff "$json" 2>&1 \
        | tee "$log" \
        | grep --line-buffered -E '^# (Benchmark|Parameters):|ops/s \[Average\]|<failure>|Exception|ERROR|^# Run complete'
    local rc=${PIPESTATUS[0]}
    set -e
    if [ "$rc" -ne 0 ] || grep -q '<failure>' "$log"; then
        failures+=("JMH group $name (exit $rc): see $log")
        say "JMH group $name had failures (exit $rc); see $log"
    fi
}

run_native() {
    local name="$1"; shift
    say "native floor, group $name: $*"
    # shellcheck disable=SC2086
    if ! "$NATIVE" "$@" $NATIVE_TIMING --output "$RUN/native.jsonl" \
            >>"$RUN/native-$name.log" 2> >(tee -a "$RUN/native-$name.err" >&2); then
        failures+=("native floor group $name: see $RUN/native-$name.err")
    fi
}

for spec in "${GROUPS_SPEC[@]}"; do
    read -r name keys keysize dataset sizes threads <<<"$spec"
    sizes="$(fitting_sizes "$keys" "$keysize" "$sizes")"
    [ -n "$sizes" ] || continue
    run_native "$name" --key-count "$keys" --key-size "$keysize" --value-size "$sizes" \
        --dataset "$dataset" --threads "$threads"
    excludes=(-e AdaptiveThresholdBenchmark)
    [ "$threads" = 1 ] && excludes+=(-e 'Threads2$')
    run_jmh "$name" 'io\.panrocks\.jmh\.' "${excludes[@]}" \
        -p keyCount="$keys" -p keySize="$keysize" -p dataset="$dataset" -p valueSize="$sizes"
done

run_jmh adaptive 'AdaptiveThresholdBenchmark' -p keyCount=1000 -p keySize=16 -p dataset=flushed \
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

report "$RUN"
say "raw results: $RUN"
say "report: $RUN/benchmarks.md$([ "$docs" = 1 ] && printf ' and docs/benchmarks.md (charts docs/bench-*.svg)')"
say "wall time: $(( (end - start) / 60 )) min $(( (end - start) % 60 )) s"
if [ ${#failures[@]} -gt 0 ]; then
    for f in "${failures[@]}"; do say "FAILED: $f"; done
    die "${#failures[@]} group(s) failed; the report marks their results as not measured"
fi
