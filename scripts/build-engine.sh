#!/usr/bin/env bash
# Builds the RocksDB engine that goes inside libpanrocks for one target, once
# per machine, and prints the folder (an install prefix: include/, lib/*.a,
# engine.txt) on standard output. Everything else goes to standard error.
#
#   scripts/build-engine.sh [TARGET]     TARGET: linux-x86_64 (default on an
#                                        x86-64 machine), linux-aarch64,
#                                        linux-x86_64-musl, linux-aarch64-musl,
#                                        osx-aarch64, osx-x86_64, windows-x86_64
#
# Default: RocksDB 11.8.1, from the Rust crate registry: the crate
# librocksdb-sys 0.19.0+11.8.1 carries RocksDB's complete C++ source under
# rocksdb/; cargo fetches it by name and version (a throwaway manifest), its
# sha256 is checked against the pin below, and only that rocksdb/ tree is
# built. PANROCKS_ENGINE_VERSION=9.11.2 builds RocksDB 9.11.2 instead, from
# Debian's source package, for databases older RocksJava versions must read
# (README, "On-disk compatibility"). The five compression libraries (snappy,
# lz4, zlib, zstd, bzip2) come from Debian's source packages either way
# (`apt-get source` through a private apt configuration whose deb-src entries
# are derived from the mirror this machine's apt already uses), each upstream
# tarball checked against the sha256 pinned below. All six are compiled for TARGET by
# zig's clang (scripts/toolchain.sh): against glibc 2.17 on Linux (musl 1.2.5's
# headers for the -musl targets), with zig's
# static libc++, as static, position-independent, NDEBUG archives with hidden
# symbols. RocksDB is compiled as a CMake unity build (16 sources per
# translation unit, which RocksDB's own CI keeps building): its ~340 sources
# share their headers' parsing, which takes the build from ~30 CPU-minutes to ~6.
#
# The result is cached outside the repository, keyed by the target and a hash
# of everything that went into it (sources, compiler, flags):
#   ${PANROCKS_ENGINE_CACHE:-${XDG_CACHE_HOME:-~/.cache}/panrocks-engine}/rocksdb-<version>-<target>-<key>/
# A second build on the same machine reuses it; concurrent builds of the same
# key wait for each other (flock).
#
# Honours:
#   PANROCKS_TARGET=target        the target when none is given
#   PANROCKS_ENGINE_VERSION=v     11.8.1 (default) or 9.11.2
#   PANROCKS_ENGINE_SOURCE=/path  a RocksDB source tree or tarball (.tar.gz,
#                                 .tar.xz, ...) to build the same way instead
#   PANROCKS_ENGINE_CACHE=/dir    another cache folder
#   PANROCKS_ENGINE_JOBS=n        build parallelism (default 2)
#   PANROCKS_ENGINE_VERBOSE=1     print the whole build log, not only progress
#   PANROCKS_ENGINE_PREFIX_ONLY=1 print the cache folder of this engine and build nothing
#   PANROCKS_DEBIAN_MIRROR=url    the Debian mirror for the sources (default:
#                                 the one in this machine's apt sources)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/toolchain.sh"

TARGET="${1:-${PANROCKS_TARGET:-$(host_target)}}"
check_target "$TARGET"

# ---- what is built (pinned) ---------------------------------------------------
ROCKSDB_VERSION="${PANROCKS_ENGINE_VERSION:-11.8.1}"
case "$ROCKSDB_VERSION" in
    # crate:version:sha256 of the .crate archive on the Rust crate registry
    11.8.1) ROCKSDB_CRATE=librocksdb-sys:0.19.0+11.8.1:4f45e86edad8e88efe97dbf384b4e48e1ff0f111eabf154c7b09d7a1e5fb573c
            ROCKSDB_PIN="${ROCKSDB_CRATE##*:}" ;;
    # package:sha256 of the upstream (orig) tarball in its Debian source package
    9.11.2) ROCKSDB_ORIG=rocksdb:4005068f5099c54c39968f3466da216e0a7b97fc78e1c51c722e643763058a5c
            ROCKSDB_PIN="${ROCKSDB_ORIG#*:}" ;;
    *) die "PANROCKS_ENGINE_VERSION=$ROCKSDB_VERSION: the engines this recipe builds are 11.8.1 (default) and 9.11.2; any other RocksDB source goes through PANROCKS_ENGINE_SOURCE" ;;
