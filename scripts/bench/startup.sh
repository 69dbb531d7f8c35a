# Time to the first call in a fresh JVM: panrocks' RocksDB.engineVersion()
# returning, against RocksJava's RocksDB.loadLibrary(), same JDK, each in a
# JVM of its own, the configurations alternating round by round:
#
#   panrocks-cold   an empty cache folder: the library is extracted (hashed on the way)
#   panrocks-warm   the cache folder of an earlier run: its size and time stamp checked
#   panrocks-path   -Dpanrocks.library.path naming the extracted file
#   rocksjava       rocksdbjni's loadLibrary (it extracts its library to java.io.tmpdir every time)
#   panrocks-use    a DB's first use, warm cache: open (creating it), put, get, close, timed from
#                   before the first call into the library to close returning
#   rocksjava-use   the same in RocksJava, loadLibrary() included
#   *-use-aot       the first uses with JDK 25's AOT cache, trained by one first use (JDK 25 and later)
#
#   scripts/bench.sh startup [ROUNDS]     (default 9)
#
# PANROCKS_STARTUP_BASELINE=/path/other-panrocks.jar adds that jar's cold and
# warm start (baseline-cold, baseline-warm), e.g. a build of an older revision.
#
# Prints per configuration the median, minimum and maximum of the time inside
# the JVM (System.nanoTime around the call) and of the whole process (launch
# to exit, as the shell sees it). Needs the packaged jar (java-api/target,
# built by mvn package / scripts/build-jars.sh); rocksdbjni is fetched into
# ~/.m2 if missing (PANROCKS_STARTUP_ROCKSDBJNI, default the newest version the
# pom names).
# shellcheck shell=bash
arguments=()
parse_options "$@"
[ ${#arguments[@]} -le 1 ] || die "usage: scripts/bench.sh startup [ROUNDS]"
find_jdk
rounds="${arguments[0]:-9}"
version="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$PANROCKS_ROOT/java-api/pom.xml" | head -1)"
jar="$PANROCKS_ROOT/java-api/target/panrocks-$version.jar"
[ -f "$jar" ] || die "$jar is missing: build it first (mvn -pl java-api -am package -DskipTests)"
rj_version="${PANROCKS_STARTUP_ROCKSDBJNI:-$(pom_property rocksdbjni.version)}"
rj="$HOME/.m2/repository/org/rocksdb/rocksdbjni/$rj_version/rocksdbjni-$rj_version.jar"
[ -f "$rj" ] || mvn_cmd -q dependency:get -Dartifact="org.rocksdb:rocksdbjni:$rj_version" >&2
[ -f "$rj" ] || die "no $rj"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/PanrocksFirstCall.java" <<'EOF'
public class PanrocksFirstCall {
    public static void main(String[] a) {
        long t = System.nanoTime();
        String v = io.panrocks.RocksDB.engineVersion();
        System.out.printf("%.1f %s%n", (System.nanoTime() - t) / 1e6, v);
    }
}
EOF
cat > "$work/RocksJavaFirstCall.java" <<'EOF'
public class RocksJavaFirstCall {
    public static void main(String[] a) {
        long t = System.nanoTime();
        org.rocksdb.RocksDB.loadLibrary();
        System.out.printf("%.1f %s%n", (System.nanoTime() - t) / 1e6, org.rocksdb.RocksDB.rocksdbVersion());
    }
}
EOF
# A DB's first use: open (creating it), put, get, close, timed from before the
# first call into the library (RocksJava: its loadLibrary()) to close returning.
cat > "$work/PanrocksFirstUse.java" <<'EOF'
public class PanrocksFirstUse {
    public static void main(String[] a) throws Exception {
        long t = System.nanoTime();
        try (io.panrocks.Options o = new io.panrocks.Options().setCreateIfMissing(true);
             io.panrocks.RocksDB db = io.panrocks.RocksDB.open(o, a[0])) {
            db.put("k".getBytes(), "v".getBytes());
            if (db.get("k".getBytes()).length != 1) throw new AssertionError();
        }
        System.out.printf("%.1f %s%n", (System.nanoTime() - t) / 1e6, io.panrocks.RocksDB.engineVersion());
    }
}
EOF
cat > "$work/RocksJavaFirstUse.java" <<'EOF'
public class RocksJavaFirstUse {
    public static void main(String[] a) throws Exception {
        long t = System.nanoTime();
        org.rocksdb.RocksDB.loadLibrary();
        try (org.rocksdb.Options o = new org.rocksdb.Options().setCreateIfMissing(true);
             org.rocksdb.RocksDB db = org.rocksdb.RocksDB.open(o, a[0])) {
            db.put("k".getBytes(), "v".getBytes());
            if (db.get("k".getBytes()).length != 1) throw new AssertionError();
        }
        System.out.printf("%.1f %s%n", (System.nanoTime() - t) / 1e6, org.rocksdb.RocksDB.rocksdbVersion());
    }
}
EOF
"$JAVA_HOME/bin/javac" -d "$work" -cp "$jar" "$work/PanrocksFirstCall.java" "$work/PanrocksFirstUse.java"
"$JAVA_HOME/bin/javac" -d "$work" -cp "$rj" "$work/RocksJavaFirstCall.java" "$work/RocksJavaFirstUse.java"
java=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -Xshare:auto)
java_aot=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED)  # an AOT cache refuses any -Xshare
warm="$work/warm-cache"
"${java[@]}" -Dpanrocks.cache.dir="$warm" -cp "$jar:$work" PanrocksFirstCall >/dev/null  # primes the warm cache
baseline="${PANROCKS_STARTUP_BASELINE:-}"
configurations=(panrocks-cold panrocks-warm panrocks-path rocksjava panrocks-use rocksjava-use)
if [ -n "$baseline" ]; then
    "${java[@]}" -Dpanrocks.cache.dir="$work/baseline-warm-cache" -cp "$baseline:$work" PanrocksFirstCall >/dev/null
    configurations+=(baseline-cold baseline-warm)
