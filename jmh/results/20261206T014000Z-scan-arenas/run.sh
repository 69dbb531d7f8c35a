#!/usr/bin/env bash
B=/tmp/scans-bench
NB=/tmp/scans-native-bench
run_native() { $NB --shapes scan1000 --value-size 16,1024 --warmup-ms 1000 --measure-ms 1000 --iterations 5 2>/dev/null >> $B/native-final3.jsonl; }
for round in 1 2; do
  run_native
  /tmp/scans-jmh.sh /tmp/scans-ring2.jar $B/jmh-ring2-$round.log 'io\.panrocks\.jmh\.PanrocksScan\.(scanZeroCopy|scanZeroCopyPinned|scanForward)$' -p keyCount=1000 -p keySize=16 -p dataset=flushed -p valueSize=16,1024 -f 2 -wi 2 -w 1s -i 5 -r 1s -prof gc -rf json -rff $B/jmh-ring2-$round.json
  /tmp/scans-jmh.sh /tmp/scans-before.jar $B/jmh-before3-$round.log 'io\.panrocks\.jmh\.PanrocksScan\.(scanZeroCopy|scanZeroCopyPinned|scanForward)$' -p keyCount=1000 -p keySize=16 -p dataset=flushed -p valueSize=16,1024 -f 2 -wi 2 -w 1s -i 5 -r 1s -prof gc -rf json -rff $B/jmh-before3-$round.json
done
run_native
echo FINISHED
