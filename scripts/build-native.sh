#!/usr/bin/env bash
# Configures and builds libpanrocks (and the native tests and benchmark) with
# CMake. The engine, by default, is the RocksDB built and cached by
# scripts/build-engine.sh for the same target (static, linked into the
# library), compiled by zig (scripts/toolchain.sh).
#
#   scripts/build-native.sh [--jar] [TARGET...]
#       TARGET: this machine's (the default; into native/build), or any of
#       linux-x86_64, linux-aarch64, linux-x86_64-musl, linux-aarch64-musl,
#       osx-aarch64, osx-x86_64, windows-x86_64 (another machine's into
#       native/build-TARGET; the -musl ones are for Linux without glibc).
#       --jar: also lay the libraries out for the jars, and nothing else there:
#       native/jar/TARGET/io/panrocks/native/TARGET/<library> (the Maven build
#       does this for the Linux targets, glibc and musl; see java-api/pom.xml),
#       Linux ones stripped, with <library>.sha256 beside each; the Linux
#       libraries' debug information in
#       native/debuginfo/io/panrocks/native/TARGET/<library>.debug.
# Honours:
#   PANROCKS_TARGET=target    the target when none is given
#   PANROCKS_ENGINE_SOURCE=/path  build that RocksDB source (tree or tarball) the
#                             same way and link it (see scripts/build-engine.sh)
#   ROCKSDB_ROOT=/prefix      link a shared RocksDB >= 7.8 installed there instead,
#                             with the system's compiler (ROCKSDB_ROOT=/usr:
#                             Debian's librocksdb-dev, 7.8.3 on bookworm)
#   PANROCKS_SANITIZE=1       AddressSanitizer + UBSan build into native/build-sanitize
#   PANROCKS_NATIVE_TESTS=1   also build the C ABI tests of another target
#                             (scripts/check-portable.sh runs them emulated)
#   PANROCKS_NATIVE_BUILD=dir another build folder (for one target)
#   PANROCKS_JOBS=n           build parallelism (default 2)
#   PANROCKS_ENGINE_LIBRARY=/path/lib.so [PANROCKS_ENGINE_OLD_CXX_ABI=1]
#                             link that RocksDB shared library with Debian's
#                             headers (measurement; see CMakeLists.txt)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/toolchain.sh"
command -v cmake >/dev/null || ensure_packages cmake
src="$PANROCKS_ROOT/native"
host="$(host_target)"
stage_jar=0
own_option() {
    case "$1" in
        --jar) stage_jar=1 ;;
        *) return 1 ;;
    esac
}
arguments=()
parse_options "$@"
targets=()
for arg in "${arguments[@]}"; do for t in ${arg//,/ }; do targets+=("$t"); done; done  # "a b" or a,b too
[ ${#targets[@]} -gt 0 ] || targets=("${PANROCKS_TARGET:-$host}")
for target in "${targets[@]}"; do check_target "$target"; done
jar_dir="$src/jar"
debug_dir="$src/debuginfo"
[ "$stage_jar" = 1 ] && rm -rf "$jar_dir" "$debug_dir" && mkdir -p "$jar_dir"

# build_target TARGET: configures (when needed) and builds one target's folder
build_target() {
    local target="$1" build extra engine prefix stamp wanted configured_src configured_build
    if [ "${PANROCKS_SANITIZE:-0}" = "1" ]; then
        [ "$target" = "$host" ] || die "the sanitizer build is for this machine ($host) only"
        build="${PANROCKS_NATIVE_BUILD:-$src/build-sanitize}"
        extra=(-DPANROCKS_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug)
    else
        if [ "$target" = "$host" ]; then build="${PANROCKS_NATIVE_BUILD:-$src/build}"
        else build="${PANROCKS_NATIVE_BUILD:-$src/build-$target}"; fi
        extra=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
    fi
    if [ "$target" != "$host" ]; then
        # another machine's library: nothing of it runs here but, on request, the tests (emulated)
        extra+=(-DPANROCKS_BENCH=OFF "-DPANROCKS_TESTS=$([ "${PANROCKS_NATIVE_TESTS:-0}" = 1 ] && echo ON || echo OFF)")
    fi

    # Which engine: a shared one named by ROCKSDB_ROOT or PANROCKS_ENGINE_LIBRARY
    # (the system's compiler, this machine only), else the bundled static build
    # for the target (from the cache, built on first use) with zig's toolchain.
    engine=()
    if [ -n "${ROCKSDB_ROOT:-}" ] || [ -n "${PANROCKS_ENGINE_LIBRARY:-}" ]; then
        if [ "$target" != "$host" ]; then
            say "skipping $target: a shared RocksDB (ROCKSDB_ROOT) is linked for this machine ($host) only"
            return 0
        fi
        if [ "${ROCKSDB_ROOT:-/usr}" = /usr ] && ! compgen -G "/usr/lib/*/cmake/rocksdb/RocksDBConfig.cmake" >/dev/null; then
            ensure_packages librocksdb-dev
        fi
        [ -n "${ROCKSDB_ROOT:-}" ] && engine+=("-DROCKSDB_ROOT=$ROCKSDB_ROOT")
        if [ -n "${PANROCKS_ENGINE_LIBRARY:-}" ]; then
            engine+=("-DPANROCKS_ENGINE_LIBRARY=$PANROCKS_ENGINE_LIBRARY")
            [ "${PANROCKS_ENGINE_OLD_CXX_ABI:-0}" = "1" ] && engine+=("-DPANROCKS_ENGINE_OLD_CXX_ABI=ON")
        fi
    else
        prefix="$("$PANROCKS_ROOT/scripts/build-engine.sh" "$target")"
        engine+=("-DPANROCKS_ENGINE_PREFIX=$prefix" "-DCMAKE_TOOLCHAIN_FILE=$(toolchain_file "$target")")
    fi

    # A build folder configured for another source folder (the checkout was moved
    # or copied) or another engine is configured afresh: CMake refuses the first
    # and would keep stale cache entries of the second.
    stamp="$build/panrocks-configuration.txt"
    wanted="source=$src target=$target
    ${extra[*]} ${engine[*]}"
    if [ -f "$build/CMakeCache.txt" ]; then
        configured_src="$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")"
        configured_build="$(sed -n 's/^# For build in directory: //p' "$build/CMakeCache.txt")"
        if [ "$configured_src" != "$src" ] || [ "$configured_build" != "$build" ]; then
            say "$build was configured for ${configured_src:-another folder}: configuring it afresh"
            rm -rf "$build"
        elif [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
            say "$build was configured for another target, engine or build type: configuring it afresh"
            rm -rf "$build"
        fi
    fi
    mkdir -p "$build"
    cmake -S "$src" -B "$build" "${extra[@]}" "${engine[@]}" >"$build/configure.log" 2>&1 \
        || { cat "$build/configure.log" >&2; die "CMake configuration of $src failed"; }
    printf '%s' "$wanted" > "$stamp"
    grep '^-- panrocks:' "$build/configure.log" | sed 's/^-- /[panrocks] /' >&2 || true
    nice -n 5 cmake --build "$build" --parallel "${PANROCKS_JOBS:-2}"
    local library="$build/${PANROCKS_LIBRARY_FILE[$target]}"
    [ -f "$library" ] || die "no $library after the build"
    say "built $library ($target)"
    if [ "$stage_jar" = 1 ]; then stage_for_jar "$target" "$library"; fi
}

# stage_for_jar TARGET LIBRARY: lays the library out for the jar, a Linux one
# stripped of its debug information, which goes into native/debuginfo for the
# classifier jar panrocks-<version>-debuginfo.jar (linked back by a
# .gnu_debuglink section naming libpanrocks.so.debug, which gdb and perf
# follow), and writes <library>.sha256 beside it ("hex size"): the loader names
# its cache file by it without hashing the library (NativeLibrary).
stage_for_jar() {
    local target="$1" library="$2" name dest debug objcopy
    name="$(basename "$library")"
    dest="$jar_dir/$target/io/panrocks/native/$target"
    mkdir -p "$dest"
    case "$target" in
        linux-*)
            objcopy="$(objcopy_for "$target")"
            debug="$debug_dir/io/panrocks/native/$target"
            mkdir -p "$debug"
            "$objcopy" --only-keep-debug "$library" "$debug/$name.debug"
            # the link holds the .debug file's name (no folder) and its CRC
            "$objcopy" --strip-all --add-gnu-debuglink="$debug/$name.debug" "$library" "$dest/$name"
            say "stripped $target: $(du -k "$library" | cut -f1) KiB -> $(du -k "$dest/$name" | cut -f1) KiB (debug info: native/debuginfo)"
            ;;
        *) cp "$library" "$dest/" ;;
    esac
    printf '%s %s\n' "$(sha256sum "$dest/$name" | cut -d' ' -f1)" "$(stat -c %s "$dest/$name")" > "$dest/$name.sha256"
}

# objcopy_for TARGET: an objcopy that reads that target's ELF files (Debian's
# binutils knows only this machine's; the aarch64 one is its own package).
objcopy_for() {
    local tool
    case "$1" in
        linux-x86_64*) tool=x86_64-linux-gnu-objcopy; ensure_packages binutils-x86-64-linux-gnu ;;
        linux-aarch64*) tool=aarch64-linux-gnu-objcopy; ensure_packages binutils-aarch64-linux-gnu ;;
        *) die "no objcopy known for $1" ;;
    esac
    command -v "$tool" >/dev/null || die "$tool is missing after installing its package"
    echo "$tool"
}

for target in "${targets[@]}"; do build_target "$target"; done
if [ "$stage_jar" = 1 ]; then
    # what the jar will carry; the Maven build requires this list (java-api/pom.xml)
    (cd "$jar_dir" && ls -d */ 2>/dev/null | tr -d / > targets.txt)
    say "for the jar: $(tr '\n' ' ' < "$jar_dir/targets.txt")(native/jar)"
fi