esac
SNAPPY_ORIG=snappy:75c1fbb3d618dd3a0483bff0e26d0a92b495bbe5059c8b4f1c962b478b6e06e7    # 1.1.9
LZ4_ORIG=lz4:0b0e3aa07c8c063ddf40b082bdf7e37a1562bda40a0ff5272957f3e987e0e54b          # 1.9.4
ZLIB_ORIG=zlib:71feb7947e3c00ef125f83b79a4e529bde31171e5babe48b391f06758d1ab0a1        # 1.2.13
ZSTD_ORIG=libzstd:8cf4bbb65e77ec348d052c8d6230eba66d435bddf64c8b5be2fcb16880c19953     # 1.5.4
BZIP2_ORIG=bzip2:ab5a03176ee106d3f0fa90e381da478ddae405918153cca248e682cd0c4a2269      # 1.0.8
# Suites whose Sources indexes are searched for those pins (sid carries rocksdb
# 9.11.2; the compression libraries are bookworm's, as in Debian 12's own
# librocksdb).
DEBIAN_SOURCE_SUITES=(sid trixie bookworm)
# Bump when the recipe below changes in a way the key would not see.
RECIPE=5

JOBS="${PANROCKS_ENGINE_JOBS:-2}"
CACHE="${PANROCKS_ENGINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/panrocks-engine}"
mkdir -p "$CACHE/sources"

# Flags of every object that ends up in libpanrocks: position independent
# (but on Windows, where code is always relocatable), symbols hidden, so that
# only panrocks_* leave the library, and no debug information (zig's clang
# emits it unless told not to: 115 MB of it).
PIC="-fPIC"
case "$TARGET" in windows-*) PIC="" ;; esac
# Each function and datum in its own section, so that the linker's
# --gc-sections (zig's default) drops what libpanrocks never reaches (the C
# API, unused utilities) instead of keeping a whole unity object for one of
# its functions.
SECTIONS="-ffunction-sections -fdata-sections"
ENGINE_CFLAGS="-O2 -g0 $PIC $SECTIONS -fvisibility=hidden -DNDEBUG"
# clang inlines less than gcc at the same -O level: RocksDB's read path built
# by zig's clang ran 5% more instructions per Get, 11% per MultiGet(100) and
# 14% per iterator Next than the same engine built by Debian's g++ 12
# (callgrind, deterministic instruction counts). Raising clang's inlining
# thresholds brings it to +0.9%, +5.8% and -1.1% for 6% more code.
ENGINE_INLINING="-mllvm -inline-threshold=500 -mllvm -inlinehint-threshold=2000"
ENGINE_CXXFLAGS="$ENGINE_INLINING -g0 $PIC $SECTIONS -fvisibility=hidden -fvisibility-inlines-hidden"
# lz4 and zstd mark their API visible whatever -fvisibility says; emptied, so
# that no library's symbols but panrocks_* leave the library on Mach-O either
# (ELF's version script and Windows' export list would hide them anyway).
LZ4_HIDDEN="-DLZ4LIB_VISIBILITY= -DLZ4FLIB_VISIBILITY="
ZSTD_HIDDEN="-DZSTDLIB_VISIBLE= -DZSTDERRORLIB_VISIBLE= -DZDICTLIB_VISIBLE="
# A unity build but for Windows, where some sources include <windows.h>, whose
# macros (GetFreeSpace, ...) then break the sources batched after them.
UNITY=ON
case "$TARGET" in windows-*) UNITY=OFF ;; esac
ROCKSDB_CMAKE_FLAGS=(
    -DCMAKE_BUILD_TYPE=Release -DPORTABLE=1 -DCMAKE_POSITION_INDEPENDENT_CODE=ON
    -DCMAKE_UNITY_BUILD="$UNITY" -DCMAKE_UNITY_BUILD_BATCH_SIZE=16
    -DROCKSDB_BUILD_SHARED=OFF -DUSE_RTTI=1 -DFAIL_ON_WARNINGS=OFF
    -DWITH_TESTS=OFF -DWITH_ALL_TESTS=OFF -DWITH_TOOLS=OFF -DWITH_CORE_TOOLS=OFF
    -DWITH_BENCHMARK_TOOLS=OFF -DWITH_TRACE_TOOLS=OFF -DWITH_GFLAGS=OFF
    -DWITH_JEMALLOC=OFF -DWITH_LIBURING=OFF -DWITH_NUMA=OFF -DWITH_TBB=OFF
    -DWITH_SNAPPY=ON -DWITH_LZ4=ON -DWITH_ZLIB=ON -DWITH_ZSTD=ON -DWITH_BZ2=ON
)

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

