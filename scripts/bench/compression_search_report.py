#!/usr/bin/env python3
"""The compression-search section of docs/benchmarks.md from one
scripts/bench.sh compression-search run folder.

index-search.json (JMH) and index-search-native.jsonl (the native floor, one
line per point and run; the runs' iterations are pooled as JMH pools its
forks'), compression.json (JMH, SingleShotTime) and compression-cpu.txt (one
line per measured operation: compression threads operation cpu_ns wall_ns
input_bytes). Every figure is a mean with its 99.9% confidence half-width
(Student t, as JMH); a ratio's error combines both sides' relative errors.

With --docs FILE the section replaces the one between
"<!-- compression-search:begin -->" and "<!-- compression-search:end -->"
(appended if there is none); text after "<!-- compression-search:notes -->"
inside it (written by hand) is kept.
"""
import argparse
import json
import math
import os
import pathlib
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchreport.kept import markers, sections, splice  # noqa: E402

T999 = [636.6192, 31.5991, 12.9240, 8.6103, 6.8688, 5.9588, 5.4079, 5.0413, 4.7809, 4.5869,
        4.4370, 4.3178, 4.2208, 4.1405, 4.0728, 4.0150, 3.9651, 3.9216, 3.8834, 3.8495,
        3.8193, 3.7921, 3.7676, 3.7454, 3.7251, 3.7066, 3.6896, 3.6739, 3.6594, 3.6460]
NAME = "compression-search"
BEGIN, END = markers(NAME)
NOTES = "<!-- compression-search:notes -->"


def t999(df):
    return T999[df - 1] if df <= 30 else 3.2905 + 2.9 / df  # close enough beyond 30 (3.55 at 40)


def summary(xs):
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, float("nan")
    return m, t999(len(xs) - 1) * statistics.stdev(xs) / math.sqrt(len(xs))


def ratio(a, ea, b, eb):
    r = a / b
    return r, r * math.hypot(ea / a, eb / b)


def fmt(x, e, digits=0):
    return f"{x:.{digits}f} ±{e:.{digits}f}"


def index_search(run):
    jmh = {}
    for b in json.loads((run / "index-search.json").read_text()):
        p = b["params"]
        m = b["primaryMetric"]
        jmh[(p["keys"], p["search"])] = (m["score"], m["scoreError"], len([x for f in m["rawData"] for x in f]))
    native = {}
    distinct = {}
    for line in (run / "index-search-native.jsonl").read_text().splitlines():
        if not line.strip():
            continue
        d = json.loads(line)
        native.setdefault((d["keys"], d["search"]), []).extend(d["iterations"])
        distinct[d["keys"]] = d["distinctKeys"]
    instructions = {}
    if has_instructions(run):
        for line in (run / "instructions.txt").read_text().splitlines():
            keys, search, calls, _, per = line.split()
            instructions[(keys, search)] = (int(calls), int(per))
    out = ["| keys | search | panrocks gets/s | / kBinary | native gets/s | / kBinary | panrocks / native |"
           + (" native instructions per get | / kBinary |" if instructions else ""),
           "|---|---|--:|--:|--:|--:|--:|" + ("--:|--:|" if instructions else "")]
    for keys in ("uniform", "skewed"):
        jb, jbe, _ = jmh[(keys, "kBinary")]
        nb, nbe = summary(native[(keys, "kBinary")])
        for search in ("kBinary", "kAuto", "kInterpolation"):
            j, je, _ = jmh[(keys, search)]
            n, ne = summary(native[(keys, search)])
            jr = "1.00" if search == "kBinary" else fmt(*ratio(j, je, jb, jbe), 3)
            nr = "1.00" if search == "kBinary" else fmt(*ratio(n, ne, nb, nbe), 3)
            label = f"{keys} ({distinct.get(keys, '?')} keys)" if search == "kBinary" else ""
            name = "kAuto (threshold 0.2)" if search == "kAuto" else search
            row = f"| {label} | `{name}` | {fmt(j, je)} | {jr} | {fmt(n, ne)} | {nr} | {fmt(*ratio(j, je, n, ne), 3)} |"
            if instructions:
                per = instructions[(keys, search)][1]
                base = instructions[(keys, "kBinary")][1]
                row += f" {per:,} | {per / base:.3f} |"
            out.append(row)
    samples = {len(v) for v in native.values()}
    return out, samples


def has_instructions(run):
    f = run / "instructions.txt"
    return f.exists() and f.read_text().strip() != ""


def instructions_counts(run):
    for line in (run / "instructions.txt").read_text().splitlines():
        keys, search, calls, _, per = line.split()
        yield int(calls), int(per)


