"""Ratios with their errors, and the verdicts drawn from them."""
import math

NOISY = 0.20  # an error wider than this fraction of the score is flagged
NAN = float("nan")

def ratio(a, b):
    """a/b with its error (relative errors in quadrature); None if either is missing."""
    if a is None or b is None or not b.score:
        return None
    r = a.score / b.score
    ea = 0 if math.isnan(a.error) else a.error / a.score
    eb = 0 if math.isnan(b.error) else b.error / b.score
    unknown = math.isnan(a.error) or math.isnan(b.error)
    return (r, NAN if unknown else r * math.sqrt(ea * ea + eb * eb))


def verdict(rt, target):
    if rt is None:
        return "not measured"
    r, e = rt
    if r >= target:
        return "met" + (" (within error)" if not math.isnan(e) and r - e < target else "")
    return "not met" + (" (within error)" if not math.isnan(e) and r + e >= target else "")


def combine(verdicts):
    vs = [v for v in verdicts if v != "not measured"]
    if not vs:
        return "not measured"
    missing = len(verdicts) - len(vs)
    tail = " (%d point(s) not measured)" % missing if missing else ""
    if all(v.startswith("met") for v in vs):
        return "**met**" + (" (within error at some points)" if any("within" in v for v in vs) else "") + tail
    failed = [v for v in vs if v.startswith("not met")]
    text = "**not met**" if len(failed) == len(vs) else "**not met** at %d of %d points" % (len(failed), len(vs))
    if all("within" in v for v in failed):
        text += " (within error)"
    return text + tail



def classify(rt):
    """'loss' / 'win' beyond error, 'even' within it, None if not measured."""
    if rt is None:
        return None
    r, e = rt
    if math.isnan(e):
        return "loss?" if r < 1 else "win?"
    if r + e < 1:
        return "loss"
    if r - e > 1:
        return "win"
    return "even"


def reading(a, b):
    """Where a panrocks/RocksJava difference comes from: (a) same engine binary, (b) as shipped."""
    ca, cb = classify(a), classify(b)
    unsure = " (no error estimate)" if (ca or "").endswith("?") or (cb or "").endswith("?") else ""
    if ca is None:
        return "not rerun on RJ's engine" + ("; slower as shipped" if cb == "loss" else "") + unsure
    if ca.startswith("loss"):
        text = "**binding**: slower on the same binary"
        if cb == "loss":
            text += ", and as shipped"
        elif cb == "win":
            text += ", faster as shipped"
    elif ca.startswith("win"):
        text = "binding: faster on the same binary"
        if cb == "loss":
            text += "; slower as shipped: **engine build**"
        elif cb == "even":
            text += "; within error as shipped (engine build)"
    else:
        text = "within error on the same binary"
        if cb == "loss":
            text += "; slower as shipped: **engine build**"
        elif cb == "win":
            text += "; faster as shipped"
    return text + unsure


