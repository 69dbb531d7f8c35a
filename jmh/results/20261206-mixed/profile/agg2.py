import sys, subprocess, collections, re
# agg2.py DATA MARKER: all samples of the thread(s) whose stacks ever show MARKER, by leaf dso and symbol
data, marker = sys.argv[1], sys.argv[2]
out = subprocess.run(["perf", "script", "-i", data, "-F", "tid,ip,sym,dso"], capture_output=True, text=True).stdout
samples = [s for s in out.split("\n\n") if s.strip()]
tids = set()
parsed = []
for s in samples:
    lines = [l for l in s.strip().split("\n") if l.strip()]
    tid = lines[0].strip().split()[0]
    if marker in s: tids.add(tid)
    leaf = lines[1].strip() if len(lines) > 1 else ""
    m = re.match(r"\s*[0-9a-f]+\s+(.*?)\s+\((.*)\)$", leaf)
    sym, dso = (m.group(1), m.group(2).split("/")[-1]) if m else (leaf, "?")
    sym = re.sub(r"\+0x[0-9a-f]+$", "", sym)
    if dso.startswith("perf-"): dso = "JIT"
    parsed.append((tid, dso, sym[:100]))
c = collections.Counter(); d = collections.Counter(); n = 0
for tid, dso, sym in parsed:
    if tid in tids: c[(dso, sym)] += 1; d[dso] += 1; n += 1
print(f"=== {data} {marker}: tids {sorted(tids)} {n} samples")
for k, v in d.most_common(8): print(f"  {100*v/n:5.1f}% {k}")
for (k, s), v in c.most_common(int(sys.argv[3]) if len(sys.argv) > 3 else 30): print(f"    {100*v/n:5.1f}% {k:20} {s}")
