#!/usr/bin/env python3
"""Report of the Java-callback benchmark (jmh ComparatorBenchmark), run by scripts/bench.sh.

Reads its JMH JSON, writes a markdown section, and with --docs splices it into docs/benchmarks.md between the
callbacks markers (scripts/bench/report.py keeps that block when it regenerates the page).

Ratios are panrocks / RocksJava throughput (above 1: panrocks faster) with the two 99.9% intervals' relative
halves combined in quadrature; "cost of the Java comparator" is each binding's built-in throughput over its
Java-comparator throughput.
"""
import argparse
import json
import math
import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchreport.kept import markers, splice  # noqa: E402

BEGIN, END = markers("callbacks")


def load(path):
    with open(path) as f:
        data = json.load(f)
    out = {}
    for r in data:
        side = "panrocks" if r["benchmark"].endswith(".panrocksGet") else "rocksjava"
        m = r["primaryMetric"]
        err = m.get("scoreError")
        err = float("nan") if err in (None, "NaN") else float(err)
        out[(side, r["params"]["comparator"])] = (float(m["score"]), err)
    return out


def ratio(a, b):
    (sa, ea), (sb, eb) = a, b
    r = sa / sb
    rel = math.sqrt((ea / sa) ** 2 + (eb / sb) ** 2) if sa and sb else float("nan")
    return r, r * rel


def fmt_ratio(r):
    value, err = r
    return "%.2fx ±%.2f" % (value, err) if not math.isnan(err) else "%.2fx ±?" % value


def section(points, source):
    lines = [BEGIN, "## Java callbacks: a comparator", "",
             "Gets (16-byte keys and values, 1000 keys, flushed and compacted) on a DB whose comparator is a "
             "Java bytewise comparator, beside the same gets with RocksDB's built-in comparator. panrocks calls "
             "the comparator through an FFM upcall with the keys as read-only MemorySegments; RocksJava through "
             "JNI with direct ByteBuffers (its fastest mode). RocksJava has no Java merge operator or compaction "
             "filter, so the comparator is the one callback both can run. Run: `%s` (2 forks, 99.9%% errors)."
             % source, "",
             "| comparator | panrocks ops/s | RocksJava ops/s | panrocks / RocksJava |",
             "|---|--:|--:|--:|"]
    for kind, label in (("java", "Java (upcall / JNI callback)"), ("builtin", "RocksDB's built-in")):
        p, j = points.get(("panrocks", kind)), points.get(("rocksjava", kind))
        if not p or not j:
            lines.append("| %s | %s | %s | missing |" % (label, p and "%.0f" % p[0], j and "%.0f" % j[0]))
            continue
        lines.append("| %s | %.0f ±%.0f | %.0f ±%.0f | %s |" % (label, p[0], p[1], j[0], j[1], fmt_ratio(ratio(p, j))))
    costs = []
    for side, name in (("panrocks", "panrocks"), ("rocksjava", "RocksJava")):
        b, j = points.get((side, "builtin")), points.get((side, "java"))
        if b and j:
            costs.append("%s %s" % (name, fmt_ratio(ratio(b, j))))
    if costs:
        lines += ["", "Cost of the Java comparator (built-in throughput / Java-comparator throughput): "
                  + ", ".join(costs) + "."]
    lines.append(END)
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", help="the ComparatorBenchmark JMH JSON")
    ap.add_argument("--docs", help="splice the section into this page (docs/benchmarks.md)")
    ap.add_argument("--source", default="scripts/bench.sh", help="how the numbers were made, for the text")
    args = ap.parse_args()
    text = section(load(args.json), args.source)
    if args.docs:
        splice(args.docs, "callbacks", text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
