# Instructions per engine operation on the native floor, which do not depend
# on the machine's noise: callgrind (valgrind) counts what RocksDB executes
# below DBImpl::Get, DBImpl::MultiGet (100 keys) and DBIter::Next in
# native/bench/panrocks_native_bench (16 B values, keyCount 1000, flushed data
# in the block cache), for one or more builds of that benchmark, e.g. the
# bundled engine's and one built on another engine:
#
#   scripts/bench.sh instructions [BENCH_BINARY...]
#       default: native/build/bench/panrocks_native_bench (scripts/build-native.sh)
#   PANROCKS_ENGINE_VERSION=9.11.2 PANROCKS_NATIVE_BUILD=/tmp/nb-9112 scripts/build-native.sh
#   scripts/bench.sh instructions /tmp/nb-9112/bench/panrocks_native_bench native/build/bench/panrocks_native_bench
#
# Prints a Markdown table: one column per binary (labelled with the engine
# version the benchmark reports), one row per call, instructions per call and
# the change against the first column. Installs valgrind when root.
#
#   scripts/bench.sh instructions --jvm [--count N]
#
# The same count for a whole JVM, panrocks beside RocksJava: every instruction
# of the process (Java code, JIT-compiled, the crossing, the engine, and any
# GC or compiler thread that runs meanwhile) over N operations of each shape
# of io.panrocks.jmh.InstructionCount (get into a new array, get into a reused
# one, a pinned get (panrocks only), put, a WriteBatch of 100 puts, a scan of
# 1,000 entries, a transaction's get, a transaction of getForUpdate + put +
# commit; 16 B values, 1,000 keys, flushed, in the
# block cache), after a warm-up with callgrind's instrumentation off. Each
# total is split into the Java side (outside the binding's native entry
# points: panrocks_* / Java_org_rocksdb_*), the native glue (inside them but
# outside the engine) and the engine (below its entry: DBImpl::Get,
# DBImpl::Put, DBImpl::Write, DBIter::SeekToFirst + Next, the transaction's
# GetImpl; BeginTransaction, GetForUpdate, Put and Commit). panrocks runs its unstripped build
# (native/build/libpanrocks.so, scripts/build-native.sh) so that the engine's
# functions have names; RocksJava's library has them. Needs the JMH jar
# (mvn -pl jmh -am package -DskipTests) and rocksdbjni in ~/.m2.
# shellcheck shell=bash
arguments=()
jvm=0
count=20000
standard_run=""
own_option() {
    case "$1" in
        --jvm) jvm=1 ;;
        --run) standard_run="${2:?--run needs a run folder}"; return 10 ;;
        --count) count="$2"; return 10 ;;
        *) return 1 ;;
    esac
}
parse_options "$@"
cd "$PANROCKS_ROOT"
command -v valgrind >/dev/null || ensure_packages valgrind

# shellcheck source=scripts/bench/callgrind_jvm.sh
. "$PANROCKS_ROOT/scripts/bench/callgrind_jvm.sh"

if [ -n "$standard_run" ]; then
    # shellcheck source=scripts/bench/standard_instructions.sh
    . "$PANROCKS_ROOT/scripts/bench/standard_instructions.sh"
    count_standard_run "$standard_run"
    exit 0
