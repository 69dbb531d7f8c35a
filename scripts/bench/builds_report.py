#!/usr/bin/env python3
"""Report of scripts/bench.sh builds: two builds of libpanrocks, one jar, one run.

Reads the run folder (baseline-<round>.json, candidate-<round>.json, baseline.txt, candidate.txt,
labels.txt and, if present, notes.md: what was found out about the run, printed under the table),
pools each point's iterations over every fork of a side, and writes a markdown section;
with --docs it splices the section into docs/benchmarks.md between the builds markers
(scripts/bench/report.py keeps that block when it regenerates the page).

Score: the mean of the pooled iterations (ops/s) with its 99.9% interval (Student's t over all
iterations of all forks, as JMH computes within a run). Ratio: candidate / baseline (above 1: the
candidate is faster) with the two intervals' relative halves combined in quadrature, as the main
report does.
"""
import argparse
import glob
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchreport.kept import markers, run_notes, splice  # noqa: E402

BEGIN, END = markers("builds")
TARGET = 0.97
SIZES = ["16", "1024", "16384", "65536"]
SHAPES = [  # (benchmark method, label)
    ("PanrocksGet.get", "`byte[] get(key)`"),
    ("PanrocksGet.getPreallocated", "`get(key, byte[])`"),
    ("PanrocksGet.getPreallocatedThreads2", "`get(key, byte[])`, 2 threads"),
    ("PanrocksGet.getPinned", "`getPinned` (zero-copy)"),
    ("PanrocksGet.getAdaptive", "`get(key, reader)` (adaptive)"),
    ("PanrocksMultiGet.multiGetCopy", "MultiGet of 100 into one buffer"),
    ("PanrocksScan.scanZeroCopy", "scan of 1000, `key()`/`value()`"),
    ("PanrocksScan.scanBytes", "scan of 1000, `keyBytes()`/`valueBytes()`"),
    ("PanrocksWrite.put", "`put`"),
    ("PanrocksWrite.batch100", "`WriteBatch` of 100"),
]


def t_quantile(p, df):
    """Student's t quantile by bisection on the CDF (regularized incomplete beta, Lentz's continued fraction)."""
    def betacf(a, b, x):
        tiny = 1e-300
        c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
        d = 1.0 / (d if abs(d) > tiny else tiny)
        h = d
        for m in range(1, 300):
            m2 = 2 * m
            for num in (m * (b - m) * x / ((a + m2 - 1) * (a + m2)),
                        -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))):
                d = 1.0 + num * d
                d = 1.0 / (d if abs(d) > tiny else tiny)
                c = 1.0 + num / c
                c = c if abs(c) > tiny else tiny
                h *= d * c
        return h

    def ibeta(a, b, x):
        if x <= 0:
            return 0.0
        if x >= 1:
            return 1.0
        lbt = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x)
        if x < (a + 1) / (a + b + 2):
            return math.exp(lbt) * betacf(a, b, x) / a
        return 1 - math.exp(lbt) * betacf(b, a, 1 - x) / b

    def cdf(t):
        x = df / (df + t * t)
        tail = 0.5 * ibeta(df / 2, 0.5, x)
        return 1 - tail if t > 0 else tail

    lo, hi = 0.0, 1000.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if cdf(mid) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def pooled(samples):
    n = len(samples)
    mean = sum(samples) / n
    if n < 2:
        return mean, float("nan")
    sd = math.sqrt(sum((s - mean) ** 2 for s in samples) / (n - 1))
    return mean, t_quantile(0.9995, n - 1) * sd / math.sqrt(n)


def load(run, side):
    points = {}  # (method, size) -> {"samples": [...], "alloc": [...]}
    for path in sorted(glob.glob(os.path.join(run, "%s-*.json" % side))):
        with open(path) as f:
            for r in json.load(f):
                method = ".".join(r["benchmark"].split(".")[-2:])
                key = (method, r["params"]["valueSize"])
                p = points.setdefault(key, {"samples": [], "alloc": []})
                for fork in r["primaryMetric"]["rawData"]:
                    p["samples"].extend(fork)
                alloc = r.get("secondaryMetrics", {}).get("·gc.alloc.rate.norm") or \
                    r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm")
                if alloc:
                    p["alloc"].append(alloc["score"])
    return points


def describe(run, side):
    info = {}
    with open(os.path.join(run, side + ".txt")) as f:
        for line in f:
            k, _, v = line.strip().partition("=")
            info[k] = v
    return info


