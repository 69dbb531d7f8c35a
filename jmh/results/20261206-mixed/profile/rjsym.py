import sys, subprocess, bisect, collections, re
# rjsym.py DATA MARKER: the reader thread's samples in RocksJava's library, symbolized from the jar's copy
data, marker = sys.argv[1], sys.argv[2]
lib = "/tmp/mixedwork/rj/librocksdbjni-linux64.so"
mm = subprocess.run(["perf", "script", "-i", data, "--show-mmap-events"], capture_output=True, text=True).stdout
m = re.search(r"\[0x([0-9a-f]+)\(0x[0-9a-f]+\) @ 0x([0-9a-f]+) [^\]]*\]: r-xp \S*librocksdbjni", mm)
start, pgoff = int(m.group(1), 16), int(m.group(2), 16)
syms = []
for l in subprocess.run(["nm", "-C", "-n", "--defined-only", lib], capture_output=True, text=True).stdout.splitlines():
    p = l.split(" ", 2)
    if len(p) == 3 and p[1] in "tTwW": syms.append((int(p[0], 16), p[2]))
addrs = [a for a, _ in syms]
out = subprocess.run(["perf", "script", "-i", data, "-F", "tid,ip,dso"], capture_output=True, text=True).stdout
samples = [s for s in out.split("\n\n") if s.strip()]
tids = set(); res = collections.Counter(); n = 0
full = subprocess.run(["perf", "script", "-i", data, "-F", "tid,ip,sym,dso"], capture_output=True, text=True).stdout
for s in full.split("\n\n"):
    if marker in s: tids.add(s.strip().split()[0])
for s in samples:
    lines = [l for l in s.strip().split("\n") if l.strip()]
    if lines[0].strip().split()[0] not in tids or len(lines) < 2: continue
    n += 1
    ip_s, dso = lines[1].split(None, 1)
    if "librocksdbjni" not in dso: continue
    v = int(ip_s, 16); v = v - start + pgoff if v >= start else v  # perf prints the file address when the file is gone
    i = bisect.bisect_right(addrs, v) - 1
    res[syms[i][1][:100] if i >= 0 else "?"] += 1
print(f"=== {data}: tids {sorted(tids)} {n} samples")
for k, c in res.most_common(int(sys.argv[3]) if len(sys.argv) > 3 else 15): print(f"  {100*c/n:5.1f}% {k}")
