#!/usr/bin/env bash
# JMH scans, after (this change: batches up to 64, the walk's glue trimmed) / before (50d8eae's jar and library),
# alternating rounds of one fork each, with the static native floor (scan1000) in every round
set -u
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
OUT=$1; ROUNDS=$2
declare -A JAR=([new]=/tmp/cgj/new8.jar [old]=/tmp/cgj/head.jar) LIB=([new]=/tmp/cgj/libnew2.so [old]=/tmp/cgj/libold.so)
mkdir -p "$OUT"
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) = 1 ]; then order="new old"; else order="old new"; fi
  for b in $order; do
    $JAVA_HOME/bin/java -cp "${JAR[$b]}" org.openjdk.jmh.Main 'io.panrocks.jmh.PanrocksScan.(scanZeroCopy|scanForward)$' \
      -p keyCount=1000 -p keySize=16 -p valueSize=16,1024 -p dataset=flushed \
      -jvmArgsAppend "-Dpanrocks.library.path=${LIB[$b]}" \
      -f 1 -wi 3 -w 1 -i 5 -r 1 -prof gc -rf json -rff "$OUT/$b-r$r.json" > "$OUT/$b-r$r.log" 2>&1
    echo "round $r $b rc=$? $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/progress.txt"
  done
  /work/main/native/build/bench/panrocks_native_bench --shapes scan1000 --value-size 16,1024 --key-count 1000 \
    --key-size 16 --dataset flushed --warmup-ms 1000 --measure-ms 1000 --iterations 5 >> "$OUT/native.jsonl" 2>>"$OUT/native.err"
  echo "round $r native $(date +%T)" >> "$OUT/progress.txt"
done
