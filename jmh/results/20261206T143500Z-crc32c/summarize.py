"""summarize.py DIR: per-round ratios new/old (panrocks with/without the CRC32C patch) and new/rj,
old/rj (RocksJava 11.8.1), mean of per-round log-ratios with a 95% t interval."""
import glob, json, math, re, sys, collections
d = sys.argv[1]
T = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57}
score = collections.defaultdict(dict)  # (bench, size) -> (binding, round) -> ops/s
for f in glob.glob(f"{d}/*-r*.json"):
    b, r = re.search(r"/(new|old|rj)-r(\d+)\.json$", f).groups()
    for x in json.load(open(f)):
        score[(x["benchmark"].split(".")[-1], int(x["params"]["valueSize"]))][(b, int(r))] = x["primaryMetric"]["score"]
def ratio(s, a, b):
    rs = sorted({r for (_, r) in s})
    xs = [math.log(s[(a, r)] / s[(b, r)]) for r in rs if (a, r) in s and (b, r) in s]
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else float("nan")
    h = T.get(len(xs), 2) * sd / math.sqrt(len(xs))
    return f"{math.exp(m):.2f}x ±{math.exp(m) * h:.2f}"
print(f"{'benchmark':9} {'value':>6} {'new ops/s':>10} {'old ops/s':>10} {'RJ ops/s':>10}  {'new/old':>13} {'new/RJ':>13} {'old/RJ':>13}")
for (bench, size), s in sorted(score.items()):
    mean = lambda b: sum(v for (x, _), v in s.items() if x == b) / max(1, sum(1 for (x, _) in s if x == b))
    print(f"{bench:9} {size:>6} {mean('new'):>10.0f} {mean('old'):>10.0f} {mean('rj'):>10.0f}  {ratio(s, 'new', 'old'):>13} {ratio(s, 'new', 'rj'):>13} {ratio(s, 'old', 'rj'):>13}")
