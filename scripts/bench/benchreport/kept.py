"""Sections of docs/benchmarks.md that other generators own, each between
"<!-- NAME:begin -->" and "<!-- NAME:end -->": written in place by their
generator (splice), kept by report.py when it regenerates the page."""
import re


def markers(name):
    return "<!-- %s:begin -->" % name, "<!-- %s:end -->" % name


def replace_section(page, name, text):
    """page with text (which starts and ends with NAME's markers) in place of NAME's section, or None
    when the page has none."""
    begin, end = markers(name)
    i, j = page.find(begin), page.find(end)
    if i < 0 or j < i:
        return None
    return page[:i] + text.rstrip("\n") + page[j + len(end):]


def sections(page):
    """Every marked section of the page, whole (markers included), in the page's order."""
    out = []
    for m in re.finditer(r"<!-- ([A-Za-z0-9_.-]+):begin -->", page):
        if out and m.start() < out[-1][1]:
            continue  # inside the section before it
        end = markers(m.group(1))[1]
        j = page.find(end, m.end())
        if j >= 0:
            out.append((m.start(), j + len(end)))
    return [page[i:j] for i, j in out]


def splice(path, name, text):
    """Puts text (which starts and ends with NAME's markers) in place of NAME's
    section of the page at path, or at its end when it has none yet."""
    try:
        with open(path) as f:
            page = f.read()
    except OSError:
        page = ""
    replaced = replace_section(page, name, text)
    if replaced is None:
        replaced = page.rstrip("\n") + "\n\n" + text.rstrip("\n") + "\n"
    with open(path, "w") as f:
        f.write(replaced)


def run_notes(run):
    """Lines for what was found out about a run (its folder's notes.md), printed under a section's
    numbers so they stay with them; none if the run has no notes."""
    import os
    path = os.path.join(run, "notes.md")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return ["", f.read().strip()]
