#!/usr/bin/env python3
"""Writes the benchmark report (markdown) and its SVG charts from ONE run
folder of scripts/bench.sh: the JMH JSON files (jmh-*.json;
jmh-*-rocksjava-newest.json ran the newest RocksJava, the extra row; in runs
before the bundled engine, jmh-*-rjengine.json ran panrocks on RocksJava's
engine binary), the native floor's JSON lines (native.jsonl on the engine
panrocks links: the bundled build, or Debian's librocksdb in older runs;
native-rjengine.jsonl on RocksJava's build) and machine.json. Numbers of different runs are never mixed. Python 3
standard library only.

    scripts/bench/report.py jmh/results/<run> --out docs/benchmarks.md --svg-dir docs
"""
import argparse
import glob
import json
import math
import os
import sys
from collections import OrderedDict

NOISY = 0.20  # an error wider than this fraction of the score is flagged
NAN = float("nan")


# ---------------------------------------------------------------------------
# The variants: what each benchmark is, and what it is compared with
# ---------------------------------------------------------------------------

class Variant:
    def __init__(self, bid, engine, section, label, native=None, rj=None, single=None, what=""):
        self.bid = bid          # Class.method of the JMH benchmark, or native:shape:threads
        self.engine = engine    # panrocks | rocksjava | native
        self.section = section  # get | get2 | multiget | scan | write
        self.label = label
        self.native = native    # (shape, threads) of the native comparator
        self.rj = rj            # bid of the RocksJava comparator
        self.single = single    # for 2-thread variants: the 1-thread bid
        self.what = what


V = Variant
VARIANTS = [
    # point gets, one thread
    V("native:get_pinned:1", "native", "get", "native get_pinned (zero-copy floor)",
      what="`Get` into a `PinnableSlice`, pointer and size consumed, `Reset`"),
    V("native:get_string:1", "native", "get", "native get_string",
      what="`Get` into a reused `std::string` (one copy)"),
    V("native:get_buffer:1", "native", "get", "native get_buffer",
      what="pinned `Get` + `memcpy` into a preallocated buffer"),
    V("PanrocksGet.get", "panrocks", "get", "panrocks get → byte[]", ("get_string", 1), "RocksJavaGet.get",
      what="`byte[] get(key)`: a new array per read"),
    V("PanrocksGet.getPreallocated", "panrocks", "get", "panrocks get(key, byte[])", ("get_buffer", 1),
      "RocksJavaGet.getPreallocated", what="`int get(key, byte[] value)` into a reused array, normal downcall"),
    V("PanrocksCriticalGet.getPreallocatedCritical", "panrocks", "get", "panrocks get(key, byte[]) critical",
      ("get_buffer", 1), "RocksJavaGet.getPreallocated",
      what="the same call in a JVM with `-Dpanrocks.critical=true` (heap arrays passed to a critical downcall)"),
    V("PanrocksGet.getDirectBuffer", "panrocks", "get", "panrocks get(ByteBuffer) direct", ("get_buffer", 1),
      "RocksJavaGet.getDirectBuffer",
      what="`get(ReadOptions, ByteBuffer key, ByteBuffer value)`, direct buffers, key put into the buffer per read"),
    V("PanrocksGet.getSegment", "panrocks", "get", "panrocks get(MemorySegment)", ("get_buffer", 1),
      "RocksJavaGet.getDirectBuffer",
      what="`long get(MemorySegment key, MemorySegment value)`, key copied into a native key segment per read, native value buffer"),
    V("PanrocksGet.getPinned", "panrocks", "get", "panrocks getPinned", ("get_pinned", 1), "RocksJavaGet.get",
      what="`getPinned(key)`: zero-copy; size, first and last byte read; closed"),
    V("PanrocksGet.getScoped", "panrocks", "get", "panrocks get(key, reader) adaptive", ("get_pinned", 1),
      "RocksJavaGet.getPreallocated",
      what="scoped reader `get(key, reader)`: copied up to the adaptive threshold, pinned above; "
           "the reader reads size, first and last byte"),
    V("PanrocksGet.getAdaptive", "panrocks", "get", "panrocks getAdaptive", ("get_pinned", 1),
      "RocksJavaGet.getPreallocated",
      what="`getAdaptive(ReadOptions, key, nativeBuffer)`: copied into the buffer up to the threshold, else pinned"),
    V("RocksJavaGet.get", "rocksjava", "get", "RocksJava get → byte[]", ("get_string", 1),
      what="`byte[] get(key)`"),
    V("RocksJavaGet.getPreallocated", "rocksjava", "get", "RocksJava get(key, byte[])", ("get_buffer", 1),
      what="`int get(key, byte[] value)` into a reused array"),
    V("RocksJavaGet.getDirectBuffer", "rocksjava", "get", "RocksJava get(ByteBuffer) direct", ("get_buffer", 1),
      what="`get(ReadOptions, ByteBuffer, ByteBuffer)`, direct buffers"),
    # point gets, two threads on one DB (ops/s of both threads summed)
    V("native:get_string:2", "native", "get2", "native get_string ×2"),
    V("native:get_pinned:2", "native", "get2", "native get_pinned ×2"),
    V("native:get_buffer:2", "native", "get2", "native get_buffer ×2"),
    V("PanrocksGet.getThreads2", "panrocks", "get2", "panrocks get → byte[] ×2", ("get_string", 2),
      "RocksJavaGet.getThreads2", single="PanrocksGet.get"),
    V("PanrocksGet.getPreallocatedThreads2", "panrocks", "get2", "panrocks get(key, byte[]) ×2",
      ("get_buffer", 2), "RocksJavaGet.getPreallocatedThreads2", single="PanrocksGet.getPreallocated"),
    V("PanrocksGet.getPinnedThreads2", "panrocks", "get2", "panrocks getPinned ×2", ("get_pinned", 2),
      "RocksJavaGet.getThreads2", single="PanrocksGet.getPinned"),
    V("RocksJavaGet.getThreads2", "rocksjava", "get2", "RocksJava get → byte[] ×2", ("get_string", 2),
      single="RocksJavaGet.get"),
    V("RocksJavaGet.getPreallocatedThreads2", "rocksjava", "get2", "RocksJava get(key, byte[]) ×2",
      ("get_buffer", 2), single="RocksJavaGet.getPreallocated"),
    # multiGet of 100 keys
    V("native:multiget100:1", "native", "multiget", "native multiget100",
      what="one `MultiGet` of 100 keys into `PinnableSlice`s, each consumed and reset"),
    V("PanrocksMultiGet.multiGetAsList", "panrocks", "multiget", "panrocks multiGetAsList", ("multiget100", 1),
      "RocksJavaMultiGet.multiGetAsList", what="`multiGetAsList(List<byte[]>)`: a list of new arrays"),
    V("PanrocksMultiGet.multiGetCopy", "panrocks", "multiget", "panrocks MultiGet copy", ("multiget100", 1),
      "RocksJavaMultiGet.multiGetAsList",
      what="reused `MultiGet`, `execute(buffer)`: values copied into one native buffer, each value's digest read"),
    V("PanrocksMultiGet.multiGetPinned", "panrocks", "multiget", "panrocks MultiGet pinned", ("multiget100", 1),
      "RocksJavaMultiGet.multiGetAsList",
      what="reused `MultiGet`, `executePinned()`: values read in place"),
    V("RocksJavaMultiGet.multiGetAsList", "rocksjava", "multiget", "RocksJava multiGetAsList", ("multiget100", 1),
      what="`multiGetAsList(List<byte[]>)`"),
    # scans of 1000 entries
    V("native:scan1000:1", "native", "scan", "native scan1000",
      what="new iterator, `Seek` random key, 1000 entries read in place, iterator deleted"),
    V("PanrocksScan.scanZeroCopy", "panrocks", "scan", "panrocks scan key()/value()", ("scan1000", 1),
      "RocksJavaScan.scan", what="`key()`/`value()` zero-copy segments, one crossing per `next()`"),
    V("PanrocksScan.scanForward", "panrocks", "scan", "panrocks scanForward (bulk)", ("scan1000", 1),
      "RocksJavaScan.scan", what="`scanForward(visitor)`: many entries per crossing"),
    V("PanrocksScan.scanBytes", "panrocks", "scan", "panrocks scan keyBytes()/valueBytes()", ("scan1000", 1),
      "RocksJavaScan.scan", what="`keyBytes()`/`valueBytes()`: new arrays"),
    V("RocksJavaScan.scan", "rocksjava", "scan", "RocksJava scan key()/value()", ("scan1000", 1),
      what="`key()`/`value()`: new arrays (RocksJava has no zero-copy entry)"),
    V("RocksJavaScan.scanByteBuffer", "rocksjava", "scan", "RocksJava scan key(BB)/value(BB)", ("scan1000", 1),
      what="`key(ByteBuffer)`/`value(ByteBuffer)` into reused direct buffers"),
    # writes
    V("native:put:1", "native", "write", "native put", what="`Put` overwriting a random existing key"),
    V("native:batch100:1", "native", "write", "native batch100",
      what="one `Write` of a reused `WriteBatch` of 100 random overwrites"),
    V("PanrocksWrite.put", "panrocks", "write", "panrocks put", ("put", 1), "RocksJavaWrite.put",
      what="`put(key, value)`"),
    V("PanrocksWrite.batch100", "panrocks", "write", "panrocks WriteBatch ×100", ("batch100", 1),
      "RocksJavaWrite.batch100", what="reused `WriteBatch`: `clear()`, 100 `put`s, `write`"),
    V("RocksJavaWrite.put", "rocksjava", "write", "RocksJava put", ("put", 1), what="`put(writeOptions, key, value)`"),
    V("RocksJavaWrite.batch100", "rocksjava", "write", "RocksJava WriteBatch ×100", ("batch100", 1),
      what="reused `WriteBatch`: `clear()`, 100 `put`s, `write`"),
]
BY_ID = {v.bid: v for v in VARIANTS}

# Engine binaries. "debian": the system librocksdb panrocks links as shipped; "rj": the
# librocksdbjni-linux64.so of RocksJava's jar, which RocksJava always runs on.
DEB_TAG = "[Debian]"
RJ_TAG = "[RJ engine]"
NATIVE_DEB_TAG = "[Debian build]"
NATIVE_RJ_TAG = "[RJ build]"


def base_bid(bid):
    """'rj:PanrocksGet.get' -> 'PanrocksGet.get'; 'nativerj:get_pinned:1' -> 'native:get_pinned:1'."""
    if bid.startswith("rj:"):
        return bid[3:]
    if bid.startswith("nativerj:"):
        return "native:" + bid[len("nativerj:"):]
    return bid


def on_rj(bid):
    return bid.startswith("rj:") or bid.startswith("nativerj:")


def rj_bid(bid):
    """The same benchmark on RocksJava's engine binary (panrocks rerun, or the native floor's RJ build)."""
    if bid.startswith("native:"):
        return "nativerj:" + bid[len("native:"):]
    return "rj:" + bid


def label_of(bid, tagged=True):
    """A variant's label; with tagged, the engine binary it ran on is named."""
    v = BY_ID[base_bid(bid)]
    if not tagged or v.engine == "rocksjava":
        return v.label
    if v.engine == "native":
        return "%s %s" % (v.label, NATIVE_RJ_TAG if on_rj(bid) else NATIVE_DEB_TAG)
    return "%s %s" % (v.label, RJ_TAG if on_rj(bid) else DEB_TAG)


CHART_COLORS = {
    "PanrocksGet.getPinned": "#d62728", "PanrocksGet.getScoped": "#ff7f0e", "PanrocksGet.getAdaptive": "#e377c2",
    "PanrocksGet.get": "#9467bd", "PanrocksGet.getPreallocated": "#d62728",
    "PanrocksScan.scanZeroCopy": "#d62728", "PanrocksScan.scanForward": "#ff7f0e", "PanrocksScan.scanBytes": "#9467bd",
    "RocksJavaGet.get": "#1f77b4", "RocksJavaGet.getPreallocated": "#17becf",
    "RocksJavaScan.scan": "#1f77b4", "RocksJavaScan.scanByteBuffer": "#17becf",
}


def chart_style(bid):
    """Same variant, same colour on both engine binaries: filled and solid on Debian's
    librocksdb, hollow and dashed on RocksJava's build."""
    base = base_bid(bid)
    v = BY_ID[base]
    rj = on_rj(bid)
    if v.engine == "native":
        buf = "get_buffer" in base
        return {"color": ("#b0b0b0" if buf else "#808080") if rj else ("#555555" if buf else "#111111"),
                "dash": "2,2" if rj else "6,4", "mark": "diamond" if buf else "square", "hollow": rj}
    if v.engine == "rocksjava":
        return {"color": CHART_COLORS.get(base, "#2ca02c"), "dash": "2,3", "mark": "triangle", "hollow": False}
    return {"color": CHART_COLORS.get(base, "#8c564b"), "dash": "7,4" if rj else "", "mark": "circle", "hollow": rj}


FORWARD_PANROCKS = "PanrocksForward.forward"
FORWARD_ROCKSJAVA = "RocksJavaForward.forward"
GUARD = OrderedDict([
    ("GuardBenchmark.enterExit", ("enter + exit (the guard alone)", 1)),
    ("GuardBenchmark.enterExitThreads2", ("enter + exit", 2)),
    ("GuardBenchmark.emptyDowncall", ("empty downcall `panrocks_abi_version()`", 1)),
    ("GuardBenchmark.emptyDowncallThreads2", ("empty downcall", 2)),
    ("GuardBenchmark.get16", ("`get(key, byte[])`, 16 B value", 1)),
    ("GuardBenchmark.get16Threads2", ("`get(key, byte[])`, 16 B value", 2)),
])
SECTIONS = OrderedDict([
    ("get", "Point gets, 1 thread"),
    ("get2", "Point gets, 2 threads on one DB (ops/s of both threads)"),
    ("multiget", "MultiGet of 100 random keys (one op = 100 keys)"),
    ("scan", "Scans of 1000 entries (one op = new iterator + seek + 1000 entries)"),
    ("write", "Writes (one op = one put, or one batch of 100 puts)"),
])
ZERO_COPY_AND_BUFFER_GETS = ["PanrocksGet.getPinned", "PanrocksGet.getScoped", "PanrocksGet.getAdaptive",
                             "PanrocksGet.getSegment", "PanrocksGet.getDirectBuffer", "PanrocksGet.getPreallocated",
                             "PanrocksCriticalGet.getPreallocatedCritical"]


