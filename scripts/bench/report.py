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
from benchreport.kept import sections


# Sections other generators own, each between "<!-- NAME:begin -->" and "<!-- NAME:end -->" in the page
# (scripts/bench/callbacks_report.py writes the Java-callback one, scripts/bench-kafka.sh the Kafka Streams,
# cluster and memory ones, scripts/bench.sh builds, revisions, critical-gc, startup, instructions and
# compression-search theirs; the others are written by hand from the runs they name): report.py writes no
# marked section itself, so a regeneration keeps every one the page has, in its order, at the end. A section
# added to the page by hand or by a new generator is kept without being listed anywhere.
def kept_sections(path):
    """The marked sections of the page at path as it is now (empty if there is none yet)."""
    try:
        with open(path) as f:
            old = f.read()
    except OSError:
        return ""
    return "".join("\n" + section + "\n" for section in sections(old))


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
