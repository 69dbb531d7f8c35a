#!/usr/bin/env bash
# alternate.sh JAR OUTDIR ROUNDS [LABEL]: panrocks and RocksJava mixed-load forks in alternating rounds
set -u
JAR=$1; OUT=$2; ROUNDS=$3; LABEL=${4:-run}; WHICH=${5:-(mixed|bothThreadsBoth)}
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
RJ=~/.m2/repository/org/rocksdb/rocksdbjni/11.8.1/rocksdbjni-11.8.1.jar
mkdir -p "$OUT"
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) = 1 ]; then order="Panrocks RocksJava"; else order="RocksJava Panrocks"; fi
  for b in $order; do
    while :; do
    $JAVA_HOME/bin/java -Djmh.ignoreLock=false -cp "$JAR:$RJ" org.openjdk.jmh.Main "io.panrocks.jmh.${b}Mixed.${WHICH}\$" \
      -f 1 -wi 3 -w 1 -i 5 -r 1 -prof gc -prof 'perfnorm:events=task-clock,context-switches,cpu-migrations' \
      -jvmArgsPrepend "-Dpanrocks.bench.expectEngine=11.8.1 -Dpanrocks.bench.expectRocksJava=11.8.1" \
      -rf json -rff "$OUT/$LABEL-$b-r$r.json" > "$OUT/$LABEL-$b-r$r.log" 2>&1
    grep -q 'Unable to acquire the JMH lock' "$OUT/$LABEL-$b-r$r.log" || break
    sleep 15
    done
    echo "round $r $b rc=$? $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/$LABEL-progress.txt"
  done
done
