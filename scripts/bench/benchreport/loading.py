"""Loading one run folder: JMH JSON files, the native floor's JSON lines and machine.json."""
import glob
import json
import math
import os
from collections import OrderedDict

from .stats import NAN, NOISY
from .variants import FORWARD_PANROCKS, FORWARD_ROCKSJAVA, VARIANTS


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
        self.cost_budget = {}  # (bid, valueSize) -> M; GetCostBudget, for the hand-written "cost-budget" section
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

        # (bid, point) -> instructions per operation (callgrind, fixed count; scripts/bench.sh
        # instructions --run): bid as in get(), native ones as native:shape:1
        self.instructions = {}
        ipath = os.path.join(folder, "instructions-standard.tsv")
        if os.path.exists(ipath):
            with open(ipath) as f:
                header = f.readline().rstrip("\n").split("\t")
                for line in f:
                    d = dict(zip(header, line.rstrip("\n").split("\t")))
                    if not d.get("bid"):
                        continue
                    p = point_key(d["keyCount"], d["keySize"], d["dataset"], d["valueSize"])
                    self.instructions[(d["bid"], p)] = float(d["instructionsPerOp"])

    def instructions_of(self, bid, p):
        """Instructions per operation of a JMH bid or a native:shape:threads at point p, or None."""
        return self.instructions.get((bid, p))

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
        own_section = bid.startswith(("GuardBenchmark.", "GetCostBudget.")) or bid in (FORWARD_PANROCKS,
                                                                                      FORWARD_ROCKSJAVA)
        if not own_section and not all(k in params for k in ("keyCount", "keySize", "dataset", "valueSize")):
            # a benchmark with parameters of its own (JFR events, the mixed load, mmap reads) that a group's
            # include pattern caught: its own section reports it, from its own run
            warning = "%s: not a point of the matrix (parameters %s), left out" % (bid, sorted(params))
            if warning not in self.warnings:
                self.warnings.append(warning)
            return
        if pm.get("scoreUnit") != "ops/s":
            self.warnings.append("%s: unit %s, expected ops/s" % (bid, pm.get("scoreUnit")))
        meas = M(num(pm["score"]), num(pm["scoreError"]), alloc, alloc_err, n)
        if bid.startswith("GuardBenchmark."):
            self.guard[bid] = meas
            return
        if bid.startswith("GetCostBudget."):
            self.cost_budget[(bid, int(params["valueSize"]))] = meas
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

