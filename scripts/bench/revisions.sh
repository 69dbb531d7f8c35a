# Measures what a change costs on the hot paths, against RocksJava: panrocks as
# it was at revision BEFORE and as it is in this checkout (library and jar
# both), each beside RocksJava of the engine panrocks bundles (rocksdbjni.version), in one
# run on one machine. The benchmarks are this checkout's (jmh/), compiled
# against both revisions, so both sides run the same code.
#
#   scripts/bench.sh revisions BEFORE
#
# BEFORE is built in a worktree outside the repository
# (${XDG_CACHE_HOME:-~/.cache}/panrocks-bench/rev-<sha>, reused). Shapes: point
# get (byte[]), pinned get, a scan of 1000 (byte[] keys and values), a
# WriteBatch of 100, a transaction's get and a transaction of one put with its
# commit; 16 B and 16 KiB values, keyCount 1000, keySize 16, flushed data in
# the block cache; -prof gc. Each round runs RocksJava, BEFORE and this
# checkout once per point (1 fork, 2 x 1 s warmup, 5 x 1 s measurement), in
# turn so that the machine's drift falls on all three; BENCH_REV_ROUNDS
# (default 2) rounds. The report (scripts/bench/revisions_report.py) gives
# each side's panrocks / RocksJava ratio and after / before, with the 99.9%
# errors combined; it becomes the section "What a change cost" of
# docs/benchmarks.md. About 25 minutes on 2 cores.
#
# Then, numbers that do not depend on the machine's noise: instructions per
# operation of a whole JVM under callgrind (scripts/bench/callgrind_jvm.sh,
# io.panrocks.jmh.InstructionCount; get, pinned get, put, WriteBatch of 100,
# scan of 1,000, a transaction's get and getForUpdate + put + commit; 16 B values) for RocksJava, BEFORE and this checkout, each
# panrocks split into Java / glue / engine, so that a 1-3% change shows where
# JMH's error hides it (BENCH_REV_INSTRUCTIONS=0 skips them, BENCH_REV_COUNT
# sets the operations, default 20000). About 15 more minutes. BENCH_REV_JMH=0
# counts the instructions only.
# shellcheck shell=bash
arguments=()
parse_options "$@"
[ ${#arguments[@]} -eq 1 ] || die "usage: scripts/bench.sh revisions BEFORE"
cd "$PANROCKS_ROOT"
before_sha="$(git rev-parse --verify "${arguments[0]}^{commit}")" || die "${arguments[0]} is not a revision"
rounds="${BENCH_REV_ROUNDS:-2}"
setup_environment
JAVA="$JAVA_HOME/bin/java"
RJ_VERSION="$(pom_property rocksdbjni.version)"
RJ_JAR="$HOME/.m2/repository/org/rocksdb/rocksdbjni/$RJ_VERSION/rocksdbjni-$RJ_VERSION.jar"
[ -f "$RJ_JAR" ] || mvn_cmd -q dependency:get -Dartifact="org.rocksdb:rocksdbjni:$RJ_VERSION" -Dtransitive=false

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
RUN="$PANROCKS_ROOT/jmh/results/$stamp-revisions"
mkdir -p "$RUN"

say "building this checkout's benchmarks (mvn -pl jmh -am package)"
mvn_cmd -q -pl jmh -am package -DskipTests
cp jmh/target/benchmarks.jar "$RUN/after.jar"

tree="${XDG_CACHE_HOME:-$HOME/.cache}/panrocks-bench/rev-${before_sha:0:12}"
if [ ! -d "$tree" ]; then
    say "checking out $before_sha in $tree"
    mkdir -p "$(dirname "$tree")"
    git worktree add --detach "$tree" "$before_sha" >/dev/null
fi
rm -rf "$tree/jmh/src"
cp -a jmh/src "$tree/jmh/src"
# the stand-alone benchmarks (*Benchmark.java) are not run here and may use
# API that BEFORE does not have: only the shapes compared are compiled there
rm -f "$tree"/jmh/src/main/java/io/panrocks/jmh/*Benchmark.java
say "building $(git log -1 --format='%h %s' "$before_sha" | cut -c1-70) with the same benchmarks"
(cd "$tree" && mvn_cmd -q -pl jmh -am package -DskipTests)
cp "$tree/jmh/target/benchmarks.jar" "$RUN/before.jar"

{
    echo "before=$(git log -1 --format='%H %s' "$before_sha")"
    echo "after=$(git rev-parse HEAD)$(git diff --quiet HEAD || echo ' (with uncommitted changes)')"
    echo "rocksjava=$RJ_VERSION"
} > "$RUN/revisions.txt"
uname -a > "$RUN/machine.txt"; nproc >> "$RUN/machine.txt"; "$JAVA" -version 2>> "$RUN/machine.txt"

# the pairs compared are in scripts/bench/revisions_report.py
panrocks_shapes='(Get\.(get|getPinned)|Scan\.scanBytes|Write\.batch100|Transaction\.(get|putCommit))$'
rocksjava_shapes='(Get\.get|Scan\.scan|Write\.batch100|Transaction\.(get|putCommit))$'
TIMING="${BENCH_REV_TIMING:--f 1 -wi 2 -w 1s -i 5 -r 1s}"
PARAMS="-p keyCount=1000 -p keySize=16 -p dataset=flushed -p valueSize=16,16384"
start=$(date +%s)
# BENCH_REV_JMH=0: instruction counts only (they need no quiet machine, nor JMH's lock)
[ "${BENCH_REV_JMH:-1}" != 0 ] || rounds=0
for round in $(seq 1 "$rounds"); do
    for side in rocksjava before after; do
        case "$side" in
            rocksjava) jar="$RUN/after.jar:$RJ_JAR"; pattern="io\\.panrocks\\.jmh\\.RocksJava$rocksjava_shapes" ;;
            *) jar="$RUN/$side.jar"; pattern="io\\.panrocks\\.jmh\\.Panrocks$panrocks_shapes" ;;
        esac
        say "round $round/$rounds: $side"
        # shellcheck disable=SC2086
        "$JAVA" -cp "$jar" org.openjdk.jmh.Main "$pattern" $TIMING $PARAMS -prof gc \
            -rf json -rff "$RUN/$side-$round.json" >"$RUN/$side-$round.log" 2>&1 \
            || { tail -30 "$RUN/$side-$round.log" >&2; die "JMH failed for $side in round $round (log: $RUN/$side-$round.log)"; }
    done
done
s=$(( $(date +%s) - start ))
say "measured in $((s / 60))m$((s % 60))s; results in $RUN"

if [ "${BENCH_REV_INSTRUCTIONS:-1}" != 0 ]; then
    command -v valgrind >/dev/null || ensure_packages valgrind
    # shellcheck source=scripts/bench/callgrind_jvm.sh
    . "$PANROCKS_ROOT/scripts/bench/callgrind_jvm.sh"
    work="$(mktemp -d)"
    count="${BENCH_REV_COUNT:-20000}"
    printf 'side\tshape\toperations\ttotal\tnative\tengine\n' > "$RUN/instructions.tsv"
    for shape in get getPinned put batch100 scan txnGet txnUpdate; do
        for side in rocksjava before after; do
            case "$side" in
                rocksjava) [ "$shape" = getPinned ] && continue
                           cp="$RUN/after.jar:$RJ_JAR"; lib=""; binding=rocksjava ;;
                before) cp="$RUN/before.jar:$RJ_JAR"; lib="$tree/native/build/libpanrocks.so"; binding=panrocks ;;
                after) cp="$RUN/after.jar:$RJ_JAR"; lib="$PANROCKS_ROOT/native/build/libpanrocks.so"; binding=panrocks ;;
            esac
            [ -z "$lib" ] || [ -f "$lib" ] || lib=""
            say "callgrind: $side $shape"
            read -r n total native engine <<<"$(jvm_count "$work" "$cp" "$lib" "$binding" "$shape" "$count")"
            printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$side" "$shape" "$n" "$total" "$native" "$engine" >> "$RUN/instructions.tsv"
        done
    done
    rm -rf "$work"
fi
rm -f "$RUN/before.jar" "$RUN/after.jar"
python3 scripts/bench/revisions_report.py "$RUN" --docs docs/benchmarks.md
