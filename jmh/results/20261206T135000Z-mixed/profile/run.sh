#!/usr/bin/env bash
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
RJ=~/.m2/repository/org/rocksdb/rocksdbjni/11.8.1/rocksdbjni-11.8.1.jar
JAR=/tmp/mixed2/bench.jar
cd /tmp/prof2
for b in Panrocks RocksJava; do for which in bothThreadsBoth; do
    timeout 150 perf record -q -D 7000 -e cpu-clock -F 1999 -g -o $b-$which.data -- $JAVA_HOME/bin/java -Xms2g -Xmx2g -Xmn128m --enable-native-access=ALL-UNNAMED -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit -Dpanrocks.library.path=/work/main/native/build/libpanrocks.so -Djava.library.path=/tmp/rjlib -cp $JAR:$RJ org.openjdk.jmh.Main "io.panrocks.jmh.${b}Mixed.${which}\$" -p dataset=flushed -f 0 -wi 3 -w 1 -i 12 -r 1 > $b-$which.log 2>&1
  echo "$b $which $(date +%T)" >> progress.txt
done; done
