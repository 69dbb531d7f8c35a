#!/usr/bin/env bash
# paced.sh OUT ROUNDS RATE: reads alone and beside an updater paced at RATE updates/s, both engine builds, alternating
set -u
OUT=$1; ROUNDS=$2; RATE=$3; cd /tmp/mixedwork/floor
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) = 1 ]; then order="panrocks rocksjava"; else order="rocksjava panrocks"; fi
  for ds in flushed memtable; do for mode in read paced; do for e in $order; do
    rm -rf db-$e
    ./floor-$e-engine db-$e $ds $mode 3 5 $RATE | sed "s/^{/{\"engine\":\"$e\",\"round\":$r,\"rate\":$RATE,/" >> "$OUT"
    rm -rf db-$e
  done; done; done
done