fi
extracted="$(find "$warm" -name 'libpanrocks.*' -type f | head -1)"
# JDK 25's AOT cache (JEP 483, trained in one run by JEP 514's -XX:AOTCacheOutput): a first use of
# each binding trains its own cache, then the first uses run again with it. The cache takes only
# jars on the class path, hence the first-use classes in a jar of their own.
if [ "$(jdk_feature_version "$JAVA_HOME")" -ge 25 ]; then
    "$JAVA_HOME/bin/jar" cf "$work/first-use.jar" -C "$work" PanrocksFirstUse.class -C "$work" RocksJavaFirstUse.class
    rm -rf "$work/db"
    "${java_aot[@]}" -XX:AOTCacheOutput="$work/panrocks.aot" -Dpanrocks.cache.dir="$warm" -cp "$jar:$work/first-use.jar" \
        PanrocksFirstUse "$work/db" >/dev/null 2>&1 || die "could not train panrocks' AOT cache"
    rm -rf "$work/db"
    "${java_aot[@]}" -XX:AOTCacheOutput="$work/rocksjava.aot" -cp "$rj:$work/first-use.jar" \
        RocksJavaFirstUse "$work/db" >/dev/null 2>&1 || die "could not train RocksJava's AOT cache"
    configurations+=(panrocks-use-aot rocksjava-use-aot)
fi

