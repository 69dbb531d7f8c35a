#!/usr/bin/env bash
# Runs only the safety probes: each probe in a child JVM of its
# own, under src/test/java/io/panrocks/safety. Skips the sanitizer build of
# the C ABI tests (PANROCKS_SKIP_SANITIZE=0 keeps it). Extra arguments go to
# Maven, e.g.
#   scripts/test-safety.sh -Dtest=ReentrantCloseTest          one class of probes
#   scripts/test-safety.sh -Dpanrocks.test.scale=10           ten times the rounds
#   scripts/test-safety.sh -Dpanrocks.safety.seed=N           replay a printed seed
#   scripts/test-safety.sh -Dpanrocks.safety.huge=true        also the 2 GiB value (about 6 GiB of RAM)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
setup_environment
cd "$PANROCKS_ROOT"
export PANROCKS_SKIP_SANITIZE="${PANROCKS_SKIP_SANITIZE:-1}"
mvn_cmd -pl src/test -am verify -Dgroups=safety -Dsurefire.failIfNoSpecifiedTests=false "$@"
say "safety probes passed"