fetch_pinned() { fetch_orig "${1%%:*}" "${1#*:}"; }

# fetch_crate NAME:VERSION:SHA256: the .crate archive (a gzip tarball) of that
# crate, by cargo from the crate registry this machine's cargo is configured
# for, into $CACHE/sources/; prints its path. cargo resolves a throwaway
# manifest that depends on exactly that version; its download cache holds the
# archive, whose own sha256 decides.
fetch_crate() {
    local spec="$1"
    local name="${spec%%:*}" rest="${spec#*:}"
    local version="${rest%%:*}" want="${rest##*:}"
    local dir="$CACHE/sources/$want" file="$name-$version.crate"
    [ -f "$dir/$file" ] && [ "$(sha256 "$dir/$file")" = "$want" ] && { echo "$dir/$file"; return 0; }
    command -v cargo >/dev/null || ensure_packages cargo
    local dl="$CACHE/sources/crate.$$"
    rm -rf "$dl"; mkdir -p "$dl"
    printf '[package]\nname = "panrocks-engine-source"\nversion = "0.0.0"\nedition = "2021"\n[lib]\npath = "lib.rs"\n[dependencies]\n%s = { version = "=%s", default-features = false }\n' \
        "$name" "$version" > "$dl/Cargo.toml"
    : > "$dl/lib.rs"
    say "downloading the crate $name $version (RocksDB's source) with cargo"
    (cd "$dl" && cargo fetch -q >"$dl/cargo.log" 2>&1) || { cat "$dl/cargo.log" >&2; rm -rf "$dl"; die "cargo could not fetch $name $version"; }
    local found
    found="$(ls "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/"$file" 2>/dev/null | head -1)"
    [ -n "$found" ] || { rm -rf "$dl"; die "cargo fetched, but no $file is in its download cache"; }
    local got; got="$(sha256 "$found")"
    [ "$got" = "$want" ] || { rm -rf "$dl"; die "$file has sha256 $got, pinned $want: refusing it"; }
    mkdir -p "$dir"
    cp "$found" "$dir/$file"
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
    rocksdb_id="$ROCKSDB_PIN"
fi

