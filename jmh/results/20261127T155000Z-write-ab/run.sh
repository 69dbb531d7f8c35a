#!/usr/bin/env bash
cd /work/main; source scripts/lib.sh; setup_environment >/dev/null 2>&1
RJ=$HOME/.m2/repository/org/rocksdb/rocksdbjni/9.11.2/rocksdbjni-9.11.2.jar
for r in 1 2; do for v in Panrocks RocksJava; do
$JAVA_HOME/bin/java -cp jmh/target/benchmarks.jar:$RJ org.openjdk.jmh.Main "io\\.panrocks\\.jmh\\.${v}Write\\.(put|batch100)\$" -p keyCount=1000 -p keySize=16 -p dataset=flushed -p valueSize=16384,65536 -f 2 -wi 2 -w 1s -i 5 -r 1s -prof gc -rf json -rff /tmp/abw/$v-$r.json > /tmp/abw/$v-$r.log 2>&1
done; done
touch /tmp/abw/DONE
