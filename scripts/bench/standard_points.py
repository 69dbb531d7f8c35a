#!/usr/bin/env python3
"""The one-thread points of a standard run folder, for scripts/bench.sh instructions --standard to count
under callgrind: one line per JVM to start and one per native floor point.

    scripts/bench/standard_points.py jmh/results/<run>

    jvm <TAB> Class <TAB> name=value,... <TAB> count <TAB> method
    native <TAB> keyCount <TAB> keySize <TAB> dataset <TAB> valueSize <TAB> count <TAB> shape shape ...

A JVM runs one benchmark method at one set of parameters, as a JMH fork does (io.panrocks.jmh.BenchmarkInstructions
can run several in turn, each in a fresh trial, but code compiled in one trial then meets another trial's
objects and deoptimizes through a trap that a JVM under valgrind does not survive); a native floor run, every shape of one point with the same count
(the read shapes share their database, so a large value's data set is loaded once). Two-thread points are left out: instructions per operation
are a one-thread measure. count is the number of operations in the counted window: 20,000 for a
16-byte read, fewer for larger values and for operations of 100 or 1,000 entries, so that every
window executes a few hundred million instructions at most.
"""
import glob
import json
import os
import re
import sys
from collections import OrderedDict

# operations that touch 100 or 1,000 entries each (multiGet of 100, scans of 1,000, batches of 100),
# by JMH method or native shape name
MANY_ENTRIES = re.compile(r"^(multi[Gg]et|scan|batch100)")


def count(name, value_size):
    n = 20000 // max(1, value_size // 1024)
    if MANY_ENTRIES.match(name):
        n //= 100
    return max(5, n)


def main():
    run = sys.argv[1]
    groups = OrderedDict()  # (class, params) -> [method]
    for path in sorted(glob.glob(os.path.join(run, "jmh-*.json"))):
        base = os.path.basename(path)
        if base.endswith("-rjengine.json") or base.endswith("-rocksjava-newest.json"):
            continue
        if base not in ("jmh-main.json", "jmh-large.json"):
            continue  # the adaptive, guard, forward and cost-budget groups have sections of their own
        with open(path) as f:
            for e in json.load(f):
                if e.get("threads", 1) != 1:
                    continue
                cls, method = e["benchmark"].rsplit(".", 1)
                params = ",".join("%s=%s" % kv for kv in sorted(e.get("params", {}).items()))
                methods = groups.setdefault((cls, params), [])
                if method not in methods:
                    methods.append(method)
    for (cls, params), methods in groups.items():
        size = int(dict(p.split("=", 1) for p in params.split(",")).get("valueSize", "16"))
        for m in methods:
            print("\t".join(["jvm", cls, params, str(count(m, size)), m]))
    native = os.path.join(run, "native.jsonl")
    shapes = OrderedDict()  # (keyCount, keySize, dataset, valueSize, count) -> [shape]
    if os.path.exists(native):
        with open(native) as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                e = json.loads(line)
                if e.get("threads", 1) != 1:
                    continue
                key = (e["keyCount"], e["keySize"], e["dataset"], e["valueSize"], count(e["shape"], e["valueSize"]))
                group = shapes.setdefault(key, [])
                if e["shape"] not in group:
                    group.append(e["shape"])
    for key, group in shapes.items():
        print("\t".join(["native"] + [str(x) for x in key] + group))

if __name__ == "__main__":
    main()
