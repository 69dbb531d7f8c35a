#!/usr/bin/env python3
"""Writes the benchmark report (markdown) and its SVG charts from ONE run
folder of scripts/bench.sh: the JMH JSON files (jmh-*.json), the native
floor's JSON lines (native.jsonl) and machine.json. Numbers of different
runs are never mixed. Python 3 standard library only.

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
        self.results = {}     # (bid, point) -> M
        self.adaptive = {}    # (threshold, point) -> M
        self.jmh_files = sorted(glob.glob(os.path.join(folder, "jmh-*.json")))
        self.warnings = []
        for path in self.jmh_files:
            try:
                with open(path) as f:
                    data = json.load(f)
            except (OSError, ValueError) as e:
                self.warnings.append("could not read %s: %s" % (os.path.basename(path), e))
                continue
            for e in data:
                self._add_jmh(e)
        self.native = {}      # (shape, threads, point) -> M
        npath = os.path.join(folder, "native.jsonl")
        if os.path.exists(npath):
            with open(npath) as f:
                for line in f:
                    line = line.strip()
                    if not line.startswith("{"):
                        continue
                    d = json.loads(line)
                    p = point_key(d["keyCount"], d["keySize"], d["dataset"], d["valueSize"])
                    self.native[(d["shape"], int(d["threads"]), p)] = M(
                        num(d["opsPerSec"]), num(d.get("error")), n=len(d.get("iterations") or []))
                    self.engine_native = d.get("engine")
        else:
            self.warnings.append("no native.jsonl in the run folder: native columns are empty")

    def _add_jmh(self, e):
        parts = e["benchmark"].split(".")
        bid = parts[-2] + "." + parts[-1]
        params = e.get("params", {})
        pm = e["primaryMetric"]
        alloc = alloc_err = None
        for k, m in (e.get("secondaryMetrics") or {}).items():
            if k.lstrip("\u00b7").endswith("gc.alloc.rate.norm"):
                alloc, alloc_err = num(m["score"]), num(m["scoreError"])
        n = sum(len(fork) for fork in pm.get("rawData", []))
        if pm.get("scoreUnit") != "ops/s":
            self.warnings.append("%s: unit %s, expected ops/s" % (bid, pm.get("scoreUnit")))
        meas = M(num(pm["score"]), num(pm["scoreError"]), alloc, alloc_err, n)
        p = point_key(params["keyCount"], params["keySize"], params["dataset"], params["valueSize"])
        if bid == "AdaptiveThresholdBenchmark.scopedGet":
            self.adaptive[(params["threshold"], p)] = meas
        else:
            self.results[(bid, p)] = meas

    def get(self, bid, p):
        if bid.startswith("native:"):
            _, shape, threads = bid.split(":")
            return self.native.get((shape, int(threads), p))
        return self.results.get((bid, p))

    def comparator(self, v, p, kind):
        if kind == "rj":
            return self.get(v.rj, p) if v.rj else None
        if v.native:
            return self.native.get((v.native[0], v.native[1], p))
        return None

    def points(self):
        ps = set(p for (_, p) in self.results) | set(p for (_, _, p) in self.native)
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


def svg_chart(title, subtitle, series, path, ylabel="ops/s"):
    """series: list of (label, engine, [(x, y, err)]). Writes a log-log line chart."""
    series = [s for s in series if s[2]]
    if not series:
        return False
    W, H = 980, 560
    L, R, T, B = 80, 330, 60, 60
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
        colors = PALETTE[engine]
        color = colors[used[engine] % len(colors)]
        used[engine] += 1
        pts = sorted(pts)
        d = " ".join("%s%.1f,%.1f" % ("M" if i == 0 else "L", X(x), Y(y)) for i, (x, y, _) in enumerate(pts))
        dash = (' stroke-dasharray="%s"' % DASH[engine]) if DASH[engine] else ""
        o.append('<path d="%s" fill="none" stroke="%s" stroke-width="2"%s clip-path="url(#plot)"/>'
                 % (d, color, dash))
        for x, y, err in pts:
            xx, yy = X(x), Y(y)
            if err and not math.isnan(err) and err < y:
                o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" clip-path="url(#plot)"/>'
                         % (xx, Y(y + err), xx, Y(y - err), color))
            o.append(marker(MARK[engine], xx, yy, color))
        # legend
        lx = L + pw + 20
        o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>'
                 % (lx, ly, lx + 28, ly, color, dash))
        o.append(marker(MARK[engine], lx + 14, ly, color))
        o.append('<text x="%d" y="%d">%s</text>' % (lx + 36, ly + 4, esc(label)))
        ly += 20
    o.append('<text x="%d" y="%d" fill="#666" font-size="11">error bars: 99.9%% confidence half-width</text>'
             % (L + pw + 20, ly + 10))
    o.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")
    return True


def marker(kind, x, y, color):
    if kind == "square":
        return '<rect x="%.1f" y="%.1f" width="7" height="7" fill="%s"/>' % (x - 3.5, y - 3.5, color)
    if kind == "triangle":
        return '<path d="M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f Z" fill="%s"/>' % (
            x, y - 4.5, x - 4.5, y + 3.5, x + 4.5, y + 3.5, color)
    return '<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"/>' % (x, y, color)


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
            v = BY_ID[bid]
            pts = []
            for size in self.run.configs().get(cfg, []):
                m = self.run.get(bid, cfg + (size,))
                if m is not None and m.score > 0:
                    pts.append((size, m.score, m.error))
            out.append((v.label, v.engine, pts))
        return out

    def charts(self):
        cfg = self.run.main_config()
        if cfg is None:
            return []
        made = []
        gets = ["native:get_pinned:1", "native:get_string:1", "PanrocksGet.getPinned", "PanrocksGet.getScoped",
                "PanrocksGet.getAdaptive", "PanrocksGet.get", "PanrocksGet.getPreallocated",
                "RocksJavaGet.get", "RocksJavaGet.getPreallocated"]
        p = os.path.join(self.svg_dir, "bench-gets.svg")
        if svg_chart("Point gets: ops/s against value size", cfg_name(cfg) + ", 1 thread (higher is better)",
                     self.series_for(cfg, gets), p):
            made.append(("Point gets", p))
        scans = ["native:scan1000:1", "PanrocksScan.scanZeroCopy", "PanrocksScan.scanForward",
                 "PanrocksScan.scanBytes", "RocksJavaScan.scan", "RocksJavaScan.scanByteBuffer"]
        p = os.path.join(self.svg_dir, "bench-scans.svg")
        if svg_chart("Scans of 1000 entries: scans/s against value size", cfg_name(cfg) + " (higher is better)",
                     self.series_for(cfg, scans), p, ylabel="scans/s"):
            made.append(("Scans", p))
        return made

    def target_rows(self):
        """Issue 5's targets (and issue 3's): (target, variant, per-point values, verdict)."""
        run = self.run
        rows = []
        points = run.points()

        def check(name, bid, against, target, pred=lambda p: True, kind="ratio"):
            vals, verdicts = [], []
            for p in points:
                if not pred(p):
                    continue
                a = run.get(bid, p)
                b = against(p)
                if a is None and b is None:
                    continue
                rt = ratio(a, b)
                verdicts.append(verdict(rt, target))
                vals.append((p, rt))
            detail = "; ".join("%s: %s" % (short_point(p, points), fmt_ratio(rt)) for p, rt in vals) or "–"
            rows.append((name, BY_ID[bid].label, detail, combine(verdicts)))

        native = lambda shape: (lambda p: run.native.get((shape, 1, p)))  # noqa: E731
        rj = lambda bid: (lambda p: run.get(bid, p))  # noqa: E731
        big = lambda p: p[3] >= 16384  # noqa: E731
        small = lambda p: p[3] < 1024  # noqa: E731
        check("pinned get ≥ 16 KiB: ≥ 5× RocksJava get()", "PanrocksGet.getPinned", rj("RocksJavaGet.get"), 5, big)
        check("pinned get ≥ 16 KiB: ≥ 0.7× native pinned", "PanrocksGet.getPinned", native("get_pinned"), 0.7, big)
        for bid in ("PanrocksGet.getScoped", "PanrocksGet.getAdaptive"):
            check("adaptive ≥ 1.0× RocksJava preallocated get, every size", bid,
                  rj("RocksJavaGet.getPreallocated"), 1.0)
        for bid in ("PanrocksGet.getScoped", "PanrocksGet.getAdaptive"):
            check("adaptive < 1 KiB: ≥ 0.9× native (get_pinned)", bid, native("get_pinned"), 0.9, small)
        for bid in ("PanrocksScan.scanZeroCopy", "PanrocksScan.scanForward"):
            check("scan zero-copy at 16 B: ≥ 1.0× RocksJava", bid, rj("RocksJavaScan.scan"), 1.0,
                  lambda p: p[3] == 16)
            check("scan zero-copy at 1 KiB: ≥ 1.5× RocksJava", bid, rj("RocksJavaScan.scan"), 1.5,
                  lambda p: p[3] == 1024)
            check("scan zero-copy at 64 KiB: ≥ 5× RocksJava", bid, rj("RocksJavaScan.scan"), 5,
                  lambda p: p[3] == 65536)
            check("scan zero-copy: ≥ 0.8× native, every size", bid, native("scan1000"), 0.8)
        check("WriteBatch of 100: ≥ 1.2× RocksJava", "PanrocksWrite.batch100", rj("RocksJavaWrite.batch100"), 1.2)
        for bid in ("PanrocksMultiGet.multiGetAsList", "PanrocksMultiGet.multiGetCopy",
                    "PanrocksMultiGet.multiGetPinned"):
            check("multiGet of 100: ≥ 1.2× RocksJava multiGetAsList", bid,
                  rj("RocksJavaMultiGet.multiGetAsList"), 1.2)
        # allocation
        for bid in ZERO_COPY_AND_BUFFER_GETS:
            vals, verdicts = [], []
            for p in points:
                m = run.get(bid, p)
                if m is None:
                    continue
                if m.alloc is None or math.isnan(m.alloc):
                    verdicts.append("not measured")
                    continue
                verdicts.append("met" if m.alloc < 16 else "not met")
                vals.append("%s: %s/op" % (short_point(p, points), fmt_bytes_op(m.alloc)))
            rows.append(("zero-copy / buffer get: < 16 B/op allocated", BY_ID[bid].label,
                         "; ".join(vals) or "–", combine(verdicts)))
        # issue 3: two threads
        for bid in ("PanrocksGet.getThreads2", "PanrocksGet.getPreallocatedThreads2", "PanrocksGet.getPinnedThreads2"):
            v = BY_ID[bid]
            check("issue 3: 2 threads ≥ 1.8× 1 thread", bid, rj(v.single), 1.8)
        return rows

    # -- sections ---------------------------------------------------------------

    def header(self):
        meta = self.run.meta
        mode = meta.get("mode", "?")
        self.w("# panrocks benchmarks", "")
        self.w("<!-- generated by scripts/bench/report.py from %s; do not edit by hand -->"
               % self.repo_path(self.run.folder), "")
        if mode != "full":
            self.w("> **%s run: validation numbers.** Short iterations and one fork on a shared machine; "
                   "errors are wide and many results are flagged noisy (⚠). Run `scripts/bench.sh` "
                   "(full mode) for figures to quote." % mode.capitalize(), "")
        self.w("panrocks (Java FFM binding) against RocksJava %s (JNI), both on RocksDB %s, beside a native C++ "
               "floor that calls the same librocksdb directly. Every number below comes from one run, "
               "`%s` (mode **%s**, started %s, git %s%s); its raw JMH JSON and native JSON lines are in that "
               "folder. Regenerate this page with `scripts/bench.sh --report-only %s`."
               % (meta.get("rocksdbjniVersion", "?"), meta.get("engineVersion", "?"),
                  self.repo_path(self.run.folder), mode, meta.get("started", "?"), meta.get("git", "?"),
                  ", uncommitted changes" if meta.get("gitDirty") else "", self.repo_path(self.run.folder)), "")
        if self.run.warnings:
            for wmsg in self.run.warnings:
                self.w("- warning: " + wmsg)
            self.w("")

    def summary(self):
        self.w("## Targets (issue 5, and issue 3's scaling)", "")
        self.w("Each target is checked at every measured point it applies to (point = value size, or "
               "keyCount/keySize/dataset/value size when several configurations ran). Ratios carry "
               "their error (99.9% half-widths combined); \"within error\" means the error interval "
               "straddles the target, ⚠ marks an error above 20% of the ratio.", "")
        found = self.target_rows()
        rows = [(esc_md(t), esc_md(v), esc_md(d), verd) for t, v, d, verd in found]
        met = sum(1 for r in found if r[3].startswith("**met"))
        unmet = sum(1 for r in found if r[3].startswith("**not met"))
        self.w("Of %d target checks: **%d met, %d not met, %d not measured** in this run."
               % (len(found), met, unmet, len(found) - met - unmet), "")
        self.w(table(["target", "variant", "measured", "verdict"], rows, ["---", "---", "---", "---"]), "")

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
            ("panrocks engine", "%s (system library: %s)" % (m.get("engineVersion", "?"), m.get("librocksdb", "?"))),
            ("RocksJava", "org.rocksdb:rocksdbjni:%s (its bundled librocksdbjni)" % m.get("rocksdbjniVersion", "?")),
            ("native floor engine", getattr(self.run, "engine_native", None) or "?"),
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
        self.w("- **Native floor** (`native/build/bench/panrocks_native_bench`, source `native/bench/`): the same "
               "shapes, data and options in C++ straight on the librocksdb panrocks uses, timed like JMH "
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
        self.w("- **Same version, different builds**: panrocks and the native floor run on the system "
               "librocksdb (%s), RocksJava on the librocksdbjni bundled in its jar (RocksDB %s built by the "
               "RocksDB project). Compiler flags and allocator may differ between the two builds; the native "
               "floor measures the system build only, so a part of any panrocks/RocksJava difference at "
               "large values can come from the engines' builds rather than the bindings."
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
        if m.get("adaptiveSizes"):
            rows.append(("adaptive threshold", "1000", "16", "flushed",
                         ", ".join(fmt_size(v) for v in m["adaptiveSizes"]), "1 (copy / pin / default)"))
        self.w(table(["group", "keyCount", "keySize", "dataset", "value sizes", "threads"], rows,
                     ["---", "--:", "--:", "---", "---", "---"]), "")
        self.w("Data sets above 2 GiB (keyCount × (keySize + valueSize)) are never attempted. The two modes "
               "of `scripts/bench.sh` (which defines them): **full** runs the whole value-size sweep "
               "(16 B … 1 MiB) at keyCount 1000 / keySize 16 / flushed with the 2-thread variants, plus "
               "keyCount 100000 (16 B, 4 KiB), keySize 128 (16 B, 4 KiB) and the memtable data set "
               "(16 B, 64 KiB), and the adaptive threshold at 11 sizes; **quick** runs only 16 B and 64 KiB "
               "at keyCount 1000 / keySize 16 / flushed (with 2 threads) and the threshold at 4 sizes.", "")
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
        self.w(table(["variant", "benchmark", "one operation", "compared with"], rows,
                     ["---", "---", "---", "---"]), "")
        self.w("The 2-thread variants (`…Threads2`, `@Threads(2)`) run the same loop on two threads "
               "sharing one DB; their comparators are the 2-thread RocksJava variant and the native "
               "shape with `--threads 2`.", "")

    def results(self):
        self.w("## Results", "")
        for cfg, sizes in self.run.configs().items():
            self.w("### %s" % cfg_name(cfg), "")
            for sec, title in SECTIONS.items():
                vs = [v for v in VARIANTS if v.section == sec
                      and any(self.run.get(v.bid, cfg + (s,)) for s in sizes)]
                if not any(v.engine != "native" for v in vs):
                    continue
                self.w("#### %s" % title, "")
                head = ["variant"] + [fmt_size(s) for s in sizes]
                rows = [[esc_md(v.label)] + [fmt_m(self.run.get(v.bid, cfg + (s,))) for s in sizes] for v in vs]
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
                    self.w("Ratios (panrocks over its comparator; > 1 means panrocks is faster):", "")
                    self.w(table(["ratio"] + [fmt_size(s) for s in sizes], rrows), "")

    def overhead(self):
        """ns/op above the native comparator: what each binding adds per get."""
        self.w("## Binding cost per get (ns/op above native)", "")
        self.w("1e9 / ops/s of the Java variant minus that of its native comparator: the time the binding "
               "adds to the engine's own work. Lower is better; negative values are noise.", "")
        for cfg, sizes in self.run.configs().items():
            vs = [v for v in VARIANTS if v.section == "get" and v.engine != "native"
                  and any(self.run.get(v.bid, cfg + (s,)) for s in sizes)]
            if not vs:
                continue
            self.w("### %s" % cfg_name(cfg), "")
            rows = []
            for v in vs:
                cells = []
                for s in sizes:
                    p = cfg + (s,)
                    a, b = self.run.get(v.bid, p), self.run.comparator(v, p, "native")
                    if a is None or b is None or not a.score or not b.score:
                        cells.append("–")
                    else:
                        cells.append("%.0f" % (1e9 / a.score - 1e9 / b.score))
                rows.append([esc_md("%s (vs %s)" % (v.label, v.native[0]))] + cells)
            nat = []
            for shape in ("get_pinned", "get_string", "get_buffer"):
                cells = []
                for s in sizes:
                    m = self.run.native.get((shape, 1, cfg + (s,)))
                    cells.append("%.0f" % (1e9 / m.score) if m and m.score else "–")
                nat.append(["*native %s itself (ns/op)*" % shape] + cells)
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
                  ("Note: a read can only copy what fits the calling thread's scratch buffer, %s for a thread "
                   "that has only read (the data is loaded on another thread, so the measuring thread is one), "
                   "so above %s `copy` pins like `pin` does and the threshold no longer matters. (The buffer "
                   "grows to the largest value the thread has written, up to 1 MiB.)"
                   % (fmt_size(scratch), fmt_size(scratch))) if scratch else ""), "")
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
        clear, close = OrderedDict(), OrderedDict()
        for v in VARIANTS:
            if v.engine != "panrocks" or not v.rj:
                continue
            for p in run.points():
                rt = ratio(run.get(v.bid, p), run.comparator(v, p, "rj"))
                if rt is None or rt[0] >= 1:
                    continue
                certain = not math.isnan(rt[1]) and rt[0] + rt[1] < 1
                (clear if certain else close).setdefault(v.bid, []).append((p, rt))
        if not clear and not close:
            self.w("panrocks is at least as fast as its RocksJava comparator at every measured point.", "")
        pts_all = run.points()
        if clear:
            self.w("Slower than the RocksJava comparator beyond the error bars:", "")
            for bid, items in clear.items():
                v = BY_ID[bid]
                self.w("- **%s** vs %s: %s" % (esc_md(v.label), esc_md(BY_ID[v.rj].label), ", ".join(
                    "%s %s%s" % (short_point(p, pts_all), fmt_ratio(rt), self.alloc_note(v, p))
                    for p, rt in items)))
            self.w("")
        if close:
            self.w("Slower, but within the error bars or without an error estimate (may be noise):", "")
            for bid, items in close.items():
                v = BY_ID[bid]
                self.w("- %s vs %s: %s" % (esc_md(v.label), esc_md(BY_ID[v.rj].label), ", ".join(
                    "%s %s" % (short_point(p, pts_all), fmt_ratio(rt)) for p, rt in items)))
            self.w("")
        lost = set(clear) | set(close)
        why = []
        small_get = {"PanrocksGet.get", "PanrocksGet.getPreallocated", "PanrocksGet.getDirectBuffer",
                     "PanrocksGet.getSegment", "PanrocksCriticalGet.getPreallocatedCritical"}
        if lost & small_get:
            why.append("**Copying gets** cross once, like RocksJava's, but panrocks does more Java-side work "
                       "around the crossing: it finds the thread's `CallContext` (a ThreadLocal), marks the call "
                       "in and out (volatile stores, so `close()` can wait for calls in flight), copies the key "
                       "into native scratch, and reads size, status and address back from native "
                       "out-parameters through `MemorySegment` accesses. RocksJava's JNI stub does its "
                       "bookkeeping in C++ (`GetByteArrayRegion` for the key, `NewByteArray`/"
                       "`SetByteArrayRegion` for the value). Where values are small the "
                       "engine's own `Get` takes only %s here, so this fixed cost decides the "
                       "ratio (see the ns/op table above). `get → byte[]` copies twice when the value fits "
                       "the thread's scratch buffer (engine → scratch → array; 16 KiB for a thread that has only "
                       "read, larger after it wrote large values), as RocksJava always does (engine → "
                       "std::string → array), and once from the pinned block above it." % self.native_get_ns())
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
                       "`WriteBatch`. Where the Java-side serialization costs more than those JNI calls, "
                       "panrocks loses; the allocation figures in the list above show what each record costs "
                       "on the heap.")
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
        self.w("```sh\nscripts/bench.sh            # full run, about 4 to 4.5 hours on 2 cores\n"
               "scripts/bench.sh --quick    # validation run, under 10 minutes\n"
               "scripts/bench.sh --report-only jmh/results/<run>   # regenerate this page from a run\n```", "")
        self.w("The script builds the native library and floor (`scripts/build-native.sh`) and the JMH jar "
               "(`mvn -pl jmh -am package`), runs the native floor and JMH for each group of points, keeps "
               "everything in `jmh/results/<timestamp>-<mode>/`, and writes this page and `docs/bench-*.svg`. "
               "A single benchmark can be run by hand, always with forks (never `-f 0`, which would load "
               "both engines into one JVM): `java -jar jmh/target/benchmarks.jar 'PanrocksGet.getPinned$' "
               "-p keyCount=1000 -p keySize=16 -p valueSize=4096 -p dataset=flushed -prof gc`.", "")
        self.w("## Raw data", "")
        self.w("Run folder `%s`: %s, `native.jsonl`, `machine.json`, and the full JMH and native logs. "
               "The charts are drawn from the same numbers (`scripts/bench/report.py`)."
               % (self.repo_path(self.run.folder),
                  ", ".join("`%s`" % os.path.basename(p) for p in self.run.jmh_files) or "no JMH JSON"), "")

    def build(self):
        self.header()
        self.summary()
        charts = self.charts()
        if charts:
            self.w("## Charts", "")
            for title, path in charts:
                self.w("![%s](%s)" % (title, self.rel_link(path)), "")
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


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", help="run folder (jmh/results/<timestamp>-<mode>)")
    ap.add_argument("--out", required=True, help="markdown file to write")
    ap.add_argument("--svg-dir", required=True, help="folder for bench-*.svg")
    a = ap.parse_args()
    run = Run(a.run)
    if not run.results and not run.native and not run.adaptive:
        sys.exit("report.py: no results in %s" % a.run)
    os.makedirs(a.svg_dir, exist_ok=True)
    text = Report(run, a.svg_dir, a.out).build()
    with open(a.out, "w") as f:
        f.write(text)
    print("report.py: wrote %s (%d JMH results, %d native, %d adaptive)"
          % (a.out, len(run.results), len(run.native), len(run.adaptive)), file=sys.stderr)


if __name__ == "__main__":
    main()
