#!/usr/bin/env python3
"""Instructions per call of one function, from a callgrind output file.

    callgrind_per_call.py CALLGRIND_OUT FUNCTION_PREFIX

Sums, over every call site, the calls of the functions whose demangled name
starts with FUNCTION_PREFIX and the instructions (Ir) spent inside them,
callees included, and prints "calls Ir Ir-per-call". Run callgrind with
--toggle-collect on the same function, so that only what runs below it is
counted and the counts do not depend on the benchmark's timing loop.
"""
import re
import sys


def per_call(path, prefix):
    names = {}
    calls = cost = 0
    current = None
    lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        # a function is named at its first mention, as a caller (fn=) or a callee (cfn=)
        m = re.match(r"(c?)fn=\((\d+)\)(?: (.*))?", line)
        if m:
            if m.group(3):
                names[m.group(2)] = m.group(3)
            if m.group(1):
                current = names.get(m.group(2), "")
        m = re.match(r"calls=(\d+)", line)
        if m:
            # the line after calls= is "<position> <inclusive Ir>"
            if current is not None and current.startswith(prefix):
                calls += int(m.group(1))
                cost += int(lines[i + 1].split()[1])
            i += 1
        i += 1
    return calls, cost


if __name__ == "__main__":
    calls, cost = per_call(sys.argv[1], sys.argv[2])
    print("%d %d %.0f" % (calls, cost, cost / calls if calls else 0))
