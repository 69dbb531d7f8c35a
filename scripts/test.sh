#!/usr/bin/env bash
# Runs every test on a fresh machine: installs what is missing, then
# `mvn verify` from the root, which builds libpanrocks.so, runs the C ABI
# tests (CTest, also under ASan+UBSan), builds the io.panrocks module and
# runs the JUnit suite on the newest JDK >= 22 found here.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
setup_environment
cd "$PANROCKS_ROOT"
mvn_cmd verify "$@"
say "all tests passed"
