#!/usr/bin/env python3
"""Report of scripts/bench-revisions.sh: panrocks at two revisions beside RocksJava, one run.

Reads rocksjava-<round>.json, before-<round>.json, after-<round>.json and revisions.txt from the run
folder, pools each point's iterations over the rounds (builds_report.pooled: mean and 99.9% interval),
and writes revisions.md there: per shape and value size, before / RocksJava, after / RocksJava and
after / before throughput, each with the relative errors combined in quadrature.
"""
import argparse
import glob
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from builds_report import pooled  # noqa: E402

SHAPES = [  # (method without the Panrocks/RocksJava prefix, label)
    ("Get.get", "`byte[] get(key)`"),
    ("Get.getPinned", "pinned get"),
    ("Scan.scanBytes", "scan of 1000 (`byte[]`)"),
    ("Write.batch100", "`WriteBatch` of 100"),
    ("Transaction.get", "transaction `get`"),
    ("Transaction.putCommit", "transaction put + commit"),
]
COST_LIMIT = 0.97


def load(run, side):
    points = {}
    for path in sorted(glob.glob(os.path.join(run, "%s-*.json" % side))):
        with open(path) as f:
            for r in json.load(f):
                cls, method = r["benchmark"].split(".")[-2:]
                cls = cls.replace("Panrocks", "", 1).replace("RocksJava", "", 1)
                key = (cls + "." + method, r["params"]["valueSize"])
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
    lines = ["# panrocks before and after, beside RocksJava %s" % info["rocksjava"], "",
             "before: `%s`  " % info["before"], "after: `%s`" % info["after"], "",
             "| shape | value | before / RocksJava | after / RocksJava | after / before |",
             "|---|--:|--:|--:|--:|"]
    costly = []
    for method, label in SHAPES:
        for size in sorted({k[1] for k in sides["after"]}, key=int):
            key = (method, size)
            if not all(key in sides[s] for s in sides):
                continue
            b = ratio(sides["before"][key], sides["rocksjava"][key])
            a = ratio(sides["after"][key], sides["rocksjava"][key])
            d = ratio(sides["after"][key], sides["before"][key])
            if d[0] + d[1] < COST_LIMIT:
                costly.append("%s at %s B (%.3f ±%.3f)" % (label, size, d[0], d[1]))
            lines.append("| %s | %s B | %.2f× ±%.2f | %.2f× ±%.2f | %.3f ±%.3f |" % (
                label, size, b[0], b[1], a[0], a[1], d[0], d[1]))
    lines += ["", "Points where after / before is below %.2f beyond its error: %s." % (
        COST_LIMIT, "; ".join(costly) if costly else "none")]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run")
    text = report(ap.parse_args().run)
    with open(os.path.join(ap.parse_args().run, "revisions.md"), "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
