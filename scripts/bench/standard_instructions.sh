# Instructions per operation at every one-thread point of a standard run (scripts/bench.sh
# instructions --run RUN; see instructions.sh's header). Sourced by instructions.sh after
# callgrind_jvm.sh; needs PANROCKS_ROOT, die and say (lib.sh).
# shellcheck shell=bash

# jvm_windows OUT CLASSPATH LIBRARY JVM_OPTIONS -- ARGS...: one JVM under callgrind running
# io.panrocks.jmh.BenchmarkInstructions ARGS; each of its READY/DONE windows is dumped in turn
# (OUT.1 the harness's baseline, OUT.2 on the methods in their order). -Xbatch: a method the
# warm-up makes hot is compiled before the warm-up goes on, so no compilation is left to run
# inside a window (valgrind runs one thread at a time, and a background compile that was still
# queued counted millions of instructions into the first window).
jvm_windows() {
    local out="$1" cp="$2" lib="$3" dir pid vg fd rc=0 windows=0 options=()
    shift 3
    while [ "$1" != -- ]; do options+=("$1"); shift; done
    shift
    dir="$(mktemp -d)"
    mkfifo "$dir/in"
    valgrind --tool=callgrind --smc-check=all-non-file --instr-atstart=no --callgrind-out-file="$out" \
        "$JAVA_HOME/bin/java" -XX:-UsePerfData -Xbatch -Xms2g -Xmx2g -Xmn128m --enable-native-access=ALL-UNNAMED \
        "-Dpanrocks.library.path=$lib" "${options[@]}" -cp "$cp" io.panrocks.jmh.BenchmarkInstructions "$@" \
        <"$dir/in" >"$dir/out" 2>"$dir/err" &
    vg=$!
    exec {fd}>"$dir/in"
    while :; do
        # the next window opens when its READY line is there; the JVM ends after the last one
        until [ "$(grep -c '^READY' "$dir/out" 2>/dev/null)" -gt "$windows" ]; do
            kill -0 "$vg" 2>/dev/null || break 2
            sleep 0.5
        done
        pid="$(grep -o '^==[0-9]*==' "$dir/err" | head -1 | tr -d =)"
        callgrind_control -z "$pid" >/dev/null 2>&1
        callgrind_control -i on "$pid" >/dev/null 2>&1
        echo >&"$fd"
        windows=$((windows + 1))
        until [ "$(grep -c '^DONE' "$dir/out" 2>/dev/null)" -ge "$windows" ]; do
            kill -0 "$vg" 2>/dev/null || { tail -20 "$dir/err" >&2; die "$* ended inside window $windows"; }
            sleep 0.2
        done
        callgrind_control -d "$pid" >/dev/null 2>&1
        callgrind_control -i off "$pid" >/dev/null 2>&1
        echo >&"$fd"
    done
    exec {fd}>&-
    wait "$vg" || rc=$?
    [ "$rc" = 0 ] || { grep -v '^==' "$dir/err" | tail -20 >&2; die "$* failed (exit $rc)"; }
    rm -rf "$dir"
    [ "$windows" -ge 2 ] || die "$* had $windows windows"
}

# window_total FILE: the instructions a callgrind dump counted
window_total() {
    awk '/^(totals|summary):/ {print $2; exit}' "$1"
}

# count_jvm_point OUTDIR CLASSPATH CLASS PARAMS COUNT METHOD...: one TSV line per method
count_jvm_point() {
    local outdir="$1" cp="$2" class="$3" params="$4" n="$5" out harness i total method props=()
    shift 5
    out="$outdir/$(basename "${class//./-}")-$RANDOM.cg"
    mapfile -t props < <("$JAVA_HOME/bin/java" -cp "$cp" io.panrocks.jmh.BenchmarkInstructions --fork-properties "$class")
    jvm_windows "$out" "$cp" "$PANROCKS_ROOT/native/build/libpanrocks.so" "${props[@]}" -- "$class" "$params" "$n" "$@"
    harness="$(window_total "$out.1")"
    i=2
    for method in "$@"; do
        [ -s "$out.$i" ] || die "no dump $i for $class.$method"
        total="$(window_total "$out.$i")"
        # instructions per call, the harness's own per call taken off
        python3 - "${class##*.}.$method" "$params" "$n" "$total" "$harness" <<'EOF'
import sys
bid, params, n, total, harness = sys.argv[1], dict(p.split("=", 1) for p in sys.argv[2].split(",")), \
    int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
print("\t".join([bid, params["keyCount"], params["keySize"], params["dataset"], params["valueSize"], str(n),
                 "%.1f" % ((total - harness) / n), "%.1f" % (harness / n)]))
EOF
        i=$((i + 1))
    done
    rm -f "$out" "$out".*
}

# native_shape_class SHAPE: the class of panrocks_native_bench that implements a shape (its
# countedCalls<Class> is what the count is taken inside)
native_shape_class() {
    case "$1" in
        get_string) echo GetString ;;
        get_pinned) echo GetPinned ;;
        get_buffer) echo GetBuffer ;;
        multiget100) echo MultiGet100 ;;
        multiget100_copy) echo MultiGet100Copy ;;
        scan1000) echo Scan1000 ;;
        put) echo Put ;;
        batch100) echo Batch100 ;;
        txn_get) echo TxnGet ;;
        txn_put_commit) echo TxnPutCommit ;;
        txn_get_for_update_put_commit) echo TxnGetForUpdatePutCommit ;;
        batch_and_db_get) echo BatchAndDbGet ;;
        *) die "no class known for native shape $1" ;;
    esac
}

