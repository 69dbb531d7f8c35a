#!/usr/bin/env bash
# scans-jmh.sh JAR LOG ARGS... : JMH, retried until it gets the JMH lock
jar="$1"; log="$2"; shift 2
JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
RJ=$HOME/.m2/repository/org/rocksdb/rocksdbjni/11.8.1/rocksdbjni-11.8.1.jar
for i in $(seq 1 400); do
    $JAVA_HOME/bin/java -cp "$jar:$RJ" org.openjdk.jmh.Main "$@" > "$log" 2>&1
    grep -q "Unable to acquire the JMH lock" "$log" || break
    sleep 5
done
grep -E "^PanrocksScan|^Benchmark" "$log" | grep -v "gc.count\|gc.time\|churn\|alloc.rate "
