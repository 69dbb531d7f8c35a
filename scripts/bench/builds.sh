# Compares two builds of libpanrocks on the same machine in one run: the same
# jar, the same JMH benchmarks and data, each fork loading one library or the
# other (-Dpanrocks.library.path), in alternating rounds so that the machine's
# drift falls on both. Writes the "Library builds" section of
# docs/benchmarks.md (scripts/bench/builds_report.py).
#
#   scripts/bench.sh builds BASELINE.so [CANDIDATE.so]
#       CANDIDATE defaults to this checkout's native/build/libpanrocks.so.
#
# The shapes are the standard run's point gets, scans, MultiGet and writes
# (keyCount 1000, keySize 16, flushed and compacted data in the block cache;
# 16 B, 1 KiB, 16 KiB and 64 KiB values), with -prof gc. Each round runs every
# point once per library (1 fork, 2 x 1 s warmup, 5 x 1 s measurement);
# BENCH_BUILD_ROUNDS (default 2) rounds give each point 2 forks per library.
# Ratios are candidate / baseline throughput with the two 99.9% intervals'
# relative halves combined in quadrature. About 35 minutes on 2 cores.
# Honours BENCH_BUILD_LABELS="baseline label|candidate label".
# shellcheck shell=bash
arguments=()
parse_options "$@"
[ ${#arguments[@]} -ge 1 ] && [ ${#arguments[@]} -le 2 ] || die "usage: scripts/bench.sh builds BASELINE.so [CANDIDATE.so]"
cd "$PANROCKS_ROOT"
baseline="$(readlink -f "${arguments[0]}")"
candidate="$(readlink -f "${arguments[1]:-native/build/libpanrocks.so}")"
[ -f "$baseline" ] || die "${arguments[0]} does not exist"
[ -f "$candidate" ] || die "${arguments[1]:-native/build/libpanrocks.so} does not exist (scripts/build-native.sh)"
rounds="${BENCH_BUILD_ROUNDS:-2}"
labels="${BENCH_BUILD_LABELS:-baseline|candidate}"

setup_environment
JAVA="$JAVA_HOME/bin/java"
JAR="$PANROCKS_ROOT/jmh/target/benchmarks.jar"
say "building the JMH jar (mvn -pl jmh -am package)"
mvn_cmd -q -pl jmh -am package -DskipTests
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
RUN="$PANROCKS_ROOT/jmh/results/$stamp-builds"
mkdir -p "$RUN"
for side in baseline candidate; do
    lib="$baseline"; [ "$side" = candidate ] && lib="$candidate"
    {
        echo "library=$lib"
        echo "sha256=$(sha256sum "$lib" | cut -d' ' -f1)"
        echo "newest_glibc=$(objdump -T "$lib" | grep -o 'GLIBC_[0-9.]*' | sort -Vu | tail -1)"
        echo "compiler=$(readelf -p .comment "$lib" 2>/dev/null | sed -n 's/^ *\[ *[0-9a-f]*\] *//p' | sort -u | paste -sd';')"
    } > "$RUN/$side.txt"
done
printf '%s\n' "$labels" > "$RUN/labels.txt"
uname -a > "$RUN/machine.txt"; nproc >> "$RUN/machine.txt"; "$JAVA" -version 2>> "$RUN/machine.txt"

BENCHMARKS='io\.panrocks\.jmh\.(PanrocksGet\.(get|getPreallocated|getPinned|getAdaptive|getPreallocatedThreads2)|PanrocksScan\.(scanZeroCopy|scanBytes)|PanrocksMultiGet\.multiGetCopy|PanrocksWrite\.(put|batch100))$'
TIMING="${BENCH_BUILD_TIMING:--f 1 -wi 2 -w 1s -i 5 -r 1s}"
start=$(date +%s)
for round in $(seq 1 "$rounds"); do
    for side in baseline candidate; do
        lib="$baseline"; [ "$side" = candidate ] && lib="$candidate"
        say "round $round/$rounds: $side ($lib)"
        # shellcheck disable=SC2086
        "$JAVA" -cp "$JAR" org.openjdk.jmh.Main "$BENCHMARKS" $TIMING \
            -p keyCount=1000 -p keySize=16 -p dataset=flushed -p valueSize=16,1024,16384,65536 \
            -jvmArgsAppend "-Dpanrocks.library.path=$lib" -prof gc \
            -rf json -rff "$RUN/$side-$round.json" >"$RUN/$side-$round.log" 2>&1 \
            || { tail -30 "$RUN/$side-$round.log" >&2; die "JMH failed for $side in round $round (log: $RUN/$side-$round.log)"; }
    done
done
s=$(( $(date +%s) - start ))
say "measured in $((s / 60))m$((s % 60))s; results in $RUN"
python3 scripts/bench/builds_report.py "$RUN" --docs docs/benchmarks.md
say "docs/benchmarks.md: the Library builds section regenerated from $RUN"
