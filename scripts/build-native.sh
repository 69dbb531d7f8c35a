#!/usr/bin/env bash
# Configures and builds libpanrocks.so (and the native tests and benchmark)
# with CMake into native/build. The engine, by default, is the RocksDB built
# and cached by scripts/build-engine.sh (static, linked into the library).
# Honours:
#   PANROCKS_ENGINE_SOURCE=/path  build that RocksDB source (tree or tarball) the
#                             same way and link it (see scripts/build-engine.sh)
#   ROCKSDB_ROOT=/prefix      link a shared RocksDB >= 7.8 installed there instead
#                             (ROCKSDB_ROOT=/usr: Debian's librocksdb-dev, 7.8.3 on bookworm)
#   PANROCKS_SANITIZE=1       AddressSanitizer + UBSan build into native/build-sanitize
#   PANROCKS_NATIVE_BUILD=dir another build folder
#   PANROCKS_JOBS=n           build parallelism (default 2)
#   PANROCKS_ENGINE_LIBRARY=/path/lib.so [PANROCKS_ENGINE_OLD_CXX_ABI=1]
#                             link that RocksDB shared library with Debian's
#                             headers (measurement; see CMakeLists.txt)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
command -v cmake >/dev/null || ensure_packages cmake
src="$PANROCKS_ROOT/native"
if [ "${PANROCKS_SANITIZE:-0}" = "1" ]; then
    build="${PANROCKS_NATIVE_BUILD:-$src/build-sanitize}"
    extra=(-DPANROCKS_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug)
else
    build="${PANROCKS_NATIVE_BUILD:-$src/build}"
    extra=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
fi

# Which engine: a shared one named by ROCKSDB_ROOT or PANROCKS_ENGINE_LIBRARY,
# else the bundled static build (from the cache, built on first use).
engine=()
if [ -n "${ROCKSDB_ROOT:-}" ] || [ -n "${PANROCKS_ENGINE_LIBRARY:-}" ]; then
    if [ "${ROCKSDB_ROOT:-/usr}" = /usr ] && ! compgen -G "/usr/lib/*/cmake/rocksdb/RocksDBConfig.cmake" >/dev/null; then
        ensure_packages librocksdb-dev
    fi
    [ -n "${ROCKSDB_ROOT:-}" ] && engine+=("-DROCKSDB_ROOT=$ROCKSDB_ROOT")
    if [ -n "${PANROCKS_ENGINE_LIBRARY:-}" ]; then
        engine+=("-DPANROCKS_ENGINE_LIBRARY=$PANROCKS_ENGINE_LIBRARY")
        [ "${PANROCKS_ENGINE_OLD_CXX_ABI:-0}" = "1" ] && engine+=("-DPANROCKS_ENGINE_OLD_CXX_ABI=ON")
    fi
else
    prefix="$("$PANROCKS_ROOT/scripts/build-engine.sh")"
    engine+=("-DPANROCKS_ENGINE_PREFIX=$prefix")
fi

# A build folder configured for another source folder (the checkout was moved
# or copied) or another engine is configured afresh: CMake refuses the first
# and would keep stale cache entries of the second.
stamp="$build/panrocks-configuration.txt"
wanted="source=$src
${extra[*]} ${engine[*]}"
if [ -f "$build/CMakeCache.txt" ]; then
    configured_src="$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")"
    configured_build="$(sed -n 's/^# For build in directory: //p' "$build/CMakeCache.txt")"
    if [ "$configured_src" != "$src" ] || [ "$configured_build" != "$build" ]; then
        say "$build was configured for ${configured_src:-another folder}: configuring it afresh"
        rm -rf "$build"
    elif [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
        say "$build was configured for another engine or build type: configuring it afresh"
        rm -rf "$build"
    fi
fi
mkdir -p "$build"
cmake -S "$src" -B "$build" "${extra[@]}" "${engine[@]}" >"$build/configure.log" 2>&1 \
    || { cat "$build/configure.log" >&2; die "CMake configuration of $src failed"; }
printf '%s' "$wanted" > "$stamp"
grep '^-- panrocks:' "$build/configure.log" | sed 's/^-- /[panrocks] /' >&2 || true
nice -n 5 cmake --build "$build" --parallel "${PANROCKS_JOBS:-2}"
say "built $build/libpanrocks.so"
