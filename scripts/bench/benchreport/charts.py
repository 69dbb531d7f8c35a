"""SVG charts (log-log line charts), standard library only."""
import math
import os

from .formatting import cfg_name, fmt_ops, fmt_size
from .variants import (BY_ID, FORWARD_PANROCKS, FORWARD_ROCKSJAVA, RJ_TAG, TAGS, base_bid, label_of,
                       on_rj)


CHART_COLORS = {
    "PanrocksGet.getPinned": "#d62728", "PanrocksGet.getScoped": "#ff7f0e", "PanrocksGet.getAdaptive": "#e377c2",
    "PanrocksGet.get": "#9467bd", "PanrocksGet.getPreallocated": "#d62728",
    "PanrocksScan.scanZeroCopy": "#d62728", "PanrocksScan.scanForward": "#ff7f0e", "PanrocksScan.scanBytes": "#9467bd",
    "RocksJavaGet.get": "#1f77b4", "RocksJavaGet.getPreallocated": "#17becf",
    "RocksJavaScan.scan": "#1f77b4", "RocksJavaScan.scanByteBuffer": "#17becf",
}


def chart_style(bid):
    """Same variant, same colour on both engine binaries: filled and solid on Debian's
    librocksdb, hollow and dashed on RocksJava's build."""
    base = base_bid(bid)
    v = BY_ID[base]
    rj = on_rj(bid)
    if v.engine == "native":
        buf = "get_buffer" in base
        return {"color": ("#b0b0b0" if buf else "#808080") if rj else ("#555555" if buf else "#111111"),
                "dash": "2,2" if rj else "6,4", "mark": "diamond" if buf else "square", "hollow": rj}
    if v.engine == "rocksjava":
        return {"color": CHART_COLORS.get(base, "#2ca02c"), "dash": "2,3", "mark": "triangle", "hollow": False}
    return {"color": CHART_COLORS.get(base, "#8c564b"), "dash": "7,4" if rj else "", "mark": "circle", "hollow": rj}


PALETTE = {
    "native": ["#111111", "#555555", "#888888"],
    "panrocks": ["#d62728", "#ff7f0e", "#e377c2", "#9467bd", "#8c564b", "#bcbd22"],
    "rocksjava": ["#1f77b4", "#17becf", "#2ca02c"],
}
DASH = {"native": "6,4", "panrocks": "", "rocksjava": "2,3"}
MARK = {"native": "square", "panrocks": "circle", "rocksjava": "triangle"}


