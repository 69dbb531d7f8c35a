#!/usr/bin/env python3
"""Report of a scripts/bench-kafka.sh memory run: the resident memory of one Kafka Streams application with
many state stores under a steady write load, over time, per engine (issue 22 item 3).

Reads <run>/<engine>.txt (lines "baseline <rss>", "sample <s> <rss> <puts> <budget usage> <memtables>",
"done <puts>", "disk <bytes>") and machine.json; writes a markdown section and, with --svg, a line chart of
the memory above each JVM's baseline against time (the style of scripts/bench/benchreport/charts.py, linear
axes); with --docs it splices the section into docs/benchmarks.md between the kafka-memory markers.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchreport.charts import esc, marker  # noqa: E402
from benchreport.kept import markers, run_notes, splice  # noqa: E402

NAME = "kafka-memory"
ENGINES = [
    ("panrocks", "panrocks, shared budget (default)", "#d62728", "", "circle"),
    ("panrocks-charged", "panrocks, shared budget, table memory charged to it", "#9467bd", "4,2", "diamond"),
    ("panrocks-off", "panrocks, budget off (per-store, Kafka's defaults)", "#ff7f0e", "6,4", "square"),
    ("builtin", "Kafka's built-in RocksDB stores, defaults", "#1f77b4", "2,3", "triangle"),
]
MIB = 1024 * 1024


class Run:
    def __init__(self, path):
        self.baseline = None
        self.samples = []  # (seconds, rss, puts, usage, memtables)
        self.done = None
        self.disk = None
        with open(path) as f:
            for line in f:
                p = line.split()
                if not p:
                    continue
                if p[0] == "baseline":
                    self.baseline = int(p[1])
                elif p[0] == "sample":
                    self.samples.append((float(p[1]), int(p[2]), int(p[3]), int(p[4]), int(p[5])))
                elif p[0] == "done":
                    self.done = int(p[1])
                elif p[0] == "disk":
                    self.disk = int(p[1])

    def above(self):
        return [(s, (rss - self.baseline) / MIB) for s, rss, _, _, _ in self.samples]

    def at(self, seconds):
        """Memory above the baseline (MiB) at the last sample at or before seconds."""
        best = None
        for s, v in self.above():
            if s <= seconds + 0.5:
                best = v
        return best

    def peak(self):
        return max(v for _, v in self.above())

    def rate(self):
        last = self.samples[-1]
        return last[2] / last[0] if last[0] > 0 else 0


def chart(title, subtitle, series, path, budget_mib, note):
    """series: [(label, color, dash, mark, [(x, y)])]: a line chart with linear axes."""
    W, H = 1040, 560
    L, R, T, B = 80, 390, 60, 60
    pw, ph = W - L - R, H - T - B
    xmax = max(x for *_, pts in series for x, _ in pts)
    ymax = max([y for *_, pts in series for _, y in pts] + [budget_mib])
    step = next(s for s in (64, 128, 256, 512, 1024, 2048, 4096) if ymax / s <= 8)
    ytop = (int(ymax // step) + 1) * step
    xstep = next(s for s in (10, 15, 30, 60, 120) if xmax / s <= 10)
    xtop = (int(xmax // xstep) + (0 if xmax % xstep == 0 else 1)) * xstep

    def X(x):
        return L + x / xtop * pw

    def Y(y):
        return T + ph - max(y, 0) / ytop * ph

    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
         'font-family="Helvetica, Arial, sans-serif" font-size="12">' % (W, H, W, H),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="%d" y="24" font-size="16" font-weight="bold">%s</text>' % (L, esc(title)),
         '<text x="%d" y="42" fill="#444">%s</text>' % (L, esc(subtitle))]
    y = 0
    while y <= ytop:
        o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s"/>' % (L, Y(y), L + pw, Y(y), "#ddd"))
        o.append('<text x="%d" y="%.1f" text-anchor="end" fill="#333">%d</text>' % (L - 6, Y(y) + 4, y))
        y += step
    x = 0
    while x <= xtop:
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#eee"/>' % (X(x), T, X(x), T + ph))
        o.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#333">%d</text>' % (X(x), T + ph + 18, x))
        x += xstep
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#333"/>' % (L, T, pw, ph))
    o.append('<text x="%d" y="%d" text-anchor="middle">seconds of steady writes</text>' % (L + pw / 2, H - 16))
    o.append('<text transform="translate(20,%d) rotate(-90)" text-anchor="middle">MiB resident above the JVM\'s '
             'baseline</text>' % (T + ph / 2))
    # the budget, as a line of its own
    o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#2ca02c" stroke-width="1.5" stroke-dasharray="8,3"/>'
             % (L, Y(budget_mib), L + pw, Y(budget_mib)))
    ly = T + 8
    for label, color, dash_pattern, mark, pts in series:
        dash = (' stroke-dasharray="%s"' % dash_pattern) if dash_pattern else ""
        d = " ".join("%s%.1f,%.1f" % ("M" if i == 0 else "L", X(x), Y(y)) for i, (x, y) in enumerate(pts))
        o.append('<path d="%s" fill="none" stroke="%s" stroke-width="2"%s/>' % (d, color, dash))
        for i, (x, y) in enumerate(pts):
            if i % 10 == 0 or i == len(pts) - 1:
                o.append(marker(mark, X(x), Y(y), color))
        lx = L + pw + 20
        o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>'
                 % (lx, ly, lx + 28, ly, color, dash))
        o.append(marker(mark, lx + 14, ly, color))
        o.append('<text x="%d" y="%d">%s</text>' % (lx + 36, ly + 4, esc(label)))
        ly += 20
    lx = L + pw + 20
    o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#2ca02c" stroke-width="1.5" stroke-dasharray="8,3"/>'
             % (lx, ly, lx + 28, ly))
    o.append('<text x="%d" y="%d">panrocks.memory.bytes (%d MiB)</text>' % (lx + 36, ly + 4, budget_mib))
    ly += 20
    for i, line in enumerate(note):
        o.append('<text x="%d" y="%d" fill="#666" font-size="11">%s</text>' % (lx, ly + 10 + 15 * i, esc(line)))
    o.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", help="jmh/results/<timestamp>-kafka-memory-<mode>")
    ap.add_argument("--out", required=True, help="the markdown section")
    ap.add_argument("--docs", help="docs/benchmarks.md to splice the section into")
    ap.add_argument("--svg", help="the chart to write (docs/kafka-memory.svg)")
    a = ap.parse_args()
    with open(os.path.join(a.run, "machine.json")) as f:
        m = json.load(f)
    runs = {e: Run(os.path.join(a.run, e + ".txt")) for e, *_ in ENGINES if os.path.exists(os.path.join(a.run, e + ".txt"))}
    budget_mib = 256 if m["budget"] == "default" else int(m["budget"]) // MIB
    rel = os.path.relpath(a.run, os.getcwd())
    begin, end = markers(NAME)
    lines = [begin, "", "## Kafka Streams: one memory budget for every store", ""]
    lines.append("`scripts/bench-kafka.sh memory` (mode **%s**, git %s, %s): one application with **%d key-value "
                 "stores** (one per task, as one store over %d partitions), one thread writing **%s fresh 1 KiB "
                 "values a second** spread evenly over them, each put followed by a get of an earlier key of the "
                 "same store, every store committed every %d s (Kafka's `commit.interval.ms`), for %d s per engine, "
                 "each engine in a JVM of its own with a fixed, pre-touched %s heap. Resident memory (VmRSS) is "
                 "sampled once a second and shown above the JVM's baseline (measured after the engine's library "
                 "loaded, before any store opened), so what is shown is the stores' native memory plus what the "
                 "JVM adds while it runs. Kafka Streams %s; built-in stores on RocksJava %s. %s, %d cores, %s; load "
                 "average at the start %s."
                 % (m["mode"], m["git"], m["started"], m["stores"], m["stores"], format(m["puts_per_second"], ","),
                    m["commit_ms"] // 1000, m["seconds"], m["heap"], m["kafka"], m["rocksdbjni"], m["cpu"],
                    m["cores"], m["memory"], m["load"]))
    lines.append("")
    marks = [t for t in (30, 60, 90, 120, 150, 180, 240, 300) if t <= m["seconds"]]
    header = ["engine", "puts/s reached"] + ["+%d s" % t for t in marks] + ["peak", "on disk"]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
    for e, label, *_ in ENGINES:
        r = runs.get(e)
        if not r:
            continue
        cells = [label, format(round(r.rate()), ",")]
        cells += ["%.0f MiB" % r.at(t) if r.at(t) is not None else "" for t in marks]
        cells += ["%.0f MiB" % r.peak(), "%.0f MiB" % (r.disk / MIB) if r.disk else ""]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    p = runs.get("panrocks")
    if p:
        usage = [s[3] for s in p.samples if s[3] >= 0]
        mem = [s[4] for s in p.samples if s[4] >= 0]
        over = p.peak() - budget_mib
        lines.append("With the budget (%d MiB) the shared cache's usage, memtables included, peaked at %.0f MiB and "
                     "the memtables at %.0f MiB; the process stayed at most **%.0f MiB above budget plus baseline**. "
                     "That is the fixed overhead, which does not follow the data: per-DB engine structures of %d "
                     "DBs, file metadata, compaction and flush buffers, the allocator's slack, and the JVM's own "
                     "growth (JIT code, metaspace). `MemoryBudgetRssTest` holds a 64 MiB budget for 50 stores to "
                     "budget + 160 MiB in every test run."
                     % (budget_mib, max(usage) / MIB if usage else 0, max(mem) / MIB if mem else 0, over,
                        m["stores"]))
        lines.append("")
    c = runs.get("panrocks-charged")
    if p and c:
        cusage = [s[3] for s in c.samples if s[3] >= 0]
        lines.append("With `panrocks.memory.charge.table.memory` on (RocksDB's `cache_usage_options`: table readers, "
                     "file metadata and filter construction charged to the budget's cache, reported by role with "
                     "`Cache.getUsageByRole()`), the process stayed at most **%.0f MiB above budget plus baseline** "
                     "(%+.0f MiB against the default) and the cache's usage peaked at %.0f MiB: the engine reserves "
                     "charged memory in 256 KiB steps per store and role, so %d small stores reserve room they do not "
                     "use, which the cache's data blocks then lack."
                     % (c.peak() - budget_mib, c.peak() - p.peak(), max(cusage) / MIB if cusage else 0, m["stores"]))
        lines.append("")
    if "builtin" in runs or "panrocks-off" in runs:
        lines.append("Without a budget memory follows the data: each store keeps up to three 16 MiB memtables "
                     "(flushed at the latest by the commit every %d s, hence the dips) and fills its own 50 MiB "
                     "block cache as it reads, so %d stores may reach %.1f GiB outside the heap, and more with every "
                     "partition added." % (m["commit_ms"] // 1000, m["stores"], m["stores"] * 98 / 1024))
        lines.append("")
    lines.append("The machine is shared and was busy (other builds ran meanwhile): memory figures move less with "
                 "load than times do, but the writes reached are lower than asked on a busy machine (the column "
                 "*puts/s reached*), and fewer writes mean less data to cache; compare the engines at the same "
                 "time and read the write rate with them.")
    lines.append("")
    notes = run_notes(a.run)
    if notes:
        lines += notes[1:] + [""]
    if a.svg:
        series = [(label, color, dash, mark, runs[e].above()) for e, label, color, dash, mark in ENGINES if e in runs]
        chart("Kafka Streams, %d stores under steady writes: resident memory" % m["stores"],
              "above each JVM's baseline; %s puts/s of 1 KiB asked, %s heap fixed (lower is better)"
              % (format(m["puts_per_second"], ","), m["heap"]),
              series, a.svg, budget_mib,
              ["mode %s, git %s" % (m["mode"], m["git"]), "%s, %d cores" % (m["cpu"][:40], m["cores"]),
               "shared machine, load %s at start" % m["load"]])
        lines.append("![memory over time](%s)" % os.path.relpath(a.svg, os.path.dirname(a.docs or a.out)))
        lines.append("")
    lines.append("Samples and logs: `%s/`. Regenerate this section with `python3 scripts/bench/memory_report.py %s "
                 "--out %s/kafka-memory.md --docs docs/benchmarks.md --svg docs/kafka-memory.svg`." % (rel, rel, rel))
    lines.append("")
    lines.append(end)
    text = "\n".join(lines) + "\n"
    with open(a.out, "w") as f:
        f.write(text)
    if a.docs:
        splice(a.docs, NAME, text)


if __name__ == "__main__":
    main()
