#!/usr/bin/env python3
"""Writes the benchmark report (markdown) and its SVG charts from ONE run
folder of scripts/bench.sh: the JMH JSON files (jmh-*.json;
jmh-*-rocksjava-newest.json ran the newest RocksJava, the extra row; in runs
before the bundled engine, jmh-*-rjengine.json ran panrocks on RocksJava's
engine binary), the native floor's JSON lines (native.jsonl on the engine
panrocks links: the bundled build, or Debian's librocksdb in older runs;
native-rjengine.jsonl on RocksJava's build) and machine.json. Numbers of different runs are never mixed. Python 3
standard library only.

The work is done by the modules of scripts/bench/benchreport/ (see its __init__.py); this file
keeps the command line and the sections of the page that other generators own.

    scripts/bench/report.py jmh/results/<run> --out docs/benchmarks.md --svg-dir docs
"""
import argparse
import os
import sys

from benchreport.loading import Run
from benchreport.sections import Report
from benchreport.variants import TAGS
from benchreport.kept import markers

# Sections other generators own (scripts/bench/callbacks_report.py writes the Java-callback one,
# scripts/bench-kafka.sh the Kafka Streams one, scripts/bench-kafka.sh cluster the Kafka cluster one,
# scripts/bench-kafka.sh memory the Kafka Streams memory budget one, scripts/bench.sh builds the
# library builds one, scripts/bench.sh revisions the one of a change's cost; "perf-levels", the
# cost of each perf level on gets, is written by hand from a PerfLevelBenchmark run, "merge-entity" from
# MergeBenchmark and EntityBenchmark runs, "pin-pool" from a before/after allocation run, "cost-budget" from
# the GetCostBudget and native groups of a standard run, "critical-gc" from scripts/bench.sh critical-gc,
# "startup" from a scripts/bench.sh startup run, "engine-instructions" from scripts/bench.sh instructions,
# "compression-search" from scripts/bench.sh compression-search, "remote-compaction" from a
# RemoteCompactionLoadTest run, "jfr-events" from JfrGetBenchmark runs, "scan-readahead" from a before/after
# PanrocksScan run beside the static and shared-library scan floors, "mixed-load" from PanrocksMixed and
# RocksJavaMixed runs in alternating rounds, "engine-tls" from the C floors and callgrind counts before and after
# the engine's thread-local patch, "scan-batches" from a before/after PanrocksScan run with callgrind counts of
# the batch schedule):
# each lies between "<!-- NAME:begin -->" and "<!-- NAME:end -->" in the page; a regeneration keeps them,
# at the end.
KEPT_SECTIONS = ("callbacks", "kafka-streams", "kafka-cluster", "kafka-memory", "builds", "revisions", "perf-levels",
                 "merge-entity", "pin-pool", "cost-budget", "critical-gc", "startup",
                 "engine-instructions", "compression-search", "remote-compaction", "jfr-events", "scan-readahead",
                 "mixed-load", "mmap-reads", "large-values", "blob-batches", "scan-arenas", "jvm-instructions",
                 "pinned-allocation", "engine-tls", "crc32c", "scan-batches")


def kept_sections(path):
    """The KEPT_SECTIONS blocks of the page at path as it is now (empty if there is none yet)."""
    try:
        with open(path) as f:
            old = f.read()
    except OSError:
        return ""
    out = ""
    for name in KEPT_SECTIONS:
        begin, end = markers(name)
        i, j = old.find(begin), old.find(end)
        if i >= 0 and j > i:
            out += "\n" + old[i:j + len(end)] + "\n"
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", help="run folder (jmh/results/<timestamp>-<mode>)")
    ap.add_argument("--out", required=True, help="markdown file to write")
    ap.add_argument("--svg-dir", required=True, help="folder for bench-*.svg")
    a = ap.parse_args()
    run = Run(a.run)
    if run.meta.get("engineBuild"):
        # runs on the bundled engine: panrocks and the native floor run on panrocks' own build
        TAGS.use_bundled_engine()
    if not run.results and not run.native and not run.adaptive and not run.guard and not run.forward:
        sys.exit("report.py: no results in %s" % a.run)
    os.makedirs(a.svg_dir, exist_ok=True)
    text = Report(run, a.svg_dir, a.out).build()
    text += kept_sections(a.out)
    with open(a.out, "w") as f:
        f.write(text)
    print("report.py: wrote %s (%d JMH results, %d on RocksJava's engine, %d native, %d native on RocksJava's "
          "engine, %d adaptive, %d guard, %d forward)"
          % (a.out, len(run.results), len(run.results_rj), len(run.native), len(run.native_rj), len(run.adaptive),
             len(run.guard), len(run.forward)), file=sys.stderr)


if __name__ == "__main__":
    main()