def esc(s):
    return (str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;"))


def style(color, dash="", mark="circle", hollow=False):
    return {"color": color, "dash": dash, "mark": mark, "hollow": hollow}


def svg_chart(title, subtitle, series, path, ylabel="ops/s", note=None):
    """series: list of (label, engine or style dict, [(x, y, err)]). Writes a log-log line chart."""
    series = [s for s in series if s[2]]
    if not series:
        return False
    W, H = 1040, 560
    L, R, T, B = 80, 390, 60, 60
    pw, ph = W - L - R, H - T - B
    xs = sorted(set(x for _, _, pts in series for x, _, _ in pts))
    ys = [y for _, _, pts in series for _, y, _ in pts if y > 0]
    xmin, xmax = math.log2(min(xs)), math.log2(max(xs))
    if xmax == xmin:
        xmin, xmax = xmin - 1, xmax + 1
    xmin -= 0.3
    xmax += 0.3
    ymin = math.floor(math.log10(min(ys)) * 2) / 2
    ymax = math.ceil(math.log10(max(ys)) * 2) / 2
    if ymax == ymin:
        ymax += 1

    def X(x):
        return L + (math.log2(x) - xmin) / (xmax - xmin) * pw

    def Y(y):
        return T + ph - (math.log10(y) - ymin) / (ymax - ymin) * ph

    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
         'font-family="Helvetica, Arial, sans-serif" font-size="12">' % (W, H, W, H),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="%d" y="24" font-size="16" font-weight="bold">%s</text>' % (L, esc(title)),
         '<text x="%d" y="42" fill="#444">%s</text>' % (L, esc(subtitle))]
    # grid: decades and half-decades on y, measured sizes on x
    e = math.floor(ymin)
    while e <= ymax:
        for mult in (1, 2, 5):
            y = mult * 10 ** e
            ly = math.log10(y)
            if ymin - 1e-9 <= ly <= ymax + 1e-9:
                yy = Y(y)
                o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s"/>'
                         % (L, yy, L + pw, yy, "#ccc" if mult == 1 else "#eee"))
                o.append('<text x="%d" y="%.1f" text-anchor="end" fill="#333">%s</text>'
                         % (L - 6, yy + 4, fmt_ops(y)))
        e += 1
    for x in xs:
        xx = X(x)
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#eee"/>' % (xx, T, xx, T + ph))
        o.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#333">%s</text>'
                 % (xx, T + ph + 18, esc(fmt_size(x))))
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#333"/>' % (L, T, pw, ph))
    o.append('<text x="%d" y="%d" text-anchor="middle">value size (log scale)</text>' % (L + pw / 2, H - 16))
    o.append('<text transform="translate(20,%d) rotate(-90)" text-anchor="middle">%s (log scale)</text>'
             % (T + ph / 2, esc(ylabel)))
    o.append('<clipPath id="plot"><rect x="%d" y="%d" width="%d" height="%d"/></clipPath>' % (L, T, pw, ph))
    used = {"native": 0, "panrocks": 0, "rocksjava": 0}
    ly = T + 8
    for label, engine, pts in series:
        if isinstance(engine, dict):
            color, dash_pattern, mark, hollow = engine["color"], engine["dash"], engine["mark"], engine["hollow"]
        else:
            colors = PALETTE[engine]
            color = colors[used[engine] % len(colors)]
            used[engine] += 1
            dash_pattern, mark, hollow = DASH[engine], MARK[engine], False
        pts = sorted(pts)
        d = " ".join("%s%.1f,%.1f" % ("M" if i == 0 else "L", X(x), Y(y)) for i, (x, y, _) in enumerate(pts))
        dash = (' stroke-dasharray="%s"' % dash_pattern) if dash_pattern else ""
        o.append('<path d="%s" fill="none" stroke="%s" stroke-width="2"%s clip-path="url(#plot)"/>'
                 % (d, color, dash))
        for x, y, err in pts:
            xx, yy = X(x), Y(y)
            if err and not math.isnan(err) and err < y:
                o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" clip-path="url(#plot)"/>'
                         % (xx, Y(y + err), xx, Y(y - err), color))
            o.append(marker(mark, xx, yy, color, hollow))
        # legend
        lx = L + pw + 20
        o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>'
                 % (lx, ly, lx + 28, ly, color, dash))
        o.append(marker(mark, lx + 14, ly, color, hollow))
        o.append('<text x="%d" y="%d">%s</text>' % (lx + 36, ly + 4, esc(label)))
        ly += 20
    o.append('<text x="%d" y="%d" fill="#666" font-size="11">error bars: 99.9%% confidence half-width</text>'
             % (L + pw + 20, ly + 10))
    for i, line in enumerate(note or []):
        o.append('<text x="%d" y="%d" fill="#666" font-size="11">%s</text>' % (L + pw + 20, ly + 26 + 15 * i, esc(line)))
    o.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")
    return True


def marker(kind, x, y, color, hollow=False):
    paint = ('fill="white" stroke="%s" stroke-width="1.6"' % color) if hollow else ('fill="%s"' % color)
    if kind == "square":
        return '<rect x="%.1f" y="%.1f" width="7" height="7" %s/>' % (x - 3.5, y - 3.5, paint)
    if kind == "diamond":
        return '<path d="M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f L%.1f,%.1f Z" %s/>' % (
            x, y - 4.5, x + 4.5, y, x, y + 4.5, x - 4.5, y, paint)
    if kind == "triangle":
        return '<path d="M%.1f,%.1f L%.1f,%.1f L%.1f,%.1f Z" %s/>' % (
            x, y - 4.5, x - 4.5, y + 3.5, x + 4.5, y + 3.5, paint)
    return '<circle cx="%.1f" cy="%.1f" r="3.5" %s/>' % (x, y, paint)


