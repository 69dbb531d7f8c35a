"""The targets: each checked at every measured point it applies to, (a) on the same engine binary
(panrocks on RocksJava's engine against RocksJava) and (b) as shipped."""
import math

from .formatting import fmt_bytes_op, fmt_ratio, fmt_size, short_point
from .stats import combine, ratio, verdict
from .variants import BY_ID, FORWARD_PANROCKS, FORWARD_ROCKSJAVA, ZERO_COPY_AND_BUFFER_GETS, label_of

# The batch-and-forward targets start with this; their section lists them again.
FORWARD_TARGET_PREFIX = "forward"


def target_rows(run):
    """The targets (speed against RocksJava and native, allocation, two-thread scaling, batch and
    forward): each evaluated (a) on the same engine binary
    (panrocks on RocksJava's engine vs RocksJava) and (b) as shipped (panrocks on Debian's).
    Rows: (target, variant, a_detail, a_verdict, b_detail, b_verdict, primary, basis)."""
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
    # issue 25: transactions and indexed-batch reads against RocksJava and the native floor
    for bid, shape in (("PanrocksTransaction.get", "txn_get"), ("PanrocksTransaction.putCommit", "txn_put_commit"),
                       ("PanrocksTransaction.getForUpdatePutCommit", "txn_get_for_update_put_commit"),
                       ("PanrocksTransaction.batchAndDbGet", "batch_and_db_get")):
        check("transactions and WriteBatchWithIndex reads: ≥ 1.15× RocksJava", bid, rjv(BY_ID[bid].rj), 1.15)
        check("transactions and WriteBatchWithIndex reads: ≥ 0.9× native", bid, nat(shape), 0.9)
    # issue 25: reads at the native floor
    for bid in ("PanrocksGet.getPreallocated", "PanrocksGet.getDirectBuffer", "PanrocksGet.getSegment",
                "PanrocksGet.getScoped"):
        check("buffer gets and the adaptive reader: ≥ 0.95× native, every size", bid,
              nat(BY_ID[bid].native[0]), 0.95)
    check("byte[] get(key): ≥ 1.0× RocksJava, every size", "PanrocksGet.get", rjv("RocksJavaGet.get"), 1.0)
    for bid in ("PanrocksGet.getPinned", "PanrocksGet.getAdaptive"):
        check("getPinned and getAdaptive: ≥ 0.90× native get_pinned", bid, nat("get_pinned"), 0.9)
    check("zero-copy scan of 1000 at 16 B: ≥ 0.85× native", "PanrocksScan.scanZeroCopy", nat("scan1000"), 0.85,
          lambda p: p[3] == 16)
    check("MultiGet of 100 into one buffer: ≥ 0.90× native", "PanrocksMultiGet.multiGetCopy",
          nat("multiget100_copy"), 0.9)
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
    # two threads against one (panrocks against itself; the 2-thread variants run on Debian's engine only)
    for bid in ("PanrocksGet.getThreads2", "PanrocksGet.getPreallocatedThreads2", "PanrocksGet.getPinnedThreads2"):
        v = BY_ID[bid]
        b = evaluate(bid, "debian", ("self", v.single), 1.9, lambda p: True)
        add("2 threads ≥ 1.9× 1 thread", bid, ("n/a: panrocks against itself", "n/a"), b, "self")
    # batch and forward, per sink
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
        rows.append((FORWARD_TARGET_PREFIX + " ≥ 3× RocksJava at ≥ 4 KiB (to %s)" % sink,
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
    rows.append((FORWARD_TARGET_PREFIX + " < 64 B allocated per record", "panrocks RecordBatch.writeRecordsTo",
                 alloc_cols[0][0], alloc_cols[0][1], alloc_cols[1][0], alloc_cols[1][1],
                 alloc_cols[0][1] if alloc_cols[0][1] != "not measured" else alloc_cols[1][1],
                 "a" if alloc_cols[0][1] != "not measured" else "b"))
    return rows
