#!/usr/bin/env bash
# Configures and builds libpanrocks.so (and the native tests and benchmark)
# with CMake into native/build. Honours:
#   ROCKSDB_ROOT=/prefix      build against a RocksDB >= 7.8 installed there
#   PANROCKS_SANITIZE=1       AddressSanitizer + UBSan build into native/build-sanitize
#   PANROCKS_NATIVE_BUILD=dir another build folder
#   PANROCKS_ENGINE_LIBRARY=/path/lib.so [PANROCKS_ENGINE_OLD_CXX_ABI=1]
#                             link that RocksDB build instead (measurement; see CMakeLists.txt)
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
args=(-S "$src" -B "$build" "${extra[@]}")
[ -n "${ROCKSDB_ROOT:-}" ] && args+=("-DROCKSDB_ROOT=$ROCKSDB_ROOT")
if [ -n "${PANROCKS_ENGINE_LIBRARY:-}" ]; then
    args+=("-DPANROCKS_ENGINE_LIBRARY=$PANROCKS_ENGINE_LIBRARY")
    [ "${PANROCKS_ENGINE_OLD_CXX_ABI:-0}" = "1" ] && args+=("-DPANROCKS_ENGINE_OLD_CXX_ABI=ON")
fi
cmake "${args[@]}" >/dev/null
cmake --build "$build" --parallel "$(nproc)"
say "built $build/libpanrocks.so"
