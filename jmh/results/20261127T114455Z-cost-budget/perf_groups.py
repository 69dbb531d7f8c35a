import subprocess,sys,re,collections
def load(data, comm):
    out=subprocess.run(["perf","report","-i",data,"--comm",comm,"--no-children","--sort","dso,sym","-g","none","--percent-limit","0","--field-separator","\t"],capture_output=True,text=True).stdout
    rows=[]
    for l in out.splitlines():
        if not l or l.startswith("#"): continue
        parts=l.split("\t")
        if len(parts)<3: continue
        pct=float(parts[0].strip().rstrip('%')); dso=parts[1].strip(); sym=parts[2].strip()
        rows.append((pct,dso,sym))
    return rows
def group(dso,sym):
    if "__tls_get_addr" in sym: return "shared-library TLS (__tls_get_addr)"
    if "TLS init function" in sym or "TLS wrapper" in sym: return "engine TLS wrappers"
    if dso.startswith("[JIT]"):
        if "nep_invoker" in sym or "linkToNative" in sym: return "FFM downcall stub"
        if "jmh_generated" in sym: return "JMH loop + key choice"
        return "Java (JIT)"
    if "panrocks_get_adaptive" in sym or "read_pinned" in sym or "adaptive_result" in sym: return "C stub"
    if "libjvm" in dso: return "JVM runtime"
    if "kernel" in dso: return "kernel"
    if "libc" in dso: return "libc (memcmp, malloc, memcpy, mutex)"
    return "engine"
for data,comm,ops in [(a.split(":")[0],a.split(":")[1],float(a.split(":")[2])) for a in sys.argv[1:]]:
    rows=load(data,comm); tot=sum(r[0] for r in rows)
    g=collections.Counter()
    for pct,dso,sym in rows: g[group(dso,sym)]+=pct
    nsop=1e9/ops
    print(f"== {data} {comm} {ops:.0f} ops/s = {nsop:.0f} ns/op")
    for k,v in g.most_common(): print(f"  {k:45s} {100*v/tot:5.1f}%  {nsop*v/tot:6.1f} ns")
