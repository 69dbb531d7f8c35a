#!/usr/bin/env bash
# Installs (or names) what panrocks needs on a Debian machine, fetches the
# compiler (zig, from PyPI) and reports the JDK, the toolchain and the engine
# the build will use.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/toolchain.sh"
setup_environment
ensure_zig
say "toolchain: zig $PANROCKS_ZIG_VERSION ($ZIG), for ${PANROCKS_TARGETS[*]}; this machine is $(host_target)"
if [ -n "${ROCKSDB_ROOT:-}" ]; then
    say "engine: the shared RocksDB under ROCKSDB_ROOT=$ROCKSDB_ROOT (the system's compiler, this machine only)"
elif [ -n "${PANROCKS_ENGINE_SOURCE:-}" ]; then
    say "engine: RocksDB from PANROCKS_ENGINE_SOURCE=$PANROCKS_ENGINE_SOURCE, built per target on first use (scripts/build-engine.sh)"
else
    say "engine: the bundled RocksDB ${PANROCKS_ENGINE_VERSION:-$(sed -n "s/^ROCKSDB_VERSION=.*:-\\([0-9.]*\\)}.*/\\1/p" "$PANROCKS_ROOT/scripts/build-engine.sh")}, built once per target and cached by scripts/build-engine.sh"
fi
say "ready"
