#!/usr/bin/env python3
"""Writes the README's two performance tables from ONE standard run folder of
scripts/bench.sh: panrocks against RocksJava of the bundled engine's version,
and panrocks against the C++ floor on panrocks' engine build, each cell a
ratio of throughputs with its 99.9% error (⚠ above 20%). The tables lie in
README.md between "<!-- readme-vs-rocksjava:begin/end -->" and
"<!-- readme-vs-floor:begin/end -->"; the prose around them is written by
hand from the same run. Python 3 standard library only.

    scripts/bench/readme_tables.py jmh/results/<run> [--readme README.md] [--print]
"""
import argparse
import os
import sys

from benchreport.formatting import fmt_ratio, fmt_size
from benchreport.kept import markers, replace_section
from benchreport.loading import Run
from benchreport.stats import ratio
from benchreport.variants import BY_ID

# (row label, panrocks benchmark, RocksJava benchmark)
VS_ROCKSJAVA = [
    ("`getPinned` (zero-copy) vs `get()`", "PanrocksGet.getPinned", "RocksJavaGet.get"),
    ("`get(key, reader)` (adaptive) vs `get(key, byte[])`", "PanrocksGet.getScoped", "RocksJavaGet.getPreallocated"),
    ("`get(key, byte[])` vs the same", "PanrocksGet.getPreallocated", "RocksJavaGet.getPreallocated"),
    ("`byte[] get(key)` vs the same", "PanrocksGet.get", "RocksJavaGet.get"),
    ("`get(key, byte[])`, 2 threads, vs the same", "PanrocksGet.getPreallocatedThreads2",
     "RocksJavaGet.getPreallocatedThreads2"),
    ("scan of 1000, `key()`/`value()` zero-copy", "PanrocksScan.scanZeroCopy", "RocksJavaScan.scan"),
    ("scan of 1000, `scanForward` (bulk) vs `key()`/`value()`", "PanrocksScan.scanForward", "RocksJavaScan.scan"),
    ("MultiGet of 100 into one buffer vs `multiGetAsList`", "PanrocksMultiGet.multiGetCopy",
     "RocksJavaMultiGet.multiGetAsList"),
    ("`put` vs `put`", "PanrocksWrite.put", "RocksJavaWrite.put"),
    ("`WriteBatch` of 100 vs the same", "PanrocksWrite.batch100", "RocksJavaWrite.batch100"),
    ("`Transaction.get` vs the same", "PanrocksTransaction.get", "RocksJavaTransaction.get"),
    ("transaction `getForUpdate` + `put` + `commit`", "PanrocksTransaction.getForUpdatePutCommit",
     "RocksJavaTransaction.getForUpdatePutCommit"),
    ("`WriteBatchWithIndex` read vs the same", "PanrocksTransaction.batchAndDbGet",
     "RocksJavaTransaction.batchAndDbGet"),
]

# (row label, panrocks benchmark); the floor is the variant's own native comparator
VS_FLOOR = [
    ("`get(key, byte[])` / native `get_buffer`", "PanrocksGet.getPreallocated"),
    ("`get(MemorySegment)` / native `get_buffer`", "PanrocksGet.getSegment"),
    ("`get(key, reader)` / native `get_pinned`", "PanrocksGet.getScoped"),
    ("`getPinned` / native `get_pinned`", "PanrocksGet.getPinned"),
    ("scan `key()`/`value()` / native `scan1000`", "PanrocksScan.scanZeroCopy"),
    ("scan `scanForward` (bulk) / native `scan1000`", "PanrocksScan.scanForward"),
    ("MultiGet into one buffer / native `multiget100_copy`", "PanrocksMultiGet.multiGetCopy"),
]


def table(run, first_column, rows):
    """rows: (label, cells), cells(point) giving that point's ratio with its error (or None); one
    column per value size of the run's main configuration."""
    cfg = run.main_config()
    sizes = run.configs()[cfg]
    lines = ["| %s | %s |" % (first_column, " | ".join(fmt_size(s) for s in sizes)),
             "|---|%s" % ("--:|" * len(sizes))]
    for label, cells in rows:
        ratios = [cells(cfg + (s,)) for s in sizes]
        lines.append("| %s | %s |" % (label, " | ".join(fmt_ratio(r) for r in ratios)))
    return "\n".join(lines)


def vs_rocksjava(run):
    rows = [(label, lambda p, a=a, b=b: ratio(run.get(a, p), run.get(b, p))) for label, a, b in VS_ROCKSJAVA]
    return table(run, "shape", rows)


def vs_floor(run):
    rows = []
    for label, bid in VS_FLOOR:
        v = BY_ID[bid]
        rows.append((label, lambda p, v=v: ratio(run.get(v.bid, p), run.comparator(v, p, "native"))))
    return table(run, "panrocks / C++ floor", rows)


def replace(page, name, body):
    begin, end = markers(name)
    replaced = replace_section(page, name, begin + "\n" + body + "\n" + end)
    if replaced is None:
        sys.exit("readme_tables.py: no %s ... %s in the README" % (begin, end))
    return replaced


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", help="standard run folder (jmh/results/<timestamp>-standard)")
    ap.add_argument("--readme", default=os.path.join(os.path.dirname(__file__), "..", "..", "README.md"))
    ap.add_argument("--print", action="store_true", help="print the tables instead of writing the README")
    a = ap.parse_args()
    run = Run(a.run)
    if not run.results:
        sys.exit("readme_tables.py: no JMH results in %s" % a.run)
    tables = {"readme-vs-rocksjava": vs_rocksjava(run), "readme-vs-floor": vs_floor(run)}
    if a.print:
        print("\n\n".join(tables.values()))
        return
    with open(a.readme) as f:
        page = f.read()
    for name, body in tables.items():
        page = replace(page, name, body)
    with open(a.readme, "w") as f:
        f.write(page)
    print("readme_tables.py: wrote the tables of %s into %s" % (a.run, os.path.normpath(a.readme)), file=sys.stderr)


if __name__ == "__main__":
    main()
