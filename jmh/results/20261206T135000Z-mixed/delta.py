import json, glob, math, re, sys, collections
# delta.py DIR LABEL [GROUP]: CPU a concurrent updater adds to a read (GROUP's readCpuNs - readAlone's), and to
# an update; GROUP is mixed (default) or paced
d, label = sys.argv[1], sys.argv[2]
group = sys.argv[3] if len(sys.argv) > 3 else "mixed"
T = {2:12.71,3:4.30,4:3.18,5:2.78,6:2.57,7:2.45,8:2.36}
v = collections.defaultdict(dict)
for f in glob.glob(f"{d}/{label}-*-r*.json"):
    b, r = re.search(r"-(Panrocks|RocksJava)-r(\d+)\.json$", f).groups()
    try: rs = json.load(open(f))
    except Exception: continue
    for x in rs:
        n = x["benchmark"].split(".")[-1]; ds = x["params"]["dataset"]
        for k, m in x["secondaryMetrics"].items():
            if k.endswith("CpuNs"):
                raw = [i for fork in m["rawData"] for i in fork]
                v[(b, ds, n, k)][int(r)] = sum(raw) / len(raw)
def ci(xs):
    n = len(xs); m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else float("nan")
    return m, T.get(n, 2.0) * sd / math.sqrt(n)
for ds in ("flushed", "memtable"):
    for what, alone, beside in (("read", ("readAlone", "readCpuNs"), (group, "readCpuNs")),
                                ("update", ("updateAlone", "updateCpuNs"), ("mixed", "updateCpuNs"))):
        for b in ("Panrocks", "RocksJava"):
            a = v.get((b, ds) + alone, {}); m = v.get((b, ds) + beside, {})
            rounds = sorted(set(a) & set(m))
            if not rounds: continue
            am, ae = ci([a[r] for r in rounds]); mm, me = ci([m[r] for r in rounds]); dm, de = ci([m[r] - a[r] for r in rounds])
            print(f"{ds:9} {what:6} {b:9} alone {am:7.0f} ±{ae:5.0f}  beside {mm:7.0f} ±{me:5.0f}  added {dm:6.0f} ±{de:5.0f}  n={len(rounds)}")
