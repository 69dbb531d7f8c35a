#!/usr/bin/env python3
"""Report of a scripts/bench-kafka.sh run: panrocks's Kafka Streams stores against Kafka's built-in RocksDB stores.

Reads the JMH JSON of one run folder (kafka.json, kafka-restore.json, and the *-rjengine.json files of a
--rjengine run), writes a markdown section, and with --docs splices it into docs/benchmarks.md between the
kafka-streams markers (scripts/bench/report.py keeps that block when it regenerates the page).

Ratios are panrocks / built-in for throughputs and built-in / panrocks for times, so above 1 always means
panrocks is faster; their errors combine the two 99.9% intervals' relative halves in quadrature.
"""
import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchreport.kept import markers, splice  # noqa: E402

BEGIN, END = markers("kafka-streams")

ORDER = [
    ("StoreBenchmark.put", "put (one record)"),
    ("StoreBenchmark.get", "get (one record)"),
    ("StoreBenchmark.putAll100", "putAll of 100 (a cache flush), per record"),
    ("StoreBenchmark.range100", "range of 100, read to the end, per range"),
    ("SegmentedStoreBenchmark.windowFetch", "window fetch (one key, one window start)"),
    ("SegmentedStoreBenchmark.windowFetchRange", "window fetch of 10 seconds (10 windows), read to the end"),
    ("SegmentedStoreBenchmark.findSessions", "session search around a time (the session aggregation's read)"),
    ("RestoreBenchmark.restore1M", "restore 1M changelog records (batches of 1000), time"),
    ("VersionedRestoreBenchmark.restore200kVersions",
     "versioned store: restore 200k changelog records over 20k keys (batches of 1000) and read every key, time"),
    ("TopologyBenchmark.pipe/wordcount", "word count, records/s"),
    ("TopologyBenchmark.pipe/aggregation", "aggregation over a table with deletions, records/s"),
    ("TopologyBenchmark.pipe/join", "KStream-KTable join, records/s"),
    ("TopologyBenchmark.pipe/windowed", "windowed count, records/s"),
]


class Point:
    def __init__(self, score, error, unit, mode):
        self.score = score
        self.error = error
        self.unit = unit
        self.mode = mode


def load(path):
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        data = json.load(f)
    out = {}
    for r in data:
        name = r["benchmark"].rsplit(".", 2)
        key = name[-2] + "." + name[-1]
        params = dict(r.get("params", {}))
        engine = params.pop("engine")
        params.pop("valueSize", None)
        if "topology" in params:
            key += "/" + params.pop("topology")
        m = r["primaryMetric"]
        err = m.get("scoreError")
        err = float("nan") if err in (None, "NaN") else float(err)
        out[(key, engine)] = Point(float(m["score"]), err, m["scoreUnit"], r["mode"])
    return out


def ratio(p, b):
    """panrocks over built-in as a speed ratio, with its error (NaN when JMH gave a side none: too few
    iterations); None if a side is missing."""
    if p is None or b is None or not p.score or not b.score:
        return None
    faster = b.score / p.score if p.mode == "ss" else p.score / b.score
    ep = p.error / p.score
    eb = b.error / b.score
    return faster, faster * math.sqrt(ep * ep + eb * eb)


def fmt(p):
    if p is None:
        return "—"
    s = p.score
    if p.mode == "ss":
        text = "%.0f ms" % s if s >= 100 else "%.1f ms" % s
    elif s >= 1e6:
        text = "%.2fM/s" % (s / 1e6)
    elif s >= 1e3:
        text = "%.1fk/s" % (s / 1e3)
    else:
        text = "%.0f/s" % s
    if not math.isnan(p.error):
        text += " ±%.0f%%" % (100 * p.error / s)
    return text


