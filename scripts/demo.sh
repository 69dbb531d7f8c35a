#!/usr/bin/env bash
# Runs the demos on a fresh machine: installs what is missing, builds the
# io.panrocks module, then runs, on the module path, scripts/demo/Demo.java
# (an embedded DB in ./demo-db, or the folder given as $1) and
# scripts/demo/StreamDemo.java (a log in ./demo-db-stream, consumed as
# zero-copy batches and forwarded over a loopback socket).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
setup_environment
cd "$PANROCKS_ROOT"
jar="$PANROCKS_ROOT/java-api/target/panrocks-0.1.0-SNAPSHOT.jar"
if [ ! -f "$jar" ] || [ -n "$(find native/src native/include java-api/src jextract-bindings/src -newer "$jar" -type f 2>/dev/null | head -1)" ]; then
    say "building the io.panrocks module"
    mvn_cmd -q install -DskipTests -pl java-api -am
fi
db="${1:-$PANROCKS_ROOT/demo-db}"
run() {
    "$JAVA_HOME/bin/java" --module-path "$jar" --add-modules io.panrocks \
        --enable-native-access=io.panrocks "$@"
}
run "$PANROCKS_ROOT/scripts/demo/Demo.java" "$db"
echo
run "$PANROCKS_ROOT/scripts/demo/StreamDemo.java" "$db"
