#!/usr/bin/env bash
# Builds the RocksDB engine that goes inside libpanrocks.so, once per machine,
# and prints the folder (an install prefix: include/, lib/*.a, engine.txt) on
# standard output. Everything else goes to standard error.
#
# Default: RocksDB 9.11.2, obtained with `apt-get source` from Debian's source
# packages (a private apt configuration whose deb-src entries are derived from
# the mirror this machine's apt already uses), the orig tarball checked
# against the sha256 pinned below. The engine is built as a static, position-
# independent, NDEBUG library with snappy, lz4, zlib, zstd and bzip2. zstd and
# bzip2 are built from their Debian source packages with -fPIC (Debian's
# static archives of those two are not PIC); snappy, lz4 and zlib come from
# Debian's -dev packages' static archives (they are PIC) and are copied in.
#
# The result is cached outside the repository, keyed by the engine version
# and a hash of everything that went into it (sources, compiler, flags):
#   ${PANROCKS_ENGINE_CACHE:-${XDG_CACHE_HOME:-~/.cache}/panrocks-engine}/rocksdb-<version>-<key>/
# A second build on the same machine reuses it; concurrent builds of the same
# key wait for each other (flock).
#
# Honours:
#   PANROCKS_ENGINE_SOURCE=/path  a RocksDB source tree or tarball (.tar.gz,
#                                 .tar.xz, ...) to build the same way instead
#   PANROCKS_ENGINE_CACHE=/dir    another cache folder
#   PANROCKS_ENGINE_JOBS=n        build parallelism (default 2)
#   PANROCKS_ENGINE_VERBOSE=1     print the whole build log, not only progress
#   PANROCKS_DEBIAN_MIRROR=url    the Debian mirror for the sources (default:
#                                 the one in this machine's apt sources)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

# ---- what is built by default (pinned) ---------------------------------------
ROCKSDB_VERSION=9.11.2
ROCKSDB_DEBIAN_PACKAGE=rocksdb
ROCKSDB_ORIG_SHA256=4005068f5099c54c39968f3466da216e0a7b97fc78e1c51c722e643763058a5c
ZSTD_DEBIAN_PACKAGE=libzstd
ZSTD_ORIG_SHA256=8cf4bbb65e77ec348d052c8d6230eba66d435bddf64c8b5be2fcb16880c19953   # 1.5.4+dfsg2
BZIP2_DEBIAN_PACKAGE=bzip2
BZIP2_ORIG_SHA256=ab5a03176ee106d3f0fa90e381da478ddae405918153cca248e682cd0c4a2269  # 1.0.8
# Suites whose Sources indexes are searched for those pins (sid carries rocksdb
# 9.11.2; zstd 1.5.4 and bzip2 1.0.8 are bookworm's).
DEBIAN_SOURCE_SUITES=(sid trixie bookworm)
# Bump when the recipe below changes in a way the key would not see.
RECIPE=3

JOBS="${PANROCKS_ENGINE_JOBS:-2}"
CACHE="${PANROCKS_ENGINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/panrocks-engine}"
mkdir -p "$CACHE/sources"

