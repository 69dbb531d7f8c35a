#!/usr/bin/env bash
# time to safepoint with normal get(key, byte[]) reads: memcpy for large copies (new) against the JVM's copy (old)
set -u
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
OUT=$1; mkdir -p $OUT/new $OUT/old
for round in 1 2; do
  for point in 1000:262144 200:1048576; do
    keys=${point%%:*} size=${point##*:}
    order="new old"; [ $round = 2 ] && order="old new"
    for b in $order; do
      $J --enable-native-access=ALL-UNNAMED -Xms2g -Xmx2g -Xmn128m -Dpanrocks.critical=false \
        "-Xlog:safepoint:file=$OUT/$b/r$round-$size-normal.safepoints.log" \
        -cp /tmp/cpjmh/$b.jar io.panrocks.jmh.CriticalGcPause $keys $size 20 > $OUT/$b/r$round-$size-normal.out 2> $OUT/$b/r$round-$size-normal.err
      echo "round $round $size $b rc=$? $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> $OUT/progress.txt
    done
  done
done