def section(run):
    base, cand = load(run, "baseline"), load(run, "candidate")
    with open(os.path.join(run, "labels.txt")) as f:
        bl, cl = (f.read().strip().split("|") + ["candidate"])[:2]
    bi, ci = describe(run, "baseline"), describe(run, "candidate")
    forks = len(glob.glob(os.path.join(run, "candidate-*.json")))
    rows, ratios, alloc_notes = [], [], []
    for method, label in SHAPES:
        cells = []
        for size in SIZES:
            b, c = base.get((method, size)), cand.get((method, size))
            if not b or not c:
                cells.append("-")
                continue
            (sb, eb), (sc, ec) = pooled(b["samples"]), pooled(c["samples"])
            r = sc / sb
            e = r * math.sqrt((eb / sb) ** 2 + (ec / sc) ** 2)
            ratios.append((r, e, label, size))
            cells.append("%.2f× ±%.2f" % (r, e))
            if b["alloc"] and c["alloc"]:
                ab, ac = sum(b["alloc"]) / len(b["alloc"]), sum(c["alloc"]) / len(c["alloc"])
                if abs(ab - ac) > max(8.0, 0.05 * ab):
                    alloc_notes.append("%s at %s B: %.0f B/op against %.0f B/op" % (label, size, ac, ab))
        rows.append("| %s | %s |" % (label, " | ".join(cells)))
    below = [x for x in ratios if x[0] < TARGET]
    below_beyond_error = [x for x in below if x[0] + x[1] < TARGET]
    def fmt(x):
        return "%s at %s B (%.2f× ±%.2f)" % (x[2], x[3], x[0], x[1])

    lo = min(ratios) if ratios else None
    hi = max(ratios) if ratios else None
    lines = [BEGIN, "## Library builds", "",
             "Two builds of libpanrocks, the same jar, benchmarks and data, run on one machine in one run "
             "(`scripts/bench.sh builds`): every fork loads one library or the other "
             "(`-Dpanrocks.library.path`), the two alternating in %d rounds, %d fork(s) per point per build "
             "(2 × 1 s warmup, 5 × 1 s measurement each), `-prof gc`. keyCount 1000, keySize 16, flushed and "
             "compacted data in the block cache. Each cell is **%s / %s** throughput (above 1: %s faster) "
             "with the 99.9%% errors of both combined. Run folder: `%s`." % (
                 forks, forks, cl, bl, cl, os.path.relpath(run, os.path.dirname(os.path.dirname(os.path.dirname(
                     os.path.abspath(run)))))), "",
             "| build | compiler and C++ runtime | newest glibc symbol |", "|---|---|---|",
             "| %s | %s | %s |" % (bl, bi.get("compiler", "?").replace("|", "/"), bi.get("newest_glibc", "?")),
             "| %s | %s | %s |" % (cl, ci.get("compiler", "?").replace("|", "/"), ci.get("newest_glibc", "?")),
             "", "| shape | 16 B | 1 KiB | 16 KiB | 64 KiB |", "|---|--:|--:|--:|--:|"] + rows + [""]
    if ratios:
        verdict = ("every shape at %.2f or above" % TARGET) if not below else \
            ("%d of %d points below %.2f; beyond their error: %s; within it: %s" % (
                len(below), len(ratios), TARGET,
                "; ".join(fmt(x) for x in below_beyond_error) or "none",
                "; ".join(fmt(x) for x in below if x not in below_beyond_error) or "none"))
        lines.append("Target: %s / %s >= %.2f on every shape. Result: %s. Range %.2f× (%s, %s B) to %.2f× "
                     "(%s, %s B)." % (cl, bl, TARGET, verdict, lo[0], lo[2], lo[3], hi[0], hi[2], hi[3]))
        lines.append("")
    lines.append("Allocation per operation (`gc.alloc.rate.norm`): " + (
        "; ".join(alloc_notes) if alloc_notes else "the same for both builds at every point (within 8 B or 5%)")
        + ".")
    lines += run_notes(run)
    lines.append(END)
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", help="run folder (jmh/results/<timestamp>-builds)")
    ap.add_argument("--docs", help="markdown page to splice the section into")
    a = ap.parse_args()
    text = section(a.run)
    with open(os.path.join(a.run, "builds.md"), "w") as f:
        f.write(text)
    if a.docs:
        splice(a.docs, "builds", text)
    print(text)


if __name__ == "__main__":
    main()
