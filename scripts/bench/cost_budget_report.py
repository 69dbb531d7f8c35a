#!/usr/bin/env python3
"""The per-call cost budget of get(key, byte[]) from one run folder.

Reads the GetCostBudget results (jmh-cost-budget.json, or jmh.json) and the
native floor's get_buffer lines (native.jsonl, or native-*.jsonl, pooled) of
the same run and prints a markdown table: each step of the ladder in ns per
call with its 99.9% error, and the differences that assign the time between
the native floor and the API call to the engine-as-a-library plus crossing
layer and to the Java API's own bookkeeping. Used for the "cost-budget"
section of docs/benchmarks.md:

  python3 scripts/bench/cost_budget_report.py jmh/results/<run>
"""
import json
import math
import pathlib
import sys

SIZES = (16, 16384)


def ns(ops, err):
    """ns per call and its error from ops/s and its error (first-order)."""
    return 1e9 / ops, 1e9 * err / (ops * ops)


def load(run):
    run = pathlib.Path(run)
    files = [run / "jmh-cost-budget.json"] if (run / "jmh-cost-budget.json").exists() else [run / "jmh.json"]
    jmh = {}
    for f in files:
        for e in json.loads(f.read_text()):
            name = e["benchmark"].rsplit(".", 1)[1]
            pm = e["primaryMetric"]
            jmh[(name, int(e["params"]["valueSize"]))] = ns(pm["score"], pm["scoreError"])
    native = {}
    for f in sorted(run.glob("native*.jsonl")):
        if "rjengine" in f.name:
            continue
        for line in f.read_text().splitlines():
            d = json.loads(line)
            if (d["shape"] == "get_buffer" and d["threads"] == 1 and d["keyCount"] == 1000 and d["keySize"] == 16
                    and d["dataset"] == "flushed" and d["valueSize"] in SIZES):
                native.setdefault(d["valueSize"], []).append(ns(d["opsPerSec"], d["error"]))
    # pooled: mean of the runs, errors combined as for a mean
    floor = {}
    for size, runs in native.items():
        mean = sum(r[0] for r in runs) / len(runs)
        floor[size] = (mean, math.sqrt(sum(r[1] ** 2 for r in runs)) / len(runs))
    return jmh, floor


def diff(a, b):
    return a[0] - b[0], math.hypot(a[1], b[1])


def cell(v):
    return f"{v[0]:,.1f} ±{v[1]:,.1f}"


def main(run):
    jmh, floor = load(run)
    rows = [
        ("native floor `get_buffer`: `Get` + `memcpy` into a buffer (C++, static engine)", lambda s: floor[s]),
        ("`rawGet`: `panrocks_get_adaptive` through the generated binding, result left in native memory",
         lambda s: jmh[("rawGet", s)]),
        ("`rawGetCopyOut`: `rawGet` + the copy into the caller's `byte[]` (+ pin release above 512 B)",
         lambda s: jmh[("rawGetCopyOut", s)]),
        ("`api`: `db.get(key, value)`", lambda s: jmh[("api", s)]),
        ("**engine as a shared library + crossing + C stub** (`rawGetCopyOut` − floor)",
         lambda s: diff(jmh[("rawGetCopyOut", s)], floor[s])),
        ("**Java API bookkeeping** (`api` − `rawGetCopyOut`)",
         lambda s: diff(jmh[("api", s)], jmh[("rawGetCopyOut", s)])),
        ("**all the binding adds** (`api` − floor)", lambda s: diff(jmh[("api", s)], floor[s])),
        ("  empty downcall `panrocks_abi_version()` (the crossing alone)", lambda s: jmh[("downcall", s)]),
        ("  close guard: `enter()` + `exit()`", lambda s: jmh[("guard", s)]),
        ("  key staging: copy 16 B into native scratch (guard + staging − guard)",
         lambda s: diff(jmh[("guardAndStageKey", s)], jmh[("guard", s)])),
        ("  copy of the value from a hot native buffer into the array", lambda s: jmh[("copyOut", s)]),
    ]
    print("| ns per call (± 99.9% error) | " + " | ".join(f"{s // 1024} KiB" if s >= 1024 else f"{s} B"
                                                        for s in SIZES) + " |")
    print("|---|" + "--:|" * len(SIZES))
    for label, f in rows:
        cells = []
        for s in SIZES:
            try:
                cells.append(cell(f(s)))
            except KeyError:
                cells.append("–")
        print(f"| {label} | " + " | ".join(cells) + " |")
    for s in SIZES:
        if s in floor and ("api", s) in jmh:
            a, fl = jmh[("api", s)], floor[s]
            r = fl[0] / a[0]
            e = r * math.hypot(a[1] / a[0], fl[1] / fl[0])
            print(f"\napi / native at {s} B: {r:.3f}× ±{e:.3f}", end="")
    print()


if __name__ == "__main__":
    main(sys.argv[1])
