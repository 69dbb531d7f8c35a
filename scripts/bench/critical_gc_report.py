#!/usr/bin/env python3
"""Reads a scripts/bench.sh critical-gc run folder and prints its markdown table.

Each run's safepoint log (-Xlog:safepoint) has one line per safepoint:
  Safepoint "G1CollectForAllocation", ..., Reaching safepoint: N ns, ..., Total: N ns
For every value size and mode it pools all rounds and reports reads/s, the
number of collection safepoints after loading, and the time to safepoint (TTSP)
and total pause of those safepoints: median, 99th percentile and maximum.
"""
import collections
import pathlib
import re
import sys

LINE = re.compile(r'Safepoint "(?P<op>[^"]+)".*Reaching safepoint: (?P<ttsp>\d+) ns.*Total: (?P<total>\d+) ns')
START = re.compile(r"measuring from (?P<start>[\d.]+) s")
STAMP = re.compile(r"^\[(?P<t>[\d.]+)s\]")
OUT = re.compile(r"reads/s (?P<reads>\d+) allocations/s (?P<allocs>\d+)")
NAME = re.compile(r"r(?P<round>\d+)-(?P<size>\d+)-(?P<mode>normal|critical)\.safepoints\.log$")


def pct(values, p):
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def us(ns):
    return f"{ns / 1000:.1f}"


def size_label(n):
    return f"{n // 1048576} MiB" if n >= 1048576 else f"{n // 1024} KiB" if n >= 1024 else f"{n} B"


def main(run):
    run = pathlib.Path(run)
    ttsp, total, reads, allocs, count = (collections.defaultdict(list) for _ in range(5))
    for log in sorted(run.glob("*.safepoints.log")):
        m = NAME.search(log.name)
        key = (int(m["size"]), m["mode"])
        out = (run / log.name.replace(".safepoints.log", ".out")).read_text()
        start = float(START.search(out)["start"])
        n = 0
        for line in log.read_text().splitlines():
            s = LINE.search(line)
            t = STAMP.search(line)
            if s and t and float(t["t"]) >= start and "Collect" in s["op"]:
                ttsp[key].append(int(s["ttsp"]))
                total[key].append(int(s["total"]))
                n += 1
        o = OUT.search(out)
        reads[key].append(int(o["reads"]))
        allocs[key].append(int(o["allocs"]))
        count[key].append(n)
    print("| value | mode | reads/s | allocations/s | collections | TTSP median / p99 / max (µs) | pause median / p99 / max (µs) |")
    print("|---|---|--:|--:|--:|--:|--:|")
    for key in sorted(ttsp, key=lambda k: (k[0], k[1] != "normal")):
        size, mode = key
        r = sum(reads[key]) / len(reads[key])
        a = sum(allocs[key]) / len(allocs[key])
        t, p = ttsp[key], total[key]
        print(f"| {size_label(size)} | {mode} | {r:,.0f} | {a:,.0f} | {sum(count[key])} | "
              f"{us(pct(t, 50))} / {us(pct(t, 99))} / {us(max(t))} | {us(pct(p, 50))} / {us(pct(p, 99))} / {us(max(p))} |")


if __name__ == "__main__":
    main(sys.argv[1])