# run NAME ARGS...: one JVM; appends "inside-ms process-ms" to $work/NAME
run() {
    local name="$1" start end out
    shift
    local jvm=("${java[@]}")
    case "$name" in *-aot) jvm=("${java_aot[@]}") ;; esac
    start=$(date +%s%N)
    out="$("${jvm[@]}" "$@")"
    end=$(date +%s%N)
    echo "$(echo "$out" | cut -d' ' -f1) $(( (end - start) / 1000000 ))" >> "$work/$name"
    echo "$out" | cut -d' ' -f2 > "$work/$name.version"
}
say "$rounds rounds, alternating; JDK $("$JAVA_HOME/bin/java" -version 2>&1 | head -1); $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 1; i <= rounds; i++)); do
    rm -rf "$work/cold"
    run panrocks-cold -Dpanrocks.cache.dir="$work/cold" -cp "$jar:$work" PanrocksFirstCall
    run panrocks-warm -Dpanrocks.cache.dir="$warm" -cp "$jar:$work" PanrocksFirstCall
    run panrocks-path -Dpanrocks.library.path="$extracted" -cp "$jar:$work" PanrocksFirstCall
    run rocksjava -cp "$rj:$work" RocksJavaFirstCall
    rm -rf "$work/db"
    run panrocks-use -Dpanrocks.cache.dir="$warm" -cp "$jar:$work" PanrocksFirstUse "$work/db"
    rm -rf "$work/db"
    run rocksjava-use -cp "$rj:$work" RocksJavaFirstUse "$work/db"
    if [ -f "$work/panrocks.aot" ]; then
        rm -rf "$work/db"
        run panrocks-use-aot -XX:AOTCache="$work/panrocks.aot" -Xlog:aot=off -Dpanrocks.cache.dir="$warm" \
            -cp "$jar:$work/first-use.jar" PanrocksFirstUse "$work/db"
        rm -rf "$work/db"
        run rocksjava-use-aot -XX:AOTCache="$work/rocksjava.aot" -Xlog:aot=off -cp "$rj:$work/first-use.jar" \
            RocksJavaFirstUse "$work/db"
    fi
    if [ -n "$baseline" ]; then
        rm -rf "$work/baseline-cold-cache"
        run baseline-cold -Dpanrocks.cache.dir="$work/baseline-cold-cache" -cp "$baseline:$work" PanrocksFirstCall
        run baseline-warm -Dpanrocks.cache.dir="$work/baseline-warm-cache" -cp "$baseline:$work" PanrocksFirstCall
    fi
done
say "load afterwards $(cut -d' ' -f1-3 /proc/loadavg)"
# stats COLUMN FILE: "median (min-max)"
stats() {
    cut -d' ' -f"$1" "$2" | sort -n | awk '{v[NR]=$1} END {m = NR % 2 ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2;
        printf "%6.0f (%.0f-%.0f)", m, v[1], v[NR]}'
}
# ratio NAME: the first call's time over RocksJava's of the same round (runs next to each other share the
# machine's moment), "median (min-max)" over the rounds; a first use over RocksJava's first use
ratio() {
    local base=rocksjava
    case "$1" in *-use) base=rocksjava-use ;; *-use-aot) base=rocksjava-use-aot ;; esac
    paste -d' ' <(cut -d' ' -f1 "$work/$1") <(cut -d' ' -f1 "$work/$base") | awk '{print $1 / $2}' | sort -n |
        awk '{v[NR]=$1} END {m = NR % 2 ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2; printf "%.2f (%.2f-%.2f)", m, v[1], v[NR]}'
}
printf '%-15s %-10s %-22s %-22s %s\n' configuration engine "first call, ms" "whole JVM, ms" "first call / RocksJava's, per round"
for name in "${configurations[@]}"; do
    printf '%-15s %-10s %-22s %-22s %s\n' "$name" "$(cat "$work/$name.version")" "$(stats 1 "$work/$name")" \
        "$(stats 2 "$work/$name")" "$(ratio "$name")"
done
printf 'panrocks library %s KiB (%s), rocksjava %s KiB\n' "$(( $(stat -c %s "$extracted") / 1024 ))" \
    "$(file -b "$extracted" | grep -o 'stripped\|not stripped' | head -1)" \
    "$(( $(unzip -l "$rj" | awk '/librocksdbjni-linux64.so$/ {print $1}') / 1024 ))"
