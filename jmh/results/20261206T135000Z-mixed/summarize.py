import json, glob, math, sys, re, collections
# summarize.py DIR LABEL: per-round RocksJava/panrocks time ratios (>1: panrocks faster), mean and 95% CI over rounds
d, label = sys.argv[1], sys.argv[2]
T = {2:12.71,3:4.30,4:3.18,5:2.78,6:2.57,7:2.45,8:2.36,9:2.31,10:2.26,11:2.23,12:2.20}
data = collections.defaultdict(lambda: collections.defaultdict(dict))  # key -> round -> binding -> value
for f in glob.glob(f"{d}/{label}-*-r*.json"):
    m = re.search(r"-(Panrocks|RocksJava)-r(\d+)\.json$", f)
    b, r = m.group(1), int(m.group(2))
    try: rs = json.load(open(f))
    except Exception: continue
    for x in rs:
        name = x["benchmark"].split(".")[-1]; ds = x["params"]["dataset"]
        data[(name, ds, "time")][r][b] = x["primaryMetric"]["score"]
        for k, v in x["secondaryMetrics"].items():
            if k.endswith("CpuNs"):  # EVENTS counters: JMH sums the iterations; their mean
                raw = [i for fork in v["rawData"] for i in fork]
                data[(name, ds, k)][r][b] = sum(raw) / len(raw)
            else:
                data[(name, ds, k)][r][b] = v["score"]
def stats(xs):
    n = len(xs); m = sum(xs)/n
    if n < 2: return m, float("nan")
    sd = math.sqrt(sum((x-m)**2 for x in xs)/(n-1)); return m, T.get(n, 2.0)*sd/math.sqrt(n)
print(f"{'benchmark':28} {'data':9} {'metric':22} {'panrocks':>10} {'RocksJava':>10} {'RJ/P':>6} {'±':>5} n")
for key in sorted(data):
    rounds = data[key]
    pairs = [(v["Panrocks"], v["RocksJava"]) for v in rounds.values() if "Panrocks" in v and "RocksJava" in v]
    if not pairs: continue
    name, ds, metric = key
    if metric not in ("time", "mixedRead", "mixedUpdate", "task-clock", "context-switches", "gc.alloc.rate.norm", "cpu-migrations", "readCpuNs", "updateCpuNs"): continue
    lr = [math.log(r/p) for p, r in pairs if p > 0 and r > 0]
    if not lr: continue
    m, e = stats(lr)
    pm = sum(p for p, _ in pairs)/len(pairs); rm = sum(r for _, r in pairs)/len(pairs)
    print(f"{name:28} {ds:9} {metric:22} {pm:10.4g} {rm:10.4g} {math.exp(m):6.3f} {math.exp(m)*e if e==e else float('nan'):5.3f} {len(pairs)}")
