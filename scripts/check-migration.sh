#!/usr/bin/env bash
# How much of a RocksJava-style source tree compiles against panrocks, and
# what is missing (a test-scope tool for migrating teams; not run in CI).
#
#   scripts/check-migration.sh SRC_DIR [--top N] [--all-methods] [--keep] [--run [--timeout SECONDS]]
#
# Copies SRC_DIR's .java files to a temporary folder with org.rocksdb renamed
# to io.panrocks, compiles each file on its own against the built panrocks
# jar (java-api/target; built with the tools module, whose
# io.panrocks.tools.migration.CheckMigration does the work, by `mvn package`
# here when missing or older than the sources, never installed), JUnit 4,
# Hamcrest and AssertJ (from ~/.m2, fetched by Maven if
# absent), cuts the methods that do not compile, and prints how many methods
# compile (@Test methods when the tree has tests) and the missing symbols
# ranked by how many methods and files they block. With --run it then runs
# the test methods that compiled with JUnit 4, each test class in a JVM of its
# own (a test with no result in --timeout seconds, default 120, is a hang and
# is stopped; a crash ends only its JVM), and prints per file how many passed,
# failed and errored, the totals, the crashes and hangs, and the failures
# grouped by cause. --keep keeps the work folder (sources as cut, each class's
# output.log, hs_err files). See docs/migration.md, which gives the figures for
# RocksJava 11.8.1's own suite (`git archive v11.8.1 java/src/test` of a RocksDB
# checkout; v9.11.2 for the older one: the script names no version).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

keep=""
java_args=()   # the options of the check itself (io.panrocks.tools.migration.CheckMigration)
arguments=()
own_option() {
    case "$1" in
        --keep) keep=1 ;;
        --all-methods | --run) java_args+=("$1") ;;
        --top | --timeout) java_args+=("$1" "${2:?$1 needs a number}"); return 10 ;;
        *) return 1 ;;
    esac
}
parse_options "$@"
[ ${#arguments[@]} -eq 1 ] || die "usage: scripts/check-migration.sh SRC_DIR [--top N] [--all-methods] [--keep] [--run [--timeout SECONDS]]"
src="$(readlink -f "${arguments[0]}")"
[ -d "$src" ] || die "$src is not a folder"

find_jdk
cd "$PANROCKS_ROOT"
build_tools
jar="$PANROCKS_JAR"

# JUnit 4 and AssertJ, as RocksJava's tests use them
m2="${MAVEN_REPO:-$HOME/.m2/repository}"
dependency() { # group artifact version
    local path="$m2/${1//.//}/$2/$3/$2-$3.jar"
    if [ ! -f "$path" ]; then
        mvn_cmd -q dependency:get -Dartifact="$1:$2:$3" >&2 || die "cannot fetch $1:$2:$3"
    fi
    printf '%s' "$path"
}
classpath="$jar"
classpath="$classpath:$(dependency junit junit 4.13.2)"
classpath="$classpath:$(dependency org.hamcrest hamcrest-core 1.3)"
classpath="$classpath:$(dependency org.assertj assertj-core 3.27.3)"

work="$(mktemp -d "${TMPDIR:-/tmp}/panrocks-migration.XXXXXX")"
[ -n "$keep" ] && say "work folder kept: $work" || trap 'rm -rf "$work"' EXIT
say "checking $src against $jar"
# --run: the children load panrocks' native library from the jar; their own class
# (MigrationTestChild) comes from the tools jar
"$JAVA_HOME/bin/java" -Xss8m -Dmigration.library="$(readlink -f "$jar")" -cp "$TOOLS_JAR" \
    io.panrocks.tools.migration.CheckMigration "$src" "$work/src" "$classpath" "${java_args[@]}"