# ---------------------------------------------------------------------------
# Loading one run
# ---------------------------------------------------------------------------

def num(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return NAN


class M:
    """A measurement: score and its error (99.9% half-width), plus B/op if known."""

    def __init__(self, score, error, alloc=None, alloc_err=None, n=None):
        self.score, self.error, self.alloc, self.alloc_err, self.n = score, error, alloc, alloc_err, n

    @property
    def rel(self):
        if self.score is None or not self.score or math.isnan(self.error):
            return NAN
        return abs(self.error / self.score)

    @property
    def noisy(self):
        r = self.rel
        return math.isnan(r) or r > NOISY


def point_key(keyCount, keySize, dataset, valueSize):
    return (int(keyCount), int(keySize), str(dataset), int(valueSize))


class Run:
    def __init__(self, folder):
        self.folder = folder
        self.meta = {}
        mpath = os.path.join(folder, "machine.json")
        if os.path.exists(mpath):
            with open(mpath) as f:
                self.meta = json.load(f)
        self.results = {}     # (bid, point) -> M, panrocks on Debian's engine, RocksJava
        self.results_rj = {}  # (bid, point) -> M, panrocks on RocksJava's engine binary
        self.adaptive = {}    # (threshold, point) -> M
        self.guard = {}       # bid -> M
        self.forward = {}     # (bid, valueSize, sink) -> M; bid "rj:PanrocksForward.forward" on RJ's engine
        self.jmh_files = sorted(glob.glob(os.path.join(folder, "jmh-*.json")))
        self.warnings = []
        self.results_newest = {}  # (bid, point) -> M, the newest RocksJava (extra row)
        for path in self.jmh_files:
            rj = os.path.basename(path).endswith("-rjengine.json")
            if os.path.basename(path).endswith("-rocksjava-newest.json"):
                try:
                    with open(path) as f:
                        for e in json.load(f):
                            parts = e["benchmark"].split(".")
                            pr = e.get("params", {})
                            pm = e["primaryMetric"]
                            self.results_newest[(parts[-2] + "." + parts[-1], point_key(
                                pr["keyCount"], pr["keySize"], pr["dataset"], pr["valueSize"]))] = M(
                                num(pm["score"]), num(pm["scoreError"]))
                except (OSError, ValueError, KeyError) as e:
                    self.warnings.append("could not read %s: %s" % (os.path.basename(path), e))
                continue
            try:
                with open(path) as f:
                    data = json.load(f)
            except (OSError, ValueError) as e:
                self.warnings.append("could not read %s: %s" % (os.path.basename(path), e))
                continue
            for e in data:
                self._add_jmh(e, rj, os.path.basename(path))
        self.native = {}      # (shape, threads, point) -> M, on Debian's librocksdb
        self.native_rj = {}   # the same on RocksJava's engine binary
        self.engine_native = None
        for name, target, required in (("native.jsonl", self.native, True),
                                       ("native-rjengine.jsonl", self.native_rj, False)):
            npath = os.path.join(folder, name)
            if not os.path.exists(npath):
                if required:
                    self.warnings.append("no native.jsonl in the run folder: native columns are empty")
                continue
            with open(npath) as f:
                for line in f:
                    line = line.strip()
                    if not line.startswith("{"):
                        continue
                    d = json.loads(line)
                    p = point_key(d["keyCount"], d["keySize"], d["dataset"], d["valueSize"])
                    target[(d["shape"], int(d["threads"]), p)] = M(
                        num(d["opsPerSec"]), num(d.get("error")), n=len(d.get("iterations") or []))
                    if target is self.native:
                        self.engine_native = d.get("engine")

    def _add_jmh(self, e, rj=False, fname=""):
        parts = e["benchmark"].split(".")
        bid = parts[-2] + "." + parts[-1]
        params = e.get("params", {})
        jvm = " ".join(e.get("jvmArgs") or [])
        if rj and ("-Dpanrocks.library.path=" not in jvm or "rjengine" not in jvm):
            self.warnings.append("%s: %s ran without -Dpanrocks.library.path of the RJ-engine build; "
                                 "result ignored" % (fname, bid))
            return
        if not rj and "-Dpanrocks.library.path=" in jvm:
            self.warnings.append("%s: %s ran with -Dpanrocks.library.path (%s) outside an -rjengine file; "
                                 "result ignored" % (fname, bid, jvm))
            return
        pm = e["primaryMetric"]
        alloc = alloc_err = None
        for k, m in (e.get("secondaryMetrics") or {}).items():
            if k.lstrip("\u00b7").endswith("gc.alloc.rate.norm"):
                alloc, alloc_err = num(m["score"]), num(m["scoreError"])
        n = sum(len(fork) for fork in pm.get("rawData", []))
        if pm.get("scoreUnit") != "ops/s":
            self.warnings.append("%s: unit %s, expected ops/s" % (bid, pm.get("scoreUnit")))
        meas = M(num(pm["score"]), num(pm["scoreError"]), alloc, alloc_err, n)
        if bid.startswith("GuardBenchmark."):
            self.guard[bid] = meas
            return
        if bid in (FORWARD_PANROCKS, FORWARD_ROCKSJAVA):
            self.forward[(("rj:" if rj else "") + bid, int(params["valueSize"]), params.get("sink", "tmpfs"))] = meas
            return
        p = point_key(params["keyCount"], params["keySize"], params["dataset"], params["valueSize"])
        if bid == "AdaptiveThresholdBenchmark.scopedGet":
            self.adaptive[(params["threshold"], p)] = meas
        elif rj:
            self.results_rj[(bid, p)] = meas
        else:
            self.results[(bid, p)] = meas

    def get(self, bid, p):
        """bid: Class.method (Debian engine), rj:Class.method (panrocks on RJ's engine binary),
        native:shape:threads (Debian build), nativerj:shape:threads (RJ build)."""
        if bid.startswith("native:") or bid.startswith("nativerj:"):
            kind, shape, threads = bid.split(":")
            return (self.native_rj if kind == "nativerj" else self.native).get((shape, int(threads), p))
        if bid.startswith("rj:"):
            return self.results_rj.get((bid[3:], p))
        return self.results.get((bid, p))

    def comparator(self, v, p, kind, engine="debian"):
        """The RocksJava ("rj") or native ("native") comparator of variant v; the native one on
        the given engine binary ("debian" or "rj")."""
        if kind == "rj":
            return self.get(v.rj, p) if v.rj else None
        if v.native:
            return (self.native_rj if engine == "rj" else self.native).get((v.native[0], v.native[1], p))
        return None

    def rj_bids(self):
        """The panrocks variants this run measured on RocksJava's engine binary, in VARIANTS order."""
        have = set(b for (b, _) in self.results_rj)
        return [v.bid for v in VARIANTS if v.bid in have]

    def points(self):
        ps = (set(p for (_, p) in self.results) | set(p for (_, _, p) in self.native)
              | set(p for (_, p) in self.results_rj) | set(p for (_, _, p) in self.native_rj))
        return sorted(ps)

    def configs(self):
        """(keyCount, keySize, dataset) -> sorted value sizes."""
        out = OrderedDict()
        for p in self.points():
            out.setdefault(p[:3], []).append(p[3])
        return out

    def main_config(self):
        cs = self.configs()
        if not cs:
            return None
        return max(cs, key=lambda c: (len(cs[c]), c == (1000, 16, "flushed")))


# ---------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------

def fmt_ops(x):
    if x is None or math.isnan(x):
        return "–"
    if x >= 1e6:
        return "%.2fM" % (x / 1e6)
    if x >= 1e4:
        return "%.0fk" % (x / 1e3)
    if x >= 1e3:
        return "%.1fk" % (x / 1e3)
    if x >= 100:
        return "%.0f" % x
    return "%.1f" % x


def fmt_m(m):
    if m is None:
        return "–"
    rel = m.rel
    err = "±?" if math.isnan(rel) else "±%.0f%%" % (rel * 100)
    return "%s %s%s" % (fmt_ops(m.score), err, " ⚠" if m.noisy else "")


def fmt_size(v):
    v = int(v)
    if v >= 1 << 20 and v % (1 << 20) == 0:
        return "%d MiB" % (v >> 20)
    if v >= 1024 and v % 1024 == 0:
        return "%d KiB" % (v >> 10)
    return "%d B" % v


def fmt_bytes_op(x, err=None):
    if x is None or math.isnan(x):
        return "–"
    if x >= 10 * 1024 * 1024:
        return "%.0f MiB" % (x / 1048576)
    if x >= 10 * 1024:
        return "%.0f KiB" % (x / 1024)
    if x >= 100:
        return "%.0f B" % x
    return "%.1f B" % x


def ratio(a, b):
    """a/b with its error (relative errors in quadrature); None if either is missing."""
    if a is None or b is None or not b.score:
        return None
    r = a.score / b.score
    ea = 0 if math.isnan(a.error) else a.error / a.score
    eb = 0 if math.isnan(b.error) else b.error / b.score
    unknown = math.isnan(a.error) or math.isnan(b.error)
    return (r, NAN if unknown else r * math.sqrt(ea * ea + eb * eb))


def fmt_ratio(rt):
    if rt is None:
        return "–"
    r, e = rt
    noisy = math.isnan(e) or e > NOISY * r
    return "%.2f×%s%s" % (r, "" if math.isnan(e) else " ±%.2f" % e, " ⚠" if noisy else "")


def verdict(rt, target):
    if rt is None:
        return "not measured"
    r, e = rt
    if r >= target:
        return "met" + (" (within error)" if not math.isnan(e) and r - e < target else "")
    return "not met" + (" (within error)" if not math.isnan(e) and r + e >= target else "")


def combine(verdicts):
    vs = [v for v in verdicts if v != "not measured"]
    if not vs:
        return "not measured"
    missing = len(verdicts) - len(vs)
    tail = " (%d point(s) not measured)" % missing if missing else ""
    if all(v.startswith("met") for v in vs):
        return "**met**" + (" (within error at some points)" if any("within" in v for v in vs) else "") + tail
    failed = [v for v in vs if v.startswith("not met")]
    text = "**not met**" if len(failed) == len(vs) else "**not met** at %d of %d points" % (len(failed), len(vs))
    if all("within" in v for v in failed):
        text += " (within error)"
    return text + tail


NATIVE_ORDER = ["get_string", "get_pinned", "get_buffer", "multiget100", "scan1000", "put", "batch100"]


def classify(rt):
    """'loss' / 'win' beyond error, 'even' within it, None if not measured."""
    if rt is None:
        return None
    r, e = rt
    if math.isnan(e):
        return "loss?" if r < 1 else "win?"
    if r + e < 1:
        return "loss"
    if r - e > 1:
        return "win"
    return "even"


def reading(a, b):
    """Where a panrocks/RocksJava difference comes from: (a) same engine binary, (b) as shipped."""
    ca, cb = classify(a), classify(b)
    unsure = " (no error estimate)" if (ca or "").endswith("?") or (cb or "").endswith("?") else ""
    if ca is None:
        return "not rerun on RJ's engine" + ("; slower as shipped" if cb == "loss" else "") + unsure
    if ca.startswith("loss"):
        text = "**binding**: slower on the same binary"
        if cb == "loss":
            text += ", and as shipped"
        elif cb == "win":
            text += ", faster as shipped"
    elif ca.startswith("win"):
        text = "binding: faster on the same binary"
        if cb == "loss":
            text += "; slower as shipped: **engine build**"
        elif cb == "even":
            text += "; within error as shipped (engine build)"
    else:
        text = "within error on the same binary"
        if cb == "loss":
            text += "; slower as shipped: **engine build**"
        elif cb == "win":
            text += "; faster as shipped"
    return text + unsure


def forward_records(value_size):
    """Records in the forward benchmark's log (ForwardParams.recordCount with records = 0)."""
    return int(max(4000, min(100000, (128 << 20) // value_size)))


def cfg_name(c):
    return "keyCount %d, keySize %d, %s" % c


def table(header, rows, align=None):
    out = ["| " + " | ".join(header) + " |"]
    al = align or (["---"] + ["--:"] * (len(header) - 1))
    out.append("|" + "|".join(al) + "|")
    for r in rows:
        out.append("| " + " | ".join(r) + " |")
    return "\n".join(out)


# ---------------------------------------------------------------------------
# SVG charts (log-log), standard library only
# ---------------------------------------------------------------------------

PALETTE = {
    "native": ["#111111", "#555555", "#888888"],
    "panrocks": ["#d62728", "#ff7f0e", "#e377c2", "#9467bd", "#8c564b", "#bcbd22"],
    "rocksjava": ["#1f77b4", "#17becf", "#2ca02c"],
}
DASH = {"native": "6,4", "panrocks": "", "rocksjava": "2,3"}
MARK = {"native": "square", "panrocks": "circle", "rocksjava": "triangle"}


def esc(s):
    return (str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"))


def style(color, dash="", mark="circle", hollow=False):
    return {"color": color, "dash": dash, "mark": mark, "hollow": hollow}


def svg_chart(title, subtitle, series, path, ylabel="ops/s", note=None):
    """series: list of (label, engine or style dict, [(x, y, err)]). Writes a log-log line chart."""
    series = [s for s in series if s[2]]
    if not series:
        return False
    W, H = 1040, 560
    L, R, T, B = 80, 390, 60, 60
    pw, ph = W - L - R, H - T - B
    xs = sorted(set(x for _, _, pts in series for x, _, _ in pts))
    ys = [y for _, _, pts in series for _, y, _ in pts if y > 0]
    xmin, xmax = math.log2(min(xs)), math.log2(max(xs))
    if xmax == xmin:
        xmin, xmax = xmin - 1, xmax + 1
    xmin -= 0.3
    xmax += 0.3
    ymin = math.floor(math.log10(min(ys)) * 2) / 2
    ymax = math.ceil(math.log10(max(ys)) * 2) / 2
    if ymax == ymin:
        ymax += 1

    def X(x):
        return L + (math.log2(x) - xmin) / (xmax - xmin) * pw

    def Y(y):
        return T + ph - (math.log10(y) - ymin) / (ymax - ymin) * ph

    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
         'font-family="Helvetica, Arial, sans-serif" font-size="12">' % (W, H, W, H),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="%d" y="24" font-size="16" font-weight="bold">%s</text>' % (L, esc(title)),
         '<text x="%d" y="42" fill="#444">%s</text>' % (L, esc(subtitle))]
    # grid: decades and half-decades on y, measured sizes on x
    e = math.floor(ymin)
    while e <= ymax:
        for mult in (1, 2, 5):
            y = mult * 10 ** e
            ly = math.log10(y)
            if ymin - 1e-9 <= ly <= ymax + 1e-9:
                yy = Y(y)
                o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s"/>'
                         % (L, yy, L + pw, yy, "#ccc" if mult == 1 else "#eee"))
                o.append('<text x="%d" y="%.1f" text-anchor="end" fill="#333">%s</text>'
                         % (L - 6, yy + 4, fmt_ops(y)))
        e += 1
    for x in xs:
        xx = X(x)
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#eee"/>' % (xx, T, xx, T + ph))
        o.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#333">%s</text>'
                 % (xx, T + ph + 18, esc(fmt_size(x))))
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#333"/>' % (L, T, pw, ph))
    o.append('<text x="%d" y="%d" text-anchor="middle">value size (log scale)</text>' % (L + pw / 2, H - 16))
    o.append('<text transform="translate(20,%d) rotate(-90)" text-anchor="middle">%s (log scale)</text>'
             % (T + ph / 2, esc(ylabel)))
    o.append('<clipPath id="plot"><rect x="%d" y="%d" width="%d" height="%d"/></clipPath>' % (L, T, pw, ph))
    used = {"native": 0, "panrocks": 0, "rocksjava": 0}
    ly = T + 8
    for label, engine, pts in series:
        if isinstance(engine, dict):
            color, dash_pattern, mark, hollow = engine["color"], engine["dash"], engine["mark"], engine["hollow"]
        else:
            colors = PALETTE[engine]
            color = colors[used[engine] % len(colors)]
            used[engine] += 1
            dash_pattern, mark, hollow = DASH[engine], MARK[engine], False
        pts = sorted(pts)
        d = " ".join("%s%.1f,%.1f" % ("M" if i == 0 else "L", X(x), Y(y)) for i, (x, y, _) in enumerate(pts))
        dash = (' stroke-dasharray="%s"' % dash_pattern) if dash_pattern else ""
        o.append('<path d="%s" fill="none" stroke="%s" stroke-width="2"%s clip-path="url(#plot)"/>'
                 % (d, color, dash))
        for x, y, err in pts:
            xx, yy = X(x), Y(y)
            if err and not math.isnan(err) and err < y:
                o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" clip-path="url(#plot)"/>'
                         % (xx, Y(y + err), xx, Y(y - err), color))
            o.append(marker(mark, xx, yy, color, hollow))
        # legend
        lx = L + pw + 20
        o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>'
                 % (lx, ly, lx + 28, ly, color, dash))
        o.append(marker(mark, lx + 14, ly, color, hollow))
        o.append('<text x="%d" y="%d">%s</text>' % (lx + 36, ly + 4, esc(label)))
        ly += 20
    o.append('<text x="%d" y="%d" fill="#666" font-size="11">error bars: 99.9%% confidence half-width</text>'
             % (L + pw + 20, ly + 10))
    for i, line in enumerate(note or []):
        o.append('<text x="%d" y="%d" fill="#666" font-size="11">%s</text>' % (L + pw + 20, ly + 26 + 15 * i, esc(line)))
    o.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")
    return True


def marker(kind, x, y, color, hollow=False):
    paint = ('fill="white" stroke="%s" stroke-width="1.6"' % color) if hollow else ('fill="%s"' % color)
    if kind == "square":
        return '<rect x="%.1f" y="%.1f" width="7" height="7" %s/>' % (x - 3.5, y - 3.5, paint)
    if kind == "diamond":
        return '<path d="M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f L%.1f,%.1f Z" %s/>' % (
            x, y - 4.5, x + 4.5, y, x, y + 4.5, x - 4.5, y, paint)
    if kind == "triangle":
        return '<path d="M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f Z" %s/>' % (
            x, y - 4.5, x - 4.5, y + 3.5, x + 4.5, y + 3.5, paint)
    return '<circle cx="%.1f" cy="%.1f" r="3.5" %s/>' % (x, y, paint)


# ---------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------

class Report:
    def __init__(self, run, svg_dir, md_path):
        self.run = run
        self.svg_dir = svg_dir
        self.md_dir = os.path.dirname(os.path.abspath(md_path))
        self.out = []

    def w(self, *lines):
        self.out.extend(lines)

    def rel_link(self, path):
        return os.path.relpath(path, self.md_dir)

    def repo_path(self, path):
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        return os.path.relpath(os.path.abspath(path), root)

    # -- pieces ---------------------------------------------------------------

    def series_for(self, cfg, bids, threads_ok=True):
        out = []
        for bid in bids:
            pts = []
            for size in self.run.configs().get(cfg, []):
                m = self.run.get(bid, cfg + (size,))
                if m is not None and m.score > 0:
                    pts.append((size, m.score, m.error))
            label = label_of(bid).replace(" (zero-copy floor)", "")
            out.append((label, chart_style(bid), pts))
        return out

    CHART_NOTE = ["filled, solid: Debian's librocksdb (as shipped)",
                  "hollow, dashed: RocksJava's engine binary",
                  "(same RocksDB 7.8.3 source, different builds)"]

    def charts(self):
        cfg = self.run.main_config()
        if cfg is None:
            return []
        made = []
        gets = ["native:get_pinned:1", "nativerj:get_pinned:1", "PanrocksGet.getPinned", "rj:PanrocksGet.getPinned",
                "PanrocksGet.getScoped", "rj:PanrocksGet.getScoped", "PanrocksGet.getAdaptive",
                "RocksJavaGet.get", "RocksJavaGet.getPreallocated"]
        p = os.path.join(self.svg_dir, "bench-gets.svg")
        if svg_chart("Point gets, zero-copy and adaptive: ops/s against value size",
                     cfg_name(cfg) + ", 1 thread (higher is better)", self.series_for(cfg, gets), p,
                     note=self.CHART_NOTE):
            made.append(("Point gets, zero-copy and adaptive", p))
        copies = ["native:get_string:1", "nativerj:get_string:1", "native:get_buffer:1", "nativerj:get_buffer:1",
                  "PanrocksGet.get", "rj:PanrocksGet.get", "PanrocksGet.getPreallocated",
                  "rj:PanrocksGet.getPreallocated", "RocksJavaGet.get", "RocksJavaGet.getPreallocated"]
        p = os.path.join(self.svg_dir, "bench-gets-copy.svg")
        if svg_chart("Point gets that copy: ops/s against value size",
                     cfg_name(cfg) + ", 1 thread (higher is better)", self.series_for(cfg, copies), p,
                     note=self.CHART_NOTE):
            made.append(("Point gets that copy", p))
        scans = ["native:scan1000:1", "nativerj:scan1000:1", "PanrocksScan.scanZeroCopy",
                 "rj:PanrocksScan.scanZeroCopy", "PanrocksScan.scanForward", "rj:PanrocksScan.scanForward",
                 "PanrocksScan.scanBytes", "RocksJavaScan.scan", "RocksJavaScan.scanByteBuffer"]
        p = os.path.join(self.svg_dir, "bench-scans.svg")
        if svg_chart("Scans of 1000 entries: scans/s against value size", cfg_name(cfg) + " (higher is better)",
                     self.series_for(cfg, scans), p, ylabel="scans/s", note=self.CHART_NOTE):
            made.append(("Scans", p))
        fw = []
        for sink, dash in (("tmpfs", ""), ("devnull", "1,3")):
            for bid, label, st in ((FORWARD_PANROCKS, "panrocks writeRecordsTo " + DEB_TAG, style("#d62728", dash)),
                                   ("rj:" + FORWARD_PANROCKS, "panrocks writeRecordsTo " + RJ_TAG,
                                    style("#d62728", dash or "7,4", hollow=True)),
                                   (FORWARD_ROCKSJAVA, "RocksJava key()/value() + wrap",
                                    style("#1f77b4", dash or "2,3", "triangle"))):
                pts = [(size, m.score * 1000, m.error * 1000) for (b, size, sk), m in sorted(self.run.forward.items())
                       if b == bid and sk == sink and m.score > 0]
                if pts:
                    fw.append((label + " → " + sink, st, pts))
        p = os.path.join(self.svg_dir, "bench-forward.svg")
        if svg_chart("Forwarding log records to a channel: records/s against value size",
                     "1000 consecutive records per op; frames to a tmpfs file, or to /dev/null (higher is better)", fw, p,
                     ylabel="records/s", note=self.CHART_NOTE[:2]):
            made.append(("Batch and forward", p))
        return made

    # -- targets ------------------------------------------------------------------

    def target_rows(self):
        """Issue 5's targets (and issues 3 and 7): each evaluated (a) on the same engine binary
        (panrocks on RocksJava's engine vs RocksJava) and (b) as shipped (panrocks on Debian's).
        Rows: (target, variant, a_detail, a_verdict, b_detail, b_verdict, primary, basis)."""
        run = self.run
        rows = []
        points = run.points()
        rj_set = set(run.rj_bids())

        def against_for(against, engine):
            kind, what = against
            if kind == "rocksjava":
                return lambda p: run.get(what, p)
            if kind == "self":
                return lambda p: run.get(what if engine == "debian" else "rj:" + what, p)
            return lambda p: run.get(("native:" if engine == "debian" else "nativerj:") + what + ":1", p)

        def evaluate(bid, engine, against, target, pred):
            vals, verdicts = [], []
            cmp_fn = against_for(against, engine)
            for p in points:
                if not pred(p):
                    continue
                a = run.get(bid if engine == "debian" else "rj:" + bid, p)
                b = cmp_fn(p)
                if a is None and (b is None or engine == "rj"):
                    continue
                rt = ratio(a, b)
                verdicts.append(verdict(rt, target))
                vals.append((p, rt))
            detail = "; ".join("%s: %s" % (short_point(p, points), fmt_ratio(rt)) for p, rt in vals) or "–"
            return detail, combine(verdicts)

        def add(name, bid, a, b, basis_note=None):
            a_detail, a_verdict = a
            b_detail, b_verdict = b
            if a_verdict not in ("not measured", "n/a"):
                primary, basis = a_verdict, "a"
            else:
                primary, basis = b_verdict, "b"
            rows.append((name, label_of(bid, tagged=False), a_detail, a_verdict, b_detail, b_verdict, primary,
                         basis_note or basis))

        def check(name, bid, against, target, pred=lambda p: True):
            b = evaluate(bid, "debian", against, target, pred)
            if bid in rj_set:
                a = evaluate(bid, "rj", against, target, pred)
            else:
                a = ("not rerun on RJ's engine", "not measured")
            add(name, bid, a, b)

        rjv = lambda bid: ("rocksjava", bid)  # noqa: E731
        nat = lambda shape: ("native", shape)  # noqa: E731
        big = lambda p: p[3] >= 16384  # noqa: E731
        small = lambda p: p[3] < 1024  # noqa: E731
        check("pinned get ≥ 16 KiB: ≥ 5× RocksJava get()", "PanrocksGet.getPinned", rjv("RocksJavaGet.get"), 5, big)
        check("pinned get ≥ 16 KiB: ≥ 0.7× native pinned", "PanrocksGet.getPinned", nat("get_pinned"), 0.7, big)
        for bid in ("PanrocksGet.getScoped", "PanrocksGet.getAdaptive"):
            check("adaptive ≥ 1.0× RocksJava preallocated get, every size", bid,
                  rjv("RocksJavaGet.getPreallocated"), 1.0)
        for bid in ("PanrocksGet.getScoped", "PanrocksGet.getAdaptive"):
            check("adaptive < 1 KiB: ≥ 0.9× native (get_pinned)", bid, nat("get_pinned"), 0.9, small)
        for bid in ("PanrocksScan.scanZeroCopy", "PanrocksScan.scanForward"):
            check("scan zero-copy at 16 B: ≥ 1.0× RocksJava", bid, rjv("RocksJavaScan.scan"), 1.0,
                  lambda p: p[3] == 16)
            check("scan zero-copy at 1 KiB: ≥ 1.5× RocksJava", bid, rjv("RocksJavaScan.scan"), 1.5,
                  lambda p: p[3] == 1024)
            check("scan zero-copy at 64 KiB: ≥ 5× RocksJava", bid, rjv("RocksJavaScan.scan"), 5,
                  lambda p: p[3] == 65536)
            check("scan zero-copy: ≥ 0.8× native, every size", bid, nat("scan1000"), 0.8)
        check("WriteBatch of 100: ≥ 1.2× RocksJava", "PanrocksWrite.batch100", rjv("RocksJavaWrite.batch100"), 1.2)
        for bid in ("PanrocksMultiGet.multiGetAsList", "PanrocksMultiGet.multiGetCopy",
                    "PanrocksMultiGet.multiGetPinned"):
            check("multiGet of 100: ≥ 1.2× RocksJava multiGetAsList", bid,
                  rjv("RocksJavaMultiGet.multiGetAsList"), 1.2)
        # allocation (Java heap: a property of the binding; shown on both engines where measured)
        for bid in ZERO_COPY_AND_BUFFER_GETS:
            cols = []
            for engine in ("rj", "debian"):
                if engine == "rj" and bid not in rj_set:
                    cols.append(("not rerun on RJ's engine", "not measured"))
                    continue
                vals, verdicts = [], []
                for p in points:
                    m = run.get(bid if engine == "debian" else "rj:" + bid, p)
                    if m is None:
                        continue
                    if m.alloc is None or math.isnan(m.alloc):
                        verdicts.append("not measured")
                        continue
                    verdicts.append("met" if m.alloc < 16 else "not met")
                    vals.append("%s: %s/op" % (short_point(p, points), fmt_bytes_op(m.alloc)))
                cols.append(("; ".join(vals) or "–", combine(verdicts)))
            add("zero-copy / buffer get: < 16 B/op allocated", bid, cols[0], cols[1])
        # issue 3: two threads (panrocks against itself; the 2-thread variants run on Debian's engine only)
        for bid in ("PanrocksGet.getThreads2", "PanrocksGet.getPreallocatedThreads2", "PanrocksGet.getPinnedThreads2"):
            v = BY_ID[bid]
            b = evaluate(bid, "debian", ("self", v.single), 1.8, lambda p: True)
            add("issue 3: 2 threads ≥ 1.8× 1 thread", bid, ("n/a: panrocks against itself", "n/a"), b, "self")
        # issue 7: batch and forward, per sink
        sizes = sorted(set(size for (_, size, _) in run.forward))
        sinks = [sk for sk in ("tmpfs", "devnull") if any(k[2] == sk for k in run.forward)]
        for sink in sinks:
            for_cols = []
            for pb in ("rj:" + FORWARD_PANROCKS, FORWARD_PANROCKS):
                vals, verdicts = [], []
                for size in sizes:
                    if size < 4096:
                        continue
                    a, b = run.forward.get((pb, size, sink)), run.forward.get((FORWARD_ROCKSJAVA, size, sink))
                    if a is None and (b is None or pb.startswith("rj:")):
                        continue
                    rt = ratio(a, b)
                    verdicts.append(verdict(rt, 3.0))
                    vals.append("%s: %s" % (fmt_size(size), fmt_ratio(rt)))
                for_cols.append(("; ".join(vals) or "–", combine(verdicts) if verdicts else "not measured"))
            rows.append(("issue 7: forward ≥ 3× RocksJava at ≥ 4 KiB (to %s)" % sink,
                         "panrocks RecordBatch.writeRecordsTo",
                         for_cols[0][0], for_cols[0][1], for_cols[1][0], for_cols[1][1],
                         for_cols[0][1] if for_cols[0][1] != "not measured" else for_cols[1][1],
                         "a" if for_cols[0][1] != "not measured" else "b"))
        alloc_cols = []
        for pb in ("rj:" + FORWARD_PANROCKS, FORWARD_PANROCKS):
            vals, verdicts = [], []
            for size in sizes:
                m = run.forward.get((pb, size, "tmpfs")) or run.forward.get((pb, size, "devnull"))
                if m is None:
                    continue
                if m.alloc is None or math.isnan(m.alloc):
                    verdicts.append("not measured")
                    continue
                per = m.alloc / 1000.0
                verdicts.append("met" if per < 64 else "not met")
                vals.append("%s: %s/record" % (fmt_size(size), fmt_bytes_op(per)))
            alloc_cols.append(("; ".join(vals) or "–", combine(verdicts) if verdicts else "not measured"))
        rows.append(("issue 7: forward < 64 B allocated per record", "panrocks RecordBatch.writeRecordsTo",
                     alloc_cols[0][0], alloc_cols[0][1], alloc_cols[1][0], alloc_cols[1][1],
                     alloc_cols[0][1] if alloc_cols[0][1] != "not measured" else alloc_cols[1][1],
                     "a" if alloc_cols[0][1] != "not measured" else "b"))
        return rows

    # -- sections ---------------------------------------------------------------

    def header(self):
        meta = self.run.meta
        mode = meta.get("mode", "?")
        self.w("# panrocks benchmarks", "")
        self.w("<!-- generated by scripts/bench/report.py from %s; do not edit by hand -->"
               % self.repo_path(self.run.folder), "")
        if mode == "standard":
            self.w("> **Standard run.** The value sizes the targets name (16 B, 1 KiB, 16 KiB, 64 KiB) on the "
                   "main configuration, 2 forks × 5 × 1 s per point. Errors are 99.9% intervals; ⚠ still marks "
                   "the wide ones. The full sweep (all sizes, 100k keys, 128 B keys, memtable) is "
                   "`scripts/bench.sh` (full mode).", "")
        elif mode != "full":
            self.w("> **%s run: validation numbers.** Short iterations and one fork on a shared machine; "
                   "errors are wide and many results are flagged noisy (⚠). Run `scripts/bench.sh` "
                   "(full mode) for figures to quote." % mode.capitalize(), "")
        if meta.get("engineBuild"):
            eb = meta["engineBuild"]
            self.w("panrocks (Java FFM binding) on its bundled engine, RocksDB %s built from source with "
                   "`-DNDEBUG` (scripts/build-engine.sh), against RocksJava %s (JNI) as shipped, on its own build of "
                   "the same RocksDB version, beside a native C++ floor that calls panrocks' engine build directly. "
                   "%sEvery number below comes from one run, `%s` (mode **%s**, started %s, git %s%s); its raw JMH "
                   "JSON and native JSON lines are in that folder. Regenerate this page with "
                   "`scripts/bench.sh --report-only %s`."
                   % (eb.get("rocksdb_version", "?"), meta.get("rocksdbjniVersion", "?"),
                      ("The newest RocksJava, %s, ran RocksJava's benchmarks once more: an extra, labelled row "
                       "(section *The newest RocksJava*). " % meta["rocksdbjniNewestVersion"])
                      if meta.get("rocksdbjniNewestVersion") else "",
                      self.repo_path(self.run.folder), mode, meta.get("started", "?"), meta.get("git", "?"),
                      ", uncommitted changes" if meta.get("gitDirty") else "", self.repo_path(self.run.folder)), "")
        else:
          self.w("panrocks (Java FFM binding) against RocksJava %s (JNI), both on RocksDB %s, beside a native C++ "
               "floor that calls the engine directly. RocksDB %s exists here as two different binaries "
               "(Debian's librocksdb, which panrocks links as shipped, and the build inside RocksJava's jar), so "
               "panrocks and the native floor ran on both; see the next section before reading any "
               "panrocks/RocksJava ratio. Every number below comes from one run, "
               "`%s` (mode **%s**, started %s, git %s%s); its raw JMH JSON and native JSON lines are in that "
               "folder. Regenerate this page with `scripts/bench.sh --report-only %s`."
               % (meta.get("rocksdbjniVersion", "?"), meta.get("engineVersion", "?"), meta.get("engineVersion", "?"),
                  self.repo_path(self.run.folder), mode, meta.get("started", "?"), meta.get("git", "?"),
                  ", uncommitted changes" if meta.get("gitDirty") else "", self.repo_path(self.run.folder)), "")
        if self.run.warnings:
            for wmsg in self.run.warnings:
                self.w("- warning: " + wmsg)
            self.w("")

    def summary(self):
        self.w("## Targets (issue 5, issue 3's scaling, issue 7)", "")
        bundled = bool(self.run.meta.get("engineBuild")) and not self.run.results_rj
        if bundled:
            self.w("Each target is checked at every measured point it applies to. panrocks runs on its bundled "
                   "engine and RocksJava on its own build of the same RocksDB version, both built with "
                   "`-DNDEBUG`: the comparison **as shipped** (column b) is the verdict; column (a), the old "
                   "same-binary detour, is not measured. Ratios carry their error (99.9% half-widths combined); "
                   "\"within error\" means the error interval straddles the target, ⚠ marks an error above 20% "
                   "of the ratio.", "")
        else:
          self.w("Each target is checked at every measured point it applies to (point = value size, or "
               "keyCount/keySize/dataset/value size when several configurations ran). **Verdicts are taken on "
               "(a), the same engine binary**: panrocks rerun on RocksJava's own engine build against RocksJava "
               "(and, for targets against native, against the native floor on that same build), which "
               "isolates the binding. Column (b) shows the same target **as shipped**: panrocks on Debian's "
               "librocksdb against RocksJava on its own build, a comparison that mixes binding and engine build "
               "(next section). Where a variant was not rerun on RocksJava's engine (the rerun covers a "
               "subset, to bound the run time) the verdict falls back to (b) and says so. Ratios carry "
               "their error (99.9% half-widths combined); \"within error\" means the error interval "
               "straddles the target, ⚠ marks an error above 20% of the ratio.", "")
        found = self.target_rows()
        rows = []
        for t, v, ad, av, bd, bv, primary, basis in found:
            if primary == "not measured":
                shown = primary
            elif basis == "a":
                shown = primary + " (a)"
            elif basis == "self":
                shown = primary + " (panrocks 2 threads / 1 thread)"
            else:
                shown = primary + (" (as shipped)" if bundled else " (b only: not rerun on RJ's engine)")
            rows.append((esc_md(t), esc_md(v), esc_md(ad), av, esc_md(bd), bv, shown))
        met = sum(1 for r in found if r[6].startswith("**met"))
        unmet = sum(1 for r in found if r[6].startswith("**not met"))
        on_a = sum(1 for r in found if r[7] == "a")
        self.w("Of %d target checks: **%d met, %d not met, %d not measured** in this run (%d of them decided on "
               "the same engine binary, the rest as shipped)."
               % (len(found), met, unmet, len(found) - met - unmet, on_a), "")
        self.w(table(["target", "variant", "(a) same engine binary: measured", "(a) verdict",
                      "(b) as shipped: measured", "(b) verdict", "verdict"], rows,
                     ["---"] * 7), "")

    def engine_builds(self):
        run, m = self.run, self.run.meta
        if m.get("engineBuild"):
            return self.bundled_engine()
        self.w("## Engine builds: same version, different code", "")
        engines = m.get("engines") or {}
        deb, rjb = engines.get("debian") or {}, engines.get("rocksjava") or {}

        def sites(e):
            n = e.get("assertFailCallSites")
            return "%d" % n if isinstance(n, int) else "?"

        self.w("panrocks links Debian's `librocksdb-dev` %s (`%s`). RocksJava %s runs on the "
               "`librocksdbjni-linux64.so` bundled in its jar, the RocksDB project's own build of the same "
               "version. **They are not the same engine code.** Debian's build is compiled without `-DNDEBUG`, "
               "so RocksDB's `assert()`s and its debug-only code run in it: its disassembly has **%s call sites "
               "of `__assert_fail`**, RocksJava's build has **%s** (from third-party code it bundles). The DB "
               "options both engines write to their LOG files are identical, so the difference is the code, not "
               "the configuration. Any \"panrocks vs RocksJava\" figure therefore mixes the binding with the "
               "engine build."
               % (m.get("librocksdb", "?").replace("librocksdb-dev ", ""), deb.get("realPath", "?"),
                  m.get("rocksdbjniVersion", "?"), sites(deb), sites(rjb)), "")
        if not run.native_rj and not run.results_rj:
            self.w("This run did not measure RocksJava's engine binary (`--no-rjengine`): every panrocks figure "
                   "below is on Debian's build, every RocksJava figure on RocksJava's.", "")
            return
        self.w("To separate the two, this run extracted RocksJava's binary from `rocksdbjni-%s.jar` (sha256 "
               "`%s…`, copied under a name without `librocksdbjni`, which panrocks's guard against a second "
               "engine in the process matches on), built `libpanrocks.so` and the native floor against it "
               "(`native/build-rjengine/`, pre-C++11 `std::string` ABI, checked with `ldd`), ran the native "
               "floor on both binaries, and reran a subset of the panrocks benchmarks on it "
               "(`-Dpanrocks.library.path`; every panrocks fork checks in `/proc/self/maps` that it got the "
               "engine it was asked for). panrocks's test suite passes on that binary, so it is a legitimate "
               "configuration, not a hack: it is the same engine RocksJava users run."
               % (m.get("rocksdbjniVersion", "?"), (rjb.get("sha256") or "?")[:16]), "")
        self.w("### The native floor on both builds", "")
        self.w("Same program, same data and options, only the engine binary differs. Cell: **Debian build / "
               "RocksJava's build** (below 1: Debian's build is slower), then the two ops/s.", "")
        logs = []
        for cfg, sizes in run.configs().items():
            keys = sorted(set((shape, t) for (shape, t, p) in run.native if p[:3] == cfg)
                          | set((shape, t) for (shape, t, p) in run.native_rj if p[:3] == cfg),
                          key=lambda k: (NATIVE_ORDER.index(k[0]) if k[0] in NATIVE_ORDER else 99, k[1]))
            if not keys:
                continue
            rows = []
            for shape, t in keys:
                cells = []
                for s in sizes:
                    p = cfg + (s,)
                    d, r = run.native.get((shape, t, p)), run.native_rj.get((shape, t, p))
                    rt = ratio(d, r)
                    if rt is not None:
                        logs.append(math.log(rt[0]))
                    cells.append("%s (%s / %s)" % (fmt_ratio(rt) if rt else "–", fmt_ops(d.score) if d else "–",
                                                   fmt_ops(r.score) if r else "–"))
                rows.append(["%s%s" % (shape, " ×2 threads" if t > 1 else "")] + cells)
            self.w("%s:" % cfg_name(cfg), "")
            self.w(table(["native shape"] + [fmt_size(s) for s in sizes], rows), "")
        if logs:
            self.w("Over the %d shape/point pairs measured, Debian's build reaches **%.2f×** of RocksJava's "
                   "build (geometric mean; range %.2f× to %.2f×)."
                   % (len(logs), math.exp(sum(logs) / len(logs)), math.exp(min(logs)), math.exp(max(logs))), "")
        self.w("### How to read the rest", "")
        self.w("- **(a) same engine binary**: panrocks on RocksJava's engine / RocksJava. Both bindings drive the "
               "very same engine code: this is the apples-to-apples binding comparison, and the targets are "
               "decided on it.")
        self.w("- **(b) as shipped**: panrocks on Debian's engine / RocksJava. What swapping RocksJava for "
               "panrocks gives today on this system; it contains the engine-build factor of the table above.")
        self.w("- **(c) binding efficiency**: each binding against the native floor of the engine it ran on: "
               "panrocks [Debian] / native [Debian build], panrocks [RJ engine] / native [RJ build], RocksJava "
               "/ native [RJ build].")
        self.w("- Labels: **[Debian]** / **[Debian build]** = Debian's librocksdb, **[RJ engine]** / "
               "**[RJ build]** = RocksJava's binary. Unlabelled panrocks and native figures in the later "
               "sections are on Debian's build; RocksJava always runs on its own.")
        self.w("- A loss is named *engine build* when panrocks loses as shipped (b) but not on the same binary "
               "(a), *binding* when it loses on the same binary too.", "")
        rjv = m.get("rjengineVariants") or []
        if run.results_rj:
            self.w("Rerun on RocksJava's engine: %s, at %s (%s), 1 thread."
                   % (", ".join(esc_md(label_of(b, tagged=False)) for b in run.rj_bids()),
                      ", ".join(fmt_size(s) for s in sorted(set(p[3] for (_, p) in run.results_rj))),
                      cfg_name(sorted(set(p[:3] for (_, p) in run.results_rj))[0])), "")
        elif rjv:
            self.w("The panrocks rerun on RocksJava's engine was planned but produced no results (see the "
                   "warnings and the JMH log).", "")

    def bundled_engine(self):
        run, m = self.run, self.run.meta
        eb = m.get("engineBuild") or {}
        eng = (m.get("engines") or {}).get("bundled") or {}
        sites = eng.get("assertFailCallSites")
        self.w("## Engines", "")
        self.w("panrocks: RocksDB %s inside `libpanrocks.so` (%s, sha256 `%s…`), built by "
               "`scripts/build-engine.sh` from `%s`: %s; C++ flags `%s`; %s. Its disassembly has %s call sites of "
               "`__assert_fail` (a build without `-DNDEBUG` has thousands). "
               "RocksJava %s runs on the `librocksdbjni-linux64.so` of its jar, the RocksDB project's own build "
               "of the same version. The native floor links panrocks' engine build."
               % (eb.get("rocksdb_version", "?"), "%.1f MB" % (eng.get("bytes", 0) / 1e6), (eng.get("sha256") or "?")[:16],
                  eb.get("rocksdb_source", "?"), eb.get("cmake", "?").replace("-D", ""), eb.get("cxxflags", "?"),
                  eb.get("compiler", "?"), sites if isinstance(sites, int) else "?",
                  m.get("rocksdbjniVersion", "?")), "")
        if not m.get("rocksdbjniNewestVersion"):
            return
        self.w("### The newest RocksJava (extra row)", "")
        if not run.results_newest:
            self.w("RocksJava %s was planned but produced no results (see the warnings and the JMH log)."
                   % m["rocksdbjniNewestVersion"], "")
            return
        self.w("RocksJava %s (its own engine build, RocksDB %s) ran RocksJava's benchmarks at the main "
               "configuration's points, 1 thread. Cell: ops/s, then the ratio to RocksJava %s of the same row "
               "(above 1: the newest release is faster)."
               % (m["rocksdbjniNewestVersion"], m["rocksdbjniNewestVersion"], m.get("rocksdbjniVersion", "?")), "")
        sizes = sorted(set(p[3] for (_, p) in run.results_newest))
        rows = []
        for bid in sorted(set(b for (b, _) in run.results_newest)):
            cells = []
            for sz in sizes:
                p = [q for (b, q) in run.results_newest if b == bid and q[3] == sz]
                n = run.results_newest.get((bid, p[0])) if p else None
                o = run.results.get((bid, p[0])) if p else None
                rt = ratio(n, o) if n and o else None
                cells.append("%s (%s)" % (fmt_ops(n.score) if n else "–", fmt_ratio(rt) if rt else "–"))
            rows.append(["%s %s" % (esc_md(bid), m["rocksdbjniNewestVersion"])] + cells)
        self.w(table(["benchmark"] + [fmt_size(sz) for sz in sizes], rows), "")

    def comparisons(self):
        run = self.run
        if not run.results_rj:
            return
        self.w("## Binding or engine build? Three comparisons per shape", "")
        self.w("For every panrocks variant rerun on RocksJava's engine binary: its ops/s on both binaries and "
               "RocksJava's, then (a) same engine binary, (b) as shipped, and (c) each binding against the "
               "native floor of its own engine. \"reading\" names where a difference comes from; beyond error "
               "means the ratio's error interval does not include 1.", "")
        rj_set = run.rj_bids()
        for sec, title in SECTIONS.items():
            vs = [BY_ID[b] for b in rj_set if BY_ID[b].section == sec]
            if not vs:
                continue
            self.w("### %s" % title, "")
            rows = []
            for v in vs:
                for p in sorted(p for (b, p) in run.results_rj if b == v.bid):
                    a_m, d_m, r_m = run.get("rj:" + v.bid, p), run.get(v.bid, p), run.get(v.rj, p)
                    a, b = ratio(a_m, r_m), ratio(d_m, r_m)
                    rows.append([esc_md(v.label), short_point(p, run.points()), fmt_m(a_m), fmt_m(d_m), fmt_m(r_m),
                                 "**%s**" % fmt_ratio(a) if a else "–", fmt_ratio(b),
                                 fmt_ratio(ratio(d_m, run.comparator(v, p, "native"))),
                                 fmt_ratio(ratio(a_m, run.comparator(v, p, "native", "rj"))),
                                 fmt_ratio(ratio(r_m, run.comparator(v, p, "native", "rj"))),
                                 reading(a, b)])
            self.w(table(["panrocks variant (vs RocksJava comparator)", "point", "panrocks " + RJ_TAG,
                          "panrocks " + DEB_TAG, "RocksJava", "(a) same binary", "(b) as shipped",
                          "(c) panrocks [Debian] / native [Debian build]",
                          "(c) panrocks [RJ engine] / native [RJ build]", "(c) RocksJava / native [RJ build]",
                          "reading"], rows,
                         ["---", "---"] + ["--:"] * 8 + ["---"]), "")
            comps = sorted(set(BY_ID[v.rj].label for v in vs))
            self.w("RocksJava comparators: %s; native shapes: %s." % (
                ", ".join(esc_md(c) for c in comps),
                ", ".join(sorted(set(v.native[0] for v in vs)))), "")

    def guard(self):
        run = self.run
        self.w("## Guard cost (issue 6)", "")
        if not run.guard:
            self.w("Not measured in this run.", "")
            return
        self.w("Every panrocks call runs inside `NativeDb.enter()` / `exit()`: a ThreadLocal lookup of the "
               "thread's `CallContext`, one volatile store (its call counter), one volatile load of the DB's "
               "state and one release store, so that `close()` can wait for calls in flight. There is no shared "
               "lock or counter. `GuardBenchmark` measures the pair alone (the private `db` field of "
               "`io.panrocks.RocksDB`, read by reflection), an empty downcall (`panrocks_abi_version()`, the FFM "
               "crossing with no work) for scale, and a whole 16-byte `get(key, byte[])` into a preallocated "
               "array for context; each also on two threads sharing one DB (ops/s summed; per-thread time = "
               "threads / ops/s). Debian's engine (the get's engine work differs by build; the guard does not "
               "touch the engine).", "")
        rows = []

        def ns(m, threads):
            if m is None or not m.score:
                return None
            return threads * 1e9 / m.score

        for bid, (what, threads) in GUARD.items():
            mm = run.guard.get(bid)
            t = ns(mm, threads)
            rel = mm.rel if mm else NAN
            rows.append((what, str(threads), fmt_m(mm),
                         "–" if t is None else ("%.1f" % t + ("" if math.isnan(rel) else " ±%.1f" % (t * rel)))))
        self.w(table(["operation", "threads", "ops/s (all threads)", "ns per op per thread"], rows,
                     ["---", "--:", "--:", "--:"]), "")
        g1, g2 = run.guard.get("GuardBenchmark.enterExit"), run.guard.get("GuardBenchmark.enterExitThreads2")
        e1, e2 = run.guard.get("GuardBenchmark.emptyDowncall"), run.guard.get("GuardBenchmark.emptyDowncallThreads2")
        q1, q2 = run.guard.get("GuardBenchmark.get16"), run.guard.get("GuardBenchmark.get16Threads2")
        lines = []
        for n, g, q in ((1, g1, q1), (2, g2, q2)):
            rt = ratio(q, g)   # guard time / get time = get ops / guard ops
            if rt:
                lines.append("%d thread%s: the guard is **%.1f%%** of a 16 B get (%.1f of %.0f ns per op%s)"
                             % (n, "s" if n > 1 else "", 100 * rt[0], ns(g, n), ns(q, n),
                                "" if math.isnan(rt[1]) else ", ±%.1f points" % (100 * rt[1])))
        for ln in lines:
            self.w("- " + ln)
        rt = ratio(e1, g1)
        if rt:
            self.w("- the pair costs %.2f× an empty downcall (%s)" % (1 / rt[0] if rt[0] else NAN,
                                                                    "the guard against the bare crossing"))
        sg, se = ratio(g2, g1), ratio(e2, e1)
        if sg:
            self.w("- two threads / one thread: enter + exit %s, empty downcall %s (the control: nothing shared "
                   "at all), 16 B get %s" % (fmt_ratio(sg), fmt_ratio(se), fmt_ratio(ratio(q2, q1))))
        self.w("")
        if sg and se:
            cores = run.meta.get("cores")
            if sg[0] >= 0.8 * se[0] or (not math.isnan(sg[1]) and not math.isnan(se[1])
                                          and sg[0] + sg[1] >= se[0] - se[1]):
                self.w("The guard scales with threads as well as work that shares nothing (within the error of "
                       "this run): it does not serialize threads. On this %s-core machine shared with other "
                       "work, neither reaches 2×." % cores, "")
            else:
                self.w("**The guard scales worse than the shared-nothing control** in this run (%s vs %s): "
                       "something in enter/exit is contended between the two threads (the DB's state field is "
                       "only read; the two threads' `CallContext`s could share a cache line). Check with a full "
                       "run before concluding; the machine has %s cores and was shared." % (
                           fmt_ratio(sg), fmt_ratio(se), cores), "")

    def forward_section(self):
        run = self.run
        self.w("## Batch and forward (issue 7)", "")
        if not run.forward:
            self.w("Not measured in this run.", "")
            return
        self.w("Forwarding a log's records to a channel. The log: a DB with `RecordLog`'s two column families, "
               "keys = 8-byte big-endian offsets, 1 GiB block cache, no compression, flushed and compacted, "
               "every record read once. One operation forwards 1000 consecutive records from a random offset "
               "as frames `[int keyLength][int valueLength][key][value]` (big-endian) to a `FileChannel` on a "
               "file in /dev/shm (tmpfs: the kernel copies every byte; the file is rewound per operation). "
               "**panrocks**: `consumer.seek(offset)`, then `poll(≤ 500 records, 4 MiB)` until 1000 records, "
               "each batch written with `RecordBatch.writeRecordsTo(channel)` (values not copied in Java, "
               "gathering writes) and closed. **RocksJava**: an iterator seeks to the offset; per entry "
               "`key()` and `value()` as new arrays, the 8-byte header in a reused heap `ByteBuffer`, key and "
               "value wrapped with `ByteBuffer.wrap`, the three written with one gathering `write`. Each side "
               "checks in its setup that its output for the first and last 1000 records equals the expected "
               "frames byte for byte (and prints their CRC-32 to the JMH log). Records/s = ops/s × 1000; "
               "MB/s counts frame bytes (10^6 B); allocation per record = `gc.alloc.rate.norm` / 1000.", "")
        self.w("Two sinks: **tmpfs**, a file in /dev/shm, where the kernel copies every byte (what a socket "
               "costs as well; the same for both sides, so it bounds any ratio), and **/dev/null**, which accepts "
               "the bytes without touching them, so that only what the binding itself does remains. The output "
               "is verified byte for byte on tmpfs in setup in both cases.", "")
        sizes = sorted(set(size for (_, size, _) in run.forward))
        sinks = [sk for sk in ("tmpfs", "devnull") if any(k[2] == sk for k in run.forward)]
        rows = []
        for sink in sinks:
            for size in sizes:
                pr, pd, rj = (run.forward.get(("rj:" + FORWARD_PANROCKS, size, sink)),
                              run.forward.get((FORWARD_PANROCKS, size, sink)),
                              run.forward.get((FORWARD_ROCKSJAVA, size, sink)))
                if pr is None and pd is None and rj is None:
                    continue
                frame = 16 + size

                def rec(mm):
                    if mm is None:
                        return "–"
                    return "%s%s" % (fmt_ops(mm.score * 1000), "" if math.isnan(mm.rel) else " ±%.0f%%%s" % (
                        mm.rel * 100, " ⚠" if mm.noisy else ""))

                def mbs(mm):
                    return "–" if mm is None else "%.0f" % (mm.score * 1000 * frame / 1e6)

                def per(mm):
                    return "–" if mm is None or mm.alloc is None or math.isnan(mm.alloc) else fmt_bytes_op(mm.alloc / 1000)

                a, b = ratio(pr, rj), ratio(pd, rj)
                rows.append((sink, fmt_size(size), str(forward_records(size)), rec(pr), rec(pd), rec(rj),
                             "%s / %s / %s" % (mbs(pr), mbs(pd), mbs(rj)), "**%s**" % fmt_ratio(a) if a else "–",
                             fmt_ratio(b), per(pr), per(pd), per(rj), reading(a, b)))
        self.w(table(["sink", "value size", "records in the log", "panrocks " + RJ_TAG + " records/s",
                      "panrocks " + DEB_TAG + " records/s", "RocksJava records/s",
                      "MB/s (panrocks RJ / Debian / RocksJava)", "(a) same binary", "(b) as shipped",
                      "B/record panrocks " + RJ_TAG, "B/record panrocks " + DEB_TAG, "B/record RocksJava", "reading"],
                     rows, ["---", "--:", "--:"] + ["--:"] * 9 + ["---"]), "")
        found = list(dict.fromkeys(r for r in self.target_rows() if r[0].startswith("issue 7")))
        for t, v, ad, av, bd, bv, primary, basis in found:
            self.w("- %s: %s — (a) same binary: %s; (b) as shipped: %s (%s)" % (
                esc_md(t), primary, esc_md(ad), esc_md(bd), bv))
        self.w("")
        self.w("What each side does per record: RocksJava copies every value twice on the Java side (engine → "
               "new `byte[]` in `value()`, then the heap buffer into a temporary direct buffer inside "
               "`FileChannel.write`) before the kernel's copy, allocates two arrays and two `ByteBuffer` "
               "wrappers, and makes a JNI call per `key()`, `value()` and `next()`. panrocks copies only the key "
               "into the batch's memory (the value stays pinned in the block cache) and hands header+key and "
               "value to `writev` as slices of one direct buffer spanning the batch, up to 512 records per call.", "")
        self.w("What bounds panrocks here (measured while this benchmark was written, with a standalone loop and "
               "class histograms, not from this run's numbers):", "")
        self.w("- **The engine's iteration.** A poll costs about 2 µs per 4 KiB record on Debian's engine: with "
               "4 KiB data blocks every such record sits in its own block, so each step is a block-cache lookup "
               "and a new block iterator. That is the engine's work, the same for any binding, and the floor of "
               "panrocks's cost per record (compare the native scan1000 floor).")
        self.w("- **The sink.** The kernel's copy into tmpfs costs about 13–17 µs per 64 KiB on this VM "
               "(about 4 GB/s), for both sides alike; at 64 KiB it is most of panrocks's time, so the tmpfs ratio "
               "cannot exceed (RocksJava's two extra copies + its copy by the kernel) / (the kernel's copy). "
               "The /dev/null rows remove it.")
        self.w("- **Allocation per record has a JDK floor.** Handing memory to a channel takes a `ByteBuffer` "
               "per piece: a `DirectByteBuffer` is 64 B, and NIO allocates an `IOUtil$Releaser` (16 B) and a "
               "`LinkedRunnable` (24 B) for every buffer backed by a memory segment, whatever its scope. A framed "
               "record is two pieces (header+key, value): about 208 B per record, whatever the value's size "
               "(0.3% of a 64 KiB record's bytes; RocksJava allocates the whole value twice). Below 64 B per "
               "record would need fewer than one buffer per record, i.e. copying records together.", "")

    def machine(self):
        m = self.run.meta
        self.w("## Machine", "")
        java = m.get("java") or ["?"]
        rows = [
            ("CPU", "%s, %s cores%s" % (m.get("cpuModel", "?"), m.get("cores", "?"),
                                       (", %s MHz" % m["cpuMHz"]) if m.get("cpuMHz") else "")),
            ("RAM", "%s GiB" % m.get("memTotalGiB", "?")),
            ("OS", "%s, kernel %s" % (m.get("os", "?"), m.get("kernel", "?"))),
            ("JDK", " / ".join(java[:2])),
            ("JMH", m.get("jmhVersion", "?")),
            ("panrocks engine (as shipped)", "%s (system library: %s)%s" % (
                m.get("engineVersion", "?"), m.get("librocksdb", "?"), engine_desc((m.get("engines") or {}).get("debian")))),
            ("RocksJava", "org.rocksdb:rocksdbjni:%s (its bundled librocksdbjni)" % m.get("rocksdbjniVersion", "?")),
            ("RocksJava's engine binary (panrocks [RJ engine], native [RJ build])",
             engine_desc((m.get("engines") or {}).get("rocksjava"), lead=False) or "not used in this run"),
            ("native floor engine version", getattr(self.run, "engine_native", None) or "?"),
            ("load average (1/5/15 min) at start / end", "%s / %s" % (
                " ".join(m.get("loadAverageStart", [])), " ".join(m.get("loadAverageEnd", [])))),
            ("wall time of the run", "%s min" % round(m["wallSeconds"] / 60, 1) if "wallSeconds" in m else "?"),
        ]
        self.w(table(["", ""], rows, ["---", "---"]), "")
        self.w("The machine was shared with other work during the run (see the load average); treat "
               "differences inside the error bars as noise.", "")

    def method(self):
        m = self.run.meta
        self.w("## Method", "")
        self.w("- **JMH**: `%s -prof gc`, throughput mode (ops/s), results as mean ± 99.9%% confidence "
               "half-width over all measurement iterations of all forks. Every benchmark method runs in its "
               "own forked JVM (`--enable-native-access=ALL-UNNAMED -Xms2g -Xmx2g -Xmn128m`) that loads only one "
               "engine: panrocks and RocksJava never share a JVM (two copies of RocksDB in one process crash). "
               "The young generation is fixed at 128 MiB because on this VM the first touch of a heap page "
               "is very expensive: with G1's default growing young generation, a variant allocating 64 KiB "
               "per read measured the page faults of fresh young regions (about 15× slower, and getting "
               "slower as the young generation grew) instead of the read; a fixed, quickly recycled young "
               "generation removes that for both engines alike."
               % m.get("jmhTiming", "?"))
        self.w("- **Native floor** (`native/build/bench/panrocks_native_bench`, source `native/bench/`; the same "
               "program built against RocksJava's binary in `native/build-rjengine/bench/`): the same "
               "shapes, data and options in C++ straight on the engine, timed like JMH "
               "(`%s`; mean ± 99.9%% half-width, per-thread rates summed). It is what a binding could reach "
               "at best; \"× native\" is the Java figure over it. Native `get_pinned`/`scan1000` consume the "
               "value's pointer and size through a compiler barrier; the Java zero-copy variants read the "
               "size plus the first and last byte, a few nanoseconds more." % m.get("nativeTiming", "?"))
        self.w("- **Data**: key i is i in decimal, zero-padded to keySize bytes; byte j of value i is "
               "(i·31 + j) & 0xff. Options on all three sides: `create_if_missing`, no compression on any "
               "level (per level and bottommost), block-based tables with a 1 GiB LRU block cache, the "
               "rest default. `flushed`: flush + compact everything, then every key read once (all blocks "
               "cached, pins are real block pins; at 1000 × 1 MiB the data exceeds the cache). `memtable`: "
               "write buffer max(2 × data, 64 MiB) so nothing is flushed. Keys are drawn by a per-thread "
               "xorshift64* generator; writes overwrite random existing keys with their own value on a DB "
               "of their own.")
        self.w("- **Same version, different builds**: panrocks as shipped and the native floor run on the system "
               "librocksdb (%s, built without `-DNDEBUG`), RocksJava on the librocksdbjni bundled in its jar "
               "(RocksDB %s built by the RocksDB project, assertions compiled out). The native floor runs on "
               "both, and the panrocks variants of the engine-build section run on RocksJava's binary too "
               "(`libpanrocks.so` linked against a copy of it, loaded with `-Dpanrocks.library.path`; each "
               "panrocks fork checks the engine it got with `-Dpanrocks.bench.expectEngine`). Targets are "
               "decided on the same binary (a)."
               % (m.get("librocksdb", "?"), m.get("rocksdbjniVersion", "?")))
        self.w("- **Threads**: panrocks keeps per-thread native scratch that grows with the largest value a "
               "thread writes, so the suite loads each panrocks DB on a separate thread: every measuring "
               "thread starts as a thread that has only read (16 KiB scratch).")
        self.w("- **Blackholes**: every result goes to a JMH Blackhole; zero-copy variants consume the "
               "value's size, first and last byte (no dead-code shortcut). Allocation is JMH's "
               "`gc.alloc.rate.norm` (bytes allocated on the Java heap per operation).")
        self.w("- **Noise**: ⚠ marks a result whose error exceeds %d%% of its score (or has no error "
               "estimate)." % (NOISY * 100), "")
        self.w("### Parameter matrix of this run", "")
        rows = []
        for g in m.get("groups", []):
            rows.append((g["name"], str(g["keyCount"]), str(g["keySize"]), g["dataset"],
                         ", ".join(fmt_size(v) for v in g["valueSizes"]),
                         "1 and 2" if 2 in g["threads"] else "1"))
        if m.get("rjengineSizes"):
            g0 = (m.get("groups") or [{}])[0]
            rows.append(("main on RocksJava's engine binary (panrocks: %d variants)"
                         % len(self.run.rj_bids() or m.get("rjengineVariants") or []),
                         str(g0.get("keyCount", "?")), str(g0.get("keySize", "?")), g0.get("dataset", "?"),
                         ", ".join(fmt_size(v) for v in m["rjengineSizes"]), "1"))
        if m.get("adaptiveSizes"):
            rows.append(("adaptive threshold", "1000", "16", "flushed",
                         ", ".join(fmt_size(v) for v in m["adaptiveSizes"]), "1 (copy / pin / default)"))
        rows.append(("guard (issue 6)", "1000", "16", "flushed", "16 B", "1 and 2"))
        if m.get("forwardSizes"):
            rows.append(("forward (issue 7; panrocks on both binaries)", "see text", "8", "flushed",
                         ", ".join(fmt_size(v) for v in m["forwardSizes"]), "1"))
        self.w(table(["group", "keyCount", "keySize", "dataset", "value sizes", "threads"], rows,
                     ["---", "--:", "--:", "---", "---", "---"]), "")
        self.w("The native floor runs every group's points on both engine binaries. Data sets above 2 GiB "
               "(keyCount × (keySize + valueSize)) are never attempted. The two modes of `scripts/bench.sh` "
               "(which defines them; `--standard` sits between them: the main configuration at 16 B, 1 KiB, 16 KiB and "
               "64 KiB with 2 threads and the rerun on RocksJava's engine at those sizes, the threshold at 6 sizes, "
               "the guard, forward at 4 KiB and 64 KiB, 2 forks of 1 s iterations): **full** runs the whole value-size sweep (16 B … 1 MiB) at keyCount 1000 "
               "/ keySize 16 / flushed with the 2-thread variants, plus keyCount 100000 (16 B, 4 KiB), keySize "
               "128 (16 B, 4 KiB) and the memtable data set (16 B, 64 KiB), the adaptive threshold at 11 "
               "sizes, the panrocks rerun on RocksJava's engine over the 7 main value sizes, the guard, and "
               "the forward benchmark at 100 B, 4 KiB and 64 KiB; **quick** runs only 16 B and 64 KiB at "
               "keyCount 1000 / keySize 16 / flushed (with 2 threads; the rerun on RocksJava's engine at the "
               "same two sizes), the threshold at 4 sizes, the guard, and forward at 4 KiB, with 400 ms "
               "iterations.", "")
        self.w("**Run time of full mode**: %s" % FULL_ESTIMATE, "")
        self.w("### Variants", "")
        rows = []
        for sec, title in SECTIONS.items():
            for v in VARIANTS:
                if v.section != sec or sec == "get2":
                    continue
                comp = []
                if v.rj:
                    comp.append("RocksJava: " + BY_ID[v.rj].label)
                if v.native:
                    comp.append("native: %s" % v.native[0])
                rows.append((esc_md(v.label), "`%s`" % v.bid if not v.bid.startswith("native:") else "native",
                             esc_md(v.what), esc_md("; ".join(comp))))
        for bid, (what, threads) in GUARD.items():
            rows.append(("guard: %s%s" % (esc_md(what), " ×2" if threads > 1 else ""), "`%s`" % bid,
                         {"GuardBenchmark.enterExit": "`nativeDb.enter()` + `exit(c)`",
                          "GuardBenchmark.emptyDowncall": "`panrocks_h.panrocks_abi_version()`",
                          "GuardBenchmark.get16": "`get(key, byte[16])`, random key of 1000"}.get(
                             bid.replace("Threads2", ""), ""), "" if threads == 1 else "its 1-thread form"))
        rows.append(("panrocks forward", "`PanrocksForward.forward`",
                     "`consumer.seek`, `poll(≤ 500, 4 MiB)` until 1000 records, `writeRecordsTo(channel)`, close",
                     "RocksJava forward"))
        rows.append(("RocksJava forward", "`RocksJavaForward.forward`",
                     "iterator seek, 1000 × (`key()`, `value()`, header + `ByteBuffer.wrap` ×2, gathering write)",
                     ""))
        self.w(table(["variant", "benchmark", "one operation", "compared with"], rows,
                     ["---", "---", "---", "---"]), "")
        self.w("The 2-thread variants (`…Threads2`, `@Threads(2)`) run the same loop on two threads "
               "sharing one DB; their comparators are the 2-thread RocksJava variant and the native "
               "shape with `--threads 2`.", "")

    def results(self):
        self.w("## Results", "")
        tagged = bool(self.run.results_rj or self.run.native_rj)
        if tagged:
            self.w("All measured variants; rows marked %s / %s ran on RocksJava's engine binary, the others "
                   "(%s / %s) on Debian's. The ratio tables under each are as shipped (panrocks on Debian's "
                   "engine); the same-binary ratios are in the three-comparison section above."
                   % (RJ_TAG, NATIVE_RJ_TAG, DEB_TAG, NATIVE_DEB_TAG), "")
        for cfg, sizes in self.run.configs().items():
            self.w("### %s" % cfg_name(cfg), "")
            for sec, title in SECTIONS.items():
                bids = []
                for v in VARIANTS:
                    if v.section != sec:
                        continue
                    for bid in (v.bid, rj_bid(v.bid)):
                        if any(self.run.get(bid, cfg + (s,)) for s in sizes):
                            bids.append(bid)
                if not any(BY_ID[base_bid(b)].engine != "native" for b in bids):
                    continue
                vs = [BY_ID[b] for b in bids if not on_rj(b)]
                self.w("#### %s" % title, "")
                head = ["variant"] + [fmt_size(s) for s in sizes]
                rows = [[esc_md(label_of(b, tagged))] + [fmt_m(self.run.get(b, cfg + (s,))) for s in sizes]
                        for b in bids]
                self.w(table(head, rows), "")
                rrows = []
                for v in vs:
                    if v.engine != "panrocks":
                        continue
                    cells_rj, cells_nat = [], []
                    for s in sizes:
                        p = cfg + (s,)
                        cells_rj.append(fmt_ratio(ratio(self.run.get(v.bid, p), self.run.comparator(v, p, "rj"))))
                        cells_nat.append(fmt_ratio(ratio(self.run.get(v.bid, p),
                                                         self.run.comparator(v, p, "native"))))
                    rrows.append([esc_md("%s / %s" % (v.label, BY_ID[v.rj].label))] + cells_rj)
                    rrows.append([esc_md("%s / native %s" % (v.label, v.native[0]))] + cells_nat)
                if rrows:
                    self.w("Ratios%s (panrocks over its comparator; > 1 means panrocks is faster):"
                           % (" as shipped" if tagged else ""), "")
                    self.w(table(["ratio"] + [fmt_size(s) for s in sizes], rrows), "")

    def overhead(self):
        """ns/op above the native comparator: what each binding adds per get."""
        self.w("## Binding cost per get (ns/op above native)", "")
        self.w("1e9 / ops/s of the Java variant minus that of its native comparator on the same engine binary: "
               "the time the binding adds to the engine's own work. Lower is better; negative values are noise. "
               "RocksJava appears twice: against the native floor on Debian's build (as the old report did) and "
               "against the floor on its own build, the fair one.", "")
        run = self.run
        for cfg, sizes in run.configs().items():
            entries = []   # (label, java bid, native engine)
            for v in VARIANTS:
                if v.section != "get" or v.engine == "native":
                    continue
                if any(run.get(v.bid, cfg + (s,)) for s in sizes):
                    if v.engine == "rocksjava":
                        if run.native_rj:
                            entries.append(("%s (vs %s %s)" % (v.label, v.native[0], NATIVE_RJ_TAG), v.bid, "rj"))
                        entries.append(("%s (vs %s %s)" % (v.label, v.native[0], NATIVE_DEB_TAG), v.bid, "debian"))
                    else:
                        entries.append(("%s (vs %s)" % (label_of(v.bid, bool(run.results_rj)),
                                                        v.native[0] + (" " + NATIVE_DEB_TAG if run.native_rj else "")),
                                        v.bid, "debian"))
                if any(run.get("rj:" + v.bid, cfg + (s,)) for s in sizes):
                    entries.append(("%s (vs %s %s)" % (label_of("rj:" + v.bid), v.native[0], NATIVE_RJ_TAG),
                                    "rj:" + v.bid, "rj"))
            if not entries:
                continue
            self.w("### %s" % cfg_name(cfg), "")
            rows = []
            for label, bid, engine in entries:
                v = BY_ID[base_bid(bid)]
                cells = []
                for s in sizes:
                    p = cfg + (s,)
                    a, b = run.get(bid, p), run.comparator(v, p, "native", engine)
                    if a is None or b is None or not a.score or not b.score:
                        cells.append("–")
                    else:
                        cells.append("%.0f" % (1e9 / a.score - 1e9 / b.score))
                rows.append([esc_md(label)] + cells)
            nat = []
            for engine, src in (("debian", run.native), ("rj", run.native_rj)):
                if not src:
                    continue
                for shape in ("get_pinned", "get_string", "get_buffer"):
                    cells = []
                    for s in sizes:
                        m = src.get((shape, 1, cfg + (s,)))
                        cells.append("%.0f" % (1e9 / m.score) if m and m.score else "–")
                    nat.append(["*native %s %s itself (ns/op)*" % (
                        shape, NATIVE_RJ_TAG if engine == "rj" else NATIVE_DEB_TAG)] + cells)
            self.w(table(["variant"] + [fmt_size(s) for s in sizes], rows + nat), "")

    def allocation(self):
        self.w("## Allocation (bytes per operation, `-prof gc`)", "")
        self.w("`gc.alloc.rate.norm` for every get and scan variant (and the others, for completeness). "
               "The target for zero-copy and buffer gets is < 16 B/op.", "")
        for cfg, sizes in self.run.configs().items():
            vs = [v for v in VARIANTS if v.engine != "native"
                  and any(self.run.get(v.bid, cfg + (s,)) for s in sizes)]
            if not vs:
                continue
            self.w("### %s" % cfg_name(cfg), "")
            rows = []
            for v in vs:
                cells = []
                for s in sizes:
                    m = self.run.get(v.bid, cfg + (s,))
                    cells.append(fmt_bytes_op(m.alloc) if m else "–")
                rows.append([esc_md(v.label)] + cells)
            self.w(table(["variant"] + [fmt_size(s) for s in sizes], rows), "")

    def adaptive(self):
        run = self.run
        self.w("## Adaptive threshold (issue 3)", "")
        if not run.adaptive:
            self.w("Not measured in this run.", "")
            return
        meta = run.meta
        default = meta.get("defaultAdaptiveThreshold")
        scratch = meta.get("scratchValueCapacity")
        self.w("`AdaptiveThresholdBenchmark.scopedGet`: the scoped reader `get(key, reader)` on DBs opened "
               "with threshold `copy` (Long.MAX_VALUE), `pin` (0) and `default` (%s bytes), keyCount 1000, "
               "keySize 16, flushed. %s"
               % (default if default is not None else "?",
                  ("Every size at or below the threshold is copied: the engine first fills the calling "
                   "thread's scratch buffer (%s until a larger value grows it), and a value that did not fit "
                   "is copied out of its pin into grown scratch, so `copy` copies at every size and pays for "
                   "it at large ones." % fmt_size(scratch)) if scratch else ""), "")
        points = sorted(set(p for (_, p) in run.adaptive))
        rows, model = [], []
        all_within = True
        measured_all = True
        for p in points:
            c, pn, d = run.adaptive.get(("copy", p)), run.adaptive.get(("pin", p)), run.adaptive.get(("default", p))
            best_name, best = None, None
            if c and pn:
                best_name, best = ("copy", c) if c.score >= pn.score else ("pin", pn)
            rt = ratio(d, best)
            if rt is None:
                measured_all = False
                ok = "not measured"
            else:
                ok = "yes" if rt[0] >= 0.95 else "**no**"
                if not math.isnan(rt[1]) and (rt[0] - rt[1] < 0.95 <= rt[0] or rt[0] < 0.95 <= rt[0] + rt[1]):
                    ok += " (within error)"
                if rt[0] < 0.95:
                    all_within = False
            cp = ratio(c, pn)
            rows.append((fmt_size(p[3]), fmt_m(c), fmt_m(pn), fmt_m(d), fmt_ratio(cp), best_name or "–",
                         fmt_ratio(rt), ok))
            if c and pn:
                model.append((p[3], c.score, pn.score))
        self.w(table(["value size", "copy", "pin", "default", "copy / pin", "better", "default / better",
                      "default within 5%?"], rows), "")
        if model:
            cands = [0] + [s for s, _, _ in model]

            def score(t):
                g = 0.0
                for s, c, pn in model:
                    chosen = c if s <= t else pn
                    g += math.log(chosen / max(c, pn))
                return math.exp(g / len(model))

            best_t = max(cands, key=lambda t: (round(score(t), 4), -t))
            sizes = [s for s, _, _ in model]
            nxt = [s for s in sizes if s > best_t]
            if not best_t:
                rng = "below %s, i.e. pin at every measured size" % fmt_size(nxt[0])
            elif nxt:
                rng = "from %s up to (not including) %s" % (fmt_size(best_t), fmt_size(nxt[0]))
            else:
                rng = "%s or more, i.e. copy at every measured size" % fmt_size(best_t)
            cur = score(default) if default is not None else None
            self.w("**Best threshold from these numbers: %s** (it copies where copy measured faster and pins "
                   "where pin did; geometric mean %.3f of the best at each size). The current default, %s, "
                   "scores %s on the same model.%s"
                   % (rng, score(best_t), fmt_size(default) if default is not None else "?",
                      "%.3f" % cur if cur is not None else "?",
                      " Crossovers inside the error bars make the exact boundary uncertain."
                      if any(ratio(run.adaptive.get(("copy", p)), run.adaptive.get(("pin", p))) and
                             ratio(run.adaptive.get(("copy", p)), run.adaptive.get(("pin", p)))[1] >
                             abs(ratio(run.adaptive.get(("copy", p)), run.adaptive.get(("pin", p)))[0] - 1)
                             for p in points) else ""), "")
        if all_within and measured_all:
            verdict_text = "met: adaptive is within 5% of the better of copy and pin at every measured size"
        elif not all_within:
            verdict_text = ("**not met**: adaptive falls more than 5% below the better of copy and pin at "
                            "the sizes marked **no** above")
            if all("within error" in r[7] for r in rows if r[7].startswith("**no")):
                verdict_text += ", though every miss is within the error bars of this run"
        else:
            verdict_text = "not measured at every size"
        self.w("Issue 3's requirement (adaptive within 5% of max(copy, pin) at every size): " + verdict_text
               + ".", "")

    def critical(self):
        run = self.run
        self.w("## Critical vs normal downcall for get(key, byte[])", "")
        pts = [p for p in run.points() if run.get("PanrocksCriticalGet.getPreallocatedCritical", p)
               or run.get("PanrocksGet.getPreallocated", p)]
        if not pts:
            self.w("Not measured in this run.", "")
            return
        self.w("`PanrocksGet.getPreallocated` (normal downcall: key staged in native scratch, value copied "
               "back from it) against `PanrocksCriticalGet.getPreallocatedCritical` (the same call with "
               "`-Dpanrocks.critical=true`: heap arrays passed to a critical downcall, memory-only read "
               "tier).", "")
        rows = []
        wins = []
        for p in pts:
            n, c = run.get("PanrocksGet.getPreallocated", p), run.get("PanrocksCriticalGet.getPreallocatedCritical", p)
            rt = ratio(c, n)
            rows.append((short_point(p, run.points()), fmt_m(n), fmt_m(c), fmt_ratio(rt),
                         fmt_ratio(ratio(c, run.get("RocksJavaGet.getPreallocated", p))),
                         fmt_ratio(ratio(c, run.native.get(("get_buffer", 1, p))))))
            if rt:
                wins.append((p, rt))
        self.w(table(["point", "normal", "critical", "critical / normal", "critical / RocksJava prealloc",
                      "critical / native get_buffer"], rows), "")
        if wins:
            better = [p for p, (r, e) in wins if not math.isnan(e) and r - e > 1]
            worse = [p for p, (r, e) in wins if not math.isnan(e) and r + e < 1]
            pts_all = run.points()
            self.w("Critical is clearly faster (beyond error) at: %s; clearly slower at: %s; "
                   "the rest are within error."
                   % (", ".join(short_point(p, pts_all) for p in better) or "none",
                      ", ".join(short_point(p, pts_all) for p in worse) or "none"), "")
            self.w("A critical downcall keeps the GC from running on any thread until it returns, so it only "
                   "suits short, memory-only reads; it is worth making the default only where it wins "
                   "beyond the error bars.", "")

    def threads(self):
        run = self.run
        self.w("## 1 vs 2 threads (issue 3: panrocks gets should reach ≥ 1.8× with 2 threads)", "")
        pairs = [("PanrocksGet.getThreads2", "PanrocksGet.get"),
                 ("PanrocksGet.getPreallocatedThreads2", "PanrocksGet.getPreallocated"),
                 ("PanrocksGet.getPinnedThreads2", "PanrocksGet.getPinned"),
                 ("RocksJavaGet.getThreads2", "RocksJavaGet.get"),
                 ("RocksJavaGet.getPreallocatedThreads2", "RocksJavaGet.getPreallocated"),
                 ("native:get_string:2", "native:get_string:1"),
                 ("native:get_buffer:2", "native:get_buffer:1"),
                 ("native:get_pinned:2", "native:get_pinned:1")]
        pts = [p for p in run.points() if any(run.get(a, p) for a, _ in pairs)]
        if not pts:
            self.w("Not measured in this run.", "")
            return
        rows = []
        for two, one in pairs:
            cells = [fmt_ratio(ratio(run.get(two, p), run.get(one, p))) for p in pts]
            rows.append([esc_md(BY_ID[one].label)] + cells)
        self.w(table(["2 threads / 1 thread"] + [short_point(p, run.points()) for p in pts], rows), "")
        cores = run.meta.get("cores")
        self.w("The machine has %s cores and was shared with other work, so two measuring threads compete "
               "with the JMH harness, the JIT, RocksDB's own threads and the other load; the native rows "
               "show what the engine itself reaches here, which bounds what any binding can." % cores, "")

    def losses(self):
        run = self.run
        self.w("## Where panrocks loses, and why", "")
        self.w("Every point where panrocks is slower than its RocksJava comparator, as shipped (b) or on the "
               "same engine binary (a), with the cause: **binding** when it is slower on the same binary too, "
               "**engine build** when the loss goes away on the same binary. For variants not rerun on "
               "RocksJava's engine, the native floor's Debian/RJ-build ratio for the shape gives the engine "
               "build's share.", "")
        clear, close = OrderedDict(), OrderedDict()
        for v in VARIANTS:
            if v.engine != "panrocks" or not v.rj:
                continue
            for p in run.points():
                b = ratio(run.get(v.bid, p), run.comparator(v, p, "rj"))
                a = ratio(run.get("rj:" + v.bid, p), run.comparator(v, p, "rj"))
                if not ((b and b[0] < 1) or (a and a[0] < 1)):
                    continue
                certain = classify(b) == "loss" or classify(a) == "loss"
                (clear if certain else close).setdefault(v.bid, []).append((p, a, b))
        if not clear and not close:
            self.w("panrocks is at least as fast as its RocksJava comparator at every measured point.", "")
        pts_all = run.points()
        for title, group, bold in (("Slower than the RocksJava comparator beyond the error bars:", clear, True),
                                   ("Slower, but within the error bars or without an error estimate (may be "
                                    "noise):", close, False)):
            if not group:
                continue
            self.w(title, "")
            for bid, items in group.items():
                v = BY_ID[bid]
                self.w("- %s vs %s: %s" % ("**%s**" % esc_md(v.label) if bold else esc_md(v.label),
                                           esc_md(BY_ID[v.rj].label), "; ".join(
                    "%s: %s%s" % (short_point(p, pts_all), self.cause(v, p, a, b), self.alloc_note(v, p) if bold else "")
                    for p, a, b in items)))
            self.w("")
        # the binding explanations below concern losses that remain on the same binary (or were not
        # checked there); losses that vanish on RocksJava's engine are the engine build's
        lost = set(bid for grp in (clear, close) for bid, items in grp.items()
                   if any(a is None or a[0] < 1 for _, a, _ in items))
        why = []
        engine_caused = [v for grp in (clear, close) for v, items in grp.items()
                         if any(a and b and a[0] >= 1 > b[0] for _, a, b in items)]
        if engine_caused:
            why.append("**Engine build** (%s): these are slower as shipped but not on RocksJava's engine binary, "
                       "so the shortfall is Debian's librocksdb (assertions and debug-only code compiled in; see "
                       "the engine-build section), not the binding." % ", ".join(
                           esc_md(BY_ID[b].label) for b in dict.fromkeys(engine_caused)))
        small_get = {"PanrocksGet.get", "PanrocksGet.getPreallocated", "PanrocksGet.getDirectBuffer",
                     "PanrocksGet.getSegment", "PanrocksCriticalGet.getPreallocatedCritical"}
        if lost & small_get:
            why.append("**Copying gets** cross once, like RocksJava's, but panrocks does more Java-side work "
                       "around the crossing: it finds the thread's `CallContext` (a ThreadLocal), marks the call "
                       "in and out (volatile stores, so `close()` can wait for calls in flight%s), copies the key "
                       "into native scratch, and reads size, status and address back from native "
                       "out-parameters through `MemorySegment` accesses. RocksJava's JNI stub does its "
                       "bookkeeping in C++ (`GetByteArrayRegion` for the key, `NewByteArray`/"
                       "`SetByteArrayRegion` for the value). Where values are small the "
                       "engine's own `Get` takes only %s here, so this fixed cost decides the "
                       "ratio (see the ns/op table above). `get → byte[]` copies twice when the value fits "
                       "the thread's scratch buffer (engine → scratch → array; 16 KiB for a thread that has only "
                       "read, larger after it wrote large values), as RocksJava always does (engine → "
                       "std::string → array), and once from the pinned block above it."
                       % (self.guard_ns(), self.native_get_ns()))
        if lost & {"PanrocksGet.getPinned", "PanrocksGet.getAdaptive", "PanrocksGet.getScoped"}:
            why.append("**Pinned and adaptive reads** pay for safety per read: `getPinned` creates a "
                       "`PinnedValue`, a confined `Arena` for its view, a tracking record and a Cleaner "
                       "registration (so a forgotten pin is released), and `close()` is a second downcall "
                       "to release the pin. The scoped reader opens and closes a confined Arena per call and "
                       "releases a pin (second downcall) when the value was pinned. Against a copy of a small "
                       "value these fixed costs dominate; they pay off only when the copy they avoid is large "
                       "(compare the allocation table).")
        if lost & {"PanrocksMultiGet.multiGetAsList", "PanrocksMultiGet.multiGetCopy",
                   "PanrocksMultiGet.multiGetPinned"}:
            why.append("**MultiGet**: `multiGetAsList` groups keys per column family in Java (index lists "
                       "with boxed integers, a done-mask, one staging copy per key into native scratch) and "
                       "copies every value into a new array; the reusable `MultiGet` copies each key in on "
                       "`add` and hands out one segment view per value (`value(i)`). RocksJava passes the key "
                       "arrays to one JNI call that does all of this in C++.")
        if lost & {"PanrocksScan.scanZeroCopy", "PanrocksScan.scanBytes", "PanrocksScan.scanForward"}:
            why.append("**Scans**: each iterator move closes the previous entry's confined Arena (so stale "
                       "`key()`/`value()` segments fail instead of reading freed memory) and the next "
                       "`key()`/`value()` open a new one, so zero-copy entries allocate per step; "
                       "`scanForward` copies small entries into a batch buffer on the native side and creates "
                       "two views per entry, and stopping the visitor re-seeks the iterator to the stop "
                       "entry. RocksJava's `key()`/`value()` copy, but its per-step JNI calls are cheap when "
                       "entries are small. `keyBytes()`/`valueBytes()` allocate and copy exactly as RocksJava's "
                       "`key()`/`value()` do (same bytes allocated per op); a gap there lies in the per-step "
                       "call and copy paths themselves and is not analysed further here.")
        if lost & {"PanrocksWrite.put", "PanrocksWrite.batch100"}:
            why.append("**Writes**: `put` stages key and value into native scratch (a copy each) before its "
                       "one downcall; `WriteBatch.put` serializes every record into native memory on the "
                       "Java side (synchronized, with a capacity check and growth), then one downcall parses "
                       "it. RocksJava's `WriteBatch.put` is one JNI call per record into the C++ "
                       "`WriteBatch`; panrocks's stub then copies the serialized batch once more into a "
                       "`rocksdb::WriteBatch` (RocksDB's public API cannot adopt foreign memory), a cost that "
                       "grows with the batch. Both bindings' writes are bound by the engine's write path (WAL, "
                       "memtable insert) and by the flushes and compactions that the growing DB triggers during "
                       "the measurement, so write results drift between runs by more than the JMH error of one "
                       "run: compare each binding with the native floor (the (c) columns of the Writes "
                       "table above) before reading a write ratio as the binding's.")
        if why:
            self.w("Why (from what each path does; the ns/op and allocation tables give the size of the "
                   "effect):", "")
            for t in why:
                self.w("- " + t)
            self.w("")
        # against native: the worst gaps
        gaps = []
        for v in VARIANTS:
            if v.engine != "panrocks" or not v.native:
                continue
            for p in run.points():
                rt = ratio(run.get(v.bid, p), run.comparator(v, p, "native"))
                if rt is not None:
                    gaps.append((rt[0], v, p, rt))
        if gaps:
            gaps.sort(key=lambda g: g[0])
            self.w("Furthest from the native floor (lowest panrocks / native ratios). The native "
                   "`multiget100` and `scan1000` read values in place and have no copying counterpart, so "
                   "the copying variants (`multiGetAsList`, `MultiGet` copy, `keyBytes()`/`valueBytes()`) "
                   "are set against a zero-copy floor and fall behind it in proportion to the bytes they "
                   "copy:", "")
            for _, v, p, rt in gaps[:6]:
                self.w("- %s at %s: %s of native %s" % (esc_md(v.label), short_point(p, pts_all),
                                                       fmt_ratio(rt), v.native[0]))
            self.w("")

    def cause(self, v, p, a, b):
        """'as shipped 0.45× ±0.10, same binary 0.80× ±0.05 → binding' and the like."""
        parts = []
        if b:
            parts.append("as shipped %s" % fmt_ratio(b))
        if a:
            parts.append("same binary %s" % fmt_ratio(a))
            ca, cb = classify(a), classify(b)
            if ca == "loss":
                why = "**binding**"
            elif ca == "loss?":
                why = "binding? (no error estimate)"
            elif a[0] >= 1:
                why = "**engine build**: not slower on the same binary" + (
                    "" if cb in ("loss", "loss?") else " (all within error)")
            elif cb in ("loss", "loss?"):
                why = "**engine build** (the same-binary ratio is within error of 1)"
            else:
                why = "within error on the same binary"
            return "%s → %s" % (", ".join(parts), why)
        eng = ratio(self.run.native.get((v.native[0], v.native[1], p)),
                    self.run.native_rj.get((v.native[0], v.native[1], p)))
        if eng and b:
            return ("%s (not rerun on RJ's engine; the engine build alone is %s here, so the binding's own "
                    "ratio is about %.2f×)" % (", ".join(parts), fmt_ratio(eng), b[0] / eng[0]))
        return ", ".join(parts)

    def guard_ns(self):
        g = self.run.guard.get("GuardBenchmark.enterExit")
        if g is None or not g.score:
            return ""
        return "; the pair alone costs %.1f ns, see Guard cost" % (1e9 / g.score)

    def native_get_ns(self):
        """'about N ns (native get_pinned at S)' at the smallest measured size of the main config."""
        cfg = self.run.main_config()
        if cfg:
            for size in self.run.configs()[cfg]:
                m = self.run.native.get(("get_pinned", 1, cfg + (size,)))
                if m and m.score:
                    return "about %.0f ns (native get_pinned at %s)" % (1e9 / m.score, fmt_size(size))
        return "little time"

    def alloc_note(self, v, p):
        a, b = self.run.get(v.bid, p), self.run.get(v.rj, p)
        if a is None or b is None or a.alloc is None or b.alloc is None:
            return ""
        if math.isnan(a.alloc) or math.isnan(b.alloc):
            return ""
        return " (allocates %s/op vs %s/op)" % (fmt_bytes_op(a.alloc), fmt_bytes_op(b.alloc))

    def raw(self):
        self.w("## Reproduce", "")
        self.w("```sh\nscripts/bench.sh            # full run, about 5 hours on 2 cores\n"
               "scripts/bench.sh --standard # the sizes the targets name, 2 forks, about 1 hour\n"
               "scripts/bench.sh --quick    # validation run, under 10 minutes\n"
               "scripts/bench.sh --report-only jmh/results/<run>   # regenerate this page from a run\n```", "")
        self.w("The script builds the native library and floor (`scripts/build-native.sh`) and the JMH jar "
               "(`mvn -pl jmh -am package`), extracts RocksJava's engine binary and builds both again against it "
               "(`native/build-rjengine/`), runs the native floor on both binaries and JMH for each group of "
               "points, keeps everything in `jmh/results/<timestamp>-<mode>/`, and writes this page and "
               "`docs/bench-*.svg`. A panrocks benchmark runs on RocksJava's engine with "
               "`-jvmArgsPrepend \"-Dpanrocks.library.path=$PWD/native/build-rjengine/libpanrocks.so\"`. "
               "A single benchmark can be run by hand, always with forks (never `-f 0`, which would load "
               "both engines into one JVM): `java -jar jmh/target/benchmarks.jar 'PanrocksGet.getPinned$' "
               "-p keyCount=1000 -p keySize=16 -p valueSize=4096 -p dataset=flushed -prof gc`.", "")
        self.w("## Raw data", "")
        self.w("Run folder `%s`: %s, `native.jsonl` (Debian build), `native-rjengine.jsonl` (RocksJava's "
               "build), `machine.json`, and the full JMH and native logs (the forward checks' CRC-32s are in "
               "`jmh-forward*.log`). "
               "The charts are drawn from the same numbers (`scripts/bench/report.py`)."
               % (self.repo_path(self.run.folder),
                  ", ".join("`%s`" % os.path.basename(p) for p in self.run.jmh_files) or "no JMH JSON"), "")

    def build(self):
        self.header()
        self.engine_builds()
        self.summary()
        self.comparisons()
        charts = self.charts()
        if charts:
            self.w("## Charts", "")
            for title, path in charts:
                self.w("![%s](%s)" % (title, self.rel_link(path)), "")
        self.guard()
        self.forward_section()
        self.machine()
        self.method()
        self.results()
        self.overhead()
        self.allocation()
        self.adaptive()
        self.critical()
        self.threads()
        self.losses()
        self.raw()
        return "\n".join(self.out).rstrip() + "\n"


def engine_desc(e, lead=True):
    """'; /usr/lib/.../librocksdb.so.7.8.3, 11.4 MB, sha256 0e11ed1c2155…, 6390 __assert_fail call sites'."""
    if not e:
        return ""
    parts = ["`%s`" % e.get("realPath", e.get("path", "?"))]
    if e.get("bytes"):
        parts.append("%.1f MB" % (e["bytes"] / 1e6))
    if e.get("sha256"):
        parts.append("sha256 `%s…`" % e["sha256"][:12])
    if isinstance(e.get("assertFailCallSites"), int):
        parts.append("%d `__assert_fail` call sites" % e["assertFailCallSites"])
    return ("; " if lead else "") + ", ".join(parts)


# Estimated wall time of `scripts/bench.sh` (full mode) on the 2-core machine of the reference runs.
FULL_ESTIMATE = (
    "about 5 hours on this 2-core machine (estimate, before the first full run with the additions: 458 JMH "
    "benchmark × parameter points at 2 forks × (2 × 2 s warmup + 5 × 2 s measurement) plus about 1.5 s of JVM "
    "start and data loading per fork, about 4.1 h with the slower setups of the 1 MiB and forward data sets; "
    "then 224 native shape runs, 112 points on each engine binary, at 2 s warmup + 5 × 2 s, about 0.8 h). To "
    "stay near 5 hours with the native floor on two engine binaries, the panrocks rerun on RocksJava's engine "
    "(63 points), the guard (6) and the forward benchmark (9) added, full mode's JMH warmup went from 3 to 2 "
    "iterations of 2 s per fork and the native floor's warmup from 6 s to 2 s (C++ has no JIT to warm); "
    "measurement is unchanged. A full run's real wall time is in its Machine table.")


def short_point(p, points):
    """A point named by its value size, plus how its configuration differs from the main one
    (the one with most value sizes): "16 B", "16 B [100000 keys]", "64 KiB [memtable]"."""
    counts = {}
    for q in points:
        counts[q[:3]] = counts.get(q[:3], 0) + 1
    main = max(counts, key=lambda c: (counts[c], c == (1000, 16, "flushed"))) if counts else p[:3]
    diff = []
    if p[0] != main[0]:
        diff.append("%d keys" % p[0])
    if p[1] != main[1]:
        diff.append("%d B keys" % p[1])
    if p[2] != main[2]:
        diff.append(p[2])
    return fmt_size(p[3]) + (" [%s]" % ", ".join(diff) if diff else "")


def esc_md(s):
    return str(s).replace("|", "\\|")


# Sections other generators own (scripts/bench-kafka.sh writes the Kafka Streams one): each lies between
# "<!-- NAME:begin -->" and "<!-- NAME:end -->" in the page; a regeneration keeps them, at the end.
KEPT_SECTIONS = ("kafka-streams",)


def kept_sections(path):
    try:
        with open(path) as f:
            old = f.read()
    except OSError:
        return ""
    out = ""
    for name in KEPT_SECTIONS:
        begin, end = "<!-- %s:begin -->" % name, "<!-- %s:end -->" % name
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
        global DEB_TAG, NATIVE_DEB_TAG
        DEB_TAG, NATIVE_DEB_TAG = "[bundled]", "[bundled build]"
        Report.CHART_NOTE = ["panrocks and the native floor: the bundled engine build",
                             "RocksJava: its own build of the same RocksDB version"]
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
