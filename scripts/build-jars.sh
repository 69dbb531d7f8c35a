#!/usr/bin/env bash
# Builds the full multi-platform release: the library of every target (engine
# included, each cached after its first build), checks each one as a file
# (scripts/check-library.sh), then the jars, installed into the local Maven
# repository:
#
#   java-api/target/panrocks-<version>.jar                 linux-x86_64 + linux-aarch64 (glibc)
#   java-api/target/panrocks-<version>-linux-x86_64-musl.jar, -linux-aarch64-musl.jar  musl (Alpine)
#   java-api/target/panrocks-<version>-osx-aarch64.jar     macOS on Apple silicon
#   java-api/target/panrocks-<version>-osx-x86_64.jar      macOS on Intel
#   java-api/target/panrocks-<version>-windows-x86_64.jar  Windows x86-64
#   java-api/target/panrocks-<version>-debuginfo.jar       the Linux libraries' debug information
#
# The main jar finds a classifier jar on the class path or the module path.
# The macOS and Windows libraries are built here but cannot be run here:
# untested (the README's platform table says what is checked where).
# Extra arguments go to Maven (e.g. -o).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/toolchain.sh"
setup_environment
cd "$PANROCKS_ROOT"
start=$(date +%s)
say "building every target's library (${PANROCKS_TARGETS[*]}) and the jars"
mvn_cmd -q install -Pall-platforms -DskipTests -pl java-api -am "$@"
host="$(host_target)"
reference="native/jar/$host/io/panrocks/native/$host/${PANROCKS_LIBRARY_FILE[$host]}"
for target in "${PANROCKS_TARGETS[@]}"; do
    scripts/check-library.sh "$target" "native/jar/$target/io/panrocks/native/$target/${PANROCKS_LIBRARY_FILE[$target]}" "$reference"
done
version="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' java-api/pom.xml | head -1)"
for jar in java-api/target/panrocks-"$version".jar java-api/target/panrocks-"$version"-{linux-x86_64-musl,linux-aarch64-musl,osx-aarch64,osx-x86_64,windows-x86_64,debuginfo}.jar; do
    [ -f "$jar" ] || die "$jar was not built"
    say "$(du -h "$jar" | cut -f1)  $jar: $("$JAVA_HOME/bin/jar" tf "$jar" | grep '^io/panrocks/native/.*/.' | sed 's:io/panrocks/native/::' | tr '\n' ' ')"
done
s=$(( $(date +%s) - start ))
say "all jars built and installed in $((s / 60))m$((s % 60))s"
