#!/usr/bin/env bash
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
RJ=~/.m2/repository/org/rocksdb/rocksdbjni/11.8.1/rocksdbjni-11.8.1.jar
JAR=/tmp/mixedwork/final.jar
cd /tmp/mixedwork
for b in Panrocks RocksJava; do for which in mixed readAlone; do
  while :; do
    timeout 150 perf record -q -e cpu-clock -F 1999 -g -o perf/$b-$which.data -- $JAVA_HOME/bin/java -Xms2g -Xmx2g -Xmn128m --enable-native-access=ALL-UNNAMED -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit -Dpanrocks.library.path=/work/wt-mixed/native/build/libpanrocks.so -cp $JAR:$RJ org.openjdk.jmh.Main "io.panrocks.jmh.${b}Mixed.${which}\$" -p dataset=memtable -f 0 -wi 3 -w 1 -i 5 -r 1 > perf/$b-$which.log 2>&1
    grep -q 'Unable to acquire the JMH lock' perf/$b-$which.log || break
    sleep 10
  done
  echo "$b $which $(date +%T)" >> perf/progress.txt
done; done
