#!/usr/bin/env bash
# Installs (or names) what panrocks needs on a Debian machine and reports the JDK.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
setup_environment
say "RocksDB: $(dpkg-query -W -f='${Version}' librocksdb-dev 2>/dev/null || echo 'from ROCKSDB_ROOT')"
say "ready"