fi
if [ "$jvm" = 1 ]; then
    setup_environment
    rj_jar="$HOME/.m2/repository/org/rocksdb/rocksdbjni/11.8.1/rocksdbjni-11.8.1.jar"
    [ -f jmh/target/benchmarks.jar ] || die "no jmh/target/benchmarks.jar: mvn -B -pl jmh -am package -DskipTests first"
    [ -f "$rj_jar" ] || die "no $rj_jar: mvn -pl jmh dependency:resolve first"
    [ -f native/build/libpanrocks.so ] || die "no native/build/libpanrocks.so: scripts/build-native.sh first"
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    echo "| shape (16 B values) | panrocks: Java / glue / engine = total | RocksJava: Java / JNI / engine = total | RocksJava / panrocks |"
    echo "|---|--:|--:|--:|"
    for shape in get getPreallocated getPinned put batch100 scan txnGet txnUpdate; do
        declare -A cell=()
        for binding in panrocks rocksjava; do
            if [ "$shape" = getPinned ] && [ "$binding" = rocksjava ]; then cell[$binding]="–"; continue; fi
            say "callgrind: $binding $shape, $(jvm_operations "$shape" "$count") operations"
            read -r n total native engine <<<"$(jvm_count "$work" "$PANROCKS_ROOT/jmh/target/benchmarks.jar:$rj_jar" \
                "$PANROCKS_ROOT/native/build/libpanrocks.so" "$binding" "$shape" "$count")"
            cell[$binding]="$(python3 -c "t,na,e,n=$total,$native,$engine,$n; print('%s / %s / %s = **%s**' % tuple(format(round(x / n), ',') for x in (t - na, na - e, e, t)))")"
            cell[$binding.total]="$total"
        done
        if [ -n "${cell[rocksjava.total]:-}" ]; then
            ratio="$(python3 -c "print('%.2f×' % (${cell[rocksjava.total]} / ${cell[panrocks.total]}))")"
        else
            ratio="–"
        fi
        echo "| \`$shape\` | ${cell[panrocks]} | ${cell[rocksjava]} | $ratio |"
        unset cell
    done
    exit 0
fi
benches=("${arguments[@]}")
[ ${#benches[@]} -gt 0 ] || benches=(native/build/bench/panrocks_native_bench)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# shape | function the count is taken below | label
calls=(
    "get_buffer|rocksdb::DBImpl::Get(rocksdb::ReadOptions const&, rocksdb::ColumnFamilyHandle*, rocksdb::Slice const&, rocksdb::PinnableSlice*, std::|DBImpl::Get"
    "multiget100|rocksdb::DBImpl::MultiGet(rocksdb::ReadOptions const&, unsigned long, rocksdb::ColumnFamilyHandle**|DB::MultiGet of 100 keys"
    "scan1000|rocksdb::DBIter::Next()|DBIter::Next"
)
declare -gA result engine
for b in "${!benches[@]}"; do
    bin="${benches[$b]}"
    [ -x "$bin" ] || die "$bin is not a benchmark binary (scripts/build-native.sh builds native/build/bench/panrocks_native_bench)"
    for row in "${calls[@]}"; do
        IFS='|' read -r shape fn label <<<"$row"
        out="$work/$b-$shape.out"
        say "callgrind: $bin $shape (${fn%%(*})"
        # A run now and then records no call of the function (seen under load and on quiet machines
        # alike, for a different shape each time): the counts are deterministic, so it is run again.
        for attempt in 1 2 3; do
            valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no --toggle-collect="${fn%%(*}(*" \
                "$bin" --shapes "$shape" --value-size 16 --warmup-ms 300 --measure-ms 300 --iterations 2 \
                >"$work/$b-$shape.log" 2>&1 || { tail -20 "$work/$b-$shape.log" >&2; die "callgrind failed"; }
            # valgrind can return before its output file is complete (seen as a file with no call
            # of the function yet): wait for callgrind's closing "totals:" line before reading it
            for _ in $(seq 100); do grep -q '^totals:' "$out" 2>/dev/null && break; sleep 0.1; done
            read -r n ir per <<<"$(python3 scripts/bench/callgrind_per_call.py "$out" "$fn")"
            [ "$n" -gt 0 ] && break
            say "no call of ${fn%%(*} recorded (attempt $attempt); running it again"
        done
        engine[$b]="$(grep -o '"engine":"[^"]*"' "$work/$b-$shape.log" | head -1 | cut -d'"' -f4)"
        [ "$n" -gt 0 ] || die "no call of $fn in $out"
        result[$b,$label]="$per"
    done
done
header="| call |"; rule="|---|"
for b in "${!benches[@]}"; do header+=" RocksDB ${engine[$b]} |"; rule+="--:|"; done
echo "$header"; echo "$rule"
for row in "${calls[@]}"; do
    IFS='|' read -r shape fn label <<<"$row"
    line="| \`$label\` |"
    base="${result[0,$label]}"
    for b in "${!benches[@]}"; do
        v="${result[$b,$label]}"
        if [ "$b" = 0 ]; then line+=" $(printf "%'d" "$v") |"
        else line+=" $(printf "%'d" "$v") ($(python3 -c "print('%+.1f%%' % (100.0 * ($v - $base) / $base))")) |"; fi
    done
    echo "$line"
done
