# What making get(key, byte[]) a critical downcall (-Dpanrocks.critical=true)
# would cost the garbage collector. One reader thread calls get(key, byte[]) in
# a loop while an allocator thread makes young collections come as fast as it
# can (io.panrocks.jmh.CriticalGcPause); the JVM logs every safepoint
# (-Xlog:safepoint). A critical downcall cannot be stopped, so every safepoint
# that falls during a read waits for the rest of it: the "time to safepoint"
# (TTSP) of each collection shows what critical reads add to GC pauses.
#
#   scripts/bench.sh critical-gc [SECONDS]     (default 20 s per run)
#
# Value sizes 16 B, 16 KiB (1000 keys) and 1 MiB (200 keys), each normal and
# critical, in alternating runs, BENCH_CRITICAL_ROUNDS (default 2) rounds. The
# report (scripts/bench/critical_gc_report.py) gives reads/s, collections, and
# the TTSP and pause distributions; it is the section "Critical downcalls and
# the GC" of docs/benchmarks.md. About 5 minutes with the defaults.
# shellcheck shell=bash
arguments=()
parse_options "$@"
[ ${#arguments[@]} -le 1 ] || die "usage: scripts/bench.sh critical-gc [SECONDS]"
cd "$PANROCKS_ROOT"
seconds="${arguments[0]:-20}"
rounds="${BENCH_CRITICAL_ROUNDS:-2}"
setup_environment
JAVA="$JAVA_HOME/bin/java"

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
RUN="$PANROCKS_ROOT/jmh/results/$stamp-critical-gc"
mkdir -p "$RUN"
say "building the benchmarks (mvn -pl jmh -am package)"
mvn_cmd -q -pl jmh -am package -DskipTests
cp jmh/target/benchmarks.jar "$RUN/benchmarks.jar"
{ echo "git $(git rev-parse --short HEAD)"; echo "start $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"; } > "$RUN/run.txt"

for round in $(seq 1 "$rounds"); do
    for point in 1000:16 1000:16384 200:1048576; do
        keys="${point%%:*}" size="${point##*:}"
        for mode in normal critical; do
            name="r$round-$size-$mode"
            say "round $round: ${size} B, $mode ($seconds s)"
            "$JAVA" --enable-native-access=ALL-UNNAMED -Xms2g -Xmx2g -Xmn128m \
                -Dpanrocks.critical="$([ "$mode" = critical ] && echo true || echo false)" \
                "-Xlog:safepoint:file=$RUN/$name.safepoints.log" \
                -cp "$RUN/benchmarks.jar" io.panrocks.jmh.CriticalGcPause "$keys" "$size" "$seconds" \
                > "$RUN/$name.out" 2> "$RUN/$name.err"
        done
    done
done
echo "end $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$RUN/run.txt"
rm -f "$RUN/benchmarks.jar"
python3 scripts/bench/critical_gc_report.py "$RUN" | tee "$RUN/report.md"
say "results in ${RUN#$PANROCKS_ROOT/}"
