#!/usr/bin/env bash
# Runs the demos on a fresh machine: installs what is missing, builds the
# io.panrocks module and the tools module (tools/), then runs, with the
# io.panrocks module on the module path, io.panrocks.tools.demo.Demo
# (an embedded DB in ./demo-db, or the folder given as the argument) and
# io.panrocks.tools.demo.StreamDemo (a log in ./demo-db-stream, consumed as
# zero-copy batches and forwarded over a loopback socket).
#
#   scripts/demo.sh [DIR]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
arguments=()
parse_options "$@"
[ ${#arguments[@]} -le 1 ] || die "usage: scripts/demo.sh [DIR]"
setup_environment
cd "$PANROCKS_ROOT"
build_tools
db="${arguments[0]:-$PANROCKS_ROOT/demo-db}"
run() {
    "$JAVA_HOME/bin/java" --module-path "$PANROCKS_JAR" --add-modules io.panrocks \
        --enable-native-access=io.panrocks -cp "$TOOLS_JAR" "$@"
}
run io.panrocks.tools.demo.Demo "$db"
echo
run io.panrocks.tools.demo.StreamDemo "$db"
