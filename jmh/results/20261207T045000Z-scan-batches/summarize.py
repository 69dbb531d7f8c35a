"""summarize.py DIR: per-round throughput ratios after/before (the jars run.sh alternated), mean of per-round
log-ratios with a 95% t interval; gc.alloc.rate.norm (B/op) of every fork, so a fork that allocates shows."""
import glob, json, math, re, sys, collections
d = sys.argv[1]
T = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36}
score = collections.defaultdict(dict)
alloc = collections.defaultdict(lambda: collections.defaultdict(list))
for f in glob.glob(f"{d}/*-r*.json"):
    b, r = re.search(r"/(new|old)-r(\d+)\.json$", f).groups()
    for x in json.load(open(f)):
        key = (x["benchmark"].split(".")[-1], int(x["params"]["valueSize"]))
        score[key][(b, int(r))] = x["primaryMetric"]["score"]
        alloc[key][b].append(x["secondaryMetrics"]["gc.alloc.rate.norm"]["score"])
print(f"{'benchmark':24} {'value':>6} {'after ops/s':>12} {'before ops/s':>12} {'after/before':>14}  B/op after (each fork) | before")
for (bench, size), s in sorted(score.items()):
    rs = sorted({r for (_, r) in s})
    xs = [math.log(s[("new", r)] / s[("old", r)]) for r in rs if ("new", r) in s and ("old", r) in s]
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    h = T.get(len(xs), 2) * sd / math.sqrt(len(xs))
    mean = lambda b: sum(v for (x, _), v in s.items() if x == b) / sum(1 for (x, _) in s if x == b)
    fmt = lambda b: " ".join(f"{a:.0f}" for a in alloc[(bench, size)][b])
    print(f"{bench:24} {size:>6} {mean('new'):>12.0f} {mean('old'):>12.0f} {math.exp(m):>8.3f}x ±{math.exp(m) * h:.3f}  {fmt('new')} | {fmt('old')}")
# the static native floor of each round (scan1000), and each side's mean over it
floor = collections.defaultdict(list)
for line in open(f"{d}/native.jsonl"):
    x = json.loads(line)
    floor[x["valueSize"]].append(x["opsPerSec"])
print()
for (bench, size), s in sorted(score.items()):
    fl = sum(floor[size]) / len(floor[size])
    mean = lambda b: sum(v for (x, _), v in s.items() if x == b) / sum(1 for (x, _) in s if x == b)
    print(f"{bench:24} {size:>6} native scan1000 {fl:>8.0f} (rounds {' '.join(f'{v:.0f}' for v in floor[size])}): "
          f"after {mean('new') / fl:.3f}x, before {mean('old') / fl:.3f}x of the floor")