# count_native_point OUTDIR KEYCOUNT KEYSIZE DATASET VALUESIZE COUNT SHAPE...: one TSV line per shape,
# from one run of the native floor (the read shapes share its database): the instructions inside
# each shape's countedCalls, callees included, over COUNT
count_native_point() {
    local outdir="$1" keys="$2" keysize="$3" dataset="$4" size="$5" n="$6" out shape shapes calls ir per
    shift 6
    out="$outdir/native-$size-$RANDOM.cg"
    shapes="$(IFS=,; echo "$*")"
    valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no --toggle-collect='*countedCalls*' \
        "$PANROCKS_ROOT/native/build/bench/panrocks_native_bench" --shapes "$shapes" --key-count "$keys" \
        --key-size "$keysize" --dataset "$dataset" --value-size "$size" --warmup-ms 300 --count "$n" \
        >"$out.log" 2>&1 || { tail -20 "$out.log" >&2; die "callgrind of native $shapes $size failed"; }
    # valgrind can return before its output is complete (instructions.sh): wait for the totals
    for _ in $(seq 100); do grep -q '^totals:' "$out" 2>/dev/null && break; sleep 0.1; done
    for shape in "$@"; do
        read -r calls ir per <<<"$(python3 "$PANROCKS_ROOT/scripts/bench/callgrind_per_call.py" "$out" \
            "void (anonymous namespace)::countedCalls<(anonymous namespace)::$(native_shape_class "$shape")>")"
        [ "$calls" = 1 ] || die "native $shape $size: $calls calls of countedCalls recorded, expected 1 ($per)"
        printf 'native:%s:1\t%s\t%s\t%s\t%s\t%s\t%s\t0\n' "$shape" "$keys" "$keysize" "$dataset" "$size" "$n" \
            "$(python3 -c "print('%.1f' % ($ir / $n))")"
    done
    rm -f "$out" "$out".*
}

# count_standard_run RUN: RUN/instructions-standard.tsv, two points at a time (callgrind runs one
# thread at a time, and a count does not depend on what else the machine runs)
count_standard_run() {
    local run="$1" rj_jar cp work line kind jobs=0 failed=0 started f=()
    [ -d "$run" ] || die "no run folder $run"
    command -v valgrind >/dev/null || ensure_packages valgrind
    setup_environment
    rj_jar="$HOME/.m2/repository/org/rocksdb/rocksdbjni/$(pom_property rocksdbjni.version)/rocksdbjni-$(pom_property rocksdbjni.version).jar"
    [ -f "$PANROCKS_ROOT/jmh/target/benchmarks.jar" ] || die "no jmh/target/benchmarks.jar: mvn -B -pl jmh -am package -DskipTests first"
    [ -f "$rj_jar" ] || die "no $rj_jar: mvn -pl jmh dependency:resolve first"
    [ -f "$PANROCKS_ROOT/native/build/libpanrocks.so" ] || die "no native/build/libpanrocks.so: scripts/build-native.sh first"
    [ -x "$PANROCKS_ROOT/native/build/bench/panrocks_native_bench" ] || die "no native floor: scripts/build-native.sh first"
    cp="$PANROCKS_ROOT/jmh/target/benchmarks.jar:$rj_jar"
    work="$(mktemp -d)"
    started=$(date +%s)
    mapfile -t points < <(python3 "$PANROCKS_ROOT/scripts/bench/standard_points.py" "$run")
    say "callgrind: ${#points[@]} JVMs and native points of $run, two at a time"
    local k=0
    for line in "${points[@]}"; do
        k=$((k + 1))
        IFS=$'\t' read -r -a f <<<"$line"
        kind="${f[0]}"
        say "callgrind [$k/${#points[@]}, $(( ($(date +%s) - started) / 60 )) min]: ${f[*]:1}"
        if [ "$kind" = jvm ]; then
            count_jvm_point "$work" "$cp" "${f[1]}" "${f[2]}" "${f[3]}" "${f[@]:4}" >"$work/$k.tsv" 2>"$work/$k.err" &
        else
            count_native_point "$work" "${f[@]:1}" >"$work/$k.tsv" 2>"$work/$k.err" &
        fi
        jobs=$((jobs + 1))
        if [ "$jobs" -ge 2 ]; then
            wait -n || failed=$((failed + 1))
            jobs=$((jobs - 1))
        fi
    done
    while [ "$jobs" -gt 0 ]; do
        wait -n || failed=$((failed + 1))
        jobs=$((jobs - 1))
    done
    if [ "$failed" -gt 0 ]; then
        for ((k = 1; k <= ${#points[@]}; k++)); do
            [ -s "$work/$k.err" ] && { echo "--- ${points[$((k - 1))]}"; tail -5 "$work/$k.err"; } >&2
        done
        die "$failed of ${#points[@]} counts failed"
    fi
    {
        printf 'bid\tkeyCount\tkeySize\tdataset\tvalueSize\toperations\tinstructionsPerOp\tharnessPerOp\n'
        for ((k = 1; k <= ${#points[@]}; k++)); do cat "$work/$k.tsv"; done
    } >"$run/instructions-standard.tsv"
    rm -rf "$work"
    say "wrote $run/instructions-standard.tsv ($(( ($(date +%s) - started) / 60 )) min)"
}