# ---- panrocks' patches of the engine -------------------------------------------
# native/engine/<version>/*.patch, applied in name order to the pinned source
# only (a source given by PANROCKS_ENGINE_SOURCE is built as given);
# native/engine/README.md says what each changes and why.
patches=()
if [ -z "$src_given" ] && [ -d "$PANROCKS_ROOT/native/engine/$ROCKSDB_VERSION" ]; then
    for f in "$PANROCKS_ROOT/native/engine/$ROCKSDB_VERSION"/*.patch; do [ -f "$f" ] && patches+=("$f"); done
fi
patches_id="$( [ ${#patches[@]} -eq 0 ] || cat "${patches[@]}" | sha256sum | cut -c1-16)"
# The engine's thread-locals (perf and I/O counters touched on every read,
# the SuperVersion cache, ...): in a library loaded by dlopen the default
# (general-dynamic) model reaches each of them through __tls_get_addr, ~11% of
# a 16-byte Get (docs/benchmarks.md, "Per-call cost budget"). On glibc the
# initial-exec model makes each access one load from the thread pointer; it
# needs the library's whole TLS block in the static TLS glibc keeps for
# libraries loaded later (about 1.6 KB in a JVM), which only the patches make
# small enough (168 bytes, from 1,976): so only a patched engine gets it. musl
# refuses initial-exec TLS in a dlopen'ed library: the default model there.
if [ ${#patches[@]} -gt 0 ]; then
    case "$TARGET" in
        linux-*-musl) ;;
        linux-*) ENGINE_CXXFLAGS="$ENGINE_CXXFLAGS -ftls-model=initial-exec" ;;
    esac
fi

# ---- the cache key ----------------------------------------------------------
ensure_packages "${PANROCKS_ENGINE_PACKAGES[@]}"
ensure_zig
toolchain="$(toolchain_file "$TARGET")"
tools="$(dirname "$toolchain")"
recipe="recipe=$RECIPE target=$TARGET triple=${PANROCKS_ZIG_TRIPLE[$TARGET]} zig=$PANROCKS_ZIG_VERSION
wrappers=$(sed 1,2d "$tools/cc" "$tools/c++" | sed "s:$PANROCKS_TOOLCHAIN_CACHE::g" | sha256sum | cut -c1-16)
rocksdb=$rocksdb_id patches=${patches_id:-none} $SNAPPY_ORIG $LZ4_ORIG $ZLIB_ORIG $ZSTD_ORIG $BZIP2_ORIG
cflags=$ENGINE_CFLAGS cxxflags=$ENGINE_CXXFLAGS cmake=${ROCKSDB_CMAKE_FLAGS[*]} $LZ4_HIDDEN $ZSTD_HIDDEN"
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
prefix="$CACHE/rocksdb-$version-$TARGET-$key"
# PANROCKS_ENGINE_PREFIX_ONLY=1: where this engine is (or would be) cached, nothing built
[ "${PANROCKS_ENGINE_PREFIX_ONLY:-0}" = 1 ] && { echo "$prefix"; exit 0; }

exec 9>"$CACHE/.lock-$key"
if ! flock -n 9; then
    say "another build of this engine is running; waiting for it"
    flock 9
fi
if [ -f "$prefix/engine.txt" ]; then
    say "engine: RocksDB $version for $TARGET from cache ($prefix)"
    echo "$prefix"
    exit 0
fi

# ---- build ------------------------------------------------------------------
start=$(date +%s)
say "building RocksDB $version for $TARGET (${PANROCKS_ZIG_TRIPLE[$TARGET]}) once for this machine:"
say "static, NDEBUG, snappy/lz4/zlib/zstd/bzip2; about $([ "$UNITY" = ON ] && echo 5 || echo 35) minutes on 2 cores. Later builds reuse $prefix"
# An interrupted build (killed, disk full) resumes in its work folder: the
# unpacked sources and CMake's build folder are kept until the build succeeds.
work="$CACHE/work-$TARGET-$key"
[ -d "$work" ] && say "resuming the interrupted build in $work"
rm -rf "$prefix.partial"
mkdir -p "$work" "$prefix.partial/lib" "$prefix.partial/include"
stage="$prefix.partial"

# One apt index download for all the tarballs not yet in $CACHE/sources (the
# fetches below run in subshells, which inherit APT_READY).
pins=("$SNAPPY_ORIG" "$LZ4_ORIG" "$ZLIB_ORIG" "$ZSTD_ORIG" "$BZIP2_ORIG")
[ -z "$src_given" ] && [ -n "${ROCKSDB_ORIG:-}" ] && pins+=("$ROCKSDB_ORIG")
for pin in "${pins[@]}"; do
    compgen -G "$CACHE/sources/${pin#*:}/*.orig.tar.*" >/dev/null || { apt_prepare; break; }
done
snappy_tar="$(fetch_pinned "$SNAPPY_ORIG")"
lz4_tar="$(fetch_pinned "$LZ4_ORIG")"
zlib_tar="$(fetch_pinned "$ZLIB_ORIG")"
zstd_tar="$(fetch_pinned "$ZSTD_ORIG")"
bzip2_tar="$(fetch_pinned "$BZIP2_ORIG")"
if [ -z "$src_given" ] && [ -n "${ROCKSDB_CRATE:-}" ]; then
    rocksdb_tarball="$(fetch_crate "$ROCKSDB_CRATE")"
elif [ -z "$src_given" ]; then
    rocksdb_tarball="$(fetch_pinned "$ROCKSDB_ORIG")"
fi

unpack() { # tarball dest: the single top folder of the tarball becomes dest (once)
    [ -d "$2" ] && return 0
    rm -rf "$2.tmp"; mkdir -p "$2.tmp" && tar xf "$1" -C "$2.tmp"
    local top; top="$(find "$2.tmp" -mindepth 1 -maxdepth 1 -type d | head -1)"
    mv "$top" "$2" && rm -rf "$2.tmp"
}

# archive NAME DIR FLAGS SOURCE...: compiles the C sources (relative to DIR)
# one per compiler call, JOBS at a time, into $stage/lib/libNAME.a.
archive() {
    local name="$1" dir="$2" flags="$3"; shift 3
    local objs="$work/$name-objs"
    rm -rf "$objs"; mkdir -p "$objs"
    printf '%s\n' "$@" | nice -n 10 xargs -P "$JOBS" -I{} sh -c \
        'src="$1"; exec "$2" $3 -c "$4/$src" -o "$5/$(echo "$src" | tr / _).o"' _ {} "$tools/cc" "$flags" "$dir" "$objs" \
        >"$work/$name.log" 2>&1 || { tail -30 "$work/$name.log" >&2; die "$name build failed (log: $work/$name.log)"; }
    "$tools/ar" rcs "$stage/lib/lib$name.a" "$objs"/*.o
}

say "snappy: libsnappy.a from $(basename "$snappy_tar")"
unpack "$snappy_tar" "$work/snappy"
# snappy turns RTTI off for itself; RocksDB (11.x) derives from snappy::Sink
# and needs its typeinfo, which only snappy's own objects can emit.
sed -i -e '/Disable RTTI/d' -e '/REGEX REPLACE "-frtti"/d' -e '/-fno-rtti")/d' "$work/snappy/CMakeLists.txt"
nice -n 10 cmake -S "$work/snappy" -B "$work/snappy-build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DBUILD_SHARED_LIBS=OFF \
    -DSNAPPY_BUILD_TESTS=OFF -DSNAPPY_BUILD_BENCHMARKS=OFF -DSNAPPY_INSTALL=OFF \
    -DCMAKE_CXX_FLAGS="$ENGINE_CXXFLAGS" >"$work/snappy.log" 2>&1 \
    && nice -n 10 cmake --build "$work/snappy-build" --parallel "$JOBS" >>"$work/snappy.log" 2>&1 \
    || { tail -30 "$work/snappy.log" >&2; die "snappy build failed (log: $work/snappy.log)"; }
cp "$work/snappy-build/libsnappy.a" "$stage/lib/"
cp -p "$work/snappy/snappy.h" "$work/snappy/snappy-c.h" "$work/snappy/snappy-sinksource.h" \
    "$work/snappy-build/snappy-stubs-public.h" "$stage/include/"

say "lz4: liblz4.a from $(basename "$lz4_tar")"
unpack "$lz4_tar" "$work/lz4"
archive lz4 "$work/lz4/lib" "$ENGINE_CFLAGS -O3 $LZ4_HIDDEN" lz4.c lz4hc.c lz4frame.c xxhash.c
cp -p "$work/lz4/lib/lz4.h" "$work/lz4/lib/lz4hc.h" "$work/lz4/lib/lz4frame.h" "$stage/include/"

say "zlib: libz.a from $(basename "$zlib_tar")"
unpack "$zlib_tar" "$work/zlib"
zlib_flags="$ENGINE_CFLAGS"
case "$TARGET" in
    windows-*) ;;
    # zlib 1.2.13 takes any TARGET_OS_MAC for classic Mac OS and defines
    # fdopen away, which breaks the macOS SDK's stdio.h; a self-defined
    # fdopen macro keeps it (zlib checks #ifndef fdopen first; fixed in 1.3)
    osx-*) zlib_flags+=" -DHAVE_UNISTD_H -DHAVE_HIDDEN -Dfdopen=fdopen" ;;
    *) zlib_flags+=" -DHAVE_UNISTD_H -D_LARGEFILE64_SOURCE=1 -DHAVE_HIDDEN" ;;
esac
archive z "$work/zlib" "$zlib_flags" adler32.c compress.c crc32.c deflate.c gzclose.c gzlib.c gzread.c \
    gzwrite.c infback.c inffast.c inflate.c inftrees.c trees.c uncompr.c zutil.c
cp -p "$work/zlib/zlib.h" "$work/zlib/zconf.h" "$stage/include/"

# zstd through its own Makefile, which knows its sources and defines (its
# xxhash in a ZSTD_ namespace, the legacy decoders, the x86-64 assembly).
say "zstd: libzstd.a from $(basename "$zstd_tar")"
unpack "$zstd_tar" "$work/zstd"
nice -n 10 make -C "$work/zstd/lib" -j"$JOBS" libzstd.a CC="$tools/cc" AR="$tools/ar" \
    CFLAGS="$ENGINE_CFLAGS -O3 $ZSTD_HIDDEN" >"$work/zstd.log" 2>&1 \
    || { tail -30 "$work/zstd.log" >&2; die "zstd build failed (log: $work/zstd.log)"; }
cp "$work/zstd/lib/libzstd.a" "$stage/lib/"
cp -p "$work/zstd/lib/zstd.h" "$work/zstd/lib/zdict.h" "$work/zstd/lib/zstd_errors.h" "$stage/include/"

say "bzip2: libbz2.a from $(basename "$bzip2_tar")"
unpack "$bzip2_tar" "$work/bzip2"
archive bz2 "$work/bzip2" "$ENGINE_CFLAGS -D_FILE_OFFSET_BITS=64" blocksort.c huffman.c crctable.c randtable.c \
    compress.c decompress.c bzlib.c
cp -p "$work/bzip2/bzlib.h" "$stage/include/"

if [ -n "$src_given" ] && [ -d "$src_given" ]; then
    rocksdb_src="$src_given"
else
    say "unpacking $(basename "${rocksdb_tarball:-$src_given}")"
    unpack "${rocksdb_tarball:-$src_given}" "$work/rocksdb"
    rocksdb_src="$work/rocksdb"
    # a crate's archive holds the Rust crate; RocksDB's own tree is its rocksdb/
    if [ ! -f "$rocksdb_src/include/rocksdb/version.h" ] && [ -f "$rocksdb_src/rocksdb/include/rocksdb/version.h" ]; then
        rocksdb_src="$rocksdb_src/rocksdb"
    fi
    [ -f "$rocksdb_src/CMakeLists.txt" ] || die "$(basename "${rocksdb_tarball:-$src_given}") holds no RocksDB source tree"
    [ "$(version_of "$rocksdb_src")" = "$version" ] || die "the source says RocksDB $(version_of "$rocksdb_src"), expected $version"
    for f in "${patches[@]}"; do
        say "applying native/engine/$ROCKSDB_VERSION/$(basename "$f")"
        patch -d "$rocksdb_src" -p1 --forward --batch --quiet < "$f" || die "$(basename "$f") does not apply to RocksDB $version"
    done
fi
say "RocksDB $version: configuring for $TARGET (log: $work/rocksdb.log)"
nice -n 10 cmake -S "$rocksdb_src" -B "$work/rocksdb-build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
    "${ROCKSDB_CMAKE_FLAGS[@]}" -DCMAKE_C_FLAGS="$ENGINE_CFLAGS" -DCMAKE_CXX_FLAGS="$ENGINE_CXXFLAGS" \
    -DSnappy_DIR="$work/no-config" -DSnappy_INCLUDE_DIRS="$stage/include" -DSnappy_LIBRARIES="$stage/lib/libsnappy.a" \
    -Dlz4_INCLUDE_DIRS="$stage/include" -Dlz4_LIBRARIES="$stage/lib/liblz4.a" \
    -DZLIB_INCLUDE_DIR="$stage/include" -DZLIB_LIBRARY="$stage/lib/libz.a" \
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
                say "engine build ($TARGET): $(printf '%3d' "$p")% after $(elapsed "$start")"
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

cat > "$stage/engine.txt" <<INFO
rocksdb_version=$version
target=$TARGET
rocksdb_source=${src_given:-$([ -n "${ROCKSDB_CRATE:-}" ] && echo "crate:${ROCKSDB_CRATE%%:*}" || echo "debian:${ROCKSDB_ORIG%%:*}") $(basename "$rocksdb_tarball")}
rocksdb_source_sha256=$rocksdb_id
patches=$(for f in "${patches[@]}"; do printf '%s ' "$(basename "$f")"; done)
snappy=$(basename "$snappy_tar") sha256=${SNAPPY_ORIG#*:}
lz4=$(basename "$lz4_tar") sha256=${LZ4_ORIG#*:}
zlib=$(basename "$zlib_tar") sha256=${ZLIB_ORIG#*:}
zstd=$(basename "$zstd_tar") sha256=${ZSTD_ORIG#*:}
bzip2=$(basename "$bzip2_tar") sha256=${BZIP2_ORIG#*:}
compiler=zig $PANROCKS_ZIG_VERSION ($("$ZIG" cc --version 2>/dev/null | head -1)), target ${PANROCKS_ZIG_TRIPLE[$TARGET]}
cflags=$ENGINE_CFLAGS
cxxflags=$ENGINE_CXXFLAGS
cmake=${ROCKSDB_CMAKE_FLAGS[*]}
built=$(date -u +%Y-%m-%dT%H:%M:%SZ) in $(elapsed "$start") with $JOBS jobs
key=$key
INFO
rm -rf "$prefix"
mv "$stage" "$prefix"
rm -rf "$work"
say "engine: RocksDB $version for $TARGET built in $(elapsed "$start"), cached in $prefix"
echo "$prefix"