def fmt_ratio(r):
    if r is None:
        return "—"
    v, e = r
    if math.isnan(e):
        return "**%.2f×** ±? ⚠" % v
    mark = "" if e < 0.5 * v else " ⚠"
    return "**%.2f×** ±%.2f%s" % (v, e, mark)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", help="run folder (jmh/results/<timestamp>-kafka-<mode>)")
    ap.add_argument("--out", required=True, help="markdown file for the section")
    ap.add_argument("--docs", help="page to splice the section into (docs/benchmarks.md)")
    a = ap.parse_args()
    points = {}
    points.update(load(os.path.join(a.run, "kafka.json")))
    points.update(load(os.path.join(a.run, "kafka-restore.json")))
    rj = {}
    rj.update(load(os.path.join(a.run, "kafka-rjengine.json")))
    rj.update(load(os.path.join(a.run, "kafka-restore-rjengine.json")))
    if not points:
        sys.exit("kafka_report.py: no results in %s" % a.run)
    with open(os.path.join(a.run, "machine.json")) as f:
        machine = json.load(f)
    run_name = os.path.relpath(a.run, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(a.run)))))

    lines = [BEGIN, "", "## Kafka Streams state stores: panrocks against Kafka's built-in RocksDB store", "",
             "<!-- generated by scripts/bench/kafka_report.py from %s; do not edit by hand -->" % run_name, "",
             "`scripts/bench-kafka.sh` (mode **%s**, git %s, %s): JMH in `kafka-streams/src/test` (`StoreBenchmark`, "
             "`SegmentedStoreBenchmark`, `RestoreBenchmark`, `TopologyBenchmark`), each engine in forks of its own, timing `%s` (restore `%s`). "
             "Kafka Streams %s; its built-in stores run on RocksJava %s (RocksDB's own release build); panrocks runs "
             "on `%s`%s. Same options on both sides (Kafka's defaults: 16 MiB memtables, 50 MiB block cache, "
             "no compression, universal compaction, WAL off), metrics at INFO, 16 B keys, 100 B values, "
             "100,000 keys loaded. %s, %s cores, %s."
             % (machine["mode"], machine["git"], machine["started"], machine["timing"], machine["restore_timing"],
                machine["kafka"], machine["rocksdbjni"], machine["panrocks_engine"],
                " (Debian's build: RocksDB 7.8.3 compiled without -DNDEBUG, its assertions on; see the engine "
                "section above)" if "x86_64-linux-gnu" in machine["panrocks_engine"] else "",
                machine["cpu"], machine["cores"], machine["java"]),
             "",
             "Ratio: how many times faster panrocks is (panrocks/built-in throughput, built-in/panrocks time; "
             "errors are the 99.9% intervals combined; ⚠ marks an error over half the ratio, or none: "
             "too few iterations for JMH to give one)."]
    header = "| operation | built-in (RocksJava %s) | panrocks | ratio |" % machine["rocksdbjni"]
    sep = "|---|--:|--:|--:|"
    if rj:
        header = header[:-1] + " panrocks on RocksJava 7.8.3's engine build | ratio |"
        sep += "--:|--:|"
    lines += ["", header, sep]
    for key, label in ORDER:
        b = points.get((key, "builtin"))
        p = points.get((key, "panrocks"))
        if b is None and p is None:
            continue
        row = "| %s | %s | %s | %s |" % (label, fmt(b), fmt(p), fmt_ratio(ratio(p, b)))
        if rj:
            q = rj.get((key, "panrocks"))
            row += " %s | %s |" % (fmt(q), fmt_ratio(ratio(q, b)))
        lines.append(row)
    lines += ["", "Raw JMH JSON and logs: `%s/`. Regenerate this section with "
              "`python3 scripts/bench/kafka_report.py %s --out %s/kafka-streams.md --docs docs/benchmarks.md`."
              % (run_name, run_name, run_name), "", END, ""]
    text = "\n".join(lines)
    with open(a.out, "w") as f:
        f.write(text)
    if a.docs:
        splice(a.docs, "kafka-streams", text)
    print("kafka_report.py: wrote %s%s" % (a.out, " and spliced it into " + a.docs if a.docs else ""), file=sys.stderr)


if __name__ == "__main__":
    main()
