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
# shellcheck shell=bash
arguments=()
parse_options "$@"
cd "$PANROCKS_ROOT"
command -v valgrind >/dev/null || ensure_packages valgrind
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
