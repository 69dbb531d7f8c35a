#!/usr/bin/env bash
# Runs the Kafka Streams module's tests (Kafka's own store suites included) on
# every Kafka Streams release the module supports: the default (4.4.x, the
# kafka.version property of kafka-streams/pom.xml) and 4.3.1, the older one
# kept working. Only the module's tests run (the modules it is built on are
# built, their tests are left to scripts/test.sh); the sanitizer build of the
# C ABI tests is skipped (PANROCKS_SKIP_SANITIZE=0 keeps it). Extra arguments
# go to Maven, e.g.
#   scripts/test-kafka-versions.sh -Dtest='*SuiteTest'     only Kafka's suites
#   KAFKA_VERSIONS="4.3.1" scripts/test-kafka-versions.sh one release
# Kafka's window store suites run in a Surefire execution of their own
# (kafka-window-suites, with RocksJava's classes for their fixture), whatever
# -Dtest says; -Dpanrocks.kafka.window.suites.skip=true leaves them out.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
setup_environment
cd "$PANROCKS_ROOT"
export PANROCKS_SKIP_SANITIZE="${PANROCKS_SKIP_SANITIZE:-1}"
for version in ${KAFKA_VERSIONS:-4.4.0 4.3.1}; do
    say "Kafka Streams $version"
    mvn_cmd -pl kafka-streams -am verify -Dkafka.version="$version" -Dtest='io/panrocks/kafka/**/*Test' \
        -Dsurefire.failIfNoSpecifiedTests=false "$@"
done
say "the Kafka Streams module passed on Kafka ${KAFKA_VERSIONS:-4.4.0 4.3.1}"
