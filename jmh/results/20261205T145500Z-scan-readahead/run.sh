#!/bin/bash
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
for round in 1 2; do
  for v in old new; do
    $J -cp /tmp/jmh-$v.jar org.openjdk.jmh.Main 'PanrocksScan.scan(ZeroCopy|ZeroCopyPinned|Forward)$' -p keyCount=1000 -p keySize=16 -p valueSize=16,1024 -p dataset=flushed -f 2 -wi 3 -w 1 -i 5 -r 1 -prof gc -rf json -rff /tmp/ab2/$v-$round.json > /tmp/ab2/$v-$round.log 2>&1
  done
  for vs in 16 1024; do
    /work/main/native/build/bench/panrocks_native_bench --shapes scan1000 --value-size $vs --warmup-ms 1000 --measure-ms 1000 --iterations 5 > /tmp/ab2/native-$vs-$round.log 2>&1
  done
done
echo done > /tmp/ab2/finished