# Flags of every object that ends up in libpanrocks.so: position independent,
# symbols hidden (only panrocks_* leave the library), no STB_GNU_UNIQUE symbols
# (they are process-wide whatever the visibility, and would tie this engine
# copy to any other RocksDB in the process).
ENGINE_CFLAGS="-O2 -fPIC -fvisibility=hidden -DNDEBUG"
ENGINE_CXXFLAGS="-fPIC -fvisibility=hidden -fvisibility-inlines-hidden -fno-gnu-unique"
ROCKSDB_CMAKE_FLAGS=(
    -DCMAKE_BUILD_TYPE=Release -DPORTABLE=1 -DCMAKE_POSITION_INDEPENDENT_CODE=ON
    -DROCKSDB_BUILD_SHARED=OFF -DUSE_RTTI=1 -DFAIL_ON_WARNINGS=OFF
    -DWITH_TESTS=OFF -DWITH_ALL_TESTS=OFF -DWITH_TOOLS=OFF -DWITH_CORE_TOOLS=OFF
    -DWITH_BENCHMARK_TOOLS=OFF -DWITH_TRACE_TOOLS=OFF -DWITH_GFLAGS=OFF
    -DWITH_JEMALLOC=OFF -DWITH_LIBURING=OFF -DWITH_NUMA=OFF -DWITH_TBB=OFF
    -DWITH_SNAPPY=ON -DWITH_LZ4=ON -DWITH_ZLIB=ON -DWITH_ZSTD=ON -DWITH_BZ2=ON
)
DEBIAN_STATIC_LIBS=(snappy:libsnappy-dev lz4:liblz4-dev z:zlib1g-dev)

elapsed() { local s=$(( $(date +%s) - $1 )); printf '%dm%02ds' $((s / 60)) $((s % 60)); }
sha256() { sha256sum "$1" | cut -d' ' -f1; }

# ---- Debian source packages through a private apt configuration -------------
# The deb-src lines are derived from the mirror of this machine's own apt
# sources (debian_mirror in lib.sh), so no host name is written here; nothing
# under /etc/apt is changed.
APT_DIR="$CACHE/apt"
apt_private() {
    local tool="$1"; shift
    "$tool" -o Dir::Etc::SourceList="$APT_DIR/sources.list" -o Dir::Etc::SourceParts=/dev/null \
        -o Dir::State::Lists="$APT_DIR/lists" -o Dir::Cache="$APT_DIR/cache" \
        -o APT::Sandbox::User=root -o Debug::NoLocking=1 "$@"
}
APT_READY=0
apt_prepare() {
    [ "$APT_READY" = 1 ] && return 0
    command -v apt-get >/dev/null || die "apt-get is needed to obtain the RocksDB source (or set PANROCKS_ENGINE_SOURCE)"
    local mirror keyring=/usr/share/keyrings/debian-archive-keyring.gpg suite
    mirror="$(debian_mirror)"
    mkdir -p "$APT_DIR/lists/partial" "$APT_DIR/cache/archives/partial"
    : > "$APT_DIR/sources.list"
    for suite in "${DEBIAN_SOURCE_SUITES[@]}"; do
        echo "deb-src [signed-by=$keyring] $mirror $suite main" >> "$APT_DIR/sources.list"
    done
    say "reading Debian's source indexes (${DEBIAN_SOURCE_SUITES[*]}) from the mirror in this machine's apt sources"
    apt_private apt-get -qq update >&2 || die "apt-get update of the deb-src entries failed (see above)"
    APT_READY=1
}

