#!/usr/bin/env bash
# panrocks with memcpy for large copies (new) / before (old) / RocksJava 11.8.1, alternating rounds
set -u
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
RJ=~/.m2/repository/org/rocksdb/rocksdbjni/11.8.1/rocksdbjni-11.8.1.jar
OUT=$1; ROUNDS=$2
mkdir -p $OUT
for r in $(seq 1 $ROUNDS); do
  case $((r % 3)) in 1) order="new old rj";; 2) order="old rj new";; 0) order="rj new old";; esac
  for b in $order; do
    case $b in new) JAR=/tmp/cpjmh/new.jar; C=PanrocksGet;; old) JAR=/tmp/cpjmh/old.jar; C=PanrocksGet;; rj) JAR=/tmp/cpjmh/new.jar; C=RocksJavaGet;; esac
    $JAVA_HOME/bin/java -cp "$JAR:$RJ" org.openjdk.jmh.Main "io.panrocks.jmh.$C.(getPreallocated|getThreads2|getPreallocatedThreads2)\$" \
      -p keyCount=1000 -p keySize=16 -p valueSize=16384,65536,262144,1048576 -p dataset=flushed \
      -f 1 -wi 2 -w 1 -i 4 -r 1 -prof gc -jvmArgsPrepend "-Dpanrocks.bench.expectEngine=11.8.1 -Dpanrocks.bench.expectRocksJava=11.8.1" \
      -rf json -rff $OUT/$b-r$r.json > $OUT/$b-r$r.log 2>&1
    echo "round $r $b rc=$? $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> $OUT/progress.txt
  done
done
