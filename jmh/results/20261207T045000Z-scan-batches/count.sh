#!/usr/bin/env bash
# before/after instruction counts of the scan shapes: before = HEAD's jar and library, after = this change's
cd /tmp/ab
point() { # label jar lib method size
  LIB=$3 /tmp/cgscan.sh /tmp/ab/$1-$4-$5.cg $2 $4 $5 200 2>/dev/null | tail -1 | awk -v l=$1 -v m=$4 -v s=$5 '{printf "%s\t%s\t%s\t%.1f\n", l, m, s, ($4-$2)/200}'
  rm -f /tmp/ab/$1-$4-$5.cg*
}
for m in scanZeroCopy scanForward scanZeroCopyPinned scanBytes; do
  for s in 16 1024; do
    point before /tmp/cgj/head.jar /tmp/cgj/libold.so $m $s &
    point after /tmp/cgj/new4.jar /tmp/cgj/libnew.so $m $s &
    wait
  done
done
for l in before after; do
  if [ $l = before ]; then jar=/tmp/cgj/head.jar lib=/tmp/cgj/libold.so; else jar=/tmp/cgj/new4.jar lib=/tmp/cgj/libnew.so; fi
  LIB=$lib /tmp/cgfull.sh /tmp/ab/full-$l.cg $jar scan 200 | sed "s/^/$l\tInstructionCount.scan (seekToFirst to the end)\t16\t/" &
done
wait
