#!/usr/bin/env bash
# panrocks after (segments of a caller's buffer made where the downcall is) / before, alternating rounds
set -u
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
OUT=$1; ROUNDS=$2; NEW=$3; OLD=$4
mkdir -p "$OUT"
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) = 1 ]; then order="new old"; else order="old new"; fi
  for b in $order; do
    if [ "$b" = new ]; then JAR=$NEW; else JAR=$OLD; fi
    $JAVA_HOME/bin/java -cp "$JAR" org.openjdk.jmh.Main \
      'io.panrocks.jmh.(PanrocksGet.getDirectBuffer|PanrocksCriticalGet.getPreallocatedCritical)$' \
      -p keyCount=1000 -p keySize=16 -p valueSize=16,1024,16384 -p dataset=flushed \
      -f 1 -wi 2 -w 1 -i 4 -r 1 -prof gc -rf json -rff "$OUT/$b-r$r.json" > "$OUT/$b-r$r.log" 2>&1
    echo "round $r $b rc=$? $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/progress.txt"
  done
done
