#!/usr/bin/env bash
# rounds.sh OUT ROUNDS: the mixed floor on both engine builds, alternating
set -u
OUT=$1; ROUNDS=$2; cd /tmp/mixedwork/floor
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) = 1 ]; then order="panrocks rocksjava"; else order="rocksjava panrocks"; fi
  for ds in flushed memtable; do for mode in read mixed both; do for e in $order; do
    rm -rf db-$e
    ./floor-$e-engine db-$e $ds $mode 3 5 | sed "s/^{/{\"engine\":\"$e\",\"round\":$r,/" >> "$OUT"
    rm -rf db-$e
  done; done; done
done
