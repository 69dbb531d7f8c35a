"""Numbers, sizes, ratios and markdown tables as text."""
import math

from .stats import NOISY

def fmt_ops(x):
    if x is None or math.isnan(x):
        return "–"
    if x >= 1e6:
        return "%.2fM" % (x / 1e6)
    if x >= 1e4:
        return "%.0fk" % (x / 1e3)
    if x >= 1e3:
        return "%.1fk" % (x / 1e3)
    if x >= 100:
        return "%.0f" % x
    return "%.1f" % x


def fmt_m(m):
    if m is None:
        return "–"
    rel = m.rel
    err = "±?" if math.isnan(rel) else "±%.0f%%" % (rel * 100)
    return "%s %s%s" % (fmt_ops(m.score), err, " ⚠" if m.noisy else "")


def fmt_size(v):
    v = int(v)
    if v >= 1 << 20 and v % (1 << 20) == 0:
        return "%d MiB" % (v >> 20)
    if v >= 1024 and v % 1024 == 0:
        return "%d KiB" % (v >> 10)
    return "%d B" % v


def fmt_bytes_op(x, err=None):
    if x is None or math.isnan(x):
        return "–"
    if x >= 10 * 1024 * 1024:
        return "%.0f MiB" % (x / 1048576)
    if x >= 10 * 1024:
        return "%.0f KiB" % (x / 1024)
    if x >= 100:
        return "%.0f B" % x
    return "%.1f B" % x



def fmt_ratio(rt):
    if rt is None:
        return "–"
    r, e = rt
    noisy = math.isnan(e) or e > NOISY * r
    return "%.2f×%s%s" % (r, "" if math.isnan(e) else " ±%.2f" % e, " ⚠" if noisy else "")



def cfg_name(c):
    return "keyCount %d, keySize %d, %s" % c


def table(header, rows, align=None):
    out = ["| " + " | ".join(header) + " |"]
    al = align or (["---"] + ["--:"] * (len(header) - 1))
    out.append("|" + "|".join(al) + "|")
    for r in rows:
        out.append("| " + " | ".join(r) + " |")
    return "\n".join(out)



def engine_desc(e, lead=True):
    """'; /usr/lib/.../librocksdb.so.7.8.3, 11.4 MB, sha256 0e11ed1c2155…, 6390 __assert_fail call sites'."""
    if not e:
        return ""
    parts = ["`%s`" % e.get("realPath", e.get("path", "?"))]
    if e.get("bytes"):
        parts.append("%.1f MB" % (e["bytes"] / 1e6))
    if e.get("sha256"):
        parts.append("sha256 `%s…`" % e["sha256"][:12])
    if isinstance(e.get("assertFailCallSites"), int):
        parts.append("%d `__assert_fail` call sites" % e["assertFailCallSites"])
    return ("; " if lead else "") + ", ".join(parts)



def short_point(p, points):
    """A point named by its value size, plus how its configuration differs from the main one
    (the one with most value sizes): "16 B", "16 B [100000 keys]", "64 KiB [memtable]"."""
    counts = {}
    for q in points:
        counts[q[:3]] = counts.get(q[:3], 0) + 1
    main = max(counts, key=lambda c: (counts[c], c == (1000, 16, "flushed"))) if counts else p[:3]
    diff = []
    if p[0] != main[0]:
        diff.append("%d keys" % p[0])
    if p[1] != main[1]:
        diff.append("%d B keys" % p[1])
    if p[2] != main[2]:
        diff.append(p[2])
    return fmt_size(p[3]) + (" [%s]" % ", ".join(diff) if diff else "")


def esc_md(s):
    return str(s).replace("|", "\\|")

