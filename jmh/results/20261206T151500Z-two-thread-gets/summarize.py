"""summarize.py DIR: panrocks / RocksJava 11.8.1 per benchmark and value size, mean of the per-round
log-ratios with a 95% t interval (rounds alternate the order of the two bindings)."""
import glob, json, math, re, sys, collections
d = sys.argv[1]
T = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57}
score = collections.defaultdict(dict)
for f in glob.glob(f"{d}/*-r*.json"):
    b, r = re.search(r"/(Panrocks|RocksJava)-r(\d+)\.json$", f).groups()
    for x in json.load(open(f)):
        score[(x["benchmark"].split(".")[-1], int(x["params"]["valueSize"]))][(b, int(r))] = x["primaryMetric"]["score"]
for (bench, size), s in sorted(score.items()):
    rs = sorted({r for (_, r) in s})
    xs = [math.log(s[("Panrocks", r)] / s[("RocksJava", r)]) for r in rs]
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    mean = lambda b: sum(s[(b, r)] for r in rs) / len(rs)
    print(f"{bench:24} {size:>7} panrocks {mean('Panrocks'):>10.0f} RocksJava {mean('RocksJava'):>10.0f}"
          f"  {math.exp(m):.2f}x ±{math.exp(m) * T[len(xs)] * sd / math.sqrt(len(xs)):.2f}")
