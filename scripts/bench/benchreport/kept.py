"""Sections of docs/benchmarks.md that other generators own, each between
"<!-- NAME:begin -->" and "<!-- NAME:end -->": written in place by their
generator (splice), kept by report.py when it regenerates the page."""


def markers(name):
    return "<!-- %s:begin -->" % name, "<!-- %s:end -->" % name


def splice(path, name, text):
    """Puts text (which starts and ends with NAME's markers) in place of NAME's
    section of the page at path, or at its end when it has none yet."""
    begin, end = markers(name)
    try:
        with open(path) as f:
            page = f.read()
    except OSError:
        page = ""
    text = text.rstrip("\n")
    i, j = page.find(begin), page.find(end)
    if i >= 0 and j > i:
        page = page[:i] + text + page[j + len(end):]
    else:
        page = page.rstrip("\n") + "\n\n" + text + "\n"
    with open(path, "w") as f:
        f.write(page)


def run_notes(run):
    """Lines for what was found out about a run (its folder's notes.md), printed under a section's
    numbers so they stay with them; none if the run has no notes."""
    import os
    path = os.path.join(run, "notes.md")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return ["", f.read().strip()]
