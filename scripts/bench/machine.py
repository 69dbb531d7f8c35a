#!/usr/bin/env python3
"""Describes the machine and the run settings as JSON (stdout), for the
report of scripts/bench.sh. Standard library only."""
import argparse
import hashlib
import json
import os
import platform
import re
import subprocess
import time


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def run(*cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        return (p.stdout + p.stderr).strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def engine_info(path):
    """What distinguishes an engine binary: identity, and how it was built. The count of
    call sites of __assert_fail shows whether RocksDB's assert()s are compiled in (a build
    without -DNDEBUG has thousands; with it only third-party code keeps a few)."""
    info = {"path": path, "realPath": os.path.realpath(path)}
    try:
        info["bytes"] = os.path.getsize(path)
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
        info["sha256"] = h.hexdigest()
    except OSError as e:
        info["error"] = str(e)
        return info
    try:
        p = subprocess.run(["objdump", "-d", "--no-show-raw-insn", path], capture_output=True, text=True,
                           timeout=300)
        if p.returncode == 0:
            info["assertFailCallSites"] = sum(1 for line in p.stdout.splitlines()
                                              if "call" in line and "<__assert_fail" in line)
    except (OSError, subprocess.SubprocessError):
        pass
    comment = run("readelf", "-p", ".comment", path)
    found = re.findall(r"\]\s+(GCC: .*|clang .*)", comment)
    if found:
        info["compilers"] = sorted(set(x.strip() for x in found))
    return info


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", required=True)
    ap.add_argument("--jmh-timing", required=True)
    ap.add_argument("--native-timing", required=True)
    ap.add_argument("--groups", nargs="+", required=True)
    ap.add_argument("--adaptive-sizes", required=True)
    ap.add_argument("--java", required=True)
    ap.add_argument("--forward-sizes", default="")
    ap.add_argument("--engine", action="append", default=[], help="name=path of an engine binary")
    ap.add_argument("--engine-description", default="", help="engine.txt of the bundled engine build")
    ap.add_argument("--rocksjava-newest", default="", help="version of the newest RocksJava (extra row)")
    ap.add_argument("--newest-sizes", default="")
    a = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

    cpuinfo = read("/proc/cpuinfo")
    models = re.findall(r"^model name\s*:\s*(.*)$", cpuinfo, re.M)
    mhz = re.findall(r"^cpu MHz\s*:\s*(.*)$", cpuinfo, re.M)
    flags = re.search(r"^flags\s*:\s*(.*)$", cpuinfo, re.M)
    mem = re.search(r"^MemTotal:\s*(\d+) kB", read("/proc/meminfo"), re.M)
    osr = dict(re.findall(r'^(\w+)="?([^"\n]*)"?$', read("/etc/os-release"), re.M))
    pom = read(os.path.join(root, "pom.xml"))

    def prop(name):
        m = re.search(r"<%s>([^<]+)</%s>" % (name, name), pom)
        return m.group(1) if m else None

    def constant(path, name):
        m = re.search(name + r"\s*=\s*([0-9][0-9 *L]*);", read(os.path.join(root, path)))
        if not m:
            return None
        value = 1
        for factor in m.group(1).replace("L", "").split("*"):
            value *= int(factor.strip())
        return value

    groups = []
    for g in a.groups:
        name, keys, keysize, dataset, sizes, threads, *only = g.split()
        groups.append({"name": name, "keyCount": int(keys), "keySize": int(keysize), "dataset": dataset,
                       "valueSizes": [int(v) for v in sizes.split(",")],
                       "threads": [int(t) for t in threads.split(",")],
                       "only": only[0] if only else "all"})
    meta = {
        "mode": a.mode,
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "git": run("git", "-C", root, "rev-parse", "--short", "HEAD"),
        "gitDirty": bool(run("git", "-C", root, "status", "--porcelain", "--untracked-files=no")),
        "cpuModel": models[0] if models else platform.processor(),
        "cpuMHz": mhz[0] if mhz else None,
        "cpuFlagsAvx2": bool(flags and "avx2" in flags.group(1).split()),
        "cores": os.cpu_count(),
        "memTotalGiB": round(int(mem.group(1)) / 1024 / 1024, 1) if mem else None,
        "os": osr.get("PRETTY_NAME", platform.system()),
        "kernel": platform.release(),
        "java": run(a.java, "-version").splitlines(),
        "jmhVersion": prop("jmh.version"),
        "rocksdbjniVersion": prop("rocksdbjni.version"),
        "engineVersion": prop("rocksdb.engine.version"),
        "rocksdbjniNewestVersion": a.rocksjava_newest or None,
        "engineBuild": dict(line.split("=", 1) for line in read(a.engine_description).splitlines() if "=" in line),
        "jmhTiming": a.jmh_timing,
        "nativeTiming": a.native_timing,
        "groups": groups,
        "adaptiveSizes": [int(v) for v in a.adaptive_sizes.split(",")],
        "defaultAdaptiveThreshold": constant("java-api/src/main/java/io/panrocks/Options.java",
                                             "DEFAULT_ADAPTIVE_READ_THRESHOLD"),
        "scratchValueCapacity": constant("java-api/src/main/java/io/panrocks/internal/CallContext.java",
                                         "INITIAL_VALUE_CAPACITY"),
        "forwardSizes": [int(v) for v in a.forward_sizes.split(",") if v],
        "engines": {e.split("=", 1)[0]: engine_info(e.split("=", 1)[1]) for e in a.engine},
        "newestSizes": [int(v) for v in a.newest_sizes.split(",") if v],
        "loadAverageStart": read("/proc/loadavg").split()[:3],
    }
    print(json.dumps(meta, indent=2))


if __name__ == "__main__":
    main()
