#!/usr/bin/env bash
# Installs (or names) what panrocks needs on a Debian machine and reports the
# JDK and the engine the build will use.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
setup_environment
if [ -n "${ROCKSDB_ROOT:-}" ]; then
    say "engine: the shared RocksDB under ROCKSDB_ROOT=$ROCKSDB_ROOT"
elif [ -n "${PANROCKS_ENGINE_SOURCE:-}" ]; then
    say "engine: RocksDB from PANROCKS_ENGINE_SOURCE=$PANROCKS_ENGINE_SOURCE, built on first use (scripts/build-engine.sh)"
else
    say "engine: the bundled RocksDB $(sed -n 's/^ROCKSDB_VERSION=//p' "$PANROCKS_ROOT/scripts/build-engine.sh"), built once and cached by scripts/build-engine.sh"
fi
say "ready"
