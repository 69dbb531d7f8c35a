# Instructions per operation of a whole JVM under callgrind (io.panrocks.jmh.InstructionCount),
# for scripts/bench.sh instructions --jvm and scripts/bench.sh revisions. Sourced; needs
# PANROCKS_ROOT, JAVA_HOME, die and say (lib.sh).
# shellcheck shell=bash

# The engine's entry points of a shape: prefixes of demangled names, '|'-separated; what runs
# below them is the engine's share.
jvm_engine_entries() {
    case "$1" in
        get | getPreallocated | getPinned)
            echo "rocksdb::DBImpl::Get(rocksdb::ReadOptions const&, rocksdb::ColumnFamilyHandle*, rocksdb::Slice const&, rocksdb::PinnableSlice*, std::" ;;
        put) echo "rocksdb::DBImpl::Put(" ;;
        batch100) echo "rocksdb::DBImpl::Write(" ;;
        scan) echo "rocksdb::DBIter::SeekToFirst()|rocksdb::DBIter::Next()" ;;
        # the transaction's engine core (both bindings reach it through their own overloads)
        txnGet) echo "rocksdb::WriteBatchWithIndex::GetFromBatchAndDB(rocksdb::DB*, rocksdb::ReadOptions const&, rocksdb::ColumnFamilyHandle*, rocksdb::Slice const&, rocksdb::PinnableSlice*)" ;;
        txnUpdate) echo "rocksdb::WriteCommittedTxnDB::BeginTransaction(|rocksdb::WriteCommittedTxn::GetForUpdate(|rocksdb::WriteCommittedTxn::Put(|rocksdb::PessimisticTransaction::Commit()" ;;
        *) die "no engine entry for shape $1" ;;
    esac
}

# jvm_operations SHAPE COUNT: how many operations a run of the shape counts (a scan is 1,000 entries,
# a batch 100 puts: a hundredth of COUNT)
jvm_operations() {
    case "$1" in
        scan | batch100) echo $(($2 / 100 > 0 ? $2 / 100 : 1)) ;;
        *) echo "$2" ;;
    esac
}

# jvm_run OUT CLASSPATH LIBRARY BINDING SHAPE COUNT: one JVM under callgrind, instrumented only
# between InstructionCount's READY and DONE marks; the window's counts are in OUT.1. LIBRARY is the
# libpanrocks.so to load (an unstripped build names the engine's functions); empty: the jar's.
jvm_run() {
    local out="$1" cp="$2" lib="$3" binding="$4" shape="$5" n="$6" dir pid vg
    dir="$(mktemp -d)"
    mkfifo "$dir/in"
    valgrind --tool=callgrind --smc-check=all-non-file --instr-atstart=no --callgrind-out-file="$out" \
        "$JAVA_HOME/bin/java" -XX:-UsePerfData -Xms1g -Xmx1g --enable-native-access=ALL-UNNAMED \
        ${lib:+"-Dpanrocks.library.path=$lib"} \
        -cp "$cp" io.panrocks.jmh.InstructionCount "$binding" "$shape" 16 "$n" \
        <"$dir/in" >"$dir/out" 2>"$dir/err" &
    vg=$!
    exec 3>"$dir/in"
    until grep -q READY "$dir/out" 2>/dev/null; do
        kill -0 "$vg" 2>/dev/null || { tail -20 "$dir/err" >&2; die "$binding $shape ended before its window"; }
        sleep 0.5
    done
    pid="$(grep -o '^==[0-9]*==' "$dir/err" | head -1 | tr -d =)"
    callgrind_control -z "$pid" >/dev/null 2>&1
    callgrind_control -i on "$pid" >/dev/null 2>&1
    echo >&3
    until grep -q DONE "$dir/out" 2>/dev/null; do
        kill -0 "$vg" 2>/dev/null || { tail -20 "$dir/err" >&2; die "$binding $shape ended inside its window"; }
        sleep 0.2
    done
    callgrind_control -d "$pid" >/dev/null 2>&1
    callgrind_control -i off "$pid" >/dev/null 2>&1
    echo >&3
    exec 3>&-
    wait "$vg" || die "$binding $shape failed: $(tail -5 "$dir/err")"
    rm -rf "$dir"
    [ -s "$out.1" ] || die "callgrind wrote no dump for $binding $shape"
}

# inclusive OUT PREFIX...: instructions inside the functions named by the prefixes, summed
inclusive() {
    local out="$1" sum=0 prefix n ir per
    shift
    for prefix in "$@"; do
        read -r n ir per <<<"$(python3 "$PANROCKS_ROOT/scripts/bench/callgrind_per_call.py" "$out" "$prefix")"
        sum=$((sum + ir))
    done
    echo "$sum"
}

# jvm_count WORKDIR CLASSPATH LIBRARY BINDING SHAPE COUNT: prints "operations total native engine"
# for one run: the instructions of the window, those inside the binding's native entry points
# (panrocks_* / Java_org_rocksdb_*) and those inside the engine's entry points of the shape.
jvm_count() {
    local work="$1" cp="$2" lib="$3" binding="$4" shape="$5" n entries entry total native engine out
    n="$(jvm_operations "$shape" "$6")"
    out="$work/$binding-$shape-$RANDOM.out"
    jvm_run "$out" "$cp" "$lib" "$binding" "$shape" "$n"
    total="$(awk '/^totals:/ {print $2}' "$out.1")"
    if [ "$binding" = panrocks ]; then entry="panrocks_"; else entry="Java_org_rocksdb_"; fi
    native="$(inclusive "$out.1" "$entry")"
    IFS='|' read -r -a entries <<<"$(jvm_engine_entries "$shape")"
    engine="$(inclusive "$out.1" "${entries[@]}")"
    rm -f "$out" "$out".*
    echo "$n $total $native $engine"
}