def compression(run):
    jmh = {}
    for b in json.loads((run / "compression.json").read_text()):
        op = b["benchmark"].rsplit(".", 1)[1]
        p = b["params"]
        m = b["primaryMetric"]
        jmh[(op, p["compression"], int(p["threads"]))] = (m["score"], m["scoreError"], m["scoreUnit"])
    cpu = {}
    for line in (run / "compression-cpu.txt").read_text().splitlines():
        c, t, op, cpu_ns, wall_ns, size = line.split()
        cpu.setdefault((op, c, int(t)), []).append((int(cpu_ns), int(wall_ns), int(size)))
    out = ["| operation | compression | threads | ms per op | MB/s of input | × 1 thread (speed) | CPU ms per op | × 1 thread (CPU) | CPU / wall |",
           "|---|---|--:|--:|--:|--:|--:|--:|--:|"]
    for op in ("flush", "compaction"):
        for comp in ("ZSTD_COMPRESSION", "LZ4_COMPRESSION"):
            base = jmh[(op, comp, 1)]
            base_cpu = summary([c / 1e6 for c, _, _ in cpu[(op, comp, 1)]])
            for threads in (1, 2):
                ms, ems, unit = jmh[(op, comp, threads)]
                assert unit == "ms/op", unit
                size = cpu[(op, comp, threads)][0][2]
                mbs = size / 1e6 / (ms / 1000)
                embs = mbs * ems / ms
                c, ec = summary([c / 1e6 for c, _, _ in cpu[(op, comp, threads)]])
                busy = summary([c / w for c, w, _ in cpu[(op, comp, threads)]])
                speed = "1.00" if threads == 1 else fmt(*ratio(base[0], base[1], ms, ems), 2)
                cost = "1.00" if threads == 1 else fmt(*ratio(c, ec, *base_cpu), 2)
                out.append(f"| {op if comp.startswith('ZSTD') and threads == 1 else ''} | "
                           f"{comp.split('_')[0] if threads == 1 else ''} | {threads} | {fmt(ms, ems)} | {fmt(mbs, embs, 1)} | "
                           f"{speed} | {fmt(c, ec)} | {cost} | {fmt(*busy, 2)} |")
    samples = {len(v) for v in cpu.values()}
    return out, samples


def section(run):
    machine = dict(l.split("=", 1) for l in (run / "machine.txt").read_text().splitlines() if "=" in l)
    idx, idx_samples = index_search(run)
    comp, comp_samples = compression(run)
    lines = [
        BEGIN,
        "## Index search and parallel compression (issue 36)",
        "",
        f"<!-- generated by scripts/bench/compression_search_report.py from jmh/results/{run.name}; "
        "the text after the notes marker is written by hand -->",
        "",
        f"{machine.get('cpu', '?')}, {machine.get('cores', '?')} cores, {machine.get('java', '?')}, RocksDB "
        f"{machine.get('engine', '?')}, git {machine.get('git', '?')}. **Shared and noisy: load average "
        f"{machine.get('load_before', '?')} before, {machine.get('load_middle', '?')} between the two benchmarks, "
        f"{machine.get('load_after', '?')} after** (other workers' builds and benchmarks on the same 2 cores). "
        f"Run folder: `jmh/results/{run.name}`. Errors are 99.9% confidence half-widths; a ratio's error combines "
        "both sides'.",
        "",
        "### Index search: point gets (`IndexSearchBenchmark`, `panrocks_index_search_bench`)",
        "",
        "`get(key, byte[] value)` of a random present key from one compacted SST file (1,000,000 draws of 8-byte "
        "big-endian keys, 16-byte values, no compression, 4 KiB blocks, blocks in a 1 GiB block cache after "
        "every key was read once); the native floor does the same pinned `Get` and copy straight on the engine, "
        "same keys, options and file. `uniform`: uniformly random longs; `skewed`: log-uniform longs (a random "
        "bit length, then random bits), so the gaps between neighbouring keys span orders of magnitude. "
        "`kAuto` searches an index block by interpolation only where the writer marked it uniform "
        "(`uniform_cv_threshold` 0.2, RocksJava's default; both sides write it). JMH: 2 forks × 6 × 1 s after "
        f"3 × 1 s warmup; native: 2 runs × 6 × 1 s after 3 s warmup, {sorted(idx_samples)} iterations pooled."
        + (" Instructions: callgrind's count below the native floor's measured get (`measuredGet`: the engine's "
           "`Get`, the copy, the `Reset`), loading and warming left out, over "
           f"{min(c for c, _ in instructions_counts(run))}+ gets per point; they do not depend on the machine's load."
           if has_instructions(run) else ""),
        "",
        *idx,
        "",
        "### Parallel compression: flush and compaction (`ParallelCompressionBenchmark`)",
        "",
        "One operation: `flush()` of a memtable of 32 MiB (32,768 values of 1 KiB of words from a 24-word "
        "vocabulary, 16-byte keys), or `compactRange()` of four 8 MiB L0 files of those entries (keys "
        "interleaved, all 32 MiB merged and rewritten; the inputs written with the same compression); a fresh DB "
        "per operation, set up outside the timing. `compression_opts` and `bottommost_compression_opts` carry "
        "`parallel_threads`; library defaults otherwise. JMH SingleShotTime, 2 forks × 10 operations after 3 "
        "warmup operations each. MB/s = 32 MiB (33.55 MB) of input ÷ time. CPU: the process CPU time "
        "(`OperatingSystemMXBean.getProcessCpuTime`, all threads, 10 ms ticks on this kernel) around each "
        f"measured operation, {sorted(comp_samples)} operations per row; CPU / wall is the cores kept busy.",
        "",
        *comp,
        "",
        NOTES,
    ]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("run")
    ap.add_argument("--docs")
    a = ap.parse_args()
    run = pathlib.Path(a.run)
    text = section(run)
    if not a.docs:
        print(text + "\n" + END)
        return
    old = next((part for part in sections(pathlib.Path(a.docs).read_text()) if part.startswith(BEGIN)), "")
    notes = old.split(NOTES, 1)[1][: -len(END)] if NOTES in old else ""
    splice(a.docs, NAME, text + (notes if notes else "\n") + END)


if __name__ == "__main__":
    main()
