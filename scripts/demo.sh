#!/usr/bin/env bash
# Runs the demo on a fresh machine: installs what is missing, builds the
# io.panrocks module, then runs scripts/demo/Demo.java on the module path
# against an embedded DB in ./demo-db (or the folder given as $1).
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
exec "$JAVA_HOME/bin/java" --module-path "$jar" --add-modules io.panrocks \
    --enable-native-access=io.panrocks \
    "$PANROCKS_ROOT/scripts/demo/Demo.java" "$db"
