#!/usr/bin/env bash
# new panrocks (CRC patch) / old panrocks / RocksJava 11.8.1 writes, alternating rounds
set -u
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
RJ=~/.m2/repository/org/rocksdb/rocksdbjni/11.8.1/rocksdbjni-11.8.1.jar
OUT=$1; ROUNDS=$2
mkdir -p $OUT
for r in $(seq 1 $ROUNDS); do
  case $((r % 3)) in 1) order="new old rj";; 2) order="old rj new";; 0) order="rj new old";; esac
  for b in $order; do
    case $b in new) JAR=/tmp/crcjmh/new.jar; C=PanrocksWrite;; old) JAR=/tmp/crcjmh/old.jar; C=PanrocksWrite;; rj) JAR=/tmp/crcjmh/new.jar; C=RocksJavaWrite;; esac
    $JAVA_HOME/bin/java -cp "$JAR:$RJ" org.openjdk.jmh.Main "io.panrocks.jmh.$C.(put|batch100)\$" \
      -p keyCount=1000 -p keySize=16 -p valueSize=16,1024,16384,65536 -p dataset=flushed \
      -f 1 -wi 2 -w 1 -i 4 -r 1 -jvmArgsPrepend "-Dpanrocks.bench.expectEngine=11.8.1 -Dpanrocks.bench.expectRocksJava=11.8.1" \
      -rf json -rff $OUT/$b-r$r.json > $OUT/$b-r$r.log 2>&1
    echo "round $r $b rc=$? $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> $OUT/progress.txt
  done
done