def series_for(run, cfg, bids):
    """One chart series per benchmark id: its ops/s at every value size of configuration cfg."""
    out = []
    for bid in bids:
        pts = []
        for size in run.configs().get(cfg, []):
            m = run.get(bid, cfg + (size,))
            if m is not None and m.score > 0:
                pts.append((size, m.score, m.error))
        label = label_of(bid).replace(" (zero-copy floor)", "")
        out.append((label, chart_style(bid), pts))
    return out

def draw_charts(run, svg_dir):
    """Writes the charts of the main configuration into svg_dir; returns [(title, path)] of those drawn."""
    cfg = run.main_config()
    if cfg is None:
        return []
    made = []
    gets = ["native:get_pinned:1", "nativerj:get_pinned:1", "PanrocksGet.getPinned", "rj:PanrocksGet.getPinned",
            "PanrocksGet.getScoped", "rj:PanrocksGet.getScoped", "PanrocksGet.getAdaptive",
            "RocksJavaGet.get", "RocksJavaGet.getPreallocated"]
    p = os.path.join(svg_dir, "bench-gets.svg")
    if svg_chart("Point gets, zero-copy and adaptive: ops/s against value size",
                 cfg_name(cfg) + ", 1 thread (higher is better)", series_for(run, cfg, gets), p,
                 note=TAGS.chart_note):
        made.append(("Point gets, zero-copy and adaptive", p))
    copies = ["native:get_string:1", "nativerj:get_string:1", "native:get_buffer:1", "nativerj:get_buffer:1",
              "PanrocksGet.get", "rj:PanrocksGet.get", "PanrocksGet.getPreallocated",
              "rj:PanrocksGet.getPreallocated", "RocksJavaGet.get", "RocksJavaGet.getPreallocated"]
    p = os.path.join(svg_dir, "bench-gets-copy.svg")
    if svg_chart("Point gets that copy: ops/s against value size",
                 cfg_name(cfg) + ", 1 thread (higher is better)", series_for(run, cfg, copies), p,
                 note=TAGS.chart_note):
        made.append(("Point gets that copy", p))
    scans = ["native:scan1000:1", "nativerj:scan1000:1", "PanrocksScan.scanZeroCopy",
             "rj:PanrocksScan.scanZeroCopy", "PanrocksScan.scanForward", "rj:PanrocksScan.scanForward",
             "PanrocksScan.scanBytes", "RocksJavaScan.scan", "RocksJavaScan.scanByteBuffer"]
    p = os.path.join(svg_dir, "bench-scans.svg")
    if svg_chart("Scans of 1000 entries: scans/s against value size", cfg_name(cfg) + " (higher is better)",
                 series_for(run, cfg, scans), p, ylabel="scans/s", note=TAGS.chart_note):
        made.append(("Scans", p))
    fw = []
    for sink, dash in (("tmpfs", ""), ("devnull", "1,3")):
        for bid, label, st in ((FORWARD_PANROCKS, "panrocks writeRecordsTo " + TAGS.panrocks, style("#d62728", dash)),
                               ("rj:" + FORWARD_PANROCKS, "panrocks writeRecordsTo " + RJ_TAG,
                                style("#d62728", dash or "7,4", hollow=True)),
                               (FORWARD_ROCKSJAVA, "RocksJava key()/value() + wrap",
                                style("#1f77b4", dash or "2,3", "triangle"))):
            pts = [(size, m.score * 1000, m.error * 1000) for (b, size, sk), m in sorted(run.forward.items())
                   if b == bid and sk == sink and m.score > 0]
            if pts:
                fw.append((label + " → " + sink, st, pts))
    p = os.path.join(svg_dir, "bench-forward.svg")
    if svg_chart("Forwarding log records to a channel: records/s against value size",
                 "1000 consecutive records per op; frames to a tmpfs file, or to /dev/null (higher is better)", fw, p,
                 ylabel="records/s", note=TAGS.chart_note[:2]):
        made.append(("Batch and forward", p))
    return made