# fetch_orig PACKAGE SHA256: the upstream (orig) tarball of a Debian source
# package whose Sources entry lists a file with that sha256, into
# $CACHE/sources/; prints its path. The tarball's own hash decides, not apt's
# exit code (apt fails when the .dsc is missing although the tarball came).
fetch_orig() {
    local pkg="$1" want="$2" f
    local dir="$CACHE/sources/$want"
    for f in "$dir"/*.orig.tar.*; do
        [ -f "$f" ] && [ "$(sha256 "$f")" = "$want" ] && { echo "$f"; return 0; }
    done
    apt_prepare
    local found version file
    found="$(apt_private apt-cache showsrc "$pkg" 2>/dev/null | awk -v want="$want" '
        /^Version:/ { v = $2 }
        $1 == want && $3 ~ /\.orig\.tar\./ { print v, $3; exit }')"
    [ -n "$found" ] || die "no Debian source package $pkg carries the pinned tarball sha256 $want (suites: ${DEBIAN_SOURCE_SUITES[*]}); set PANROCKS_ENGINE_SOURCE to a RocksDB source instead"
    read -r version file <<<"$found"
    local dl="$CACHE/sources/download.$$"
    rm -rf "$dl"; mkdir -p "$dl"
    say "downloading $file ($pkg $version) with apt-get source"
    (cd "$dl" && apt_private apt-get -qq source --download-only "$pkg=$version" >"$dl/apt.log" 2>&1) || true
    [ -f "$dl/$file" ] || { cat "$dl/apt.log" >&2; die "apt-get source $pkg=$version did not bring $file"; }
    local got; got="$(sha256 "$dl/$file")"
    [ "$got" = "$want" ] || die "$file has sha256 $got, pinned $want: refusing it"
    mkdir -p "$dir"
    mv "$dl/$file" "$dir/$file"
    rm -rf "$dl"
    echo "$dir/$file"
}

# ---- which RocksDB source -----------------------------------------------------
if [ -n "${PANROCKS_ENGINE_SOURCE:-}" ]; then
    src_given="$(readlink -f "$PANROCKS_ENGINE_SOURCE")"
    if [ -d "$src_given" ]; then
        [ -f "$src_given/include/rocksdb/version.h" ] || die "$src_given is not a RocksDB source tree (no include/rocksdb/version.h)"
        say "hashing the RocksDB source in $src_given"
        rocksdb_id="$(cd "$src_given" && find . -type f -not -path './.git/*' -print0 | LC_ALL=C sort -z \
            | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)"
    elif [ -f "$src_given" ]; then
        rocksdb_id="$(sha256 "$src_given")"
    else
        die "PANROCKS_ENGINE_SOURCE=$PANROCKS_ENGINE_SOURCE does not exist"
    fi
    rocksdb_tarball=""
else
    src_given=""
    rocksdb_id="$ROCKSDB_ORIG_SHA256"
fi

# ---- the cache key ----------------------------------------------------------
ensure_packages "${PANROCKS_ENGINE_PACKAGES[@]}" make cmake g++
static_versions=""
for entry in "${DEBIAN_STATIC_LIBS[@]}"; do
    static_versions+="${entry#*:}=$(dpkg-query -W -f='${Version}' "${entry#*:}" 2>/dev/null) "
done
recipe="recipe=$RECIPE rocksdb=$rocksdb_id zstd=$ZSTD_ORIG_SHA256 bzip2=$BZIP2_ORIG_SHA256
static=$static_versions
cxx=$(g++ -dumpfullversion 2>/dev/null) $(g++ -dumpmachine 2>/dev/null)
cflags=$ENGINE_CFLAGS cxxflags=$ENGINE_CXXFLAGS cmake=${ROCKSDB_CMAKE_FLAGS[*]}"
key="$(printf '%s' "$recipe" | sha256sum | cut -c1-16)"

# The version is known before unpacking for the pinned source; for a given
# source it is read from its version.h (unpacking a tarball first if needed).
version_of() {
    local h="$1/include/rocksdb/version.h"
    printf '%s.%s.%s' "$(awk '/#define ROCKSDB_MAJOR/ {print $3}' "$h")" \
        "$(awk '/#define ROCKSDB_MINOR/ {print $3}' "$h")" "$(awk '/#define ROCKSDB_PATCH/ {print $3}' "$h")"
}
if [ -z "$src_given" ]; then
    version="$ROCKSDB_VERSION"
elif [ -d "$src_given" ]; then
    version="$(version_of "$src_given")"
else
    vh="$(set +o pipefail; tar tf "$src_given" 2>/dev/null | grep -m1 'include/rocksdb/version.h$')"
    [ -n "$vh" ] || die "$src_given is not a RocksDB source tarball (no include/rocksdb/version.h inside)"
    tmpv="$(mktemp -d)"; tar xf "$src_given" -C "$tmpv" "$vh"
    version="$(version_of "$tmpv/${vh%/include/rocksdb/version.h}")"; rm -rf "$tmpv"
fi
prefix="$CACHE/rocksdb-$version-$key"

exec 9>"$CACHE/.lock-$key"
if ! flock -n 9; then
    say "another build of this engine is running; waiting for it"
    flock 9
fi
if [ -f "$prefix/engine.txt" ]; then
    say "engine: RocksDB $version from cache ($prefix)"
    echo "$prefix"
    exit 0
fi

# ---- build ------------------------------------------------------------------
start=$(date +%s)
say "building RocksDB $version once for this machine (static, NDEBUG, snappy/lz4/zlib/zstd/bzip2)."
say "The first build takes about 30 minutes on 2 cores; later builds reuse $prefix"
# An interrupted build (killed, disk full) resumes in its work folder: the
# unpacked sources and CMake's build folder are kept until the build succeeds.
work="$CACHE/work-$key"
[ -d "$work" ] && say "resuming the interrupted build in $work"
rm -rf "$prefix.partial"
mkdir -p "$work" "$prefix.partial/lib" "$prefix.partial/include"
stage="$prefix.partial"

# One apt index download for all the tarballs not yet in $CACHE/sources (the
# fetches below run in subshells, which inherit APT_READY).
pinned=("$ZSTD_ORIG_SHA256" "$BZIP2_ORIG_SHA256")
[ -z "$src_given" ] && pinned+=("$ROCKSDB_ORIG_SHA256")
for want in "${pinned[@]}"; do
    compgen -G "$CACHE/sources/$want/*.orig.tar.*" >/dev/null || { apt_prepare; break; }
done
zstd_tar="$(fetch_orig "$ZSTD_DEBIAN_PACKAGE" "$ZSTD_ORIG_SHA256")"
bzip2_tar="$(fetch_orig "$BZIP2_DEBIAN_PACKAGE" "$BZIP2_ORIG_SHA256")"
if [ -z "$src_given" ]; then
    rocksdb_tarball="$(fetch_orig "$ROCKSDB_DEBIAN_PACKAGE" "$ROCKSDB_ORIG_SHA256")"
fi

unpack() { # tarball dest: the single top folder of the tarball becomes dest (once)
    [ -d "$2" ] && return 0
    rm -rf "$2.tmp"; mkdir -p "$2.tmp" && tar xf "$1" -C "$2.tmp"
    local top; top="$(find "$2.tmp" -mindepth 1 -maxdepth 1 -type d | head -1)"
    mv "$top" "$2" && rm -rf "$2.tmp"
}

say "zstd: building libzstd.a (-fPIC) from $(basename "$zstd_tar")"
unpack "$zstd_tar" "$work/zstd"
nice -n 10 make -C "$work/zstd/lib" -j"$JOBS" libzstd.a CFLAGS="$ENGINE_CFLAGS -O3" >"$work/zstd.log" 2>&1 \
    || { tail -30 "$work/zstd.log" >&2; die "zstd build failed (log: $work/zstd.log)"; }
cp "$work/zstd/lib/libzstd.a" "$stage/lib/"
cp -p "$work/zstd/lib/zstd.h" "$work/zstd/lib/zdict.h" "$work/zstd/lib/zstd_errors.h" "$stage/include/"

say "bzip2: building libbz2.a (-fPIC) from $(basename "$bzip2_tar")"
unpack "$bzip2_tar" "$work/bzip2"
nice -n 10 make -C "$work/bzip2" -j"$JOBS" libbz2.a CFLAGS="$ENGINE_CFLAGS -D_FILE_OFFSET_BITS=64" >"$work/bzip2.log" 2>&1 \
    || { tail -30 "$work/bzip2.log" >&2; die "bzip2 build failed (log: $work/bzip2.log)"; }
cp "$work/bzip2/libbz2.a" "$stage/lib/"
cp -p "$work/bzip2/bzlib.h" "$stage/include/"

for entry in "${DEBIAN_STATIC_LIBS[@]}"; do
    lib="lib${entry%%:*}.a"
    path="$(dpkg -L "${entry#*:}" | grep "/$lib\$" | head -1)"
    [ -n "$path" ] || die "${entry#*:} has no $lib"
    cp "$path" "$stage/lib/"
done

if [ -n "$src_given" ] && [ -d "$src_given" ]; then
    rocksdb_src="$src_given"
else
    say "unpacking $(basename "${rocksdb_tarball:-$src_given}")"
    unpack "${rocksdb_tarball:-$src_given}" "$work/rocksdb"
    rocksdb_src="$work/rocksdb"
fi
say "RocksDB $version: configuring (log: $work/rocksdb.log)"
nice -n 10 cmake -S "$rocksdb_src" -B "$work/rocksdb-build" "${ROCKSDB_CMAKE_FLAGS[@]}" \
    -DCMAKE_C_FLAGS="$ENGINE_CFLAGS" -DCMAKE_CXX_FLAGS="$ENGINE_CXXFLAGS" \
    -DZSTD_INCLUDE_DIRS="$stage/include" -DZSTD_LIBRARIES="$stage/lib/libzstd.a" \
    -DBZIP2_INCLUDE_DIR="$stage/include" -DBZIP2_LIBRARY_RELEASE="$stage/lib/libbz2.a" \
    >"$work/rocksdb.log" 2>&1 || { tail -40 "$work/rocksdb.log" >&2; die "RocksDB configure failed (log: $work/rocksdb.log)"; }
say "RocksDB $version: compiling with $JOBS jobs at low priority (nice); progress every 5%"
# Make prints "[ 37%] Building ..." lines: show one line per 5% with the time so far.
progress() {
    local line p last=0
    while IFS= read -r line; do
        [ "${PANROCKS_ENGINE_VERBOSE:-0}" = 1 ] && printf '%s\n' "$line" >&2
        if [[ "$line" =~ ^\[\ *([0-9]+)%\] ]]; then
            p=${BASH_REMATCH[1]}
            if [ "$p" -ge $((last + 5)) ]; then
                last=$((p - p % 5))
                say "engine build: $(printf '%3d' "$p")% after $(elapsed "$start")"
            fi
        fi
    done
}
set +e
nice -n 10 cmake --build "$work/rocksdb-build" --target rocksdb --parallel "$JOBS" 2>&1 | tee -a "$work/rocksdb.log" | progress
status=${PIPESTATUS[0]}
set -e
[ "$status" = 0 ] || { grep -E -m20 'error|Error' "$work/rocksdb.log" >&2 || tail -40 "$work/rocksdb.log" >&2; die "RocksDB build failed (log: $work/rocksdb.log)"; }
[ -f "$work/rocksdb-build/librocksdb.a" ] || die "no librocksdb.a after the build (log: $work/rocksdb.log)"
cp "$work/rocksdb-build/librocksdb.a" "$stage/lib/"
cp -r "$rocksdb_src/include/rocksdb" "$stage/include/"

cat > "$stage/engine.txt" <<EOF
rocksdb_version=$version
rocksdb_source=${src_given:-debian:$ROCKSDB_DEBIAN_PACKAGE $(basename "$rocksdb_tarball")}
rocksdb_source_sha256=$rocksdb_id
zstd=$(basename "$zstd_tar") sha256=$ZSTD_ORIG_SHA256
bzip2=$(basename "$bzip2_tar") sha256=$BZIP2_ORIG_SHA256
static_debian=$static_versions
compiler=$(g++ -dumpfullversion) $(g++ -dumpmachine)
cflags=$ENGINE_CFLAGS
cxxflags=$ENGINE_CXXFLAGS
cmake=${ROCKSDB_CMAKE_FLAGS[*]}
built=$(date -u +%Y-%m-%dT%H:%M:%SZ) in $(elapsed "$start") with $JOBS jobs
key=$key
EOF
rm -rf "$prefix"
mv "$stage" "$prefix"
rm -rf "$work"
say "engine: RocksDB $version built in $(elapsed "$start"), cached in $prefix"
echo "$prefix"
