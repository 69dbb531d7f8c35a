#!/usr/bin/env bash
cd /tmp/ab
point() { # label jar lib method size
  LIB=$3 /tmp/cgscan.sh /tmp/ab/$1-$4-$5.cg $2 $4 $5 200 2>/dev/null | tail -1 | awk -v l=$1 -v m=$4 -v s=$5 '{printf "%s\t%s\t%s\t%.1f\n", l, m, s, ($4-$2)/200}'
  rm -f /tmp/ab/$1-$4-$5.cg*
}
for m in scanZeroCopy scanForward scanZeroCopyPinned scanBytes; do
  point after /tmp/cgj/new8.jar /tmp/cgj/libnew2.so $m 16 &
  point after /tmp/cgj/new8.jar /tmp/cgj/libnew2.so $m 1024 &
  wait
done
LIB=/tmp/cgj/libnew2.so /tmp/cgfull.sh /tmp/ab/full-after.cg /tmp/cgj/new8.jar scan 200 | sed "s/^/after\tInstructionCount.scan (seekToFirst to the end)\t16\t/"
