"""The fixed prose of the page: named blocks of scripts/bench/template.md, filled in by name."""
import os

TEMPLATE_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "template.md")
BLOCK_START = "@@ "

_blocks = None


def _unwrap(lines):
    """The block as the page has it: wrapped paragraph lines joined into one line (markdown would
    render them the same, but the generated page keeps one paragraph per line), a line starting
    with "- " starting a new list item, fenced code kept line for line."""
    out, fenced = [], False
    for line in lines:
        if line.startswith("```"):
            out.append(line)
            fenced = not fenced
        elif fenced:
            out.append(line)
        elif not out or not out[-1] or not line.strip() or line.startswith("- "):
            out.append(line.strip())
        else:
            out[-1] += " " + line.strip()
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)


def _load():
    blocks, name, lines = {}, None, []
    with open(TEMPLATE_FILE, encoding="utf-8") as f:
        for line in f.read().split("\n"):
            if line.startswith(BLOCK_START):
                if name is not None:
                    blocks[name] = _unwrap(lines)
                name, lines = line[len(BLOCK_START):].strip(), []
            elif name is not None:
                lines.append(line)
    if name is not None:
        blocks[name] = _unwrap(lines)
    return blocks


def prose(name, **values):
    """Block `name` of the template with its {placeholders} filled from values."""
    global _blocks
    if _blocks is None:
        _blocks = _load()
    if name not in _blocks:
        raise KeyError("no block '%s' in %s" % (name, TEMPLATE_FILE))
    return _blocks[name].format(**values)
