#!/usr/bin/env python3
"""Report of scripts/bench.sh revisions: panrocks at two revisions beside RocksJava, one run.

Reads rocksjava-<round>.json, before-<round>.json, after-<round>.json and revisions.txt from the run
folder, pools each point's iterations over the rounds (builds_report.pooled: mean and 99.9% interval),
and writes revisions.md there (with --docs, also as the "revisions" section of docs/benchmarks.md; a
notes.md in the run folder is printed under the table): per shape and value size, before / RocksJava, after / RocksJava and
after / before throughput, each with the relative errors combined in quadrature. With an instructions.tsv
(callgrind, scripts/bench/callgrind_jvm.sh), a second table: instructions per operation of each side, panrocks
split into Java / glue / engine, and after against before.
"""
import argparse
import glob
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from builds_report import pooled  # noqa: E402
from benchreport.kept import markers, run_notes, splice  # noqa: E402

BEGIN, END = markers("revisions")

SHAPES = [  # (panrocks benchmark, RocksJava benchmark it is compared with, label)
    ("PanrocksGet.get", "RocksJavaGet.get", "`byte[] get(key)`"),
    ("PanrocksGet.getPinned", "RocksJavaGet.get", "pinned get (RocksJava: `byte[] get(key)`)"),
    ("PanrocksScan.scanBytes", "RocksJavaScan.scan", "scan of 1000 (`byte[]` keys and values)"),
    ("PanrocksWrite.batch100", "RocksJavaWrite.batch100", "`WriteBatch` of 100"),
    ("PanrocksTransaction.get", "RocksJavaTransaction.get", "transaction `get`"),
    ("PanrocksTransaction.putCommit", "RocksJavaTransaction.putCommit", "transaction put + commit"),
]
COST_LIMIT = 0.97


def load(run, side):
    points = {}
    for path in sorted(glob.glob(os.path.join(run, "%s-*.json" % side))):
        with open(path) as f:
            for r in json.load(f):
                key = (".".join(r["benchmark"].split(".")[-2:]), r["params"]["valueSize"])
                for fork in r["primaryMetric"]["rawData"]:
                    points.setdefault(key, []).extend(fork)
    return points


def ratio(num, den):
    (sn, en), (sd, ed) = pooled(num), pooled(den)
    r = sn / sd
    return r, r * math.sqrt((en / sn) ** 2 + (ed / sd) ** 2)


def report(run):
    sides = {s: load(run, s) for s in ("rocksjava", "before", "after")}
    info = dict(line.rstrip("\n").split("=", 1) for line in open(os.path.join(run, "revisions.txt")))
    lines = [BEGIN, "## What a change cost: panrocks before and after, beside RocksJava %s" % info["rocksjava"], "",
             "`scripts/bench.sh revisions`: both revisions' library and jar, the same benchmarks, RocksJava, "
             "in alternating rounds of one run (1 fork per round, 2 × 1 s warmup, 5 × 1 s measurement; "
             "keyCount 1000, keySize 16, flushed data in the block cache). Ratios of throughput with the 99.9%% "
             "errors of both sides combined. Run folder: `%s`." % os.path.relpath(
                 run, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(run))))), "",
             "before: `%s`  " % info["before"][:100], "after: `%s`" % info["after"], "",
             "| shape | value | before / RocksJava | after / RocksJava | after / before |",
             "|---|--:|--:|--:|--:|"]
    costly, untold = [], []
    if not sides["after"]:
        lines = lines[:-2] + ["(no throughput measured in this run: BENCH_REV_JMH=0)"]
    for mine, theirs, label in SHAPES:
        for size in sorted({k[1] for k in sides["after"]}, key=int):
            b, a, rj = (sides[s].get((m, size)) for s, m in (("before", mine), ("after", mine), ("rocksjava", theirs)))
            if not (b and a and rj):
                continue
            rb, ra, d = ratio(b, rj), ratio(a, rj), ratio(a, b)
            if d[0] + d[1] < COST_LIMIT:
                costly.append("%s at %s B (%.3f ±%.3f)" % (label, size, d[0], d[1]))
            elif d[0] - d[1] < COST_LIMIT:
                untold.append("%s at %s B" % (label, size))
            lines.append("| %s | %s B | %.2f× ±%.2f | %.2f× ±%.2f | %.3f ±%.3f |" % (
                label, size, rb[0], rb[1], ra[0], ra[1], d[0], d[1]))
    lines += ["", "Points where after / before is below %.2f beyond its error: %s. Points whose error is too "
              "wide to tell whether they are: %s." % (COST_LIMIT, "; ".join(costly) or "none", "; ".join(untold) or "none")]
    lines += instructions(run)
    lines += run_notes(run)
    lines.append(END)
    return "\n".join(lines) + "\n"


INSTRUCTION_SHAPES = [  # (InstructionCount shape, label)
    ("get", "`byte[] get(key)`"),
    ("getPinned", "pinned get (RocksJava: none)"),
    ("put", "`put(key, value)`"),
    ("batch100", "`WriteBatch` of 100"),
    ("scan", "scan of 1000 (zero-copy values; RocksJava `byte[]`)"),
    ("txnGet", "transaction `get`"),
    ("txnUpdate", "transaction getForUpdate + put + commit"),
]


def instructions(run):
    """The table of instructions per operation, if the run counted them."""
    path = os.path.join(run, "instructions.tsv")
    if not os.path.exists(path):
        return []
    rows = {}
    with open(path) as f:
        next(f)
        for line in f:
            side, shape, n, total, native, engine = line.rstrip("\n").split("\t")
            n, total, native, engine = int(n), int(total), int(native), int(engine)
            rows[(side, shape)] = (total / n, (total - native) / n, (native - engine) / n, engine / n)

    def split(v):
        return "%s / %s / %s = **%s**" % tuple(format(round(x), ",") for x in (v[1], v[2], v[3], v[0]))

    out = ["", "Instructions per operation of a whole JVM (callgrind, `io.panrocks.jmh.InstructionCount`, 16 B "
           "values; deterministic to within about 1%, so a smaller change shows here where the throughput's "
           "error hides it). panrocks: Java / glue / engine = total.", "",
           "| shape | RocksJava | before | after | after / before |", "|---|--:|--:|--:|--:|"]
    for shape, label in INSTRUCTION_SHAPES:
        b, a, rj = rows.get(("before", shape)), rows.get(("after", shape)), rows.get(("rocksjava", shape))
        if not (b and a):
            continue
        out.append("| %s | %s | %s | %s | %+.1f%% |" % (
            label, format(round(rj[0]), ",") if rj else "–", split(b), split(a), 100.0 * (a[0] - b[0]) / b[0]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run")
    ap.add_argument("--docs", help="markdown page to splice the section into")
    a = ap.parse_args()
    run = a.run
    text = report(run)
    with open(os.path.join(run, "revisions.md"), "w") as f:
        f.write(text)
    if a.docs:
        splice(a.docs, "revisions", text)
    print(text)


if __name__ == "__main__":
    main()
